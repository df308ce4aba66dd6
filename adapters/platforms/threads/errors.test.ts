import { expect, test } from 'vitest'
import type { HttpResult } from '../http.ts'
import { threadsError, threadsErrorCodes } from './errors.ts'
import { threadsTextLength } from './sandbox-graph.ts'

function graph(status: number, error: Record<string, unknown> | null, headers: Record<string, string> = {}): HttpResult {
	const json = error ? { error: { type: 'OAuthException', ...error } } : null
	return { status, headers: new Headers(headers), text: json ? JSON.stringify(json) : '<html>Bad Gateway</html>', json }
}

test.each([
	[graph(400, { code: 190, message: 'Error validating access token' }), 'auth_expired', 'token_expired'],
	[graph(400, { code: 102, message: 'Session key invalid' }), 'auth_expired', 'token_expired'],
	[graph(403, { code: 10, message: 'Application does not have permission' }), 'permission_missing', 'permission_missing'],
	[graph(400, { code: 200, message: 'Permissions error' }), 'permission_missing', 'permission_missing'],
	[graph(400, { code: 299, message: 'Permissions error' }), 'permission_missing', 'permission_missing'],
	[graph(400, { code: 4, message: 'Application request limit reached' }), 'rate_limited', 'rate_limited'],
	[graph(400, { code: 17, message: 'User request limit reached' }), 'rate_limited', 'rate_limited'],
	[graph(400, { code: 32, message: 'Page request limit reached' }), 'rate_limited', 'rate_limited'],
	[graph(400, { code: 613, message: 'Calls to this api have exceeded the rate limit' }), 'rate_limited', 'rate_limited'],
	[graph(429, null), 'rate_limited', 'rate_limited'],
	[graph(500, { code: 1, message: 'An unknown error occurred' }), 'transient', 'server_error'],
	[graph(503, { code: 2, message: 'Service temporarily unavailable' }), 'transient', 'server_error'],
	[graph(502, null), 'transient', 'server_error'],
	[graph(400, { code: 100, message: 'Param text must be at most 500 characters long.' }), 'invalid_request', 'text_too_long'],
	[graph(400, { code: 100, message: 'The media could not be fetched from this URI: https://x' }), 'invalid_request', 'image_unreachable'],
	[graph(400, { code: 9, error_subcode: 2207042, message: 'The maximum number of posts…' }), 'quota_exhausted', 'quota_exhausted'],
	[graph(400, { code: 100, error_subcode: 2207051, message: 'Action blocked' }), 'invalid_request', 'policy_block'],
	[graph(400, { code: 9007, error_subcode: 2207027, message: 'The media is not ready' }), 'transient', 'container_not_ready'],
	[graph(400, { code: 100, message: 'Invalid parameter' }), 'invalid_request', 'invalid_request'],
] as const)('Graph error %# is %s / %s', (result, kind, code) => {
	const error = threadsError(result)
	expect(error).toMatchObject({ kind, code, status: result.status })
	expect(threadsErrorCodes).toContain(error.code)
})

test('the wait of a 429 comes from Retry-After or retry-after-ms; a 504 on a creating call is an unknown outcome', () => {
	expect(threadsError(graph(429, { code: 4 }, { 'retry-after': '12' })).retryAfterMs).toBe(12_000)
	expect(threadsError(graph(429, null, { 'retry-after-ms': '1500' })).retryAfterMs).toBe(1_500)
	expect(threadsError(graph(504, null), { creates: true })).toMatchObject({ kind: 'unknown_outcome' })
	expect(threadsError(graph(504, null))).toMatchObject({ kind: 'transient' })
})

test('Threads counts characters, but an emoji as its UTF-8 bytes', () => {
	expect(threadsTextLength('Grüße')).toBe(5)
	expect(threadsTextLength('😀')).toBe(4)
	expect(threadsTextLength('👩‍💻')).toBe(11)
})
