import type { CurrentUser } from '#modules/accounts/index.ts'
import type { ContentResult, PostOrigin, PostView } from '#modules/content/index.ts'
import { fromInstant } from '#modules/scheduling/index.ts'
import type { Services } from '#modules/services.ts'
import { postContentOf, type NewPostRequest } from './post-request.ts'

// A new post from the REST API or an MCP client: the same content service calls as the creator's
// 'Planen' and 'Jetzt posten' (planning preflight, once per request id), with the origin.

/** Plans or publishes the new post; the result's refusal carries the networks' German reasons (error 'preflight'). */
export async function planPost(services: Pick<Services, 'content'>, user: Pick<CurrentUser, 'id' | 'timeZone'>, request: NewPostRequest, origin: PostOrigin, requestId: string): Promise<ContentResult<{ post: PostView }>> {
	const networks = [...new Set(request.networks)]
	const input = {
		platform: networks.length === 1 ? networks[0]! : ('multiple' as const),
		content: postContentOf(request),
		imageUrl: request.imageUrl || null,
		images: {},
		origin,
	}
	const { content } = services
	if (request.schedule.type === 'now') return content.publishNewPost(user.id, requestId, input, user.timeZone)
	if (request.schedule.type === 'next_slot') return content.createPostAtNextSlot(user.id, requestId, input, user.timeZone)
	const wall = fromInstant(new Date(request.schedule.at), user.timeZone)
	return content.createScheduledPost(user.id, requestId, input, { date: wall.date, time: wall.time, timeZone: user.timeZone })
}
