import { z } from 'zod'
import type { DraftInput } from '#modules/content/index.ts'
import { type Platform, type RegisteredPlatforms } from '#modules/content/platforms.ts'
import { parseContent } from '#modules/content/post-content.ts'
import { imageUrl, MAX_TEXT } from '#modules/content/schema.ts'
import { mediaListSchema, type MediaItemInput } from '#modules/content/media-items.ts'
import { decodeCursor, encodeCursor } from '../cursor.server.ts'
import { generationIdSchema, postContentOf } from '#modules/posting/index.ts'
import { problem } from '../problem.server.ts'
import { json, readJson, requestIdOf } from '../request.server.ts'
import { contentProblem } from './content-problem.server.ts'
import { defineOperation } from './operation.server.ts'
import { DraftSchema, IdParams, PaginationQuery, pageOf } from './schemas.ts'
import { apiDraft } from './views.server.ts'

// /api/v1/drafts: the drafts of 'Meine Posts' (the same content service calls as the draft editor).

const text = z.string().trim().min(1).max(MAX_TEXT)
const image = imageUrl.refine((v) => v !== '')

function draftFields(registered: RegisteredPlatforms) {
	const network = z.enum(registered as [Platform, ...Array<Platform>])
	return {
		networks: z.array(network).min(1).max(registered.length).meta({ description: 'Netzwerke des Entwurfs' }),
		text: text.optional().meta({ description: 'Text für alle Netzwerke ohne eigenen Text' }),
		texts: z.partialRecord(network, text).optional().meta({ description: 'Eigener Text je Netzwerk' }),
		images: z.partialRecord(network, image).optional().meta({ description: 'Bild je Netzwerk (/media/… aus dem Medien-Upload)' }),
		media: mediaListSchema.optional().meta({ description: 'Bilder und Videos in dieser Reihenfolge (statt images), wie media eines Posts; ersetzt die bisherigen' }),
		generationId: generationIdSchema.optional(),
	}
}

const newDraftSchema = (registered: RegisteredPlatforms) =>
	z.object(draftFields(registered)).refine((v) => v.networks.every((n) => v.texts?.[n] ?? v.text), { error: 'Jedes Netzwerk braucht einen Text (text oder texts.<netzwerk>).', path: ['texts'] })

const draftChangeSchema = (registered: RegisteredPlatforms) => z.object(draftFields(registered)).partial()

function draftInput(request: { networks: Array<Platform>; text?: string; texts?: Partial<Record<Platform, string>>; images?: Partial<Record<Platform, string>>; media?: ReadonlyArray<MediaItemInput>; generationId?: string }): DraftInput {
	const networks = [...new Set(request.networks)]
	const content = postContentOf({ networks, text: request.text, texts: request.texts })
	// A draft keeps each network's text by name, also for one network (the editor reads them so).
	const platforms = Object.fromEntries(networks.map((n) => [n, request.texts?.[n] ?? request.text ?? content.base]))
	const media = request.media ? { media: request.media } : { images: Object.fromEntries(Object.entries(request.images ?? {}).filter(([n]) => networks.includes(n))) }
	return { platforms: networks, content: { base: content.base, platforms }, ...media, origin: 'api', generationId: request.generationId }
}

export function draftOperations(registered: RegisteredPlatforms) {
	const NewDraft = newDraftSchema(registered).meta({ id: 'NewDraft' })
	const Change = draftChangeSchema(registered).meta({ id: 'DraftChange' })
	return [
		defineOperation({
			method: 'GET',
			path: '/drafts',
			operationId: 'listDrafts',
			tag: 'Entwürfe',
			summary: 'Entwürfe auflisten',
			description: 'Ihre Entwürfe, die neusten zuerst, seitenweise.',
			scope: 'read',
			query: PaginationQuery,
			responses: { 200: { description: 'Eine Seite Entwürfe', schema: pageOf(DraftSchema, 'DraftPage') } },
			problems: [400],
			async handle({ context, services, principal, query }) {
				const q = query as z.output<typeof PaginationQuery>
				const page = await services.content.draftsPage(principal.user.id, q.limit, decodeCursor(context, q.cursor))
				return json({ data: page.items.map((d) => apiDraft(registered, d)), nextCursor: encodeCursor(page.next) })
			},
		}),
		defineOperation({
			method: 'POST',
			path: '/drafts',
			operationId: 'createDraft',
			tag: 'Entwürfe',
			summary: 'Entwurf speichern',
			description: 'Speichert Netzwerke, Texte und Bilder als Entwurf, ohne zu planen. Mit Idempotency-Key legt eine Wiederholung keinen zweiten Entwurf an.',
			scope: 'posts',
			idempotent: true,
			body: { 'application/json': NewDraft },
			responses: { 201: { description: 'Der gespeicherte Entwurf', schema: DraftSchema } },
			problems: [400, 409, 413, 415, 422],
			async handle({ context, request, services, principal }) {
				const body = await readJson(context, request, newDraftSchema(registered))
				const result = await services.content.createDrafts(principal.user.id, requestIdOf(context, request, principal), [draftInput(body)])
				if (!result.ok) return contentProblem(context, result.error, result.reasons)
				const draft = result.drafts[0]!
				return json(apiDraft(registered, draft), { status: 201, headers: { Location: `/api/v1/drafts/${draft.id}` } })
			},
		}),
		defineOperation({
			method: 'GET',
			path: '/drafts/{id}',
			operationId: 'getDraft',
			tag: 'Entwürfe',
			summary: 'Einen Entwurf lesen',
			description: 'Netzwerke, Texte und Bilder eines Ihrer Entwürfe. Die Id eines anderen Kontos antwortet 404.',
			scope: 'read',
			pathParams: IdParams,
			responses: { 200: { description: 'Der Entwurf', schema: DraftSchema } },
			problems: [404],
			async handle({ context, services, principal, params }) {
				const draft = await services.content.getDraft(principal.user.id, params.id!)
				return draft ? json(apiDraft(registered, draft)) : problem(context, 404, 'not_found')
			},
		}),
		defineOperation({
			method: 'PATCH',
			path: '/drafts/{id}',
			operationId: 'updateDraft',
			tag: 'Entwürfe',
			summary: 'Entwurf ändern',
			description: 'Ändert Netzwerke, Texte und/oder Bilder; was fehlt, bleibt.',
			scope: 'posts',
			pathParams: IdParams,
			body: { 'application/json': Change },
			responses: { 200: { description: 'Der geänderte Entwurf', schema: DraftSchema } },
			problems: [400, 404, 413, 415, 422],
			async handle({ context, request, services, principal, params }) {
				const body = await readJson(context, request, draftChangeSchema(registered))
				const draft = await services.content.getDraft(principal.user.id, params.id!)
				if (!draft) return problem(context, 404, 'not_found')
				const current = parseContent(draft.content, (key) => registered.includes(key))
				const networks = body.networks ?? draft.platforms
				const texts = Object.fromEntries(networks.map((n) => [n, body.texts?.[n] ?? body.text ?? current.platforms[n] ?? current.base]))
				// Without media or images given, the draft's rows stay as they are (the same images: updateDraft keeps them).
				const input = draftInput({ networks, text: body.text ?? current.base, texts, images: { ...draft.images, ...body.images }, media: body.media, generationId: body.generationId })
				const result = await services.content.updateDraft(principal.user.id, draft.id, { ...input, pageIds: draft.pageIds })
				if (!result.ok) return contentProblem(context, result.error, result.reasons)
				return json(apiDraft(registered, result.draft))
			},
		}),
		defineOperation({
			method: 'DELETE',
			path: '/drafts/{id}',
			operationId: 'deleteDraft',
			tag: 'Entwürfe',
			summary: 'Entwurf löschen',
			description: 'Löscht einen Ihrer Entwürfe endgültig.',
			scope: 'posts',
			pathParams: IdParams,
			responses: { 204: { description: 'Gelöscht' } },
			problems: [404],
			async handle({ context, services, principal, params }) {
				const result = await services.content.deleteDraft(principal.user.id, params.id!)
				if (!result.ok) return contentProblem(context, result.error, result.reasons)
				return new Response(null, { status: 204 })
			},
		}),
	]
}
