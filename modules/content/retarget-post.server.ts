import type { Trx } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import posts from '#locales/de/posts.json' with { type: 'json' }
import { draftColumns, postColumns, toDraftView, toPostView } from './mappers.server.ts'
import { isRegistered, type Platform, type RegisteredPlatforms } from './platforms.ts'
import { keepChannelTexts, parseContent, serializeContent, type PostContent } from './post-content.ts'
import { postTitle } from './post-title.ts'
import { PlanRefused, type DeliveryPlanner } from './ports.ts'
import type { ContentResult, DraftView, PostView } from './views.ts'

/**
 * A stored post goes to other channels (the editor's channel picker, MCP schedule_post, REST PATCH;
 * issue 38): still a draft or planned, never once published. The channels must be the user's and of
 * one brand (the post moves to it); their networks become the post's, a network new to it starts with
 * the base text. The planner removes the deliveries of channels no longer chosen (with their jobs),
 * adds the new ones and runs the preflight; a refusal throws PlanRefused (German), so the caller's
 * transaction writes nothing. The same channels again change nothing.
 */
export async function retargetPost(trx: Trx, planner: DeliveryPlanner, registered: RegisteredPlatforms, userId: string, id: string, channelIds: ReadonlyArray<string>): Promise<ContentResult<{ post: PostView }>> {
	const current = await trx.selectFrom('posts').select(['status', 'content', 'scheduled_at']).where('user_id', '=', userId).where('id', '=', id).forUpdate().executeTakeFirst()
	if (!current) return { ok: false, error: 'not_found' }
	if (current.status === 'published') return { ok: false, error: 'published_locked' }
	const { channels, brandId, platforms } = await chosenChannels(trx, planner, registered, userId, channelIds)
	const content = keepChannelTexts(contentFor(parseContent(current.content, (key) => isRegistered(registered, key)), platforms), channels.map((c) => c.id))
	const row = await trx
		.updateTable('posts')
		.set({ platform: platforms.length === 1 ? platforms[0]! : 'multiple', content: serializeContent(content), title: postTitle(content), brand_id: brandId })
		.where('user_id', '=', userId)
		.where('id', '=', id)
		.returning(postColumns)
		.executeTakeFirstOrThrow()
	await planner.retarget(trx, { postId: id, userId, brandId, channelIds: channels.map((c) => c.id), scheduledAt: row.status === 'scheduled' ? row.scheduled_at : null })
	await notifyChange(trx, { userId, topic: 'posts' })
	return { ok: true, post: toPostView(registered, row) }
}

/**
 * A draft goes to other channels: their networks become its networks (its texts stay; a new network
 * shows the base text), it moves to their brand. The checks are retargetPost's.
 */
export async function retargetDraft(trx: Trx, planner: DeliveryPlanner, registered: RegisteredPlatforms, userId: string, id: string, channelIds: ReadonlyArray<string>): Promise<ContentResult<{ draft: DraftView }>> {
	const current = await trx.selectFrom('drafts').select('id').where('user_id', '=', userId).where('id', '=', id).forUpdate().executeTakeFirst()
	if (!current) return { ok: false, error: 'not_found' }
	const { channels, brandId, platforms } = await chosenChannels(trx, planner, registered, userId, channelIds)
	const row = await trx
		.updateTable('drafts')
		.set({ channel_ids: channels.map((c) => c.id), platforms, brand_id: brandId })
		.where('user_id', '=', userId)
		.where('id', '=', id)
		.returning(draftColumns)
		.executeTakeFirstOrThrow()
	await notifyChange(trx, { userId, topic: 'drafts' })
	return { ok: true, draft: toDraftView(registered, row) }
}

/** The user's channels among `channelIds` (at least one, of one brand), their brand and their networks in the registry's order; else PlanRefused. */
async function chosenChannels(trx: Trx, planner: DeliveryPlanner, registered: RegisteredPlatforms, userId: string, channelIds: ReadonlyArray<string>) {
	const channels = await planner.channels(trx, { userId, channelIds, gone: 'refuse' })
	if (channels.length === 0) throw new PlanRefused([posts.channelsNone])
	if (new Set(channels.map((c) => c.brandId)).size > 1) throw new PlanRefused([posts.channelsOneBrand])
	const platforms = registered.filter((p) => channels.some((c) => c.platform === p))
	return { channels, brandId: channels[0]!.brandId, platforms }
}

/** The post's texts for its new networks: each keeps its own, a new one gets the base text; one network is stored as plain text (with its channels' own texts). */
function contentFor(content: PostContent, platforms: ReadonlyArray<Platform>): PostContent {
	const textOf = (p: Platform) => content.platforms[p] ?? content.base
	const channels = content.channels ? { channels: content.channels } : {}
	if (platforms.length === 1) return { base: textOf(platforms[0]!), platforms: {}, ...channels }
	return { base: content.base, platforms: Object.fromEntries(platforms.map((p) => [p, textOf(p)])), ...channels }
}
