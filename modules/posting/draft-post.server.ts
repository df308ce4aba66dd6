import type { CurrentUser } from '#modules/accounts/index.ts'
import type { ContentResult, DraftView, PostOrigin } from '#modules/content/index.ts'
import type { Services } from '#modules/services.ts'
import { chooseChannels, missingText } from './choose-channels.server.ts'
import type { ChannelRefusal } from './plan-post.server.ts'
import { postContentOf, type NewPostRequest } from './post-request.ts'

// A new post saved as a draft (an MCP client's create_post with draft: true): its channels and
// networks decided as for a planned post, its media list or its image for each network.

export async function draftPost(services: Pick<Services, 'content' | 'publishing'>, user: Pick<CurrentUser, 'id'>, request: Omit<NewPostRequest, 'schedule'>, origin: PostOrigin, requestId: string): Promise<ContentResult<{ drafts: Array<DraftView> }> | ChannelRefusal> {
	const choice = await chooseChannels(services.publishing, user.id, request)
	if (!choice.ok) return { ok: false, error: 'invalid_channel', reasons: choice.reasons }
	const { networks } = choice
	const untexted = networks.filter((n) => !(request.texts?.[n] ?? request.text))
	if (untexted.length) return { ok: false, error: 'invalid_channel', reasons: untexted.map((n) => missingText(services.publishing, n)) }
	// A media list as for a post (ADR 0069), else the image for each network.
	const media = request.media ? { media: request.media } : { images: request.imageUrl ? Object.fromEntries(networks.map((n) => [n, request.imageUrl!])) : {} }
	const channels = choice.channelIds ? { channelIds: choice.channelIds, brandId: choice.brandId } : {}
	return services.content.createDrafts(user.id, requestId, [{ platforms: networks, content: postContentOf({ ...request, networks }), ...media, origin, generationId: request.generationId, ...channels }])
}
