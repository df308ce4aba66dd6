import type { RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { getInstance } from '#app/middleware/i18next.ts'
import { readFormDataWithin } from '#app/server/body-limit.server.ts'
import type { ApiPrincipal } from '#modules/accounts/index.ts'
import type { Platform, RegisteredPlatforms } from '#modules/content/platforms.ts'
import { inputSummaryOf, parseGenerationForm, type GenerationInput, type GenerationView } from '#modules/generation/index.ts'
import { MEDIA_KINDS, NOTES_MAX, PASTED_MAX, PROMPT_MAX } from '#modules/media/kinds.ts'
import type { Services } from '#modules/services.ts'
import { problem } from '../problem.server.ts'
import { json, readJson, requestIdOf } from '../request.server.ts'
import { defineOperation } from './operation.server.ts'
import { GenerationSchema, IdParams } from './schemas.ts'

// /api/v1/generations: the creator's 'Bilder generieren & Vorschau' (the same generation.generate,
// charged the same), started in the background: 202 at once, then GET /generations/{id} to poll.

/** A 20 MB document plus a 10 MB image plus form fields (as /api/generations). */
const MAX_FORM = 32 * 1024 * 1024

const requestSchema = (registered: RegisteredPlatforms) =>
	z.object({
		kind: z.enum(MEDIA_KINDS).meta({ description: 'Eingabe: smart-post (Idee), youtube, web-article, pdf-notes (Notizen), audio-image, image-prompt' }),
		networks: z.array(z.enum(registered as [Platform, ...Array<Platform>])).min(1).max(registered.length).meta({ description: 'Netzwerke, für die Texte geschrieben werden' }),
		agentId: z.uuid().nullable().optional().meta({ description: 'Ihr KI-Agent (ohne: die Standardmodelle)' }),
		prompt: z.string().max(PROMPT_MAX).optional().meta({ description: 'Idee oder Bildbeschreibung (smart-post, image-prompt)' }),
		url: z.string().max(2048).optional().meta({ description: 'YouTube- oder Web-Adresse (youtube, web-article)' }),
		notes: z.string().max(NOTES_MAX).optional().meta({ description: 'Notizen (pdf-notes)' }),
		pasted: z.string().max(PASTED_MAX).optional().meta({ description: 'Eingefügter Text eines Videos oder Artikels, wenn er nicht gelesen werden kann' }),
	})

const formSchema = z
	.object({
		kind: z.enum(MEDIA_KINDS),
		networks: z.array(z.string()).meta({ description: 'Wiederholtes Feld, ein Netzwerk je Eintrag' }),
		agentId: z.string().optional(),
		prompt: z.string().optional(),
		url: z.string().optional(),
		notes: z.string().optional(),
		pasted: z.string().optional(),
		document: z.string().optional().meta({ override: { type: 'string', format: 'binary' }, description: 'PDF, Word oder Text (bis 20 MB; pdf-notes)' }),
		image: z.string().optional().meta({ override: { type: 'string', format: 'binary' }, description: 'Eigenes Bild (bis 10 MB; audio-image, image-prompt)' }),
		audio: z.string().optional().meta({ override: { type: 'string', format: 'binary' }, description: 'Aufnahme WAV, MP3 oder M4A (bis 25 MB; audio-image)' }),
	})
	.meta({ id: 'GenerationForm', description: 'Mit Dateien: dieselben Felder als multipart/form-data' })

function generationMessage(context: Readonly<RouterContextProvider>, code: string) {
	const t = getInstance(context).t
	const key = `generation:errors.${code}.message`
	const text = t(key as 'generation:errors.failed.message')
	return text === key ? t('generation:errors.failed.message') : text
}

function apiGeneration(context: Readonly<RouterContextProvider>, view: GenerationView) {
	return {
		id: view.id,
		status: view.status,
		kind: view.kind,
		networks: view.platforms,
		costCredits: view.costCredits,
		createdAt: view.createdAt,
		completedAt: view.completedAt,
		result: view.result
			? { texts: view.result.texts as Record<string, string>, images: view.result.images as Record<string, string>, charged: view.result.charged, refunded: view.result.refunded, balance: view.result.balance, warnings: view.result.warnings }
			: null,
		error: view.error ? { code: view.error.code, message: view.error.detail || generationMessage(context, view.error.code) } : null,
	}
}

async function readInput(context: Readonly<RouterContextProvider>, request: Request, registered: RegisteredPlatforms, requestId: string): Promise<GenerationInput> {
	if (/^multipart\/form-data\b/i.test(request.headers.get('Content-Type') ?? '')) {
		const refused = () => problem(context, 400, 'invalid_request')
		const form = await readFormDataWithin(request, MAX_FORM, { refused })
		if (form === 'too_large') throw problem(context, 413, 'payload_too_large')
		if (!form) throw refused()
		// The creator's own form: 'platforms' there, 'networks' here; the request id from the Idempotency-Key.
		for (const network of form.getAll('networks')) form.append('platforms', network)
		form.set('requestId', requestId)
		const input = await parseGenerationForm(form, registered)
		if (!input) throw refused()
		return input
	}
	const body = await readJson(context, request, requestSchema(registered))
	return {
		requestId,
		kind: body.kind,
		platforms: registered.filter((p) => body.networks.includes(p)),
		agentId: body.agentId ?? null,
		prompt: body.prompt ?? '',
		url: body.url ?? '',
		notes: body.notes ?? '',
		pasted: body.pasted ?? '',
		article: null,
		document: null,
		image: null,
		audio: null,
	}
}

const sameRequest = (view: GenerationView, input: GenerationInput) => view.kind === input.kind && view.inputSummary === inputSummaryOf(input) && view.platforms.join() === input.platforms.join()

/** Starts the generation and answers once its cost is reserved (or it was refused before). */
async function start(context: Readonly<RouterContextProvider>, services: Services, principal: ApiPrincipal, input: GenerationInput) {
	const userId = principal.user.id
	const accepted = (view: GenerationView) => json(apiGeneration(context, view), { status: 202, headers: { Location: `/api/v1/generations/${view.id}` } })
	const earlier = await services.generation.findGeneration(userId, { requestId: input.requestId })
	if (earlier) return sameRequest(earlier, input) ? accepted(earlier) : problem(context, 409, 'idempotency_conflict')
	const admitted = await services.generation.admit(userId, 'generation')
	if (!admitted.ok) return problem(context, 429, 'rate_limited', { values: { count: admitted.retryAfterSeconds }, headers: { 'Retry-After': String(admitted.retryAfterSeconds) } })

	let claimed = () => {}
	const reserved = new Promise<'reserved'>((resolve) => (claimed = () => resolve('reserved')))
	// The generation goes on after the answer, as in the creator when the browser goes away.
	const outcome = services.generation
		.generate(userId, input, (step) => {
			if (step === 'extracting') claimed()
		})
		.catch((error: unknown) => {
			console.error('api_generation_failed', error instanceof Error ? error.stack : String(error))
			return { ok: false as const, code: 'failed' as const }
		})
	const first = await Promise.race([reserved, outcome])
	const view = await services.generation.findGeneration(userId, { requestId: input.requestId })
	if (view) return accepted(view)
	if (first !== 'reserved' && !first.ok && first.code === 'insufficient_credits') return problem(context, 402, 'insufficient_credits', { detail: generationMessage(context, 'insufficient_credits') })
	const code = first !== 'reserved' && !first.ok ? first.code : 'failed'
	return problem(context, 400, 'invalid_request', { detail: generationMessage(context, code), errors: [{ field: '(body)', message: generationMessage(context, code) }] })
}

export function generationOperations(registered: RegisteredPlatforms) {
	const GenerationRequest = requestSchema(registered).meta({ id: 'GenerationRequest' })
	return [
		defineOperation({
			method: 'POST',
			path: '/generations',
			operationId: 'startGeneration',
			tag: 'Generierungen',
			summary: 'Texte und Bilder generieren',
			description:
				'Wie «Bilder generieren & Vorschau» im Creator: aus einer der sechs Eingaben entstehen Texte je Netzwerk und Bilder. Die Credits werden wie in der App reserviert; nicht Geliefertes wird zurückgebucht. Antwortet sofort 202; den Fortschritt zeigt GET /generations/{id}. Mit Dateien als multipart/form-data.',
			scope: 'generate',
			idempotent: true,
			body: { 'application/json': GenerationRequest, 'multipart/form-data': formSchema },
			responses: { 202: { description: 'Gestartet (oder die Generierung mit demselben Idempotency-Key)', schema: GenerationSchema } },
			problems: [400, 402, 409, 413, 415],
			async handle({ context, request, services, principal }) {
				const input = await readInput(context, request, registered, requestIdOf(context, request, principal))
				return start(context, services, principal, input)
			},
		}),
		defineOperation({
			method: 'GET',
			path: '/generations/{id}',
			operationId: 'getGeneration',
			tag: 'Generierungen',
			summary: 'Stand einer Generierung',
			description: 'running, succeeded (mit Texten und Bildern) oder failed (mit deutschem Grund; die Credits sind zurückgebucht).',
			scope: 'read',
			pathParams: IdParams,
			responses: { 200: { description: 'Die Generierung', schema: GenerationSchema } },
			problems: [404],
			async handle({ context, services, principal, params }) {
				const view = await services.generation.findGeneration(principal.user.id, { id: params.id! })
				return view ? json(apiGeneration(context, view)) : problem(context, 404, 'not_found')
			},
		}),
	]
}
