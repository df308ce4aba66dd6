import { useCallback, useState } from 'react'
import { useFetcher, useFetchers, useSubmit } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import type { CalendarPost } from './types.ts'

const keyPrefix = 'reschedule:'

/** Posts a move to the page's action without navigating; one fetcher per post. `pending` lists the keys whose answer is awaited. */
export function useReschedule() {
	const submit = useSubmit()
	const [pending, setPending] = useState<Array<string>>([])
	const settled = useCallback((key: string) => setPending((keys) => keys.filter((k) => k !== key)), [])
	function reschedule(postId: string, date: string, time?: string) {
		const form: Record<string, string> = { intent: 'reschedule', postId, date }
		if (time) form.time = time
		const key = `${keyPrefix}${postId}`
		setPending((keys) => (keys.includes(key) ? keys : [...keys, key]))
		void submit(form, { method: 'post', navigate: false, fetcherKey: key })
	}
	return { reschedule, pending, settled }
}

/** Shows the toast of one move's answer (the action answers with a notice), then reports it settled. */
export function MoveNotice({ fetcherKey, onSettled }: { fetcherKey: string; onSettled: (key: string) => void }) {
	const fetcher = useFetcher({ key: fetcherKey })
	const done = useCallback(() => onSettled(fetcherKey), [onSettled, fetcherKey])
	useFetcherNotice(fetcher, done)
	return null
}

/**
 * The posts with every move that is still on its way already applied, so a dropped chip stays
 * where it was dropped; once the action and the reload are done the loader data takes over.
 */
export function useOptimisticPosts(posts: Array<CalendarPost>) {
	const fetchers = useFetchers()
	const pending = new Map<string, { date: string; time?: string }>()
	for (const fetcher of fetchers) {
		const form = fetcher.formData
		if (!fetcher.key.startsWith(keyPrefix) || fetcher.state === 'idle' || !form) continue
		const date = form.get('date')
		const time = form.get('time')
		if (typeof date === 'string') pending.set(fetcher.key.slice(keyPrefix.length), typeof time === 'string' ? { date, time } : { date })
	}
	if (pending.size === 0) return posts
	return posts.map((post) => {
		const move = pending.get(post.id)
		return move ? { ...post, ...move } : post
	})
}

/** The month days' totals with the moves of `useOptimisticPosts` applied: a moved post leaves its day for another. */
export function totalsWithMoves(totals: Record<string, number>, loaded: Array<CalendarPost>, moved: Array<CalendarPost>) {
	if (moved === loaded) return totals
	const dayOf = new Map(loaded.map((post) => [post.id, post.date]))
	const result = { ...totals }
	for (const post of moved) {
		const before = dayOf.get(post.id)
		if (before === undefined || before === post.date) continue
		result[before] = (result[before] ?? 1) - 1
		result[post.date] = (result[post.date] ?? 0) + 1
	}
	return result
}
