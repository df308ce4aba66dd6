import { createHash } from 'node:crypto'
import type { RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { de as germanZod } from 'zod/locales'
import { servicesContext } from '#app/context.ts'
import { getInstance, getSpelling } from '#app/middleware/i18next.ts'
import { readBodyWithin } from '#app/server/body-limit.server.ts'
import type { ApiPrincipal, ApiScope } from '#modules/accounts/index.ts'
import { spell } from '#modules/core/spelling.ts'
import { problem, type FieldError } from './problem.server.ts'
import { rememberQuota } from './rate-limit-headers.server.ts'

// What every REST call (/api/v1) and the MCP endpoint (/mcp) share: the bearer token, JSON bodies
// checked by zod with German messages, and the Idempotency-Key as the request id of the module's
// once-per-request writes (ADR 0001).

const germanIssues = germanZod().localeError

/**
 * The bearer token's user and scopes, or a thrown problem (401 with WWW-Authenticate naming the
 * resource's OAuth metadata, RFC 9728 5.1; 403, 429 with Retry-After).
 */
export async function requireApiPrincipal(context: Readonly<RouterContextProvider>, request: Request, scope: ApiScope, via: 'api' | 'mcp' = 'api'): Promise<ApiPrincipal> {
	const header = request.headers.get('Authorization') ?? ''
	const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
	const { accounts } = context.get(servicesContext)
	const path = new URL(request.url).pathname
	const result = match ? await accounts.apiTokens.authorize(match[1]!, scope, { method: request.method, path, via }) : ({ ok: false, error: 'unauthorized' } as const)
	if (result.ok) {
		rememberQuota(context, result.principal.quota)
		return result.principal
	}
	if (result.error === 'rate_limited') rememberQuota(context, result.quota)
	if (result.error === 'unauthorized') throw problem(context, 401, 'unauthorized', { headers: { 'WWW-Authenticate': `Bearer realm="postwerk", resource_metadata="${accounts.oauth.resourceMetadataUrl(via)}"` } })
	if (result.error === 'forbidden') throw problem(context, 403, 'forbidden', { values: { scope: result.scope } })
	throw problem(context, 429, 'rate_limited', { values: { count: result.retryAfterSeconds }, headers: { 'Retry-After': String(result.retryAfterSeconds) } })
}

const MESSAGE_KEY = /^[a-z]+(?:\.[a-zA-Z]+)+$/
/** Where the keys live that module schemas shared with the pages give as messages (content's imageUrl: 'errors.invalid' of posts). */
const SCHEMA_KEY_NAMESPACES = ['posts', 'common'] as const

/**
 * An issue's German text: zod's own, or, where a shared schema names a key of the pages' texts
 * instead, that text (a program must never read a raw key); an unknown key reads "Ungültiger Wert.".
 */
export function issueMessage(context: Readonly<RouterContextProvider>, issue: z.core.$ZodIssue) {
	if (!MESSAGE_KEY.test(issue.message)) return issue.message
	const i18n = getInstance(context)
	const namespace = SCHEMA_KEY_NAMESPACES.find((ns) => i18n.exists(`${ns}:${issue.message}`))
	const values = 'maximum' in issue ? { max: Number(issue.maximum) } : {}
	return namespace ? i18n.t(`${namespace}:${issue.message}` as 'posts:errors.invalid', values) : i18n.t('api:fields.invalid')
}

/** zod's issues as German field errors (the user's spelling). */
export function fieldErrors(context: Readonly<RouterContextProvider>, error: z.ZodError): Array<FieldError> {
	const spelling = getSpelling(context)
	return error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(body)', message: spell(issueMessage(context, issue), spelling) }))
}

/** Parses `value` with `schema` (German messages), or throws a 400 problem naming each field. */
export function parseInput<S extends z.ZodType>(context: Readonly<RouterContextProvider>, schema: S, value: unknown): z.output<S> {
	const parsed = schema.safeParse(value, { error: germanIssues })
	if (parsed.success) return parsed.data
	throw problem(context, 400, 'invalid_request', { errors: fieldErrors(context, parsed.error) })
}

/** The query string as an object (a repeated parameter becomes its last value). */
export function queryOf(request: Request) {
	return Object.fromEntries(new URL(request.url).searchParams)
}

export const MAX_JSON_BYTES = 1024 * 1024

/**
 * A JSON body (at most 1 MB) checked by `schema`, or a thrown 400/413/415 problem. `allowNul`: the
 * caller refuses a NUL character itself (the MCP tools answer it as a German tool error).
 */
export async function readJson<S extends z.ZodType>(context: Readonly<RouterContextProvider>, request: Request, schema: S, options: { allowNul?: boolean } = {}): Promise<z.output<S>> {
	const type = request.headers.get('Content-Type') ?? ''
	if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) throw problem(context, 415, 'unsupported_media_type')
	const bytes = await readBodyWithin(request, MAX_JSON_BYTES)
	if (bytes === 'too_large') throw problem(context, 413, 'payload_too_large')
	let value: unknown
	try {
		const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
		// NUL cannot be stored in a Postgres text or jsonb value: such a body is malformed input.
		if (!options.allowNul && /\\u0000/i.test(text)) throw new Error('NUL in JSON')
		value = JSON.parse(text)
	} catch {
		throw problem(context, 400, 'invalid_json')
	}
	return parseInput(context, schema, value)
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/

/**
 * The request id of a creating call: the Idempotency-Key header (any 1-255 visible ASCII characters,
 * e.g. a UUID) mapped to a UUID per user, so a retry with the same key gets the first answer. Without
 * the header a fresh id (the call is not protected against a retry); `required` refuses that.
 */
export function requestIdOf(context: Readonly<RouterContextProvider>, request: Request, principal: ApiPrincipal, options: { required?: boolean } = {}): string {
	const key = request.headers.get('Idempotency-Key')
	if (key === null) {
		if (options.required) throw problem(context, 400, 'idempotency_key_required')
		return crypto.randomUUID()
	}
	if (!IDEMPOTENCY_KEY.test(key)) throw problem(context, 400, 'idempotency_key_invalid')
	return uuidFrom(`${principal.user.id}:${key}`)
}

/** A name-based UUID (version 8 layout over SHA-256): the same input gives the same id. */
export function uuidFrom(input: string) {
	const hex = createHash('sha256').update(input).digest('hex').slice(0, 32).split('')
	hex[12] = '8'
	hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
	const s = hex.join('')
	return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}

/** A JSON answer of the API (no caching: every answer is the user's own). */
export function json(value: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
	return new Response(JSON.stringify(value), { status: init.status ?? 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...init.headers } })
}
