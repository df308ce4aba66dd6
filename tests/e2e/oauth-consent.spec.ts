// OAuth consent in the browser (issue 40 item 1, ADR 0071): an MCP client registered at /register
// sends the signed-in user to /authorize; the German consent page names the app and its scopes;
// 'Zulassen' returns to the app's loopback address with a code, which buys a token for /mcp; the app
// is listed under 'API & Integrationen' and 'Zugriff entziehen' ends its token at once. On a phone,
// signed out: the sign-in leads back to the consent, which fits 390 px; 'Ablehnen' answers access_denied.
import { createHash, randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'
import { e2eUrl } from '#tests/support/e2e.ts'

const REDIRECT_URI = 'http://127.0.0.1:53682/callback'

/** A public client registered as an MCP client does it, and an /authorize address with PKCE for it. */
async function startAuthorization(page: Page) {
	const registered = await page.request.post(`${e2eUrl}/register`, { data: { client_name: 'Claude Desktop', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' } })
	expect(registered.status()).toBe(201)
	const clientId = String(((await registered.json()) as { client_id: string }).client_id)
	const verifier = randomBytes(32).toString('base64url')
	const url = new URL(`${e2eUrl}/authorize`)
	const params = { client_id: clientId, redirect_uri: REDIRECT_URI, response_type: 'code', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256', state: 'zustand-1', scope: 'read posts', resource: `${e2eUrl}/mcp` }
	for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
	// The app's loopback listener: answered here, the test reads the address it was sent to.
	await page.route(`${REDIRECT_URI}**`, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'ok' }))
	return { clientId, verifier, url: url.href }
}

const mcpStatus = async (page: Page, token: string) =>
	(await page.request.post(`${e2eUrl}/mcp`, { headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, data: { jsonrpc: '2.0', id: 1, method: 'tools/list' } })).status()

test('consent in German, Zulassen returns a code, the app is listed and Zugriff entziehen ends its token', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	const started = await startAuthorization(page)
	await page.goto(started.url)
	await expect(page.getByRole('heading', { name: 'Zugriff auf Ihr Postwerk-Konto erlauben?' })).toBeVisible()
	await expect(page.getByText('Die App «Claude Desktop» möchte in Ihrem Namen auf Postwerk zugreifen.')).toBeVisible()
	await expect(page.getByText('Nach Ihrer Entscheidung geht es weiter zu 127.0.0.1:53682.')).toBeVisible()
	const scopes = page.getByRole('list', { name: 'Die App erhält diese Berechtigungen:' })
	await expect(scopes.getByRole('listitem')).toHaveCount(2)
	await expect(scopes).toContainText('Lesen')
	await expect(scopes).toContainText('Posts')
	await expect(page.getByText('Gilt für den MCP-Server (KI-Assistenten).')).toBeVisible()

	await page.getByRole('button', { name: 'Zulassen' }).click()
	await page.waitForURL(/^http:\/\/127\.0\.0\.1:53682\/callback\?/)
	const callback = new URL(page.url())
	expect(callback.searchParams.get('state')).toBe('zustand-1')
	const code = callback.searchParams.get('code')!
	const token = await page.request.post(`${e2eUrl}/token`, { form: { grant_type: 'authorization_code', code, code_verifier: started.verifier, redirect_uri: REDIRECT_URI, client_id: started.clientId, resource: `${e2eUrl}/mcp` } })
	expect(token.status()).toBe(200)
	const { access_token: accessToken } = (await token.json()) as { access_token: string }
	expect(await mcpStatus(page, accessToken)).toBe(200)

	await gotoReady(page, '/settings/integrationen')
	const row = page.getByTestId('connected-app-row').filter({ hasText: 'Claude Desktop' })
	await expect(row).toContainText('Lesen')
	await expect(row).toContainText('Posts')
	await page.getByRole('button', { name: 'Zugriff entziehen: Claude Desktop' }).click()
	await page.getByRole('alertdialog').getByRole('button', { name: 'Ja, Zugriff entziehen' }).click()
	await expect(page.getByText('Zugriff entzogen').first()).toBeVisible()
	await expect(page.getByTestId('connected-app-row')).toHaveCount(0)
	await expect(page.getByText('Noch keine verbundenen Apps.')).toBeVisible()
	expect(await mcpStatus(page, accessToken)).toBe(401)
})

test.describe('on a phone', () => {
	test.use(phone)
	test('signed out: sign in, back on the consent page, which fits 390 px; Ablehnen answers access_denied', async ({ page, createConfirmedUser }) => {
		const user = await createConfirmedUser()
		const started = await startAuthorization(page)
		await page.goto(started.url)
		await expect(page).toHaveURL(/\/auth\?redirectTo=%2Foauth%2Fzustimmung%3Fanfrage%3D/)
		await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
		await page.getByLabel('E-Mail').fill(user.email)
		await page.getByLabel('Passwort', { exact: true }).fill(user.password)
		await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
		await expect(page).toHaveURL(/\/oauth\/zustimmung\?anfrage=/)
		await expect(page.getByRole('heading', { name: 'Zugriff auf Ihr Postwerk-Konto erlauben?' })).toBeVisible()
		await expectNoHorizontalScroll(page, 'consent')
		await page.getByRole('button', { name: 'Ablehnen' }).tap()
		await page.waitForURL(/^http:\/\/127\.0\.0\.1:53682\/callback\?/)
		const callback = new URL(page.url())
		expect(callback.searchParams.get('error')).toBe('access_denied')
		expect(callback.searchParams.get('state')).toBe('zustand-1')
	})
})
