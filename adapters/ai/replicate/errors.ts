import { AiError } from '#modules/ai/ports.ts'
import { aiMessages, providerDetail } from '../messages.ts'

/** The SDK's ApiError (not exported as a class by replicate@1.4.0, so it is recognised by shape). */
type ApiErrorLike = Error & { response: Response }

export function isApiError(error: unknown): error is ApiErrorLike {
	return error instanceof Error && error.name === 'ApiError' && (error as Partial<ApiErrorLike>).response instanceof Response
}

export const apiStatus = (error: unknown) => (isApiError(error) ? error.response.status : null)

/** Seconds or an HTTP date from `Retry-After`; null when absent or unreadable. */
export function retryAfterMs(error: unknown): number | null {
	const value = isApiError(error) ? error.response.headers.get('retry-after')?.trim() : undefined
	if (!value) return null
	const seconds = Number(value)
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
	const date = Date.parse(value)
	return Number.isNaN(date) ? null : Math.max(0, date - Date.now())
}

/** Maps an SDK or fetch failure onto the one AiError of the ports. */
export function replicateError(error: unknown): AiError {
	if (error instanceof AiError) return error
	if (!isApiError(error)) {
		if (error instanceof Error && error.name === 'AbortError') return new AiError({ kind: 'transient', code: 'aborted', message: aiMessages.aborted, cause: error })
		if (error instanceof Error && error.name === 'TimeoutError') return new AiError({ kind: 'transient', code: 'timeout', message: aiMessages.timeout, cause: error })
		return new AiError({ kind: 'transient', code: 'connection_failed', message: aiMessages.transient, cause: error })
	}
	const status = error.response.status
	if (status === 401) return new AiError({ kind: 'auth', code: 'invalid_token', message: aiMessages.auth, cause: error })
	if (status === 403) return new AiError({ kind: 'auth', code: 'permission_denied', message: aiMessages.permission, cause: error })
	// Replicate answers 402 Payment Required when the account has no credit left.
	if (status === 402) return new AiError({ kind: 'quota_exhausted', code: 'payment_required', message: aiMessages.quota, cause: error })
	if (status === 429) {
		return new AiError({ kind: 'rate_limited', code: 'rate_limited', message: aiMessages.rateLimited, retryAfterMs: retryAfterMs(error), cause: error })
	}
	if (status >= 500 || status === 408) return new AiError({ kind: 'transient', code: 'server_error', message: aiMessages.transient, cause: error })
	const reason =
		status === 404 ? aiMessages.reasons.unknownModel : providerDetail(problemDetail(error.message), aiMessages.reasons.invalidInput)
	return new AiError({ kind: 'invalid_request', code: status === 422 ? 'invalid_input' : `http_${status}`, message: aiMessages.rejected(reason), cause: error })
}

/** The SDK has read the body already; its message ends with it: `… failed with status 422 …: {"detail": …}.` */
function problemDetail(message: string): string | null {
	const start = message.indexOf('{')
	const end = message.lastIndexOf('}')
	if (start < 0 || end <= start) return null
	try {
		const body = JSON.parse(message.slice(start, end + 1)) as { detail?: unknown; title?: unknown }
		return typeof body.detail === 'string' ? body.detail : typeof body.title === 'string' ? body.title : null
	} catch {
		return null
	}
}

const nsfw = /nsfw|sensitive|safety|flagged|inappropriate/i

/** A prediction that ended `failed`: content rejections are the user's to fix; anything else may work next time. */
export function predictionFailed(detail: unknown): AiError {
	const text = typeof detail === 'string' ? detail : detail == null ? '' : JSON.stringify(detail)
	if (nsfw.test(text)) {
		return new AiError({ kind: 'invalid_request', code: 'content_rejected', message: aiMessages.rejected(aiMessages.reasons.contentPolicy) })
	}
	return new AiError({ kind: 'transient', code: 'prediction_failed', message: aiMessages.failed, cause: text ? new Error(text) : undefined })
}
