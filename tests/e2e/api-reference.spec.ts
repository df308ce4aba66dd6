import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'

test('API reference: German headings and the endpoints from the OpenAPI document; a token call through the real server', async ({ page, request, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/api-referenz')
	await expect(page.getByRole('heading', { name: 'API-Referenz' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Posts', exact: true })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Entwürfe', exact: true })).toBeVisible()
	const create = page.getByTestId('api-endpoint').filter({ has: page.getByRole('heading', { name: 'Post erstellen, planen oder sofort veröffentlichen' }) })
	await expect(create).toContainText('POST')
	await expect(create).toContainText('/api/v1/posts')
	await expect(create).toContainText('Berechtigung: posts')
	await expect(create).toContainText('Inhalt der Anfrage')
	await expect(create).toContainText("curl -X POST")
	await expect(create.getByRole('rowheader', { name: 'schedule' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'OpenAPI-Dokument (JSON)' })).toHaveAttribute('href', '/api/v1/openapi.json')

	// The document is public; a call with a personal token goes through the server's middleware.
	const doc = await request.get('/api/v1/openapi.json')
	expect(doc.status()).toBe(200)
	expect((await doc.json()).openapi).toBe('3.1.0')
	const created = await services.accounts.apiTokens.create(user.id, { name: 'E2E', scopes: ['read', 'posts'], expiresAt: null })
	if (!created.ok) throw new Error('token')
	const credits = await request.get('/api/v1/credits', { headers: { Authorization: `Bearer ${created.secret}` } })
	expect(credits.status()).toBe(200)
	const draft = await request.post('/api/v1/drafts', { headers: { Authorization: `Bearer ${created.secret}`, 'Idempotency-Key': 'e2e-entwurf' }, data: { networks: [services.publishing.platforms.ids[0]], text: 'Aus der API' } })
	expect(draft.status()).toBe(201)
	const rows = await db.selectFrom('drafts').select('title').where('user_id', '=', user.id).execute()
	expect(rows.map((r) => r.title)).toEqual(['Aus der API'])
	const missing = await request.get('/api/v1/nichts', { headers: { Authorization: `Bearer ${created.secret}` } })
	expect(missing.status()).toBe(404)
	expect(missing.headers()['content-type']).toContain('application/problem+json')
})

test.describe('on a phone', () => {
	test.use(phone)
	test('the API reference reads at 390 px without sideways scrolling', async ({ page, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		await login(user)
		await gotoReady(page, '/api-referenz')
		await expect(page.getByRole('heading', { name: 'API-Referenz' })).toBeVisible()
		await expect(page.getByTestId('api-endpoint').first()).toBeVisible()
		await expectNoHorizontalScroll(page, '/api-referenz')
	})
})
