import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai'
import { AiError } from '#modules/ai/ports.ts'
import { aiMessages, providerDetail } from '../messages.ts'

const contentPolicyCodes = new Set(['moderation_blocked', 'content_policy_violation', 'content_filter', 'image_generation_user_error'])

/** Maps whatever the SDK threw (after its own retries) onto the one AiError of the ports. */
export function openAiError(error: unknown): AiError {
	if (error instanceof AiError) return error
	// Subclasses first: a timeout is a connection error, and both are APIErrors without a status.
	if (error instanceof APIUserAbortError) return new AiError({ kind: 'transient', code: 'aborted', message: aiMessages.aborted, cause: error })
	if (error instanceof APIConnectionTimeoutError) return new AiError({ kind: 'transient', code: 'timeout', message: aiMessages.timeout, cause: error })
	if (error instanceof APIConnectionError) return new AiError({ kind: 'transient', code: 'connection_failed', message: aiMessages.transient, cause: error })
	if (!(error instanceof APIError) || typeof error.status !== 'number') {
		return new AiError({ kind: 'transient', code: 'unexpected', message: aiMessages.transient, cause: error })
	}
	const status = error.status
	const code = typeof error.code === 'string' ? error.code : null
	const type = typeof error.type === 'string' ? error.type : null
	if (status === 401) return new AiError({ kind: 'auth', code: code ?? 'invalid_api_key', message: aiMessages.auth, cause: error })
	if (status === 403) return new AiError({ kind: 'auth', code: code ?? 'permission_denied', message: aiMessages.permission, cause: error })
	if (status === 429) {
		// Billing exhaustion arrives as 429 too, but waiting does not help.
		if (code === 'insufficient_quota' || type === 'insufficient_quota') {
			return new AiError({ kind: 'quota_exhausted', code: 'insufficient_quota', message: aiMessages.quota, cause: error })
		}
		return new AiError({
			kind: 'rate_limited',
			code: code ?? 'rate_limit_exceeded',
			message: aiMessages.rateLimited,
			retryAfterMs: retryAfterMs(error.headers),
			cause: error,
		})
	}
	if (status >= 500 || status === 408 || status === 409) {
		return new AiError({ kind: 'transient', code: code ?? 'server_error', message: aiMessages.transient, cause: error })
	}
	return new AiError({ kind: 'invalid_request', code: code ?? `http_${status}`, message: aiMessages.rejected(rejectionReason(status, code, type, error)), cause: error })
}

function rejectionReason(status: number, code: string | null, type: string | null, error: APIError) {
	if ((code && contentPolicyCodes.has(code)) || (type && contentPolicyCodes.has(type))) return aiMessages.reasons.contentPolicy
	if (code === 'context_length_exceeded' || code === 'string_above_max_length') return aiMessages.reasons.tooLong
	if (status === 404 || code === 'model_not_found') return aiMessages.reasons.unknownModel
	const detail = (error.error as { message?: unknown } | undefined)?.message
	return providerDetail(detail, aiMessages.reasons.invalidInput)
}

/** Milliseconds from `retry-after-ms` or `retry-after` (seconds or an HTTP date); null when absent. */
export function retryAfterMs(headers: Headers | null | undefined): number | null {
	const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '')
	if (Number.isFinite(ms) && ms >= 0) return ms
	const value = headers?.get('retry-after')?.trim()
	if (!value) return null
	const seconds = Number(value)
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
	const date = Date.parse(value)
	return Number.isNaN(date) ? null : Math.max(0, date - Date.now())
}
