import { z } from 'zod'
import type { ContentResult, DraftView, PostView } from '#modules/content/index.ts'
import type { Services } from '#modules/services.ts'
import { chooseChannels } from './choose-channels.server.ts'
import type { ChannelRefusal } from './plan-post.server.ts'
import { MAX_POST_CHANNELS } from './post-request.ts'

// A stored draft or post goes to other channels (MCP schedule_post, REST PATCH /posts/{id}; issue 38):
// the channels are checked as a new post's (the user's, one brand; German reasons as 'invalid_channel'),
// then content changes the draft's channels or the post's deliveries in one transaction.

/** The `channels` field of a change (ids from GET /channels). */
export const ChannelIdsSchema = z.array(z.uuid()).min(1).max(MAX_POST_CHANNELS)

export type RetargetResult = ContentResult<{ kind: 'post'; post: PostView } | { kind: 'draft'; draft: DraftView }> | ChannelRefusal

export async function retargetPost(services: Pick<Services, 'content' | 'publishing'>, userId: string, id: string, channels: ReadonlyArray<string>): Promise<RetargetResult> {
	const choice = await chooseChannels(services.publishing, userId, { channels })
	if (!choice.ok) return { ok: false, error: 'invalid_channel', reasons: choice.reasons }
	const channelIds = choice.channelIds ?? []
	const { content } = services
	if (await content.getDraft(userId, id)) {
		const result = await content.changeDraftChannels(userId, id, channelIds)
		return result.ok ? { ok: true, kind: 'draft', draft: result.draft } : result
	}
	const result = await content.changeChannels(userId, id, channelIds)
	return result.ok ? { ok: true, kind: 'post', post: result.post } : result
}
