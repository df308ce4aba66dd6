import { expect, test } from 'vitest'
import type { HttpResult } from '../http.ts'
import { classifyGraphError, containerError, DEFAULT_THROTTLE_WAIT_MS } from './errors.ts'

function result(status: number, error: Record<string, unknown> | null, headers: Record<string, string> = {}, text?: string): HttpResult {
	const body = error ? { error: { message: 'x', type: 'OAuthException', fbtrace_id: 't', ...error } } : null
	return { status, headers: new Headers(headers), text: text ?? JSON.stringify(body), json: body }
}

const cases: Array<[string, HttpResult, string, string]> = [
	['190/463 expired', result(400, { code: 190, error_subcode: 463 }), 'auth_expired', 'token_expired'],
	['190/460 password changed', result(400, { code: 190, error_subcode: 460 }), 'auth_expired', 'token_expired'],
	['190/459 checkpointed', result(400, { code: 190, error_subcode: 459 }), 'auth_expired', 'account_action_required'],
	['102 session', result(400, { code: 102 }), 'auth_expired', 'token_expired'],
	['492 page role lost', result(400, { code: 200, error_subcode: 492 }), 'auth_expired', 'token_expired'],
	['message only', result(400, { code: 100, message: 'Error validating access token: x' }), 'auth_expired', 'token_expired'],
	['10 permission', result(403, { code: 10 }), 'permission_missing', 'permission_missing'],
	['200 permission', result(400, { code: 200 }), 'permission_missing', 'permission_missing'],
	['4 app throttle', result(400, { code: 4 }), 'rate_limited', 'rate_limited'],
	['17 user throttle', result(400, { code: 17 }), 'rate_limited', 'rate_limited'],
	['32 pages throttle', result(400, { code: 32 }), 'rate_limited', 'rate_limited'],
	['613 custom throttle', result(400, { code: 613 }), 'rate_limited', 'rate_limited'],
	['80001 pages BUC', result(400, { code: 80001 }), 'rate_limited', 'rate_limited'],
	['80002 instagram BUC', result(400, { code: 80002 }), 'rate_limited', 'rate_limited'],
	['1 unknown with 500', result(500, { code: 1 }), 'transient', 'transient'],
	['2 service', result(503, { code: 2 }), 'transient', 'transient'],
	['is_transient', result(400, { code: 999, is_transient: true }), 'transient', 'transient'],
	['368 policy', result(400, { code: 368 }), 'invalid_request', 'policy_block'],
	['506 duplicate', result(400, { code: 506 }), 'invalid_request', 'duplicate_post'],
	['100 invalid parameter', result(400, { code: 100 }), 'invalid_request', 'invalid_request'],
	['100 with HTTP 500 is still a parameter error', result(500, { code: 100 }), 'invalid_request', 'invalid_request'],
	['100/33 missing object', result(400, { code: 100, error_subcode: 33 }), 'invalid_request', 'not_found'],
	['1609005 link', result(400, { code: 1609005 }), 'invalid_request', 'invalid_request'],
	['1366046 photo', result(400, { code: 100, error_subcode: 1366046 }), 'invalid_request', 'image_format'],
	['1390008 posting too fast', result(400, { code: 368, error_subcode: 1390008 }), 'rate_limited', 'rate_limited'],
	['2207005 not JPEG', result(400, { code: 9004, error_subcode: 2207005 }), 'invalid_request', 'image_format'],
	['2207004 too large', result(400, { code: 36001, error_subcode: 2207004 }), 'invalid_request', 'image_too_large'],
	['2207009 aspect ratio', result(400, { code: 36003, error_subcode: 2207009 }), 'invalid_request', 'aspect_ratio'],
	['36003 aspect ratio', result(400, { code: 36003 }), 'invalid_request', 'aspect_ratio'],
	['2207010 caption', result(400, { code: 100, error_subcode: 2207010 }), 'invalid_request', 'caption_too_long'],
	['2207042 daily cap', result(400, { code: 9, error_subcode: 2207042 }), 'quota_exhausted', 'quota_exhausted'],
	['2207050 restricted', result(400, { code: 100, error_subcode: 2207050 }), 'invalid_request', 'policy_block'],
	['2207003 download timeout', result(400, { code: -2, error_subcode: 2207003 }), 'transient', 'image_unreachable'],
	['2207020 container expired', result(400, { code: 100, error_subcode: 2207020 }), 'transient', 'container_expired'],
	['9007/2207027 not ready', result(400, { code: 9007, error_subcode: 2207027 }), 'transient', 'transient'],
	['not an IG business account', result(400, { code: 100, error_subcode: 33, message: 'The user is not an Instagram Business' }), 'auth_expired', 'token_expired'],
	['502 HTML page', result(502, null, {}, '<html>Bad Gateway</html>'), 'transient', 'transient'],
	['429 without body', result(429, null, { 'retry-after': '30' }, ''), 'rate_limited', 'rate_limited'],
]

test.each(cases)('%s', (_name, input, kind, code) => {
	const error = classifyGraphError(input)
	expect({ kind: error.kind, code: error.code }).toEqual({ kind, code })
	expect(error.status).toBe(input.status)
})

test('on a creating request a server error (5xx, code 1 / 2) is an unknown outcome; refusals and throttles stay what they are', () => {
	const creates = { creates: true }
	expect(classifyGraphError(result(500, { code: 1 }), creates)).toMatchObject({ kind: 'unknown_outcome', code: 'transient', status: 500 })
	expect(classifyGraphError(result(400, { code: 2 }), creates)).toMatchObject({ kind: 'unknown_outcome' })
	expect(classifyGraphError(result(502, null, {}, '<html>Bad Gateway</html>'), creates)).toMatchObject({ kind: 'unknown_outcome', status: 502 })
	expect(classifyGraphError(result(503, null, {}, ''), creates)).toMatchObject({ kind: 'unknown_outcome', status: 503 })
	expect(classifyGraphError(result(400, { code: 9007, error_subcode: 2207027 }), creates)).toMatchObject({ kind: 'transient' })
	expect(classifyGraphError(result(400, { code: 4 }), creates)).toMatchObject({ kind: 'rate_limited' })
	expect(classifyGraphError(result(500, { code: 100 }), creates)).toMatchObject({ kind: 'invalid_request' })
})

test('the throttle wait comes from estimated_time_to_regain_access (minutes), else Retry-After, else a default', () => {
	const buc = JSON.stringify({ '111': [{ type: 'pages', call_count: 100, estimated_time_to_regain_access: 3 }, { type: 'pages', estimated_time_to_regain_access: 5 }] })
	expect(classifyGraphError(result(400, { code: 80001 }, { 'x-business-use-case-usage': buc })).retryAfterMs).toBe(5 * 60_000)
	expect(classifyGraphError(result(400, { code: 4 }, { 'retry-after': '12' })).retryAfterMs).toBe(12_000)
	expect(classifyGraphError(result(400, { code: 17 }, { 'x-app-usage': '{"call_count":100}' })).retryAfterMs).toBe(DEFAULT_THROTTLE_WAIT_MS)
	expect(classifyGraphError(result(400, { code: 80001 }, { 'x-business-use-case-usage': 'not json' })).retryAfterMs).toBe(DEFAULT_THROTTLE_WAIT_MS)
	expect(classifyGraphError(result(400, { code: 506 })).retryAfterMs).toBeNull()
})

test('a container ERROR status maps its subcode, or is a container_error', () => {
	expect(containerError('2207009')).toMatchObject({ kind: 'invalid_request', code: 'aspect_ratio' })
	expect(containerError('Error: Media upload has failed with error code 2207001.')).toMatchObject({ kind: 'invalid_request', code: 'container_error' })
	expect(containerError(undefined)).toMatchObject({ kind: 'invalid_request', code: 'container_error' })
})
