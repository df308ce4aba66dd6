import { randomUUID } from 'node:crypto'
import type { Trx } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { postColumns, postPlatforms, toPostView } from './mappers.server.ts'
import { newPostRow, type PostInput } from './posts.server.ts'
import type { RegisteredPlatforms } from './platforms.ts'
import type { DeliveryPlanner } from './ports.ts'
import { emitPostsScheduled } from './scheduled-event.server.ts'

/** One post of an import: planned at `scheduledAt`, or (null) a draft post without a time. */
export type ImportItem = { row: number; input: Omit<PostInput, 'status' | 'scheduledAt' | 'dueNow' | 'origin'>; scheduledAt: Date | null }

export type ImportOutcome = { planned: number; drafts: number; postIds: Array<string>; skipped: Array<{ row: number; reasons: Array<string> }> }

/**
 * Inserts many posts in the caller's transaction with origin 'csv', by the same rules as one post but
 * one statement per table: the posts in one insert, their checks, deliveries and jobs in the planner's
 * planMany, the refused posts removed again in one delete and reported with their German reasons, the
 * 'post.scheduled' events in one statement. Any other error fails the whole transaction.
 */
export async function insertImportedPosts(trx: Trx, planner: DeliveryPlanner, platforms: RegisteredPlatforms, userId: string, items: ReadonlyArray<ImportItem>): Promise<ImportOutcome> {
	const outcome: ImportOutcome = { planned: 0, drafts: 0, postIds: [], skipped: [] }
	if (items.length === 0) return outcome
	const ids = items.map(() => randomUUID())
	const values = items.map((item, index) => ({
		...newPostRow(userId, { ...item.input, status: item.scheduledAt ? 'scheduled' : 'draft', scheduledAt: item.scheduledAt, origin: 'csv' }),
		id: ids[index]!,
	}))
	const rows = await trx.insertInto('posts').values(values).returning(postColumns).execute()
	const byId = new Map(rows.map((row) => [row.id, row]))
	const reasons = await planner.planMany(
		trx,
		items.map((item, index) => ({ postId: ids[index]!, userId, platforms: postPlatforms(platforms, item.input.platform, values[index]!.content), pageIds: item.input.pageIds ?? {}, scheduledAt: item.scheduledAt })),
	)
	const refused = ids.filter((_, index) => reasons[index]!.length > 0)
	if (refused.length) await trx.deleteFrom('posts').where('user_id', '=', userId).where('id', 'in', refused).execute()
	const planned = []
	for (const [index, item] of items.entries()) {
		if (reasons[index]!.length) {
			outcome.skipped.push({ row: item.row, reasons: reasons[index]! })
			continue
		}
		outcome.postIds.push(ids[index]!)
		if (item.scheduledAt) {
			outcome.planned++
			planned.push(toPostView(platforms, byId.get(ids[index]!)!))
		} else outcome.drafts++
	}
	await emitPostsScheduled(trx, userId, planned)
	await notifyChange(trx, { userId, topic: 'posts' })
	return outcome
}
