import { PlatformError } from '#modules/publishing/ports.ts'
import { WebReadError } from '#modules/media/index.ts'
import { retryAfterMs, type HttpResult } from '../http.ts'

/** Every PlatformError code this adapter throws; the publishing module maps each to a German reason. */
export const mastodonErrorCodes = [
	'server_invalid', // what the user typed is not a host name
	'server_blocked', // a private or internal address (refused before any request)
	'server_not_found', // no such host, or it does not answer as Mastodon
	'registration_failed', // POST /api/v1/apps was refused
	'invalid_grant', // the code was used, expired or issued for another redirect_uri or PKCE verifier
	'invalid_client', // the registered app is unknown to the instance (e.g. removed before 4.3)
	'token_revoked', // HTTP 401: the token was revoked or deleted (Mastodon's tokens do not expire)
	'token_expired', // HTTP 401 naming an expired token (an instance with expiring tokens)
	'permission_missing', // a scope was not granted, or 403 outside the authorized scopes
	'policy_block', // 403 for another reason: the login is disabled or the account suspended
	'rate_limited', // HTTP 429 (X-RateLimit-Reset)
	'server_error', // 5xx
	'bad_response', // a success without the data it must carry
	'not_found', // 404 / 410: the status or account is gone
	'text_too_long', // over the instance's limit (URLs counted as 23)
	'image_unavailable', // the post's image could not be downloaded (refused address, 4xx)
	'image_format', // not a format the instance takes
	'image_too_large', // over the instance's image_size_limit
	'image_processing', // still processing after the wait, or attached too early
	'image_failed', // the instance could not process the upload
	'video_unreachable', // the post's video could not be read from our file store
	'video_format', // a video type the instance does not list (supported_mime_types)
	'video_too_large', // over the instance's video_size_limit
	'video_processing', // still transcoding after the wait
	'video_failed', // the instance could not transcode the video (GET /api/v1/media/:id answered 422)
	'invalid_request', // any other refusal (422, 400)
	'timeout', // from the HTTP helper: no answer in time
	'network', // from the HTTP helper: the connection failed
] as const

export type MastodonErrorCode = (typeof mastodonErrorCodes)[number]

const errorText = (json: unknown) => {
	const body = json as { error?: unknown; error_description?: unknown } | null
	return {
		error: typeof body?.error === 'string' ? body.error : null,
		description: typeof body?.error_description === 'string' ? body.error_description : null,
	}
}

/** X-RateLimit-Reset is an ISO 8601 time; Retry-After where a proxy sets one. */
export function rateLimitWaitMs(headers: Headers): number | null {
	const reset = Date.parse(headers.get('x-ratelimit-reset') ?? '')
	if (!Number.isNaN(reset)) return Math.max(0, reset - Date.now())
	return retryAfterMs(headers)
}

/** A non-2xx answer as a PlatformError. A 5xx on a creating request may have created the status: unknown outcome. */
export function mastodonError(result: HttpResult, options: { creates?: boolean } = {}): PlatformError {
	const { status } = result
	const { error: text, description } = errorText(result.json)
	const detail = text ?? (result.text.slice(0, 200) || 'empty body')
	const message = `Mastodon ${status}: ${detail}${description ? ` (${description})` : ''}`
	const error = (kind: PlatformError['kind'], code: MastodonErrorCode, retryAfter: number | null = null) =>
		new PlatformError({ kind, code, message, status, retryAfterMs: retryAfter })

	if (text === 'invalid_grant') return error('invalid_request', 'invalid_grant')
	if (text === 'invalid_client') return error('invalid_request', 'invalid_client')
	// Mastodon issues tokens without an end: a 401 means the user or the instance withdrew it.
	if (status === 401) return error('auth_expired', /expired/i.test(`${detail} ${description ?? ''}`) ? 'token_expired' : 'token_revoked')
	if (status === 403) return /scope/i.test(detail) ? error('permission_missing', 'permission_missing') : error('invalid_request', 'policy_block')
	if (status === 429) return error('rate_limited', 'rate_limited', rateLimitWaitMs(result.headers))
	if (status >= 500) return error(options.creates ? 'unknown_outcome' : 'transient', 'server_error')
	if (status === 404 || status === 410) return error('invalid_request', 'not_found')
	if (status === 422) {
		if (/character limit/i.test(detail)) return error('invalid_request', 'text_too_long')
		if (/not finished processing/i.test(detail)) return error('transient', 'image_processing')
		if (/content type|file size/i.test(detail)) return error('invalid_request', /file size/i.test(detail) ? 'image_too_large' : 'image_format')
	}
	if (status >= 400) return error('invalid_request', 'invalid_request')
	return error(options.creates ? 'unknown_outcome' : 'transient', 'bad_response')
}

export function badResponse(what: string, options: { creates?: boolean; status?: number } = {}) {
	return new PlatformError({ kind: options.creates ? 'unknown_outcome' : 'transient', code: 'bad_response', message: `Mastodon: ${what}`, status: options.status ?? null })
}

export function invalid(code: MastodonErrorCode, message: string) {
	return new PlatformError({ kind: 'invalid_request', code, message: `Mastodon: ${message}` })
}

/** The SSRF-safe fetcher refused the host before sending anything. */
export function isRefusedHost(error: unknown): error is WebReadError {
	return error instanceof WebReadError && (error.code === 'blocked_address' || error.code === 'invalid_url')
}

/** The host does not resolve or answer at all. */
export function isUnreachableHost(error: unknown): error is WebReadError {
	return error instanceof WebReadError && (error.code === 'unreachable' || error.code === 'timeout')
}
