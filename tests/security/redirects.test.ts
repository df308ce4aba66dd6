// Issue 17 item 5, SECURITY.md §1.4 (no 5xx for client input) and ASVS 5.1.5 (open redirects): every
// redirect target that comes from a client (the sign-in form's redirectTo, POST /auth/google's
// redirectTo and the post-auth-redirect cookie it sets, which the callback reads) ends as a
// same-origin path or '/'. One table of inputs, checked against safeRedirectTarget and through
// the real routes: sign-in on /auth, /auth/google (cookie) and /auth/google/callback (Location),
// with the cookie also forged. Never a 500 (the harness lets an exception escape), never a
// Location with another origin.
//
// Covered elsewhere: the signed-out redirect to /auth?redirectTo=<path> (tests/e2e/guards.spec.ts).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { safeRedirectTarget } from '#app/server/session.server.ts'
import type { FakeGoogle } from '#tests/fakes/google-oidc.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { signInWithGoogle, startGoogle } from './support/google.ts'
import { APP_URL, createHarness, PASSWORD, type Harness, type TestUser } from './support/harness.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

const HOME = '/'
const long = (n: number, char = 'a') => `/${char.repeat(n - 1)}`

/** [input, expected target, what it is] */
const TABLE: Array<[string, string, string]> = [
	// kept (normalised by the URL parser)
	['/', '/', 'the home page'],
	['/posts', '/posts', 'a plain path'],
	['/posts?x=1#y', '/posts?x=1#y', 'path, query and fragment'],
	['/posts/abc?tab=verlauf&page=2', '/posts/abc?tab=verlauf&page=2', 'nested path with a query'],
	['/suche?q=%C3%BCber', '/suche?q=%C3%BCber', 'an encoded query'],
	['/suche?q=über', '/suche?q=%C3%BCber', 'non-ASCII in the query (encoded)'],
	['/posts#über', '/posts#%C3%BCber', 'non-ASCII in the fragment (encoded)'],
	['/a/../posts', '/posts', 'dot segments resolved'],
	['/./posts', '/posts', 'a dot segment'],
	['/posts#//evil.example', '/posts#//evil.example', "'//' in the fragment only"],
	['/?next=//evil.example', '/?next=//evil.example', "'//' in the query only"],
	['/@evil.example', '/@evil.example', "'@' in a same-origin path"],
	['/javascript:alert(1)', '/javascript:alert(1)', 'a path that looks like a scheme'],
	['/%68ttp://evil.example', '/%68ttp://evil.example', 'an encoded scheme inside a path'],
	[long(2000), long(2000), 'exactly 2000 characters'],
	// React Router data requests (issue 20 defect 1): the page they belong to, never the data URL
	['/posts.data', '/posts', 'a data URL'],
	['/posts.data?_routes=routes%2Fapp%2Fposts', '/posts', 'a data URL with _routes'],
	['/posts.data?tab=planned&_routes=x', '/posts?tab=planned', 'a data URL keeps its other parameters'],
	['/_root.data', '/', 'the index data URL'],
	['/posts?_data=routes%2Fposts', '/posts', 'a _data parameter'],
	['/posts/abc.data#x', '/posts/abc#x', 'a nested data URL with a fragment'],
	// tab, CR, LF and other control characters
	['/\t/evil.example', HOME, 'tab: parsers drop it, leaving //evil.example'],
	['/\t\t/evil.example', HOME, 'two tabs'],
	['/posts\t', HOME, 'a trailing tab'],
	['/posts\r\nSet-Cookie: x=1', HOME, 'CR LF header injection'],
	['/posts\n', HOME, 'LF'],
	['/\r/evil.example', HOME, 'CR'],
	['/\n/evil.example', HOME, 'LF between the slashes'],
	['/posts\u0000', HOME, 'NUL'],
	['/posts\u000b', HOME, 'vertical tab'],
	['/posts\u000c', HOME, 'form feed'],
	['/posts\u007f', HOME, 'DEL'],
	['/posts\u0085', HOME, 'NEL (C1 control)'],
	// Unicode whitespace and invisible characters
	['/\u3000/evil.example', HOME, 'U+3000 ideographic space'],
	['/posts\u3000', HOME, 'U+3000 at the end'],
	['/\u00a0/evil.example', HOME, 'U+00A0 no-break space'],
	['/\u1680/evil.example', HOME, 'U+1680 ogham space'],
	['/\u2000/evil.example', HOME, 'U+2000 en quad'],
	['/\u2009/evil.example', HOME, 'U+2009 thin space'],
	['/\u200b/evil.example', HOME, 'U+200B zero-width space'],
	['/\u2028/evil.example', HOME, 'U+2028 line separator'],
	['/\u2029/evil.example', HOME, 'U+2029 paragraph separator'],
	['/\u202f/evil.example', HOME, 'U+202F narrow no-break space'],
	['/\u205f/evil.example', HOME, 'U+205F medium mathematical space'],
	['/\u200e/evil.example', HOME, 'U+200E left-to-right mark'],
	['/\u202e/evil.example', HOME, 'U+202E right-to-left override'],
	['/\ufeff/evil.example', HOME, 'U+FEFF byte order mark'],
	[' /posts', HOME, 'a leading space'],
	['\u3000/posts', HOME, 'a leading U+3000'],
	// backslashes
	['\\evil.example', HOME, 'a backslash'],
	['/\\evil.example', HOME, '/\\host'],
	['/\\/evil.example', HOME, '/\\/host'],
	['\\\\evil.example', HOME, 'two backslashes'],
	['/posts\\..\\..\\\\evil.example', HOME, 'backslash dot segments that end at //host'],
	// protocol-relative and their normalised forms
	['//evil.example', HOME, '//host'],
	['///evil.example', HOME, '///host'],
	['////evil.example/posts', HOME, '////host/path'],
	['/.//evil.example', HOME, '/.//host: //host after parsing'],
	['/..//evil.example', HOME, '/..//host'],
	['/a/..//evil.example', HOME, '/a/..//host'],
	['/%2e%2e//evil.example', HOME, 'encoded dot segments to //host'],
	// encoded variants
	['/%09/evil.example', HOME, '/%09/host (encoded tab)'],
	['/%0d%0a/evil.example', HOME, 'encoded CR LF'],
	['/%E3%80%80/evil.example', HOME, 'encoded U+3000'],
	['/%2F/evil.example', HOME, 'an encoded slash: //host once decoded'],
	['/%2F%2Fevil.example', HOME, 'two encoded slashes'],
	['/%5Cevil.example', HOME, 'an encoded backslash'],
	['/%5C%5Cevil.example', HOME, 'two encoded backslashes'],
	['%2F%2Fevil.example', HOME, 'encoded //host without a leading slash'],
	['/%zz', HOME, 'a malformed escape'],
	['/%E0%A4%A', HOME, 'a truncated UTF-8 escape'],
	// absolute URLs and other schemes
	['https://evil.example/', HOME, 'an absolute URL'],
	['HTTPS://evil.example', HOME, 'an upper-case scheme'],
	['https:evil.example', HOME, 'a scheme without slashes'],
	[`${APP_URL}/posts`, HOME, "even the app's own absolute URL"],
	['http://127.0.0.1:3999@evil.example/', HOME, 'credentials that look like our host'],
	['evil.example', HOME, 'a bare host'],
	['posts', HOME, 'a relative path'],
	['javascript:alert(1)', HOME, 'javascript:'],
	['JaVaScRiPt:alert(1)', HOME, 'javascript: mixed case'],
	['java\tscript:alert(1)', HOME, 'javascript: with a tab'],
	['data:text/html,<script>alert(1)</script>', HOME, 'data:'],
	['vbscript:msgbox(1)', HOME, 'vbscript:'],
	// length
	[long(2001), HOME, 'longer than 2000 characters'],
	[`/${'ü'.repeat(400)}`, HOME, 'short, but longer than 2000 once encoded'],
	[long(100_000), HOME, '100 000 characters'],
	['', HOME, 'empty'],
]

let t: TestDatabase
let h: Harness
let google: FakeGoogle
let user: TestUser

beforeAll(async () => {
	t = await createTestDatabase()
	google = await startGoogle()
	h = await createHarness(t.db, { env: google.env })
	user = await h.user()
})

afterAll(async () => {
	await h?.[Symbol.asyncDispose]()
	await google?.close()
	await t?.[Symbol.asyncDispose]()
})

/** A Location that stays on this origin: a path (not '//' or '/\'), or a URL of APP_URL's origin. */
function expectSameOrigin(location: string | null) {
	expect(location).not.toBeNull()
	expect(location).toMatch(/^\/(?![/\\])/)
	expect(new URL(location!, APP_URL).origin).toBe(new URL(APP_URL).origin)
}

const label = (input: string) => JSON.stringify(input.length > 60 ? `${input.slice(0, 40)}… (${input.length})` : input)

describe('safeRedirectTarget', () => {
	test.each(TABLE.map(([input, expected, what]) => [label(input), what, input, expected]))('%s (%s)', (_label, _what, input, expected) => {
		expect(safeRedirectTarget(input)).toBe(expected)
	})

	test('non-strings and the fallback', () => {
		expect(safeRedirectTarget(null)).toBe('/')
		expect(safeRedirectTarget(undefined)).toBe('/')
		expect(safeRedirectTarget(new File(['/posts'], 'x.txt'))).toBe('/')
		expect(safeRedirectTarget('//evil.example', '/dashboard')).toBe('/dashboard')
	})

	test('every result is a same-origin path, ASCII only, and a valid Location header', () => {
		for (const [input] of TABLE) {
			const target = safeRedirectTarget(input)
			expectSameOrigin(target)
			expect(target).toMatch(/^[\x21-\x7e]+$/)
			expect(() => new Headers({ Location: target })).not.toThrow()
		}
	})
})

describe('through the routes', () => {
	test('sign-in on /auth: the session redirect goes to the table target', async () => {
		let i = 0
		for (const [input, expected] of TABLE) {
			const result = await h.call('/auth', { method: 'POST', form: { intent: 'signin', email: user.email, password: PASSWORD, redirectTo: input }, ip: `10.5.0.${i++ % 250}` })
			// A form with NUL is malformed and refused as a whole (app/server/body-limit.server.ts).
			if (input.includes('\u0000')) {
				expect(result.status).toBe(400)
				continue
			}
			expect(result.status, label(input)).toBe(302)
			expect(result.location, label(input)).toBe(expected)
			expectSameOrigin(result.location)
		}
	})

	test('the /auth page renders with any redirectTo in its address', async () => {
		for (const [input] of TABLE) {
			const page = await h.call('/auth', { search: { redirectTo: input } })
			// %00 in an address is answered 400 before any loader (refuseNulMiddleware).
			expect(page.status, label(input)).toBe(input.includes('\u0000') ? 400 : 200)
		}
	})

	test('Google: POST /auth/google keeps the table target in its cookie, and the callback redirects there', async () => {
		for (const [input, expected] of TABLE) {
			const identity = { sub: `sub-${randomUUID()}`, email: `${randomUUID()}@gmail.example`, email_verified: true, name: 'Rita Redirect' }
			const { start, callback } = await signInWithGoogle(h, identity, { redirectTo: input })
			const cookie = start.headers.getSetCookie().find((c) => c.startsWith('post-auth-redirect='))!
			expect(decodeURIComponent(cookie.split(';')[0]!.slice('post-auth-redirect='.length)), label(input)).toBe(expected)
			expect(cookie).toMatch(/Path=\/auth; HttpOnly; SameSite=Lax/)
			expect(callback.status, label(input)).toBe(302)
			expect(callback.location, label(input)).toBe(expected)
			expectSameOrigin(callback.location)
		}
	})

	test('Google: a forged post-auth-redirect cookie is checked again by the callback', async () => {
		const forged: Array<[string, string]> = [
			...TABLE.filter(([input]) => input.length < 3000).map(([input, expected]): [string, string] => [encodeURIComponent(input), expected]),
			['%2F%2Fevil.example', HOME],
			['%2F%09%2Fevil.example', HOME],
			['%E0%A4%A', HOME],
			['%', HOME],
			['/\\evil.example', HOME],
			['https://evil.example', HOME],
		]
		for (const [value, expected] of forged) {
			const identity = { sub: `sub-${randomUUID()}`, email: `${randomUUID()}@gmail.example`, email_verified: true, name: 'Fritz Forged' }
			const { callback } = await signInWithGoogle(h, identity, { postAuthRedirect: value })
			expect(callback.status, value).toBe(302)
			expect(callback.location, value).toBe(expected)
		}
	})
})
