import { createHash, randomBytes } from 'node:crypto'
import { json, type FakeRequest, type FakeResponse, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxStore } from '../sandbox/store.ts'

/** The one Facebook user of the sandbox and the pages they manage, each with a linked Instagram business account. */
export const SANDBOX_USER = { id: '100000000000001', name: 'Max Muster' }

export const SANDBOX_PAGES = [
	{
		id: '111000000000001',
		name: 'Muster Café',
		followers: 1200,
		fans: 1150,
		ig: { id: '17841400000000001', username: 'muster.cafe', name: 'Muster Café', followers: 980 },
	},
	{
		id: '111000000000002',
		name: 'Muster Bäckerei',
		followers: 640,
		fans: 610,
		ig: { id: '17841400000000002', username: 'muster_baeckerei', name: 'Muster Bäckerei', followers: 410 },
	},
]

export type SandboxPage = (typeof SANDBOX_PAGES)[number]

export const SHORT_TOKEN_TTL_S = 5400
export const LONG_TOKEN_TTL_S = 5_183_944
/** Page tokens taken with a long-lived user token do not expire; ten years stands in for "never". */
export const PAGE_TOKEN_TTL_S = 10 * 365 * 24 * 3600
export const CODE_TTL_S = 600

export type MetaContext = {
	base: string
	store: SandboxStore
	redirectAllowed: (redirectUri: string | null | undefined) => boolean
	router: FakeRouter
	/** Where the sandbox's feed page shows a post (the sandbox's stand-in for a permalink). */
	feedUrl: (postId: string) => string
}

export type TokenType = 'code' | 'short' | 'long' | 'page'

export type MetaClaims = { type: TokenType; subject: string; scopes: Array<string>; redirect: string }

// Signed store tokens carry the claims in `kind`, so connected sandbox accounts survive restarts.
export function issueToken(store: SandboxStore, claims: MetaClaims, ttlSeconds: number) {
	return store.issueToken({ platform: 'meta', subject: claims.subject, kind: [claims.type, claims.scopes.join(','), claims.redirect].join(':') }, ttlSeconds)
}

export function readToken(store: SandboxStore, token: string | null | undefined): MetaClaims | null {
	const claims = store.verifyToken(token)
	if (!claims || claims.platform !== 'meta') return null
	const [type = '', scopes = '', redirect = ''] = claims.kind.split(':')
	if (!['code', 'short', 'long', 'page'].includes(type)) return null
	return { type: type as TokenType, subject: claims.subject, scopes: scopes ? scopes.split(',') : [], redirect }
}

export const redirectHash = (uri: string) => createHash('sha256').update(uri).digest('hex').slice(0, 16)

export const USAGE_HEADERS = { 'x-app-usage': JSON.stringify({ call_count: 5, total_cputime: 1, total_time: 1 }) }

export const ok = (body: unknown) => json(200, body, { ...USAGE_HEADERS })

/** A Graph error payload; HTTP 400 unless told otherwise (Graph rarely uses anything else). */
export function graphError(code: number, message: string, options: { subcode?: number; status?: number; type?: string; headers?: Record<string, string> } = {}): FakeResponse {
	const error = {
		message,
		type: options.type ?? 'OAuthException',
		code,
		...(options.subcode ? { error_subcode: options.subcode } : {}),
		fbtrace_id: randomBytes(8).toString('base64url'),
	}
	return json(options.status ?? 400, { error }, { ...USAGE_HEADERS, ...options.headers })
}

export const invalidToken = () => graphError(190, 'Error validating access token: Session has expired on Tuesday, 01-Dec-26 10:00:00 PST.', { subcode: 463 })

export const notFound = (id: string) =>
	graphError(100, `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, {
		subcode: 33,
		type: 'GraphMethodException',
	})

export const missingPermission = (scope: string) => graphError(200, `(#200) This action requires the ${scope} permission.`, { status: 403 })

/** Graph takes parameters from the query, a form body or a JSON body. */
export function param(req: FakeRequest, name: string): string | null {
	const fromJson = (req.json as Record<string, unknown> | null)?.[name]
	const value = req.query.get(name) ?? req.form.get(name) ?? (fromJson === undefined || fromJson === null ? null : fromJson)
	if (value === null) return null
	return typeof value === 'string' ? value : JSON.stringify(value)
}

export function tokenOf(req: FakeRequest) {
	const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]
	return param(req, 'access_token') ?? bearer ?? null
}

/** A usable access token (not an authorization code), or the 190 error to answer with. */
export function authenticate(ctx: MetaContext, req: FakeRequest): MetaClaims | FakeResponse {
	const claims = readToken(ctx.store, tokenOf(req))
	return claims && claims.type !== 'code' ? claims : invalidToken()
}

export const isResponse = (value: MetaClaims | FakeResponse): value is FakeResponse => 'status' in value

export function pageById(id: string) {
	return SANDBOX_PAGES.find((p) => p.id === id) ?? null
}

export function pageByIg(igId: string) {
	return SANDBOX_PAGES.find((p) => p.ig.id === igId) ?? null
}

/** Whether the token may act for the page: the page's own token, or a token of the user who manages it. */
export function mayActFor(claims: MetaClaims, page: SandboxPage) {
	return claims.type === 'page' ? claims.subject === page.id : claims.subject === SANDBOX_USER.id
}

/** The top-level names of a Graph `fields` list, e.g. "reactions.summary(total_count),shares" → reactions, shares. */
export function fieldNames(req: FakeRequest, fallback: Array<string>) {
	const raw = param(req, 'fields')
	if (!raw) return fallback
	const names: Array<string> = []
	let depth = 0
	let current = ''
	for (const char of raw) {
		if (char === '(' || char === '{') depth++
		if (char === ')' || char === '}') depth--
		if (char === ',' && depth === 0) {
			names.push(current)
			current = ''
		} else current += char
	}
	names.push(current)
	return names.map((name) => name.trim().split(/[.{(]/)[0]!).filter(Boolean)
}

/** Only the requested fields (and the id), as Graph answers. */
export function pick(object: Record<string, unknown>, fields: Array<string>) {
	const out: Record<string, unknown> = { id: object.id }
	for (const field of fields) if (object[field] !== undefined) out[field] = object[field]
	return out
}

/** Graph timestamps look like 2026-11-22T08:00:00+0000. */
export const graphTime = (iso: string) => iso.replace(/\.\d{3}Z$/, '+0000')

/** Stable made-up engagement numbers for a post. */
export function engagement(id: string) {
	let h = 7
	for (const char of id) h = (h * 31 + char.charCodeAt(0)) >>> 0
	return { likes: 3 + (h % 40), comments: h % 9, shares: h % 5, views: 120 + (h % 900) }
}

/** A Graph edge page with cursors and an absolute `next` pointing back at the fake. */
export function paginate<T>(ctx: MetaContext, req: FakeRequest, items: Array<T>) {
	const limit = Math.min(100, Math.max(1, Number(param(req, 'limit') ?? 25) || 25))
	const after = param(req, 'after')
	const start = after ? Number(Buffer.from(after, 'base64url').toString('utf8')) || 0 : 0
	const data = items.slice(start, start + limit)
	const cursor = (index: number) => Buffer.from(String(index)).toString('base64url')
	const paging: Record<string, unknown> = { cursors: { before: cursor(start), after: cursor(start + data.length) } }
	if (start + limit < items.length) {
		const next = new URL(`${ctx.base}${req.path}`)
		for (const [key, value] of req.query) if (key !== 'after') next.searchParams.set(key, value)
		next.searchParams.set('after', cursor(start + limit))
		paging.next = next.toString()
	}
	return { data, paging }
}
