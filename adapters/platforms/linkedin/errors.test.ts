import { expect, test } from 'vitest'
import type { HttpResult } from '../http.ts'
import { linkedinError, linkedinErrorCodes, oauthError } from './errors.ts'

const result = (status: number, json: unknown = null, headers: Record<string, string> = {}): HttpResult => ({
	status,
	headers: new Headers(headers),
	text: json === null ? '' : JSON.stringify(json),
	json,
})

test('LinkedIn statuses map onto the error kinds of ADAPTERS.md', () => {
	const cases: Array<[HttpResult, string, string]> = [
		[result(401, { status: 401, serviceErrorCode: 65600, message: 'Invalid access token' }), 'auth_expired', 'token_expired'],
		[result(403, { status: 403, serviceErrorCode: 100, message: 'Not enough permissions to access: x' }), 'permission_missing', 'permission_missing'],
		[result(429, { status: 429, message: 'Resource level throttle APPLICATION DAY limit' }), 'rate_limited', 'rate_limited'],
		[result(500), 'transient', 'server_error'],
		[result(503, { message: 'Service Unavailable' }), 'transient', 'server_error'],
		[result(400, { status: 400, message: 'bad' }), 'invalid_request', 'invalid_request'],
		[result(422, { status: 422, message: '/author :: field is required but not found' }), 'invalid_request', 'invalid_request'],
		[result(426, { status: 426, message: 'Requested version 202301 is not active' }), 'invalid_request', 'api_version_sunset'],
		[result(404), 'invalid_request', 'not_found'],
	]
	for (const [input, kind, code] of cases) {
		const error = linkedinError(input)
		expect({ kind: error.kind, code: error.code, status: error.status }).toEqual({ kind, code, status: input.status })
		expect(linkedinErrorCodes).toContain(error.code)
	}
	expect(linkedinError(result(422, { message: '/author :: field is required' })).message).toContain('/author :: field is required')
})

test('429 waits for Retry-After, or a minute without it', () => {
	expect(linkedinError(result(429, null, { 'retry-after': '7' })).retryAfterMs).toBe(7000)
	expect(linkedinError(result(429)).retryAfterMs).toBe(60_000)
})

test('a server error on a create is an unknown outcome (it may have been done), elsewhere transient', () => {
	for (const status of [500, 502, 503, 504]) {
		expect(linkedinError(result(status), { creates: true }).kind).toBe('unknown_outcome')
		expect(linkedinError(result(status)).kind).toBe('transient')
	}
})

test('token endpoint errors: a refused refresh means reconnecting, a refused code names the reason', () => {
	expect(oauthError(result(400, { error: 'invalid_grant' }), 'refresh_token')).toMatchObject({ kind: 'auth_expired', code: 'reconnect_required' })
	expect(oauthError(result(400, { error: 'invalid_grant' }), 'authorization_code')).toMatchObject({ kind: 'invalid_request', code: 'invalid_grant' })
	expect(oauthError(result(401, { error: 'invalid_client' }), 'authorization_code')).toMatchObject({ kind: 'invalid_request', code: 'invalid_client' })
	expect(oauthError(result(502), 'authorization_code')).toMatchObject({ kind: 'transient', code: 'server_error' })
})
