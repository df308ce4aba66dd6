import { z } from 'zod'
import { getInstance } from '#app/middleware/i18next.ts'
import { POST_ORIGINS, POST_STATUSES, type Platform, type RegisteredPlatforms } from '#modules/content/platforms.ts'
import { mediaListSchema } from '#modules/content/media-items.ts'
import { aiLabelSchema, carouselFitSchema, MAX_TEXT } from '#modules/content/schema.ts'
import { parseContent } from '#modules/content/post-content.ts'
import { fromInstant } from '#modules/scheduling/index.ts'
import { decodeCursor, encodeCursor } from '../cursor.server.ts'
import { CHANNEL_TEXT_OUTSIDE, ChannelIdsSchema, ChannelTextsSchema, channelTextsWithin, newPostSchema, planPost, retargetPost } from '#modules/posting/index.ts'
import { problem } from '../problem.server.ts'
import { json, parseInput, readJson, requestIdOf } from '../request.server.ts'
import { contentProblem } from './content-problem.server.ts'
import { defineOperation, type OperationCall } from './operation.server.ts'
import { IdParams, PaginationQuery, PostDetailSchema, PostSchema, pageOf } from './schemas.ts'
import { apiDelivery, apiPost, apiPostChannels } from './views.server.ts'

// /api/v1/posts: the same content and publishing service calls as the creator, 'Meine Posts' and the calendar.

const text = z.string().trim().min(1).max(MAX_TEXT)

const changeSchema = (registered: RegisteredPlatforms) => {
	const network = z.enum(registered as [Platform, ...Array<Platform>])
	return z
		.object({
			text: text.optional().meta({ description: 'Neuer Text für alle Netzwerke des Posts (ausser denen in texts)' }),
			texts: z.partialRecord(network, text).optional().meta({ description: 'Neuer eigener Text je Netzwerk des Posts' }),
			channelTexts: ChannelTextsSchema.optional().meta({
				description:
					'Eigener Text je Kanal (Kanal-ID), der den Text seines Netzwerks ersetzt: ersetzt die bisherigen eigenen Texte ({} entfernt sie). Nur für Kanäle, an die der Post geht (mit channels: diese). Ohne channelTexts bleiben sie, solange ihr Kanal bleibt.',
			}),
			aiLabel: aiLabelSchema.optional().meta({ description: 'KI-Kennzeichnung: auto, on oder off (auch bei einem veröffentlichten Post)' }),
			carouselFit: carouselFitSchema.optional().meta({
				description: 'Ein Karussell auf einem Netzwerk, das alle Bilder im Format des ersten zeigt (Instagram): crop (mittig zuschneiden, Standard) oder pad (auffüllen, nichts wird abgeschnitten)',
			}),
			firstComment: z.string().trim().max(MAX_TEXT).optional().meta({
				description: 'Neuer erster Kommentar für alle Netzwerke des Posts ("" entfernt ihn). Er wird direkt nach dem Post darunter veröffentlicht, einmal je Kanal; ein schon veröffentlichter Kanal erhält ihn nicht mehr.',
			}),
			media: mediaListSchema.optional().meta({
				description:
					'Die Bilder und Videos des Posts von nun an, in dieser Reihenfolge: ersetzt die bisherigen ([] entfernt alle). Ein bisheriges Element mit seiner id (aus media[].id) behält seinen Zustand; ein neues ist eine eigene Datei (fileKey aus POST /media) oder ein Bild unter einer https-Adresse (url). Alt-Text je Bild höchstens so lang, wie es jedes Netzwerk annimmt; networks: nur Netzwerke des Posts. Ein veröffentlichter Post behält seine Medien (409 published_locked); eine ungültige Liste antwortet 422 invalid_media mit den Gründen.',
			}),
			channels: ChannelIdsSchema.optional().meta({
				description:
					'Die Kanäle (IDs aus GET /channels), an die der Post von nun an geht: ersetzt seine bisherigen. Ihre Netzwerke werden die des Posts (ein neues Netzwerk erhält den Text für alle). Ein schon veröffentlichter Kanal kann nicht entfernt werden (422 preflight).',
			}),
			schedule: z
				.discriminatedUnion('type', [
					z.object({ type: z.literal('at'), at: z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 mit Zeitzone; halbe Stunde zwischen 06:00 und 23:00' }) }),
					z.object({ type: z.literal('next_slot') }),
				])
				.optional()
				.meta({ description: 'Neu planen: zu einem Zeitpunkt oder zur nächsten freien empfohlenen Zeit' }),
		})
		.refine((v) => v.text !== undefined || v.texts !== undefined || v.channelTexts !== undefined || v.firstComment !== undefined || v.schedule !== undefined || v.channels !== undefined || v.aiLabel !== undefined || v.carouselFit !== undefined || v.media !== undefined, {
			error: 'Bitte geben Sie text, texts, channelTexts, firstComment, media, carouselFit, channels, aiLabel oder schedule an.',
			path: ['text'],
		})
		.refine((v) => !v.channels || channelTextsWithin(v.channelTexts, v.channels), CHANNEL_TEXT_OUTSIDE)
}

const listQuery = (registered: RegisteredPlatforms) =>
	PaginationQuery.extend({
		status: z.enum(POST_STATUSES).optional().meta({ description: 'Nur Posts in diesem gespeicherten Status (ein Post, der gerade veröffentlicht wird, ist bis zur Bestätigung draft)' }),
		network: z.enum(registered as [Platform, ...Array<Platform>]).optional().meta({ description: 'Nur Posts an dieses Netzwerk' }),
		origin: z.enum(POST_ORIGINS).optional().meta({ description: 'Nur Posts dieser Herkunft (web, api, mcp, csv)' }),
		from: z.iso.datetime({ offset: true }).optional().meta({ description: 'Geplant ab diesem Zeitpunkt (ISO 8601)' }),
		to: z.iso.datetime({ offset: true }).optional().meta({ description: 'Geplant vor diesem Zeitpunkt (ISO 8601)' }),
	})

async function detail({ services, principal }: OperationCall, id: string) {
	const registered = services.publishing.platforms.ids
	const [post, deliveries, channels] = await Promise.all([services.content.getPost(principal.user.id, id), services.publishing.deliveryStatus(principal.user.id, id), services.publishing.listChannels(principal.user.id)])
	return post ? { ...apiPost(registered, post, deliveries), channels: apiPostChannels(deliveries, channels), deliveries: deliveries.map(apiDelivery) } : null
}

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
				const result = await planPost(services, principal.user, body, 'api', requestId)
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
				const userId = principal.user.id
				const body = await readJson(context, request, changeSchema(registered))
				let post = await services.content.getPost(userId, params.id!)
				if (!post) return problem(context, 404, 'not_found')
				if (body.channelTexts && !body.channels) {
					// Without new channels, a channel text must be for one the post goes to now (POST's rule and answer).
					const targeted = (await services.publishing.deliveryStatus(userId, post.id)).flatMap((d) => (d.channelId ? [d.channelId] : []))
					parseInput(context, z.object({ channelTexts: ChannelTextsSchema }).refine((v) => channelTextsWithin(v.channelTexts, targeted), CHANNEL_TEXT_OUTSIDE), body)
				}
				if (body.channels) {
					const moved = await retargetPost(services, userId, post.id, body.channels)
					if (!moved.ok && moved.error === 'invalid_channel') return problem(context, 422, 'invalid_channel', { reasons: moved.reasons })
					if (!moved.ok) return contentProblem(context, moved.error, moved.reasons)
					if (moved.kind === 'post') post = moved.post
				}
				if (body.text !== undefined || body.texts !== undefined || body.channelTexts !== undefined || body.firstComment !== undefined) {
					const foreign = Object.keys(body.texts ?? {}).filter((n) => !post.platforms.includes(n))
					if (foreign.length) {
						const message = getInstance(context).t('api:fields.invalid')
						return problem(context, 400, 'invalid_request', { errors: foreign.map((n) => ({ field: `texts.${n}`, message })) })
					}
					const current = parseContent(post.content, (key) => registered.includes(key))
					const only = post.platform === 'multiple' ? null : post.platforms[0]!
					const base = (only ? body.texts?.[only] : undefined) ?? body.text ?? current.base
					const platforms = only ? {} : Object.fromEntries(post.platforms.map((n) => [n, body.texts?.[n] ?? body.text ?? current.platforms[n] ?? current.base]))
					const channels = body.channelTexts ?? current.channels
					// A first comment given replaces the stored one ('' removes it: the key with no value); none given, it stays.
					const firstComment = body.firstComment === undefined ? {} : { firstComment: body.firstComment ? { base: body.firstComment, platforms: {} } : undefined }
					const updated = await services.content.updatePost(userId, post.id, { content: { base, platforms, ...(channels ? { channels } : {}), ...firstComment } })
					if (!updated.ok) return contentProblem(context, updated.error, updated.reasons)
				}
				if (body.media) {
					const listed = await services.content.setPostMedia(userId, post.id, body.media)
					if (!listed.ok) return contentProblem(context, listed.error, listed.reasons)
				}
				if (body.carouselFit) {
					const fitted = await services.content.setCarouselFit(userId, post.id, body.carouselFit)
					if (!fitted.ok) return contentProblem(context, fitted.error, fitted.reasons)
				}
				if (body.aiLabel) {
					const labelled = await services.content.setAiLabel(userId, post.id, body.aiLabel)
					if (!labelled.ok) return contentProblem(context, labelled.error, labelled.reasons)
				}
				if (body.schedule) {
					const zone = principal.user.timeZone
					let at: Date
					if (body.schedule.type === 'at') at = new Date(body.schedule.at)
					else {
						const [slot] = await services.content.freeSlots(userId, zone, 1)
						if (!slot) return contentProblem(context, 'schedule:errors.inPast')
						at = new Date(slot.at)
					}
					const wall = fromInstant(at, zone)
					const scheduled = await services.content.schedulePost(userId, post.id, { date: wall.date, time: wall.time, timeZone: zone })
					if (!scheduled.ok) return contentProblem(context, scheduled.error, scheduled.reasons)
				}
				return json(await detail(call, post.id))
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
