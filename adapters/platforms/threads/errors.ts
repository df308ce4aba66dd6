import { PlatformError } from '#modules/publishing/ports.ts'
import { retryAfterMs, type HttpResult } from '../http.ts'

/** Every PlatformError code this adapter throws; the publishing module maps each to a German reason. */
export const threadsErrorCodes = [
	'token_expired', // Graph 190 / 102: the token expired or was revoked
	'reconnect_required', // the refresh was refused: the 60-day token died, only re-authorizing helps
	'refresh_too_early', // Threads refreshes only tokens at least 24 h old
	'permission_missing', // Graph 10 and 200-299: a scope was not granted
	'rate_limited', // HTTP 429, Graph 4 / 17 / 32 / 613
	'quota_exhausted', // 250 published posts per 24 h (Graph 9 / 2207042)
	'server_error', // 5xx, Graph 1 / 2
	'bad_response', // a success without the data it must carry
	'container_not_ready', // Graph 9007: published before the container was FINISHED
	'container_error', // the container ended in ERROR
	'video_failed', // a video's container ended in ERROR (FAILED_DOWNLOADING_VIDEO, FAILED_PROCESSING_VIDEO, INVALID_DURATION, …)
	'document_not_supported', // checkedMedia: Threads takes no documents
	'carousel_too_many', // checkedMedia: more than 20 items
	'carousel_mixed', // checkedMedia: a document beside other items
	'alt_text_too_long', // checkedMedia: over the descriptor's 1 000
	'container_expired', // the container was not published within 24 h
	'container_timeout', // still IN_PROGRESS when the adapter stopped polling
	'text_too_long', // over 500 characters (an emoji counts as its UTF-8 bytes)
	'image_unreachable', // Threads could not fetch the image URL
	'policy_block', // the account is restricted (2207051, 4279013)
	'invalid_request', // any other refusal
	'aborted', // the caller's signal stopped a wait
	'timeout', // from the HTTP helper: no answer in time
	'network', // from the HTTP helper: the connection failed
] as const

export type ThreadsErrorCode = (typeof threadsErrorCodes)[number]

/** The Graph `error.code` values the classification looks at. */
export const graphErrorCodes = {
	authExpired: [190, 102],
	permissionMissing: [10, '200-299'],
	rateLimited: [4, 17, 32, 613],
	transient: [1, 2],
	quotaExhausted: [9],
	containerNotReady: [9007],
} as const

const RESTRICTED_SUBCODES = new Set([2207051, 4279013])
const QUOTA_SUBCODE = 2207042

type GraphErrorBody = { message?: string; type?: string; code?: number; error_subcode?: number; error_user_msg?: string }

export function graphErrorOf(json: unknown): GraphErrorBody | null {
	const error = (json as { error?: unknown } | null)?.error
	return error && typeof error === 'object' ? (error as GraphErrorBody) : null
}

/**
 * Graph errors are classified on `error.code` (190 comes with HTTP 400, not 401), plus the few
 * message substrings postiz relies on where Threads has no distinct code.
 */
export function threadsError(result: HttpResult, options: { creates?: boolean } = {}): PlatformError {
	const body = graphErrorOf(result.json) ?? {}
	const { status } = result
	const code = body.code ?? null
	const subcode = body.error_subcode ?? null
	const text = body.message ?? (result.text.slice(0, 200) || 'empty body')
	const message = `Threads ${status}: ${text}${code === null ? '' : ` (code ${code}${subcode ? `/${subcode}` : ''})`}`
	const error = (kind: PlatformError['kind'], errorCode: ThreadsErrorCode, retryAfter: number | null = null) =>
		new PlatformError({ kind, code: errorCode, message, status, retryAfterMs: retryAfter })

	if (/text must be at most 500 characters/i.test(text)) return error('invalid_request', 'text_too_long')
	if (/The media could not be fetched from this URI/i.test(text)) return error('invalid_request', 'image_unreachable')
	if (code === 190 || code === 102) return error('auth_expired', 'token_expired')
	if (code === 10 || (code !== null && code >= 200 && code <= 299)) return error('permission_missing', 'permission_missing')
	if (code === 9 || subcode === QUOTA_SUBCODE) return error('quota_exhausted', 'quota_exhausted')
	if (status === 429 || code === 4 || code === 17 || code === 32 || code === 613) return error('rate_limited', 'rate_limited', retryAfterMs(result.headers))
	if ((subcode !== null && RESTRICTED_SUBCODES.has(subcode)) || (code !== null && RESTRICTED_SUBCODES.has(code))) return error('invalid_request', 'policy_block')
	if (code === 9007) return error('transient', 'container_not_ready')
	// A server error on a creating call may come after it was done (a gateway timeout, a crash before the answer).
	if (options.creates && (code === 1 || code === 2 || status >= 500)) return error('unknown_outcome', 'server_error')
	if (code === 1 || code === 2 || status >= 500) return error('transient', 'server_error')
	if (status >= 400) return error('invalid_request', 'invalid_request')
	return error('transient', 'bad_response')
}

export function badResponse(what: string, options: { creates?: boolean; status?: number } = {}) {
	return new PlatformError({ kind: options.creates ? 'unknown_outcome' : 'transient', code: 'bad_response', message: `Threads: ${what}`, status: options.status ?? null })
}
