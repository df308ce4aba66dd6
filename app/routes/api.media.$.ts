import { z } from 'zod'
import type { Route } from './+types/api.media.$'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { readBodyWithin } from '#app/server/body-limit.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { isFileKey } from '#modules/core/files.server.ts'
import type { CoverOutcome } from '#modules/media/index.ts'

// What the media_process job has made of the user's uploads (ADR 0059), for the editor's polling when
// the live events are not connected, and 'Titelbild wählen' (ADR 0063):
// - GET /api/media/<key>/status: JSON of processedMediaOf's item; 404 for a key that is not the user's own upload;
// - GET /api/media/status?key=<key>&key=…: the user's uploads among the keys (at most STATUS_MAX_KEYS) in one read;
// - POST /api/media/<key>/cover { requestId, atMs } (JSON; atMs null: the first second): the video's cover
//   time, once per request id. Answers { ok: true, atMs } or { ok: false, code, message } in German.

const noStore = { 'Cache-Control': 'no-store' }
const STATUS_SUFFIX = '/status'
const COVER_SUFFIX = '/cover'
/** The strip's items at most (a carousel of 20 and some slack). */
const STATUS_MAX_KEYS = 40
/** Ten hours: longer than any network's video; a cover time is checked against the video's own length. */
const COVER_MAX_MS = 10 * 60 * 60 * 1000

const CoverSchema = z.object({ requestId: z.uuid(), atMs: z.number().int().min(0).max(COVER_MAX_MS).nullable() })

const keyBefore = (path: string, suffix: string) => (path.endsWith(suffix) ? path.slice(0, -suffix.length) : '')

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const media = context.get(servicesContext).media
	const path = params['*'] ?? ''
	if (path === 'status') {
		const keys = new URL(request.url).searchParams.getAll('key')
		if (keys.length > STATUS_MAX_KEYS || !keys.every(isFileKey)) return Response.json({ ok: false, code: 'invalid' }, { status: 400, headers: noStore })
		return Response.json({ ok: true, media: await media.processed(user.id, keys) }, { headers: noStore })
	}
	const key = keyBefore(path, STATUS_SUFFIX)
	const notFound = () => Response.json({ ok: false, code: 'not_found' }, { status: 404, headers: noStore })
	if (!isFileKey(key)) return notFound()
	const [processed] = await media.processed(user.id, [key])
	if (!processed) return notFound()
	return Response.json({ ok: true, ...processed }, { headers: noStore })
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const t = getInstance(context).t
	const refuse = (code: string, message: string, status: number, headers: Record<string, string> = {}) => Response.json({ ok: false, code, message }, { status, headers: { ...noStore, ...headers } })
	if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } })
	const key = keyBefore(params['*'] ?? '', COVER_SUFFIX)
	if (!isFileKey(key)) return refuse('not_found', t('postMedia:video.coverNotFound'), 404)
	const body = await readBodyWithin(request, 1024).catch(() => null)
	if (body === 'too_large') return refuse('invalid', t('postMedia:video.coverInvalid'), 413)
	const parsed = CoverSchema.safeParse(parseJson(body))
	if (!parsed.success) return refuse('invalid', t('postMedia:video.coverInvalid'), 400)
	const outcome = await context.get(servicesContext).media.chooseCoverOnce(user.id, { requestId: parsed.data.requestId.toLowerCase(), key, atMs: parsed.data.atMs })
	if (outcome.ok) return Response.json(outcome, { headers: noStore })
	return refusalOf(outcome, refuse, t)
}

type Refuse = (code: string, message: string, status: number, headers?: Record<string, string>) => Response

function refusalOf(outcome: Exclude<CoverOutcome, { ok: true }>, refuse: Refuse, t: ReturnType<typeof getInstance>['t']) {
	switch (outcome.code) {
		case 'not_found':
			return refuse(outcome.code, t('postMedia:video.coverNotFound'), 404)
		case 'not_ready':
			return refuse(outcome.code, t('postMedia:video.coverNotReady'), 409)
		case 'beyond_duration':
			return refuse(outcome.code, t('postMedia:video.coverBeyond', { duration: secondsOf(outcome.durationMs) }), 422)
		case 'rate_limited':
			return refuse(outcome.code, t('postMedia:video.coverRateLimited'), 429, { 'Retry-After': String(outcome.retryAfterSeconds) })
		case 'request_conflict':
			return refuse(outcome.code, t('postMedia:video.coverConflict'), 409)
	}
}

/** A length in seconds as German text, one decimal at most ("12,5"). */
const secondsOf = (ms: number) => (ms / 1000).toLocaleString('de-DE', { maximumFractionDigits: 1 })

function parseJson(body: Uint8Array | null) {
	try {
		return body ? JSON.parse(new TextDecoder().decode(body)) : null
	} catch {
		return null
	}
}
