import type { CurrentUser } from '#modules/accounts/index.ts'
import type { ContentResult, PostOrigin, PostView } from '#modules/content/index.ts'
import { fromInstant } from '#modules/scheduling/index.ts'
import type { Services } from '#modules/services.ts'
import { chooseChannels, missingText } from './choose-channels.server.ts'
import { postContentOf, type NewPostRequest } from './post-request.ts'

// A new post from the REST API or an MCP client: the same content service calls as the creator's
// 'Planen' and 'Jetzt posten' (planning preflight, once per request id), with the origin.

/** A channel the request named is not the user's, or a network of its channels has no default channel or no text. */
export type ChannelRefusal = { ok: false; error: 'invalid_channel'; reasons: Array<string> }
export type PlanPostResult = ContentResult<{ post: PostView }> | ChannelRefusal

/**
 * Plans or publishes the new post to the channels it names and the default channel of each network it
 * names; the result's refusal carries the networks' German reasons (error 'preflight') or the channels'
 * (error 'invalid_channel').
 */
export async function planPost(services: Pick<Services, 'content' | 'publishing'>, user: Pick<CurrentUser, 'id' | 'timeZone'>, request: NewPostRequest, origin: PostOrigin, requestId: string): Promise<PlanPostResult> {
	const choice = await chooseChannels(services.publishing, user.id, request)
	if (!choice.ok) return { ok: false, error: 'invalid_channel', reasons: choice.reasons }
	const { networks } = choice
	const untexted = networks.filter((n) => !(request.texts?.[n] ?? request.text))
	if (untexted.length) return { ok: false, error: 'invalid_channel', reasons: untexted.map((n) => missingText(services.publishing, n)) }
	const input = {
		platform: networks.length === 1 ? networks[0]! : ('multiple' as const),
		content: postContentOf({ ...request, networks }),
		imageUrl: request.imageUrl || null,
		images: {},
		...(request.media ? { media: request.media } : {}),
		...(request.aiLabel ? { aiLabel: request.aiLabel } : {}),
		...(request.generationId ? { generationId: request.generationId } : {}),
		origin,
		...(choice.channelIds ? { channelIds: choice.channelIds, brandId: choice.brandId } : {}),
	}
	const { content } = services
	if (request.schedule.type === 'now') return content.publishNewPost(user.id, requestId, input, user.timeZone)
	if (request.schedule.type === 'next_slot') return content.createPostAtNextSlot(user.id, requestId, input, user.timeZone)
	const wall = fromInstant(new Date(request.schedule.at), user.timeZone)
	return content.createScheduledPost(user.id, requestId, input, { date: wall.date, time: wall.time, timeZone: user.timeZone })
}
