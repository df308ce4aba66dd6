import { expect, signIn, test } from '#tests/e2e/fixtures.ts'

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
