import { randomBytes } from 'node:crypto'
import { json, type FakeRequest, type FakeResponse } from '../sandbox/fake-http.ts'
import type { SandboxStore, SandboxToken } from '../sandbox/store.ts'

/** The one Threads account of the sandbox. */
export const SANDBOX_USER = { id: '9001', username: 'acme', name: 'Acme (Testmodus)' }

export const SHORT_TOKEN_TTL_S = 3600
export const LONG_TOKEN_TTL_S = 5_183_944
export const REFRESH_MIN_AGE_MS = 24 * 3600 * 1000

export function graphError(status: number, code: number, message: string, extra: { error_subcode?: number; type?: string } = {}): FakeResponse {
	const type = extra.type ?? (code === 190 ? 'OAuthException' : 'THApiException')
	return json(status, { error: { message, type, code, ...(extra.error_subcode ? { error_subcode: extra.error_subcode } : {}), fbtrace_id: randomBytes(8).toString('base64url') } })
}

export const invalidToken = () => graphError(400, 190, 'Error validating access token: The session is invalid or has expired.')

/** Graph takes parameters from the query or the form body. */
export function param(req: FakeRequest, name: string) {
	return req.query.get(name) ?? req.form.get(name)
}

export function tokenOf(req: FakeRequest) {
	const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]
	return param(req, 'access_token') ?? bearer ?? null
}

/** The claims of a valid Threads access token (short- or long-lived), or null. */
export function verifyAccessToken(store: SandboxStore, token: string | null): SandboxToken | null {
	const claims = store.verifyToken(token)
	if (!claims || claims.platform !== 'threads') return null
	return claims.kind === 'short' || claims.kind === 'long' ? claims : null
}

/** Graph timestamps look like 2026-11-22T08:00:00+0000. */
export function graphTime(iso: string) {
	return iso.replace(/\.\d{3}Z$/, '+0000')
}
