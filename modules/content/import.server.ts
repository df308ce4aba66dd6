import { sql } from 'kysely'
import type { Trx } from '#modules/core/db.server.ts'
import { insertPost, type PostInput } from './posts.server.ts'
import type { RegisteredPlatforms } from './platforms.ts'
import { isPlanRefused, type DeliveryPlanner } from './ports.ts'

/** One post of an import: planned at `scheduledAt`, or (null) a draft post without a time. */
export type ImportItem = { row: number; input: Omit<PostInput, 'status' | 'scheduledAt' | 'dueNow' | 'origin'>; scheduledAt: Date | null }

export type ImportOutcome = { planned: number; drafts: number; postIds: Array<string>; skipped: Array<{ row: number; reasons: Array<string> }> }

/**
 * Inserts many posts in the caller's transaction through the same insertPost/planner path as one
 * post (origin 'csv'). A row the planner refuses (a network's rule, quota, scopes) is rolled back to
 * its savepoint and reported with its German reasons; any other error fails the whole transaction.
 */
export async function insertImportedPosts(trx: Trx, planner: DeliveryPlanner, platforms: RegisteredPlatforms, userId: string, items: ReadonlyArray<ImportItem>): Promise<ImportOutcome> {
	const outcome: ImportOutcome = { planned: 0, drafts: 0, postIds: [], skipped: [] }
	for (const item of items) {
		await sql`savepoint csv_row`.execute(trx)
		try {
			const post = await insertPost(trx, planner, platforms, userId, {
				...item.input,
				status: item.scheduledAt ? 'scheduled' : 'draft',
				scheduledAt: item.scheduledAt,
				origin: 'csv',
			})
			await sql`release savepoint csv_row`.execute(trx)
			outcome.postIds.push(post.id)
			if (item.scheduledAt) outcome.planned++
			else outcome.drafts++
		} catch (error) {
			if (!isPlanRefused(error)) throw error
			await sql`rollback to savepoint csv_row`.execute(trx)
			outcome.skipped.push({ row: item.row, reasons: error.reasons })
		}
	}
	return outcome
}
