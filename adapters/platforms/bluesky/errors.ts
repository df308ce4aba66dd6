import { PlatformError } from '#modules/publishing/ports.ts'
import { retryAfterMs } from '../http.ts'

/** Every PlatformError code this adapter throws; the publishing module maps each to a German reason. */
export const blueskyErrorCodes = [
	'handle_invalid', // not a handle by the AT Protocol's syntax (checked before any request)
	'handle_not_found', // the handle resolves to no DID, or its DID document to no PDS
	'server_blocked', // a handle, DID host or PDS on a private or internal address, or a PDS that is not https
	'app_password_format', // not an app password (xxxx-xxxx-xxxx-xxxx): the main password is never sent
	'invalid_credentials', // createSession refused handle and app password
	'two_factor_required', // the account asks for an e-mail code (AuthFactorTokenRequired)
	'account_suspended', // AccountTakedown / AccountDeactivated
	'connect_kind', // authorizationUrl/exchangeCode: Bluesky connects with an app password, not OAuth
	'token_expired', // ExpiredToken / InvalidToken / 401 on a call with the access token
	'reconnect_required', // the refresh token was refused: only signing in again helps
	'rate_limited', // HTTP 429 (ratelimit-reset says when)
	'server_error', // 5xx
	'bad_response', // a success without the data it must carry
	'text_too_long', // over 300 graphemes or 3000 bytes
	'image_unavailable', // the image could not be downloaded (a refused address answers 403)
	'image_format', // not JPEG or PNG
	'image_too_large', // over 1,000,000 bytes
	'video_unreachable', // the post's video could not be read from our file store
	'video_too_large', // over the video service's limit (100 MB) or what getUploadLimits leaves for today
	'video_upload_limit', // getUploadLimits: canUpload false (daily videos or bytes used up, or not allowed)
	'video_processing', // the video service's job still running after the wait
	'video_failed', // the job ended in JOB_STATE_FAILED
	'alt_text_too_long', // a video's alt over the 1000 graphemes app.bsky.embed.video allows
	'not_found', // RecordNotFound / NotFound
	'invalid_request', // any other refusal
	'timeout', // no answer in time
	'network', // the connection failed
] as const

export type BlueskyErrorCode = (typeof blueskyErrorCodes)[number]

export type XrpcResult = { status: number; headers: Headers; text: string; json: unknown }

const AUTH_ERRORS = new Set(['ExpiredToken', 'InvalidToken', 'AuthenticationRequired', 'AuthMissing', 'BadJwt', 'BadJwtSignature'])

/** The XRPC error body `{ error, message }`, or empty fields. */
export function xrpcErrorOf(json: unknown): { error: string | null; message: string | null } {
	const body = json && typeof json === 'object' ? (json as { error?: unknown; message?: unknown }) : {}
	return { error: typeof body.error === 'string' ? body.error : null, message: typeof body.message === 'string' ? body.message : null }
}

export function failure(kind: PlatformError['kind'], code: BlueskyErrorCode, message: string, extra: { status?: number | null; retryAfterMs?: number | null } = {}) {
	return new PlatformError({ kind, code, message: `Bluesky: ${message}`, status: extra.status ?? null, retryAfterMs: extra.retryAfterMs ?? null })
}

/** ratelimit-reset is a Unix time in seconds (Bluesky's PDS); Retry-After where a proxy sets it. */
export function rateLimitWait(headers: Headers): number | null {
	const reset = headers.get('ratelimit-reset')
	if (reset && /^\d+$/.test(reset)) return Math.max(0, Number(reset) * 1000 - Date.now())
	return retryAfterMs(headers)
}

/** A non-2xx XRPC answer as a PlatformError; `creates` marks a request that may have created a record. */
export function blueskyError(result: XrpcResult, nsid: string, options: { creates?: boolean } = {}): PlatformError {
	const { status } = result
	const { error, message } = xrpcErrorOf(result.json)
	const text = `${nsid} ${status}${error ? ` ${error}` : ''}: ${message ?? (result.text.slice(0, 200) || 'empty body')}`
	const fail = (kind: PlatformError['kind'], code: BlueskyErrorCode, retryAfter: number | null = null) => failure(kind, code, text, { status, retryAfterMs: retryAfter })

	if (status === 429 || error === 'RateLimitExceeded') return fail('rate_limited', 'rate_limited', rateLimitWait(result.headers))
	if (error === 'AccountTakedown' || error === 'AccountDeactivated') return fail('invalid_request', 'account_suspended')
	if (status === 401 || (error !== null && AUTH_ERRORS.has(error))) return fail('auth_expired', 'token_expired')
	if (error === 'RecordNotFound' || error === 'NotFound' || error === 'HandleNotFound' || status === 404) return fail('invalid_request', 'not_found')
	if (status === 413 || error === 'BlobTooLarge' || /file too large/i.test(message ?? '')) return fail('invalid_request', 'image_too_large')
	if (/must not be longer than \d+ (graphemes|characters)/i.test(message ?? '')) return fail('invalid_request', 'text_too_long')
	if (status >= 500) return fail(options.creates ? 'unknown_outcome' : 'transient', 'server_error')
	if (status >= 400) return fail('invalid_request', 'invalid_request')
	return fail(options.creates ? 'unknown_outcome' : 'transient', 'bad_response')
}

export function badResponse(what: string, options: { creates?: boolean } = {}) {
	return failure(options.creates ? 'unknown_outcome' : 'transient', 'bad_response', what)
}
