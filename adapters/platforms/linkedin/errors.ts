import { PlatformError } from '#modules/publishing/ports.ts'
import { retryAfterMs, type HttpResult } from '../http.ts'

/** Every PlatformError code this adapter throws; the publishing module maps each to a German reason. */
export const linkedinErrorCodes = [
	'token_expired', // 401: the member revoked access or the token expired
	'reconnect_required', // no refresh token (LinkedIn issues them only to partners) or it was refused
	'permission_missing', // 403: a scope or the admin role on the organization is missing
	'rate_limited', // 429
	'server_error', // 5xx
	'bad_response', // a success without the data it must carry
	'invalid_request', // 400 / 422 / other 4xx
	'not_found', // 404
	'api_version_sunset', // 426: the configured LinkedIn-Version is no longer served
	'invalid_grant', // the authorization code was used, expired or belongs to another redirect URI
	'invalid_client', // client id or secret rejected
	'text_too_long', // over 3 000 characters
	'image_unreachable', // the image URL could not be fetched
	'image_format', // not JPEG, PNG or GIF
	'image_failed', // LinkedIn could not process the uploaded image
	'image_processing', // the uploaded image was not ready in time (retry)
	'document_unreachable', // the document (PDF) URL could not be fetched
	'document_format', // not a PDF
	'document_failed', // LinkedIn could not process the uploaded document (broken, or over 100 MB / 300 pages)
	'document_processing', // the uploaded document was not ready in time (retry)
	'document_too_large', // the PDF behind the URL is over the descriptor's document.maxBytes
	'timeout', // from the HTTP helper: no answer in time
	'network', // from the HTTP helper: the connection failed
] as const

export type LinkedinErrorCode = (typeof linkedinErrorCodes)[number]

type LinkedinErrorBody = { status?: number; serviceErrorCode?: number; code?: string; message?: string }

export function linkedinError(result: HttpResult, options: { creates?: boolean } = {}): PlatformError {
	const body = (result.json ?? {}) as LinkedinErrorBody
	const status = result.status
	const message = `LinkedIn ${status}: ${body.message ?? (result.text.slice(0, 200) || 'empty body')}`
	const error = (kind: PlatformError['kind'], code: LinkedinErrorCode, retryAfter: number | null = null) =>
		new PlatformError({ kind, code, message, status, retryAfterMs: retryAfter })
	if (status === 401) return error('auth_expired', 'token_expired')
	if (status === 403) return error('permission_missing', 'permission_missing')
	if (status === 429) return error('rate_limited', 'rate_limited', retryAfterMs(result.headers) ?? 60_000)
	if (status === 426) return error('invalid_request', 'api_version_sunset')
	if (status === 404) return error('invalid_request', 'not_found')
	// A server error on a create may come after the API did it (a gateway timeout, a crash before the answer).
	if (status >= 500 && options.creates) return error('unknown_outcome', 'server_error')
	if (status >= 500) return error('transient', 'server_error')
	if (status >= 400) return error('invalid_request', 'invalid_request')
	return error('transient', 'bad_response')
}

/** Errors of the OAuth token endpoint, which answers in the OAuth shape `{ error, error_description }`. */
export function oauthError(result: HttpResult, grant: 'authorization_code' | 'refresh_token'): PlatformError {
	const body = (result.json ?? {}) as { error?: string; error_description?: string }
	if (result.status >= 500 || result.status === 429 || !body.error) return linkedinError(result)
	const message = `LinkedIn OAuth ${result.status}: ${body.error}${body.error_description ? ` (${body.error_description})` : ''}`
	if (grant === 'refresh_token') return new PlatformError({ kind: 'auth_expired', code: 'reconnect_required', message, status: result.status })
	const code = body.error === 'invalid_client' ? 'invalid_client' : body.error === 'invalid_grant' ? 'invalid_grant' : 'invalid_request'
	return new PlatformError({ kind: 'invalid_request', code, message, status: result.status })
}

export function badResponse(what: string, status: number | null = null) {
	return new PlatformError({ kind: 'transient', code: 'bad_response', message: `LinkedIn: ${what}`, status })
}
