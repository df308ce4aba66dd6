import { createHash } from 'node:crypto'
import { json, type FakeRequest, type FakeResponse } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'

// The parts of the Bluesky fake that its identity, repo and feed routes share: the sandbox's hosts,
// its conventions for handles and app passwords, the session JWTs and XRPC errors as the PDS writes them.

/** The sandbox's one PDS (DID documents name it; the sandbox's userFetch brings its requests back here). */
export const PDS_HOST = 'pds.sandbox.bsky.example'
export const ENTRYWAY_HOST = 'bsky.social'
export const PLC_HOST = 'plc.directory'
/** An app password of the right format that the sandbox refuses like a wrong one (401 AuthenticationRequired). */
export const WRONG_APP_PASSWORD = 'fehl-pass-wort-0000'
/** An app password of the right format for which the sandbox asks for an e-mail code (401 AuthFactorTokenRequired). */
export const TWO_FACTOR_APP_PASSWORD = 'zwei-fakt-orxx-0000'
/** Who writes the feed page's test comments (their records live in this repo). */
export const FOLLOWER_DID = 'did:plc:sandboxfollowers22222222'
export const ACCESS_TTL_S = 2 * 3600
export const REFRESH_TTL_S = 90 * 24 * 3600
export const MAX_GRAPHEMES = 300
export const MAX_TEXT_BYTES = 3000
export const MAX_IMAGE_BYTES = 1_000_000

const HANDLE = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/
export const PLC_DID = /^did:plc:[a-z2-7]{24}$/
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'

export type BlueskyFakeState = {
	/** DID -> handle of the accounts the fake has seen (a DID it does not know shows as handle.invalid, like Bluesky). */
	handles: Map<string, string>
	/** `bytes` null for a video too large to keep in memory (counted, not kept). */
	blobs: Map<string, { mimeType: string; size: number; bytes: Buffer | null }>
	/** The full records (facets, embed) of this run; posts from an earlier run come from the store's text. */
	records: Map<string, { cid: string; value: Record<string, unknown> }>
}

export type BlueskyFakeContext = SandboxContext & { state: BlueskyFakeState }

export function xrpcError(status: number, error: string, message: string, headers: Record<string, string> = {}): FakeResponse {
	return json(status, { error, message }, headers)
}

export const isHandle = (value: string) => value.length <= 253 && HANDLE.test(value)

/** Names under .invalid (RFC 2606) never resolve, in the sandbox as on the real network. */
export const resolves = (handle: string) => isHandle(handle) && !/\.invalid$/.test(handle)

/** A handle's DID in the sandbox: derived from the name, so the same handle is the same account after a restart. */
export function didFor(context: BlueskyFakeContext, handle: string) {
	const digest = createHash('sha256').update(`sandbox:${handle}`).digest()
	let id = ''
	for (let i = 0; i < 24; i++) id += BASE32[digest[i]! % 32]
	const did = `did:plc:${id}`
	context.state.handles.set(did, handle)
	return did
}

export const handleOf = (context: BlueskyFakeContext, did: string) => context.state.handles.get(did) ?? 'handle.invalid'

export function displayNameOf(handle: string) {
	const name = handle.split('.')[0] ?? handle
	return `${name.charAt(0).toUpperCase()}${name.slice(1)} (Testmodus)`
}

/** A CID-shaped id (base32 of a hash), stable for the same content. */
export function cidOf(...parts: Array<string>) {
	const digest = createHash('sha256').update(parts.join('\n')).digest()
	let out = 'bafyrei'
	for (let i = 0; i < 52; i++) out += BASE32[digest[i % digest.length]! % 32]
	return out
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/**
 * A session: JWT-shaped tokens (header.payload.signature) whose signature part carries a sandbox store
 * token, so they are checked by the store's HMAC and survive restarts; `exp` is readable like Bluesky's.
 */
export function issueSession(context: BlueskyFakeContext, did: string) {
	const now = Math.floor(Date.now() / 1000)
	const jwt = (kind: 'access' | 'refresh', ttl: number, scope: string) => {
		const inner = context.store.issueToken({ platform: 'bluesky', subject: did, kind }, ttl)
		return `${b64({ typ: kind === 'access' ? 'at+jwt' : 'refresh+jwt', alg: 'HS256' })}.${b64({ scope, sub: did, aud: `did:web:${PDS_HOST}`, iat: now, exp: now + ttl })}.${Buffer.from(inner).toString('base64url')}`
	}
	return { accessJwt: jwt('access', ACCESS_TTL_S, 'com.atproto.appPass'), refreshJwt: jwt('refresh', REFRESH_TTL_S, 'com.atproto.refresh') }
}

export function bearer(req: FakeRequest) {
	return /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null
}

/** The DID a token stands for, or the error the PDS answers (ExpiredToken 400, InvalidToken 401). */
export function verifySession(context: BlueskyFakeContext, token: string | null, kind: 'access' | 'refresh'): string | FakeResponse {
	if (!token) return xrpcError(401, 'AuthMissing', 'Authentication Required')
	const [, payload, signature] = token.split('.')
	let inner = ''
	try {
		inner = Buffer.from(signature ?? '', 'base64url').toString('utf8')
	} catch {
		// not ours
	}
	const claims = context.store.verifyToken(inner)
	if (claims && claims.platform === 'bluesky' && claims.kind === kind) return claims.subject
	try {
		const exp = (JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as { exp?: unknown }).exp
		if (typeof exp === 'number' && exp * 1000 <= Date.now()) return xrpcError(400, 'ExpiredToken', 'Token has expired')
	} catch {
		// not a JWT at all
	}
	return xrpcError(401, 'InvalidToken', 'Token could not be verified')
}

/** The signature part's store token (to revoke a used refresh token). */
export const innerToken = (jwt: string) => Buffer.from(jwt.split('.')[2] ?? '', 'base64url').toString('utf8')

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' })
export function graphemes(text: string) {
	let count = 0
	for (const _ of segmenter.segment(text)) count++
	return count
}

/** The repo a request names: a DID, or a handle the fake knows. */
export function repoDid(context: BlueskyFakeContext, repo: string | null | undefined) {
	if (!repo) return null
	if (repo.startsWith('did:')) return repo
	return resolves(repo) ? didFor(context, repo) : null
}
