import { useEffect, useState } from 'react'
import type { BoardCards } from '#app/server/posts-board.server.ts'

type Rest = Pick<BoardCards, 'drafts' | 'posts' | 'deliveries'>
type Page = Rest & { partial: boolean; q: string; editId: string | null }

/**
 * ADR 0034: a document carries only the cards the server draws (`partial`); right after hydration the
 * rest of the first page comes from /posts/cards and replaces the lists. A data request (client-side
 * load, revalidation) answers the whole first page, so only the document's data asks.
 *
 * An effect, not a clientLoader that runs on hydration: until such a loader ends, React Router is not
 * initialized and answers the reload after a submission without asking the server ("No result found
 * for routeId root"), so a click on 'Jetzt posten' before the cards came showed the error page.
 */
export function useRestOfCards<T extends Page>(page: T): T {
	const [arrived, setArrived] = useState<{ page: T; rest: Rest } | null>(null)
	useEffect(() => {
		if (!page.partial) return
		const controller = new AbortController()
		void restOfCards(page, controller.signal).then((rest) => {
			if (rest) setArrived({ page, rest })
		})
		return () => controller.abort()
	}, [page])
	if (arrived?.page !== page) return page
	return { ...page, drafts: arrived.rest.drafts, posts: arrived.rest.posts, deliveries: arrived.rest.deliveries, partial: false }
}

/** The rest of the first page's cards (and their delivery states); null when they cannot come now (the page keeps its link to ?show). */
async function restOfCards(page: { q: string; editId: string | null }, signal: AbortSignal): Promise<Rest | null> {
	// The loader's search and editor id (pageParams: a bad `edit` is already null), so /posts/cards gets what it accepts.
	const search = new URLSearchParams()
	if (page.q) search.set('q', page.q)
	if (page.editId) search.set('edit', page.editId)
	try {
		const response = await fetch(`/posts/cards?${search.toString()}`, { signal, headers: { Accept: 'application/json' } })
		return response.ok ? ((await response.json()) as BoardCards) : null
	} catch {
		// Network down, or new data came first (the effect's cleanup aborted the request).
		return null
	}
}
