import { PlatformError, type PlatformErrorKind } from '#modules/publishing/ports.ts'
import { retryAfterMs, type HttpResult } from '../http.ts'

/** Error codes the Meta adapters (Facebook Pages, Instagram) raise; the publishing module maps them to German reasons. */
export const metaErrorCodes = [
	'token_expired',
	'account_action_required',
	'reconnect_required',
	'permission_missing',
	'rate_limited',
	'quota_exhausted',
	'transient',
	'timeout',
	'network',
	'duplicate_post',
	'image_format',
	'image_too_large',
	'image_unreachable',
	'aspect_ratio',
	'caption_too_long',
	'policy_block',
	'invalid_request',
	'container_error',
	'container_expired',
	'not_found',
	'video_failed',
] as const

export type GraphErrorBody = {
	message?: string
	type?: string
	code?: number
	error_subcode?: number
	is_transient?: boolean
	error_user_msg?: string
}

/** When Graph says "throttled" without telling for how long. */
export const DEFAULT_THROTTLE_WAIT_MS = 60_000

const throttleCodes = new Set([4, 17, 32, 341, 613])
const authMessage = /Error validating access token|REVOKED_ACCESS_TOKEN|session has been invalidated|not an Instagram Business/i

// Subcodes (and the odd code) that say more than their code; first match wins.
const specific: Record<number, [PlatformErrorKind, string]> = {
	2207042: ['quota_exhausted', 'quota_exhausted'],
	2207050: ['invalid_request', 'policy_block'],
	2207051: ['invalid_request', 'policy_block'],
	2207001: ['transient', 'transient'],
	2207032: ['transient', 'transient'],
	2207003: ['transient', 'image_unreachable'],
	2207052: ['invalid_request', 'image_unreachable'],
	2207004: ['invalid_request', 'image_too_large'],
	2207005: ['invalid_request', 'image_format'],
	1366046: ['invalid_request', 'image_format'],
	2207009: ['invalid_request', 'aspect_ratio'],
	36003: ['invalid_request', 'aspect_ratio'],
	2207010: ['invalid_request', 'caption_too_long'],
	2207026: ['invalid_request', 'container_error'],
	2207020: ['transient', 'container_expired'],
	2207027: ['transient', 'transient'],
	1390008: ['rate_limited', 'rate_limited'],
	1609005: ['invalid_request', 'invalid_request'],
	// A page video's file could not be used ("There was a problem with your video file").
	351: ['invalid_request', 'video_failed'],
}

export function readGraphError(json: unknown): GraphErrorBody | null {
	const error = (json as { error?: unknown } | null)?.error
	return error && typeof error === 'object' ? (error as GraphErrorBody) : null
}

/**
 * Maps a failed Graph response onto the PlatformError kinds. Graph answers almost everything with
 * HTTP 400, so the class comes from `error.code`/`error_subcode`; the status only counts when
 * there is no Graph error body at all (a proxy's 502 page). On a request that `creates` something,
 * a server error (5xx, Graph's unknown error 1 / 2) may come after it was done: an unknown outcome.
 */
export function classifyGraphError(result: HttpResult, options: { creates?: boolean } = {}): PlatformError {
	const classified = classify(result)
	const serverSide = result.status >= 500 || [1, 2].includes(readGraphError(result.json)?.code ?? 0)
	if (!options.creates || classified.kind !== 'transient' || !serverSide) return classified
	return new PlatformError({ kind: 'unknown_outcome', code: classified.code, message: classified.message, status: classified.status })
}

function classify(result: HttpResult): PlatformError {
	const error = readGraphError(result.json)
	if (!error || typeof error.code !== 'number') return withoutGraphBody(result)
	const code = error.code
	const subcode = typeof error.error_subcode === 'number' ? error.error_subcode : null
	const message = `(#${code}${subcode ? `/${subcode}` : ''}) ${error.message ?? 'Graph API error'}`
	const fail = (kind: PlatformErrorKind, errorCode: string, wait: number | null = null) =>
		new PlatformError({ kind, code: errorCode, message, retryAfterMs: wait, status: result.status })

	if (code === 190 || code === 102 || subcode === 492 || (subcode !== null && subcode >= 458 && subcode <= 467) || authMessage.test(error.message ?? '')) {
		// 459 (checkpointed) and 464 (unconfirmed user): reconnecting does not help until the user acts on facebook.com
		return fail('auth_expired', subcode === 459 || subcode === 464 ? 'account_action_required' : 'token_expired')
	}
	const known = (subcode !== null ? specific[subcode] : undefined) ?? specific[code]
	if (known) return fail(known[0], known[1], known[0] === 'rate_limited' ? throttleWaitMs(result.headers) : null)
	if (throttleCodes.has(code) || (code >= 80000 && code <= 80014)) return fail('rate_limited', 'rate_limited', throttleWaitMs(result.headers))
	if (code === 9007) return fail('transient', 'transient')
	if (code === 368) return fail('invalid_request', 'policy_block')
	if (code === 506) return fail('invalid_request', 'duplicate_post')
	if (code === 10 || (code >= 200 && code <= 299)) return fail('permission_missing', 'permission_missing')
	if (code === 1 || code === 2 || error.is_transient === true) return fail('transient', 'transient')
	if (code === 100 && subcode === 33) return fail('invalid_request', 'not_found')
	return fail('invalid_request', 'invalid_request')
}

function withoutGraphBody(result: HttpResult): PlatformError {
	const message = `HTTP ${result.status}: ${result.text.slice(0, 200)}`
	const fail = (kind: PlatformErrorKind, code: string, wait: number | null = null) =>
		new PlatformError({ kind, code, message, retryAfterMs: wait, status: result.status })
	if (result.status === 429) return fail('rate_limited', 'rate_limited', throttleWaitMs(result.headers))
	if (result.status >= 500 || result.json === null) return fail('transient', 'transient')
	if (result.status === 401) return fail('auth_expired', 'token_expired')
	return fail('invalid_request', 'invalid_request')
}

/**
 * How long to wait after a throttle: the Business Use Case header's
 * `estimated_time_to_regain_access` (minutes, per page or IG account), else Retry-After, else a default.
 */
export function throttleWaitMs(headers: Headers): number {
	let minutes = 0
	for (const name of ['x-business-use-case-usage', 'x-ad-account-usage']) {
		const value = headers.get(name)
		if (value) minutes = Math.max(minutes, regainMinutes(value))
	}
	if (minutes > 0) return minutes * 60_000
	return retryAfterMs(headers) ?? DEFAULT_THROTTLE_WAIT_MS
}

function regainMinutes(header: string): number {
	let parsed: unknown
	try {
		parsed = JSON.parse(header)
	} catch {
		return 0
	}
	let minutes = 0
	const visit = (value: unknown) => {
		if (Array.isArray(value)) value.forEach(visit)
		else if (value && typeof value === 'object') {
			const regain = (value as { estimated_time_to_regain_access?: unknown }).estimated_time_to_regain_access
			if (typeof regain === 'number') minutes = Math.max(minutes, regain)
			Object.values(value).forEach(visit)
		}
	}
	visit(parsed)
	return minutes
}

/**
 * An Instagram container's ERROR status carries a subcode in its `status` text. A container holding a
 * video (a Reel, a carousel with a video) that failed is 'video_failed': its subcodes name image faults.
 */
export function containerError(status: string | undefined, holdsVideo = false): PlatformError {
	const subcode = Number(/\d{4,}/.exec(status ?? '')?.[0] ?? NaN)
	const known = specific[subcode]
	const code = holdsVideo ? 'video_failed' : known && known[0] === 'invalid_request' ? known[1] : 'container_error'
	return new PlatformError({ kind: 'invalid_request', code, message: `Instagram container failed: ${status ?? 'ERROR'}` })
}
