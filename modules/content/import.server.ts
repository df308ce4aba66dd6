import { randomUUID } from 'node:crypto'
import type { Trx } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { findMatchingPosts } from './find-matching-posts.server.ts'
import { postColumns, postPlatforms, toPostView } from './mappers.server.ts'
import { writePostImages } from './post-media.server.ts'
import { newPostImages, newPostRow, type PostInput } from './posts.server.ts'
import type { RegisteredPlatforms } from './platforms.ts'
import type { DeliveryPlanner, MediaOrigins } from './ports.ts'
import { emitPostsScheduled } from './scheduled-event.server.ts'

/** One post of an import: planned at `scheduledAt`, or (null) a draft post without a time. */
export type ImportItem = { row: number; input: Omit<PostInput, 'status' | 'scheduledAt' | 'dueNow' | 'origin'>; scheduledAt: Date | null }

/** `skipExisting`: items the user has as posts already (same text, networks, time) are skipped with `reason`. */
export type ImportOptions = { skipExisting?: { reason: string } | null }

export type ImportOutcome = { planned: number; drafts: number; postIds: Array<string>; skipped: Array<{ row: number; reasons: Array<string> }> }

/**
 * Inserts many posts in the caller's transaction with origin 'csv', by the same rules as one post but
 * one statement per table: the posts in one insert, their checks, deliveries and jobs in the planner's
 * planMany, the refused posts removed again in one delete and reported with their German reasons, the
 * 'post.scheduled' events in one statement. Any other error fails the whole transaction.
 */
export async function insertImportedPosts(trx: Trx, planner: DeliveryPlanner, origins: MediaOrigins, platforms: RegisteredPlatforms, userId: string, all: ReadonlyArray<ImportItem>, options: ImportOptions = {}): Promise<ImportOutcome> {
	const outcome: ImportOutcome = { planned: 0, drafts: 0, postIds: [], skipped: [] }
	const items = options.skipExisting ? await withoutExisting(trx, userId, all, options.skipExisting.reason, outcome) : all
	if (items.length === 0) return outcome
	const ids = items.map(() => randomUUID())
	const values = items.map((item, index) => ({
		...newPostRow(userId, { ...item.input, status: item.scheduledAt ? 'scheduled' : 'draft', scheduledAt: item.scheduledAt, origin: 'csv' }),
		id: ids[index]!,
	}))
	const rows = await trx.insertInto('posts').values(values).returning(postColumns).execute()
	const media = await writePostImages(trx, origins, items.map((item, index) => ({ postId: ids[index]!, ...newPostImages(item.input), origin: 'csv' as const })), { replace: false })
	const byId = new Map(rows.map((row) => [row.id, { ...row, media: media.get(row.id) ?? [] }]))
	const reasons = await planner.planMany(
		trx,
		items.map((item, index) => ({
			postId: ids[index]!,
			userId,
			platforms: postPlatforms(platforms, item.input.platform, values[index]!.content),
			pageIds: item.input.pageIds ?? {},
			...(item.input.channelIds?.length ? { channelIds: item.input.channelIds } : {}),
			brandId: byId.get(ids[index]!)!.brand_id,
			scheduledAt: item.scheduledAt,
		})),
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
	await emitPostsScheduled(trx, planner, userId, planned)
	await notifyChange(trx, { userId, topic: 'posts' })
	return outcome
}

/** The items the user has no post like yet; the others are noted in `outcome` as skipped with `reason`. */
async function withoutExisting(trx: Trx, userId: string, items: ReadonlyArray<ImportItem>, reason: string, outcome: ImportOutcome) {
	const matches = await findMatchingPosts(trx, userId, items.map((item) => ({ platform: item.input.platform, content: item.input.content, scheduledAt: item.scheduledAt })))
	items.forEach((item, index) => matches[index] && outcome.skipped.push({ row: item.row, reasons: [reason] }))
	return items.filter((_, index) => !matches[index])
}
