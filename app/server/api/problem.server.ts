import type { RouterContextProvider } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'

// RFC 9457 problem details for the REST API (and the MCP endpoint's HTTP refusals): a stable `code`
// for programs, a German `detail` for people.

export type ProblemCode =
	| 'unauthorized'
	| 'forbidden'
	| 'cross_origin'
	| 'rate_limited'
	| 'not_found'
	| 'invalid_request'
	| 'invalid_json'
	| 'idempotency_key_invalid'
	| 'idempotency_key_required'
	| 'idempotency_conflict'
	| 'preflight'
	| 'invalid_channel'
	| 'invalid_media'
	| 'method_not_allowed'
	| 'payload_too_large'
	| 'unsupported_media_type'
	| 'insufficient_credits'
	| 'published_locked'
	| 'already_published'
	| 'invalid_transition'
	| 'invalid_schedule'
	| 'generation_failed'
	| 'internal'

/** One field's problem: where (a JSON pointer-like path) and why, in German. */
export type FieldError = { field: string; message: string }

export type ProblemBody = {
	type: string
	title: string
	status: number
	detail: string
	code: ProblemCode | (string & {})
	instance?: string
	errors?: Array<FieldError>
	/** preflight: each network's German reasons; invalid_channel: the channels'; invalid_media: the media list's items'. */
	reasons?: Array<string>
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8'

const TITLES: Record<number, string> = {
	400: 'Ungültige Anfrage',
	401: 'Nicht angemeldet',
	402: 'Nicht genügend Credits',
	403: 'Keine Berechtigung',
	404: 'Nicht gefunden',
	405: 'Methode nicht erlaubt',
	409: 'Konflikt',
	413: 'Zu gross',
	415: 'Falscher Inhaltstyp',
	422: 'Nicht verarbeitbar',
	429: 'Zu viele Anfragen',
	500: 'Interner Fehler',
}

/** The problem's `type`: a URN per code (stable, needs no server to resolve). */
export const problemType = (code: string) => `urn:postwerk:problem:${code}`

/** The whole problem document: its `type` from the code, its title from the status unless given. */
export function problemBody(body: Omit<ProblemBody, 'type' | 'title'> & { title?: string }): ProblemBody {
	return { type: problemType(body.code), title: body.title ?? TITLES[body.status] ?? 'Fehler', ...body }
}

export function problemResponse(body: Omit<ProblemBody, 'type' | 'title'> & { title?: string }, headers: Record<string, string> = {}) {
	return new Response(JSON.stringify(problemBody(body)), { status: body.status, headers: { 'Content-Type': PROBLEM_CONTENT_TYPE, 'Cache-Control': 'no-store', ...headers } })
}

/** A problem with the German text of `api:problems.<code>`. */
export function problem(context: Readonly<RouterContextProvider>, status: number, code: ProblemCode, options: { detail?: string; values?: Record<string, string | number>; errors?: Array<FieldError>; reasons?: Array<string>; headers?: Record<string, string>; instance?: string } = {}) {
	const t = getInstance(context).getFixedT(null, 'api')
	const detail = options.detail ?? t(`problems.${code}`, options.values ?? {})
	return problemResponse({ status, code, detail, errors: options.errors, reasons: options.reasons, instance: options.instance }, options.headers)
}
