import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { blueskyError, blueskyErrorCodes, type XrpcResult } from './errors.ts'
import { checkAppPassword, normaliseHandle } from './identity.ts'
import { jwtExpiry } from './session.ts'
import { encodeTid, nextTid, TID_PATTERN } from './tid.ts'

function xrpc(status: number, error: string | null, message = '', headers: Record<string, string> = {}): XrpcResult {
	const json = error ? { error, message } : null
	return { status, headers: new Headers(headers), text: json ? JSON.stringify(json) : '<html>Bad Gateway</html>', json }
}

test.each([
	[xrpc(400, 'ExpiredToken', 'Token has expired'), 'auth_expired', 'token_expired'],
	[xrpc(401, 'InvalidToken', 'Token could not be verified'), 'auth_expired', 'token_expired'],
	[xrpc(401, 'AuthenticationRequired', 'Authentication Required'), 'auth_expired', 'token_expired'],
	[xrpc(401, 'AccountTakedown', 'Account has been taken down'), 'invalid_request', 'account_suspended'],
	[xrpc(429, 'RateLimitExceeded', 'Rate Limit Exceeded'), 'rate_limited', 'rate_limited'],
	[xrpc(400, 'RecordNotFound', 'Could not locate record'), 'invalid_request', 'not_found'],
	[xrpc(400, 'NotFound', 'Post not found'), 'invalid_request', 'not_found'],
	[xrpc(400, 'BlobTooLarge', 'This file is too large'), 'invalid_request', 'image_too_large'],
	[xrpc(400, 'InvalidRequest', 'Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes'), 'invalid_request', 'text_too_long'],
	[xrpc(400, 'InvalidRequest', 'Invalid app.bsky.feed.post record: Record/embed/images/0/image file too large (1200000 bytes), maximum 1000000'), 'invalid_request', 'image_too_large'],
	[xrpc(500, 'InternalServerError', 'Internal Server Error'), 'transient', 'server_error'],
	[xrpc(502, null), 'transient', 'server_error'],
	[xrpc(400, 'InvalidRequest', 'Input/record must be an object'), 'invalid_request', 'invalid_request'],
] as const)('XRPC error %# is %s / %s', (result, kind, code) => {
	const error = blueskyError(result, 'com.atproto.repo.createRecord')
	expect(error).toMatchObject({ kind, code, status: result.status })
	expect(blueskyErrorCodes).toContain(error.code)
})

test('a 5xx on a creating call is an unknown outcome; the wait of a 429 comes from ratelimit-reset or Retry-After', () => {
	expect(blueskyError(xrpc(503, null), 'x', { creates: true })).toMatchObject({ kind: 'unknown_outcome', code: 'server_error' })
	expect(blueskyError(xrpc(400, 'InvalidRequest', 'bad'), 'x', { creates: true })).toMatchObject({ kind: 'invalid_request' })
	const reset = String(Math.floor(Date.now() / 1000) + 30)
	expect(blueskyError(xrpc(429, 'RateLimitExceeded', '', { 'ratelimit-reset': reset }), 'x').retryAfterMs).toBeGreaterThan(25_000)
	expect(blueskyError(xrpc(429, null, '', { 'retry-after': '12' }), 'x').retryAfterMs).toBe(12_000)
})

test.each([
	['alice.bsky.social', 'alice.bsky.social'],
	['@Alice.BSKY.social', 'alice.bsky.social'],
	['  alice  ', 'alice.bsky.social'],
	['@alice', 'alice.bsky.social'],
	['postwerk.ch', 'postwerk.ch'],
	['my-shop.example.com', 'my-shop.example.com'],
])('the handle %j is %s', (input, handle) => {
	expect(normaliseHandle(input)).toBe(handle)
})

test.each(['127.0.0.1', 'alice.bsky.social/x', 'al ice.bsky.social', '-alice.bsky.social', 'alice.b_sky.social', 'alice.123', `${'a'.repeat(64)}.com`, '@', ''])('%j is no handle', (input) => {
	expect(() => normaliseHandle(input)).toThrow(expect.objectContaining({ code: 'handle_invalid' }))
})

test('only app passwords are taken', () => {
	expect(checkAppPassword('abcd-1234-efgh-5678')).toBe('abcd-1234-efgh-5678')
	for (const password of ['Abcd-1234-efgh-5678', 'abcd1234efgh5678', 'abcd-1234-efgh-567', 'mein geheimes passwort']) {
		expect(() => checkAppPassword(password)).toThrow(expect.objectContaining({ code: 'app_password_format' }))
	}
})

test('the access token expiry is its exp; a token without one lasts two hours', () => {
	const jwt = (payload: unknown) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`
	expect(jwtExpiry(jwt({ exp: 1_800_000_000 }))).toEqual(new Date(1_800_000_000_000))
	expect(jwtExpiry(jwt({ sub: 'did:plc:x' }), 1_000)).toEqual(new Date(1_000 + 2 * 3600 * 1000))
	expect(jwtExpiry('nonsense', 1_000)).toEqual(new Date(1_000 + 2 * 3600 * 1000))
})

test('record keys are TIDs: 13 characters, sortable by time, strictly increasing', () => {
	expect(encodeTid(0, 0)).toBe('2222222222222')
	// Keys made in May 2023 begin with 3jv, like the posts of that time on bsky.app.
	expect(encodeTid(1_684_178_736_000_000, 0)).toMatch(/^3jv/)
	const keys = Array.from({ length: 50 }, () => nextTid())
	for (const key of keys) expect(key).toMatch(TID_PATTERN)
	expect([...keys].sort()).toEqual(keys)
	expect(new Set(keys).size).toBe(keys.length)
})

test('every code has a German reason for the user', () => {
	const { reasons } = JSON.parse(readFileSync(new URL('../../../locales/de/publishing.json', import.meta.url), 'utf8')) as { reasons: Record<string, string> }
	expect(blueskyErrorCodes.filter((code) => !reasons[code])).toEqual([])
})
