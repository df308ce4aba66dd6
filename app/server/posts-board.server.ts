import { z } from 'zod'
import { boardDraft, boardPost, choosesChannels } from '#app/components/posts/board-items.ts'
import { BOARD_FIRST_CARDS, BOARD_MAX_LIMIT, BOARD_PAGE_SIZE } from '#modules/content/board-limits.ts'
import type { Services } from '#modules/services.ts'

/** What 'Meine Posts' is asked for: the search, the card the editor opens, and the cards per column ('Weitere anzeigen'). */
export type BoardParams = { q: string; edit: string | null; show: number }

/**
 * The page's own URL: lenient, as today (a bad `show` falls back to the first page, a bad `edit` opens nothing).
 * `first`: only the cards the server draws (ADR 0034) — a document without `?show`. A data request
 * ('/posts.data': client-side navigation, revalidation) draws nothing on the server, so it gets the
 * whole first page and the page needs no second read of the board (ADR 0034, addendum).
 */
export function pageParams(url: URL): BoardParams & { first: boolean } {
	const show = Math.min(BOARD_MAX_LIMIT, Math.max(BOARD_PAGE_SIZE, Number.parseInt(url.searchParams.get('show') ?? '', 10) || BOARD_PAGE_SIZE))
	const first = !url.searchParams.has('show') && !url.pathname.endsWith('.data')
	const edit = z.uuid().safeParse(url.searchParams.get('edit'))
	return { q: (url.searchParams.get('q') ?? '').trim().slice(0, 200), edit: edit.success ? edit.data : null, show, first }
}

/** The cards' data route (/posts/cards), asked for by the page's own code only: strict. */
export const CardsParamsSchema = z.object({
	q: z.string().max(200).default('').transform((q) => q.trim()),
	edit: z.uuid().optional(),
	show: z.coerce.number().int().min(BOARD_PAGE_SIZE).max(BOARD_MAX_LIMIT).default(BOARD_PAGE_SIZE),
})

/**
 * The cards of the board and each post's delivery states. `first`: only the cards the server draws
 * (BOARD_FIRST_CARDS per column, ADR 0034); the others come from /posts/cards right after hydration.
 */
export async function boardCards(services: Services, userId: string, params: BoardParams, first: boolean, brandId: string | null = null) {
	// `brandId`: the brand switcher's choice (null: all brands).
	const board = await services.content.board(userId, { query: params.q, limit: first ? BOARD_FIRST_CARDS : params.show, include: params.edit, brandId })
	const ids = board.posts.map((p) => p.id)
	const [deliveries, open, channels, draftChannels] = await Promise.all([
		// Per channel of every post on the board: its state, link or German reason (one query).
		services.publishing.deliveryStates(userId, ids),
		// A post not yet published: the channels its editor's picker starts from (one query).
		services.publishing.deliveryChannels(
			userId,
			board.posts.filter((p) => choosesChannels({ kind: 'post', status: p.status })).map((p) => p.id),
		),
		// The channels every post goes to, named on its card (one query).
		services.publishing.postChannels(userId, ids),
		// The channels every draft would go to, named on its card as a post's are (one query).
		services.publishing.draftChannels(
			userId,
			board.drafts.map((d) => ({ draftId: d.id, brandId: d.brandId, platforms: d.platforms, channelIds: d.channelIds, pageIds: d.pageIds })),
		),
	])
	return { drafts: board.drafts.map((d) => boardDraft(d, draftChannels[d.id])), posts: board.posts.map((p) => boardPost(p, open[p.id], channels[p.id])), counts: board.counts, deliveries }
}

export type BoardCards = Awaited<ReturnType<typeof boardCards>>
