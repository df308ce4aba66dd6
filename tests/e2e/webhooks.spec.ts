import { Webhook } from 'standardwebhooks'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'
import type { ReceivedWebhook } from '#tests/fakes/webhook-receiver.ts'
import { fakeWebhookUrl } from '#tests/support/e2e.ts'

/** What the receiver got on this test's own path. */
async function receivedAt(path: string) {
	const all = (await (await fetch(`${fakeWebhookUrl}/__requests`)).json()) as Array<ReceivedWebhook>
	return all.filter((r) => r.path === path)
}

test('a webhook is added with its secret shown once, Test senden reaches the receiver signed, and Erneut senden repeats it', async ({ page, createConfirmedUser, login, db }) => {
	// The whole journey (add, reload, test, replay, switch off, delete) on a busy machine.
	test.setTimeout(60_000)
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/settings/integrationen')
	await expect(page.getByText('Sie haben noch keine Webhooks.')).toBeVisible()

	const path = `/e2e/${user.id}`
	await page.getByRole('button', { name: 'Webhook hinzufügen' }).click()
	await page.getByRole('textbox', { name: 'Adresse (URL)' }).fill(`${fakeWebhookUrl}${path}`)
	// Without an event the form says why.
	await page.getByRole('button', { name: 'Webhook speichern' }).click()
	await expect(page.getByText('Wählen Sie mindestens ein Ereignis.').first()).toBeVisible()
	await page.getByRole('checkbox', { name: 'Post veröffentlicht' }).check()
	await page.getByRole('checkbox', { name: 'Post fehlgeschlagen' }).check()
	await page.getByRole('button', { name: 'Webhook speichern' }).click()

	const secretField = page.getByRole('textbox', { name: 'Signaturschlüssel' })
	await expect(secretField).toBeVisible()
	const secret = await secretField.inputValue()
	expect(secret).toMatch(/^whsec_/)
	const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: path })
	await expect(endpoint).toContainText('Aktiv')
	await expect(endpoint).toContainText('Post veröffentlicht')
	await expect(endpoint).toContainText('Noch keine Zustellung')
	const stored = await db.selectFrom('webhook_endpoints').select(['url', 'events', 'secret_sealed', 'enabled']).where('user_id', '=', user.id).execute()
	expect(stored).toHaveLength(1)
	expect(stored[0]).toMatchObject({ url: `${fakeWebhookUrl}${path}`, events: ['post.published', 'post.failed'], enabled: true })
	expect(stored[0]!.secret_sealed).not.toContain(secret.slice(6))

	await page.getByRole('button', { name: 'Fertig' }).click()
	await expect(secretField).toBeHidden()
	await gotoReady(page, '/settings/integrationen')
	await expect(page.getByRole('textbox', { name: 'Signaturschlüssel' })).toHaveCount(0)

	await endpoint.getByRole('button', { name: 'Test senden' }).click()
	await expect(page.getByText('Test gesendet: HTTP 200.').first()).toBeVisible()
	await endpoint.getByText(/^Zustellprotokoll/).click()
	const rows = endpoint.getByTestId('webhook-log-row')
	await expect(rows).toHaveCount(1)
	await expect(rows.first()).toContainText('HTTP 200')
	await expect(rows.first()).toContainText('Test')
	const [first] = await receivedAt(path)
	expect(new Webhook(secret).verify(first!.body, first!.headers)).toMatchObject({ type: 'webhook.test' })

	await rows.first().getByRole('button', { name: 'Erneut senden' }).click()
	await expect(page.getByText('Erneut gesendet: HTTP 200.').first()).toBeVisible()
	await expect(rows).toHaveCount(2)
	await expect(rows.first()).toContainText('Versuch 2 (manuell)')
	const received = await receivedAt(path)
	expect(received).toHaveLength(2)
	expect(received[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id'])
	new Webhook(secret).verify(received[1]!.body, received[1]!.headers)
	const attempts = await db.selectFrom('webhook_attempts as a').innerJoin('webhook_endpoints as e', 'e.id', 'a.endpoint_id').select(['a.status_code', 'a.attempt']).where('e.user_id', '=', user.id).orderBy('a.attempt').execute()
	expect(attempts).toEqual([
		{ status_code: 200, attempt: 1 },
		{ status_code: 200, attempt: 2 },
	])

	await endpoint.getByRole('button', { name: 'Deaktivieren' }).click()
	await expect(endpoint).toContainText('Deaktiviert')
	await expect.poll(async () => (await db.selectFrom('webhook_endpoints').select('enabled').where('user_id', '=', user.id).executeTakeFirstOrThrow()).enabled).toBe(false)
	await endpoint.getByRole('button', { name: 'Löschen' }).click()
	await page.getByRole('alertdialog').getByRole('button', { name: 'Ja, löschen' }).click()
	await expect(page.getByText('Sie haben noch keine Webhooks.')).toBeVisible()
	expect(await db.selectFrom('webhook_endpoints').select('id').where('user_id', '=', user.id).execute()).toEqual([])
})

test('an internal address is refused with a German reason', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/settings/integrationen')
	await page.getByRole('button', { name: 'Webhook hinzufügen' }).click()
	await page.getByRole('textbox', { name: 'Adresse (URL)' }).fill('https://192.168.1.20/hook')
	await page.getByRole('checkbox', { name: 'Credits knapp' }).check()
	await page.getByRole('button', { name: 'Webhook speichern' }).click()
	await expect(page.getByRole('alert').filter({ hasText: 'Diese Adresse zeigt auf ein internes Netz und ist nicht erlaubt.' })).toBeVisible()
	expect(await db.selectFrom('webhook_endpoints').select('id').where('user_id', '=', user.id).execute()).toEqual([])
})

test.describe('on a phone', () => {
	test.use(phone)
	test('the webhooks panel fits a 390 px screen with an endpoint and its log', async ({ page, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		await login(user)
		await gotoReady(page, '/settings/integrationen')
		await page.getByRole('button', { name: 'Webhook hinzufügen' }).tap()
		await page.getByRole('textbox', { name: 'Adresse (URL)' }).fill(`${fakeWebhookUrl}/e2e/${user.id}/telefon/mit/einem/recht/langen/pfad`)
		await page.getByRole('checkbox', { name: 'Post geplant' }).tap()
		await page.getByRole('button', { name: 'Webhook speichern' }).tap()
		await expect(page.getByRole('textbox', { name: 'Signaturschlüssel' })).toBeVisible()
		await expectNoHorizontalScroll(page, 'webhooks with the secret')
		await page.getByRole('button', { name: 'Test senden' }).tap()
		await expect(page.getByText('Test gesendet: HTTP 200.').first()).toBeVisible()
		await page.getByText(/^Zustellprotokoll/).tap()
		await expect(page.getByTestId('webhook-log-row')).toHaveCount(1)
		await expectNoHorizontalScroll(page, 'webhooks with the log')
	})
})
