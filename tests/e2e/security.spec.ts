import fs from 'node:fs'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '#app/routes.ts'
import { expect, signIn, test } from '#tests/e2e/fixtures.ts'
import { e2eUrl } from '#tests/support/e2e.ts'

/** The full paths of the route table's routes whose module has an action. */
function actionRoutes(entries: ReadonlyArray<RouteConfigEntry>, parent = ''): Array<string> {
	return entries.flatMap((entry) => {
		const full = [parent, entry.path ?? ''].filter(Boolean).join('/')
		const source = fs.readFileSync(path.join(import.meta.dirname, '../../app', entry.file), 'utf8')
		const own = (entry.path !== undefined || entry.index) && /export\s+(async\s+)?function\s+action\b/.test(source) ? [`/${full}`] : []
		return [...own, ...actionRoutes(entry.children ?? [], full)]
	})
}

/** The full paths without dynamic segments of the route table's routes whose module has no action. */
function pagesWithoutAction(entries: ReadonlyArray<RouteConfigEntry>, parent = ''): Array<string> {
	return entries.flatMap((entry) => {
		const full = [parent, entry.path ?? ''].filter(Boolean).join('/')
		const source = fs.readFileSync(path.join(import.meta.dirname, '../../app', entry.file), 'utf8')
		const own = (entry.path !== undefined || entry.index) && !full.includes(':') && !full.includes('*') && !/export\s+(async\s+)?(function|const)\s+action\b|export\s*\{[^}]*\baction\b/.test(source) ? [`/${full}`] : []
		return [...own, ...pagesWithoutAction(entry.children ?? [], full)]
	})
}

test('a POST to a page without an action is answered 405 with Allow by the server, before React Router (issue 37 item 1.3)', async ({ request }) => {
	const pages = pagesWithoutAction(routes)
	expect(pages.length).toBeGreaterThan(5)
	for (const page of pages) {
		const response = await request.post(page, { form: { intent: 'x' }, maxRedirects: 0 })
		expect([page, response.status(), response.headers()['allow']]).toEqual([page, 405, 'GET, HEAD'])
	}
})

test('pages carry a nonce-based CSP and the basic security headers', async ({ request }) => {
	const first = await request.get('/landing')
	const second = await request.get('/landing')
	const csp = first.headers()['content-security-policy'] ?? ''
	for (const directive of ["base-uri 'none'", "object-src 'none'", "frame-ancestors 'none'", "default-src 'self'"]) expect(csp).toContain(directive)
	const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
	expect(nonce).toBeTruthy()
	expect(second.headers()['content-security-policy']).not.toContain(nonce!)
	const html = await first.text()
	const scriptNonces = [...html.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1])
	expect(scriptNonces.length).toBeGreaterThan(0)
	expect(new Set(scriptNonces)).toEqual(new Set([nonce]))
	expect(first.headers()['x-content-type-options']).toBe('nosniff')
	expect(first.headers()['x-powered-by']).toBeUndefined()
	expect(first.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin')
})

test('the session cookie is httpOnly and SameSite=Lax, new at every sign-in, and not usable after sign-out', async ({ page, browser, createConfirmedUser }) => {
	const user = await createConfirmedUser()
	await signIn(page, user)
	const cookie = (await page.context().cookies()).find((c) => c.name === 'sid')
	expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })

	const other = await browser.newContext()
	const otherPage = await other.newPage()
	await signIn(otherPage, user)
	const otherCookie = (await other.cookies()).find((c) => c.name === 'sid')
	expect(otherCookie?.value).not.toBe(cookie?.value)
	await other.close()

	// Replaying the cookie after sign-out gives a signed-out visitor.
	await page.getByRole('button', { name: 'Abmelden' }).click()
	// The page was on / already: wait for the sign-out itself (its answer removes the cookie).
	await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'sid')).toBe(false)
	await expect(page).toHaveURL('/')
	await page.context().addCookies([{ ...cookie!, expires: -1 }])
	await page.goto('/settings')
	await expect(page).toHaveURL(/\/auth\?redirectTo=/)
})

// The same-origin guard sits in front of React Router on the real server (server/security.ts
// secureApp; every variant and method in-process: tests/security/csrf.test.ts).
test('every route with an action refuses a cross-site POST on the real server; the signed Stripe webhook is the one exception', async ({ request }) => {
	const paths = actionRoutes(routes).map((p) => p.replace(/:\w+/g, '3f0e8a52-3c1b-4d7e-9a55-0c2f1e6b7d10').replace(/\*$/, 'x'))
	expect(paths.length).toBeGreaterThan(20)
	for (const target of paths) {
		for (const headers of [{ origin: 'https://evil.test' }, { 'sec-fetch-site': 'cross-site' }] as Array<Record<string, string>>) {
			const response = await request.post(target, { headers, form: { intent: 'delete', id: '1' }, maxRedirects: 0, failOnStatusCode: false })
			// Without Stripe keys the webhook route answers 404 (tests/e2e/pricing.spec.ts).
			expect(response.status(), `${target} ${JSON.stringify(headers)}`).toBe(target === '/webhooks/stripe' ? 404 : 403)
		}
	}
	const own = await request.post('/posts', { headers: { origin: e2eUrl }, form: { intent: 'delete-post' }, maxRedirects: 0, failOnStatusCode: false })
	expect(own.status()).not.toBe(403)
})
