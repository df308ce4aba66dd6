import { z } from 'zod'
import type { CurrentUser } from '#modules/accounts/index.ts'
import type { ContentResult, Platform, PostOrigin, PostView } from '#modules/content/index.ts'
import type { PostContent } from '#modules/content/post-content.ts'
import { imageUrl, MAX_TEXT } from '#modules/content/schema.ts'
import { fromInstant } from '#modules/scheduling/index.ts'
import type { Services } from '#modules/services.ts'

// A new post from the REST API, an MCP client or a CSV import: the same content service calls as
// the creator's 'Planen' and 'Jetzt posten' (planning preflight, once per request id), with the origin.

/** When the post goes out: at a time (a half-hour slot 06:00-23:00 as in the app), at the next free suggested time, or now. */
export const PostScheduleSchema = z.discriminatedUnion('type', [
	z.object({ type: z.literal('at'), at: z.iso.datetime({ offset: true }).describe('ISO 8601 mit Zeitzone, z. B. 2026-12-01T09:00:00+01:00; auf eine halbe Stunde zwischen 06:00 und 23:00 (Zeitzone des Kontos)') }),
	z.object({ type: z.literal('next_slot') }).describe('Nächste freie empfohlene Zeit'),
	z.object({ type: z.literal('now') }).describe('Sofort veröffentlichen'),
])
export type PostSchedule = z.infer<typeof PostScheduleSchema>

const text = z.string().trim().min(1).max(MAX_TEXT)

/** The networks (registered ids), a text for all and/or a text per network, an optional image (/media/… from the media upload). */
export function newPostSchema(registered: ReadonlyArray<Platform>) {
	const network = z.enum(registered as [Platform, ...Array<Platform>])
	return z
		.object({
			networks: z.array(network).min(1).max(registered.length).describe('Netzwerke, an die der Post geht'),
			text: text.optional().describe('Text für alle Netzwerke ohne eigenen Text'),
			texts: z.partialRecord(network, text).optional().describe('Eigener Text je Netzwerk'),
			imageUrl: imageUrl.optional().describe('Bild aus dem Medien-Upload (/media/…)'),
			schedule: PostScheduleSchema.describe('Wann: zu einem Zeitpunkt (at), zur nächsten freien empfohlenen Zeit (next_slot) oder sofort (now)'),
		})
		.refine((v) => v.networks.every((n) => v.texts?.[n] ?? v.text), { error: 'Jedes Netzwerk braucht einen Text (text oder texts.<netzwerk>).', path: ['texts'] })
}
export type NewPostRequest = z.infer<ReturnType<typeof newPostSchema>>

/** The post's content as the creator stores it: the first network's text as base, each network's own text named. */
export function postContentOf(request: Pick<NewPostRequest, 'networks' | 'text' | 'texts'>): PostContent {
	const networks = [...new Set(request.networks)]
	const textOf = (n: Platform) => request.texts?.[n] ?? request.text ?? ''
	return { base: textOf(networks[0]!), platforms: networks.length > 1 ? Object.fromEntries(networks.map((n) => [n, textOf(n)])) : {} }
}

/** Plans or publishes the new post; the result's refusal carries the networks' German reasons (error 'preflight'). */
export async function submitPost(services: Pick<Services, 'content'>, user: Pick<CurrentUser, 'id' | 'timeZone'>, request: NewPostRequest, origin: PostOrigin, requestId: string): Promise<ContentResult<{ post: PostView }>> {
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
