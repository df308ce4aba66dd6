import { expect, test } from 'vitest'
import publishing from '#locales/de/publishing.json'
import type { HttpResult } from '../http.ts'
import { mastodonError, mastodonErrorCodes } from './errors.ts'

function answer(status: number, body: Record<string, unknown> | null, headers: Record<string, string> = {}): HttpResult {
	return { status, headers: new Headers(headers), text: body ? JSON.stringify(body) : '<html>Bad Gateway</html>', json: body }
}

test.each([
	[answer(401, { error: 'The access token is invalid' }), {}, 'auth_expired', 'token_revoked'],
	[answer(401, { error: 'The access token was revoked' }), {}, 'auth_expired', 'token_revoked'],
	[answer(401, { error: 'The access token expired' }), {}, 'auth_expired', 'token_expired'],
	[answer(403, { error: 'This action is outside the authorized scopes' }), {}, 'permission_missing', 'permission_missing'],
	[answer(403, { error: 'Your login is currently disabled' }), {}, 'invalid_request', 'policy_block'],
	[answer(429, { error: 'Too many requests' }), {}, 'rate_limited', 'rate_limited'],
	[answer(400, { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid' }), {}, 'invalid_request', 'invalid_grant'],
	[answer(401, { error: 'invalid_client', error_description: 'Client authentication failed' }), {}, 'invalid_request', 'invalid_client'],
	[answer(404, { error: 'Record not found' }), {}, 'invalid_request', 'not_found'],
	[answer(422, { error: 'Validation failed: Text character limit of 500 exceeded' }), {}, 'invalid_request', 'text_too_long'],
	[answer(422, { error: 'Cannot attach files that have not finished processing. Try again in a moment!' }), {}, 'transient', 'image_processing'],
	[answer(422, { error: 'Validation failed: File content type is invalid, File is invalid' }), {}, 'invalid_request', 'image_format'],
	[answer(422, { error: 'Validation failed: File file size must be less than 16 MB' }), {}, 'invalid_request', 'image_too_large'],
	[answer(422, { error: 'Validation failed: Visibility is reserved' }), {}, 'invalid_request', 'invalid_request'],
	[answer(502, null), {}, 'transient', 'server_error'],
	[answer(502, null), { creates: true }, 'unknown_outcome', 'server_error'],
	[answer(500, { error: 'Internal' }), { creates: true }, 'unknown_outcome', 'server_error'],
])('%#: HTTP %o is %s / %s', (result, options, kind, code) => {
	expect(mastodonError(result, options)).toMatchObject({ kind, code, status: result.status })
})

test('429 waits until X-RateLimit-Reset', () => {
	const reset = new Date(Date.now() + 120_000).toISOString()
	const wait = mastodonError(answer(429, { error: 'Too many requests' }, { 'x-ratelimit-reset': reset })).retryAfterMs!
	expect(wait).toBeGreaterThan(110_000)
	expect(wait).toBeLessThanOrEqual(120_000)
})

test('every code the adapter throws has a German reason (or is one of the common ones)', () => {
	const reasons = publishing.reasons as Record<string, string>
	for (const code of mastodonErrorCodes) expect([code, typeof reasons[code]]).toEqual([code, 'string'])
})
