import { z } from 'zod'
import { POST_ORIGINS, POST_STATUSES, type Platform, type RegisteredPlatforms } from '#modules/content/platforms.ts'
import type { Services } from '#modules/services.ts'
import { decodeCursor, encodeCursor } from '../cursor.server.ts'
import { newPostSchema, planPost } from '#modules/posting/index.ts'
import { problem } from '../problem.server.ts'
import { json, readJson, requestIdOf } from '../request.server.ts'
import { changePost, changeSchema } from './change-post.server.ts'
import { contentProblem } from './content-problem.server.ts'
import { withFetchedMedia } from './media-urls.server.ts'
import { defineOperation, type OperationCall } from './operation.server.ts'
import { IdParams, PaginationQuery, PostDetailSchema, PostSchema, pageOf } from './schemas.ts'
import { apiDelivery, apiPost, apiPostChannels } from './views.server.ts'

// /api/v1/posts: the same content and publishing service calls as the creator, 'Meine Posts' and the calendar.

const listQuery = (registered: RegisteredPlatforms) =>
	PaginationQuery.extend({
		status: z.enum(POST_STATUSES).optional().meta({ description: 'Nur Posts in diesem gespeicherten Status (ein Post, der gerade veröffentlicht wird, ist bis zur Bestätigung draft)' }),
		network: z.enum(registered as [Platform, ...Array<Platform>]).optional().meta({ description: 'Nur Posts an dieses Netzwerk' }),
		origin: z.enum(POST_ORIGINS).optional().meta({ description: 'Nur Posts dieser Herkunft (web, api, mcp, csv)' }),
		from: z.iso.datetime({ offset: true }).optional().meta({ description: 'Geplant ab diesem Zeitpunkt (ISO 8601)' }),
		to: z.iso.datetime({ offset: true }).optional().meta({ description: 'Geplant vor diesem Zeitpunkt (ISO 8601)' }),
	})

/** A post as GET /posts/{id} (and MCP get_post) answers it: with its channels and each one's delivery state and link; null: not the user's. */
export async function postDetail(services: Services, userId: string, id: string) {
	const registered = services.publishing.platforms.ids
	const [post, deliveries, channels] = await Promise.all([services.content.getPost(userId, id), services.publishing.deliveryStatus(userId, id), services.publishing.listChannels(userId)])
	return post ? { ...apiPost(registered, post, deliveries), channels: apiPostChannels(deliveries, channels), deliveries: deliveries.map(apiDelivery) } : null
}

const detail = ({ services, principal }: OperationCall, id: string) => postDetail(services, principal.user.id, id)

export function postOperations(registered: RegisteredPlatforms) {
	const NewPost = newPostSchema(registered).meta({ id: 'NewPost' })
	const Change = changeSchema(registered).meta({ id: 'PostChange' })
	const ListQuery = listQuery(registered)
	return [
		defineOperation({
			method: 'GET',
			path: '/posts',
			operationId: 'listPosts',
			tag: 'Posts',
			summary: 'Posts auflisten',
			description: 'Ihre Posts, die neusten zuerst, seitenweise; filterbar nach Status, Netzwerk, Herkunft und geplantem Zeitraum.',
			scope: 'read',
			query: ListQuery,
			responses: { 200: { description: 'Eine Seite Posts', schema: pageOf(PostSchema, 'PostPage') } },
			problems: [400],
			async handle({ context, services, principal, query }) {
				const q = query as z.output<typeof ListQuery>
				const after = decodeCursor(context, q.cursor)
				const filter = { status: q.status, network: q.network, origin: q.origin, from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined }
				const page = await services.content.postsPage(principal.user.id, filter, q.limit, after)
				const states = page.items.length ? await services.publishing.deliveryStates(principal.user.id, page.items.map((p) => p.id)) : {}
				return json({ data: page.items.map((p) => apiPost(registered, p, states[p.id] ?? [])), nextCursor: encodeCursor(page.next) })
			},
		}),
		defineOperation({
			method: 'POST',
			path: '/posts',
			operationId: 'createPost',
			tag: 'Posts',
			summary: 'Post erstellen, planen oder sofort veröffentlichen',
			description:
				'Ein Post für einen oder mehrere Kanäle (channels, IDs aus GET /channels) und/oder Netzwerke (networks: je an den Standardkanal der Marke), mit einem Text für alle und/oder einem eigenen Text je Netzwerk. schedule: zu einem Zeitpunkt (at), zur nächsten freien empfohlenen Zeit (next_slot) oder sofort (now). Die Netzwerke prüfen den Post vorher; eine Ablehnung antwortet 422 mit den Gründen (preflight), ein fremder oder unbekannter Kanal 422 invalid_channel.',
			scope: 'posts',
			idempotent: true,
			body: { 'application/json': NewPost },
			responses: { 201: { description: 'Der erstellte Post', schema: PostDetailSchema } },
			problems: [400, 409, 413, 415, 422],
			async handle(call) {
				const { context, request, services, principal } = call
				const body = await readJson(context, request, newPostSchema(registered))
				const requestId = requestIdOf(context, request, principal)
				const media = body.media && (await withFetchedMedia(context, services, principal.user.id, requestId, body.media))
				const result = await planPost(services, principal.user, { ...body, ...(media ? { media } : {}) }, 'api', requestId)
				if (!result.ok && result.error === 'invalid_channel') return problem(context, 422, 'invalid_channel', { reasons: result.reasons })
				if (!result.ok) return contentProblem(context, result.error, result.reasons)
				return json(await detail(call, result.post.id), { status: 201, headers: { Location: `/api/v1/posts/${result.post.id}` } })
			},
		}),
		defineOperation({
			method: 'GET',
			path: '/posts/{id}',
			operationId: 'getPost',
			tag: 'Posts',
			summary: 'Einen Post lesen',
			description: 'Der Post mit dem Zustand jedes Netzwerks (geplant, gesendet, veröffentlicht mit Link, fehlgeschlagen mit Grund).',
			scope: 'read',
			pathParams: IdParams,
			responses: { 200: { description: 'Der Post', schema: PostDetailSchema } },
			problems: [404],
			async handle(call) {
				const post = await detail(call, call.params.id!)
				return post ? json(post) : problem(call.context, 404, 'not_found')
			},
		}),
		defineOperation({
			method: 'PATCH',
			path: '/posts/{id}',
			operationId: 'updatePost',
			tag: 'Posts',
			summary: 'Post ändern oder neu planen',
			description:
				'Ändert die Kanäle (channels), den Text (für alle, je Netzwerk und/oder je Kanal), die Bilder und Videos (media), die KI-Kennzeichnung (aiLabel), das Format eines Karussells (carouselFit) und/oder plant den Post neu, in dieser Reihenfolge. Ein veröffentlichter Post kann nicht verschoben werden; ein fremder oder unbekannter Kanal antwortet 422 invalid_channel.',
			scope: 'posts',
			pathParams: IdParams,
			body: { 'application/json': Change },
			responses: { 200: { description: 'Der geänderte Post', schema: PostDetailSchema } },
			problems: [400, 404, 409, 413, 415, 422],
			async handle(call) {
				const { context, request, services, principal, params } = call
				const body = await readJson(context, request, changeSchema(registered))
				const refused = await changePost(context, services, principal.user, params.id!, body, requestIdOf(context, request, principal))
				return refused ?? json(await detail(call, params.id!))
			},
		}),
		defineOperation({
			method: 'DELETE',
			path: '/posts/{id}',
			operationId: 'deletePost',
			tag: 'Posts',
			summary: 'Post löschen',
			description: 'Löscht den Post; geplante Veröffentlichungen werden abgesagt.',
			scope: 'posts',
			pathParams: IdParams,
			responses: { 204: { description: 'Gelöscht' } },
			problems: [404],
			async handle({ context, services, principal, params }) {
				const result = await services.content.deletePost(principal.user.id, params.id!)
				if (!result.ok) return contentProblem(context, result.error, result.reasons)
				return new Response(null, { status: 204 })
			},
		}),
		defineOperation({
			method: 'POST',
			path: '/posts/{id}/publish',
			operationId: 'publishPost',
			tag: 'Posts',
			summary: 'Post jetzt veröffentlichen',
			description:
				'Alle offenen Netzwerke des Posts werden sofort gesendet. Den Fortschritt zeigt GET /posts/{id} (deliveries). Ein zweiter Aufruf startet nichts doppelt; ist der Post schon auf allen Netzwerken veröffentlicht, antwortet 409 (already_published).',
			scope: 'posts',
			pathParams: IdParams,
			responses: { 202: { description: 'Unterwegs: der Post mit dem Zustand je Netzwerk', schema: PostDetailSchema } },
			problems: [404, 409, 422],
			async handle(call) {
				const { context, services, principal, params } = call
				const result = await services.publishing.publishNow(principal.user.id, params.id!)
				if (result === null) return problem(context, 404, 'not_found')
				if (typeof result === 'object') return problem(context, 422, 'preflight', { reasons: result.refused })
				if (result === 'published') return problem(context, 409, 'already_published')
				return json(await detail(call, params.id!), { status: 202 })
			},
		}),
	]
}
