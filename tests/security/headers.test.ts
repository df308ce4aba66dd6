// SECURITY.md §1.8 (ASVS 3.4.1-3.4.8, 4.1.1, 13.4.6) and §5.8: the security headers with a
// nonce-based CSP, as secureApp (server/security.ts) sets them in front of React Router.
//
// That the nonce reaches React Router and every <script> of a real page carries it, and the headers
// on real pages: tests/e2e/security.spec.ts ("pages carry a nonce-based CSP ..."). The headers of
// served uploads (nosniff, sandbox CSP, attachment): uploads.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { directives, startSecureApp, type SecureServer } from './support/http.ts'

const page = (nonce: string) => `<!doctype html><html><head><script nonce="${nonce}">1</script></head><body></body></html>`

let dev: SecureServer
let production: SecureServer

beforeAll(async () => {
	const handler = (_req: unknown, res: { locals: Record<string, unknown>; type: (t: string) => { send: (b: string) => void } }) => res.type('text/html').send(page(String(res.locals.cspNonce)))
	dev = await startSecureApp({ production: false }, handler as never)
	production = await startSecureApp({ production: true, formActions: ['https://accounts.google.com'] }, handler as never)
})

afterAll(async () => {
	await dev?.close()
	await production?.close()
})

describe.each([
	['development', () => dev],
	['production', () => production],
])('%s', (mode, server) => {
	test('a strict CSP: nonce and strict-dynamic for scripts, no objects, no base, no framing, forms only to us', async () => {
		const response = await fetch(`${server().url}/landing`)
		const csp = directives(response.headers.get('content-security-policy') ?? '')
		expect(csp['default-src']).toEqual(["'self'"])
		expect(csp['script-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}==?'$/), "'strict-dynamic'"])
		expect(csp['script-src']).not.toContain("'unsafe-inline'")
		expect(csp['script-src']).not.toContain("'unsafe-eval'")
		expect(csp['object-src']).toEqual(["'none'"])
		expect(csp['base-uri']).toEqual(["'none'"])
		expect(csp['frame-ancestors']).toEqual(["'none'"])
		expect(csp['connect-src']).toEqual(["'self'"])
		expect(csp['form-action']).toEqual(mode === 'production' ? ["'self'", 'https://accounts.google.com'] : ["'self'"])
		if (mode === 'production') expect(csp['upgrade-insecure-requests']).toEqual([])
	})

	test('the nonce is new for every response (128 random bits) and is the one the page was rendered with', async () => {
		const nonces = new Set<string>()
		for (let i = 0; i < 20; i++) {
			const response = await fetch(`${server().url}/`)
			const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')![1]!
			expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
			expect(await response.text()).toContain(`<script nonce="${nonce}">`)
			nonces.add(nonce)
		}
		expect(nonces.size).toBe(20)
	})

	test('the other headers: nosniff, referrer policy, COOP, CORP, no X-Powered-By, no CORS echo; HSTS in production only', async () => {
		const response = await fetch(`${server().url}/posts`, { headers: { origin: 'https://evil.test' } })
		const h = response.headers
		expect(h.get('x-content-type-options')).toBe('nosniff')
		expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
		expect(h.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
		expect(h.get('cross-origin-resource-policy')).toBe('same-origin')
		expect(h.get('x-frame-options')).toBe('SAMEORIGIN')
		expect(h.get('x-powered-by')).toBeNull()
		expect(h.get('server')).toBeNull()
		expect(h.get('access-control-allow-origin')).toBeNull()
		expect(h.get('content-type')).toBe('text/html; charset=utf-8')
		if (mode === 'production') expect(h.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
		else expect(h.get('strict-transport-security')).toBeNull()
	})

})
