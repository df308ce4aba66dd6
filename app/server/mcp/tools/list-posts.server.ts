import { z } from 'zod'
import { BOARD_MAX_LIMIT } from '#modules/content/board-limits.ts'
import { defineTool, toolResult, type McpCall } from '../tool.server.ts'
import { DraftOut, PostOut } from '../outputs.server.ts'
import { draftOut, postOut } from './post-views.server.ts'

const STATUSES = ['draft', 'scheduled', 'published'] as const

/**
 * list_posts: the 'Meine Posts' board (the same query as the page: drafts newest first, planned soonest
 * first, published newest first), filtered by column, network and search text.
 */
export const listPostsTool = ({ t, services }: McpCall) => {
	const ids = services.publishing.platforms.ids
	return defineTool({
		name: 'list_posts',
		scope: 'read',
		input: z.object({
			status: z.enum(STATUSES).optional().describe(t('fields.status')),
			network: z.enum(ids as [string, ...Array<string>]).optional().describe(t('fields.network')),
			query: z.string().trim().max(200).optional().describe(t('fields.query')),
			limit: z.number().int().min(1).max(100).default(20).describe(t('fields.limit')),
		}),
		output: {
			items: z.array(z.union([DraftOut, PostOut])),
			totals: z.object({ drafts: z.number(), scheduled: z.number(), published: z.number() }).optional().describe('Anzahl je Spalte (ohne Netzwerkfilter)'),
		},
		annotations: { readOnlyHint: true, openWorldHint: false },
		async run({ status, network, query, limit }, { services, principal }) {
			const userId = principal.user.id
			// A network filter keeps only some cards of each column: read the columns as far as the page may.
			const board = await services.content.board(userId, { query, limit: network ? BOARD_MAX_LIMIT : limit })
			const inNetwork = (networks: ReadonlyArray<string>) => !network || networks.includes(network)
			const drafts = board.drafts.filter((d) => inNetwork(d.platforms)).map((d) => ({ sort: d.updatedAt, item: draftOut(d) }))
			const posts = board.posts.filter((p) => inNetwork(p.platforms))
			const draftPosts = posts.filter((p) => p.status === 'draft' || p.status === 'review').map((p) => ({ sort: p.updatedAt, item: p }))
			const column = {
				draft: [...drafts, ...draftPosts].sort((a, b) => b.sort.localeCompare(a.sort)).map((e) => e.item),
				scheduled: posts.filter((p) => p.status === 'scheduled'),
				published: posts.filter((p) => p.status === 'published'),
			}
			const chosen = (status ? column[status] : [...column.draft, ...column.scheduled, ...column.published]).slice(0, limit)
			const postIds = chosen.flatMap((item) => ('kind' in item ? [] : [item.id]))
			const deliveries = postIds.length ? await services.publishing.deliveryStates(userId, postIds) : {}
			const items = chosen.map((item) => ('kind' in item ? item : postOut(item, deliveries[item.id] ?? [])))
			return toolResult({ items, totals: network ? undefined : board.counts })
		},
	})
}
