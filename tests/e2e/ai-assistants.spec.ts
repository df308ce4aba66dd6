// Issue 40 item 5 (ADR 0073): 'Mit KI-Assistenten verbinden' and the API reference read signed out,
// with this server's MCP address filled in; linked from 'API & Integrationen' and the reference.
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { checkAccessibility, describeViolations } from '#tests/e2e/a11y.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'

test('signed out: the guide names the steps for Claude, ChatGPT, Cursor and mcp-remote with this server, and the API reference reads too', async ({ page }) => {
	await gotoReady(page, '/ki-assistenten')
	const origin = new URL(page.url()).origin
	await expect(page.getByRole('heading', { name: 'Mit KI-Assistenten verbinden' })).toBeVisible()
	for (const name of ['Claude', 'ChatGPT', 'Cursor', 'Mit persönlichem API-Schlüssel (mcp-remote)']) await expect(page.getByRole('heading', { name, exact: true })).toBeVisible()
	await expect(page.getByLabel('Adresse des MCP-Servers')).toHaveText(`${origin}/mcp`)
	const claude = page.getByRole('region', { name: 'Claude' })
	await expect(claude.getByRole('listitem')).toHaveCount(4)
	await expect(claude).toContainText('Benutzerdefinierten Konnektor hinzufügen')
	await expect(page.getByRole('region', { name: 'ChatGPT' })).toContainText('OAuth')
	await expect(page.getByLabel('mcp.json')).toContainText(`"url": "${origin}/mcp"`)
	await expect(page.getByLabel('mcp-remote', { exact: true })).toHaveText(`npx mcp-remote ${origin}/mcp --header "Authorization: Bearer \${POSTWERK_TOKEN}"`)
	await expect(page.getByLabel('claude_desktop_config.json')).toContainText('"POSTWERK_TOKEN": "pw_…"')
	await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible()
	const { serious } = await checkAccessibility(page)
	expect(serious, describeViolations(serious)).toEqual([])

	await page.getByRole('link', { name: 'API-Referenz' }).click()
	await expect(page).toHaveURL(/\/api-referenz$/)
	await expect(page.getByRole('heading', { name: 'API-Referenz' })).toBeVisible()
	await expect(page.getByTestId('api-endpoint').first()).toBeVisible()
	await page.getByRole('link', { name: 'Mit KI-Assistenten verbinden' }).click()
	await expect(page).toHaveURL(/\/ki-assistenten$/)
})

test('signed in: API & Integrationen links to the guide, which shows in the app', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/settings/integrationen')
	await page.getByRole('link', { name: 'Mit KI-Assistenten verbinden' }).click()
	await expect(page).toHaveURL(/\/ki-assistenten$/)
	await expect(page.getByRole('heading', { name: 'Mit KI-Assistenten verbinden' })).toBeVisible()
	// The app's navigation around it, not the public frame's sign-in.
	await expect(page.getByRole('link', { name: 'Anmelden' })).toHaveCount(0)
	await gotoReady(page, '/api-referenz')
	await expect(page.getByRole('heading', { name: 'API-Referenz' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Anmelden' })).toHaveCount(0)
})

test.describe('on a phone', () => {
	test.use(phone)
	test('the guide and the API reference read at 390 px signed out without sideways scrolling', async ({ page }) => {
		await gotoReady(page, '/ki-assistenten')
		await expect(page.getByRole('heading', { name: 'Mit KI-Assistenten verbinden' })).toBeVisible()
		await expectNoHorizontalScroll(page, '/ki-assistenten')
		await gotoReady(page, '/api-referenz')
		await expect(page.getByTestId('api-endpoint').first()).toBeVisible()
		await expectNoHorizontalScroll(page, '/api-referenz')
	})
})
