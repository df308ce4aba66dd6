// /api/v1/webhooks: the settings page's webhooks through a token with the 'webhooks' scope.
import { Webhook } from 'standardwebhooks'
import { expect, test } from 'vitest'
import { startWebhookReceiver } from '#tests/fakes/webhook-receiver.ts'
import { apiClient } from '#tests/support/api-v1.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

test('create (secret once, idempotent), read, test, log, replay, switch off and on, delete; scope and other users', async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	const { services } = testServices(t.db, { WEB_FETCH_ALLOW_HOSTS: receiver.host })
	const call = apiClient(services)
	const owner = await userWithCredits(t.db, 0)
	const other = await userWithCredits(t.db, 0)
	const token = async (userId: string, scopes: Array<'read' | 'webhooks'>) => {
		const made = await services.accounts.apiTokens.create(userId, { name: 'n8n', scopes, expiresAt: null })
		if (!made.ok) throw new Error('refused')
		return made.secret
	}
	const mine = await token(owner, ['webhooks'])
	const readOnly = await token(owner, ['read'])
	const theirs = await token(other, ['webhooks'])

	expect((await call('GET', '/webhooks', { token: readOnly })).status).toBe(403)
	const body = { url: `${receiver.url}/hook`, description: 'Make', events: ['post.published', 'credits.low'] }
	const created = await call('POST', '/webhooks', { token: mine, json: body, idempotencyKey: 'hook-1' })
	expect(created.status).toBe(201)
	const { endpoint, secret } = (await created.json()) as { endpoint: { id: string; events: Array<string> }; secret: string }
	expect(secret).toMatch(/^whsec_/)
	expect(endpoint.events).toEqual(['post.published', 'credits.low'])
	const again = await call('POST', '/webhooks', { token: mine, json: body, idempotencyKey: 'hook-1' })
	expect(again.status).toBe(201)
	expect(await again.json()).toMatchObject({ endpoint: { id: endpoint.id }, secret: null })
	expect((await call('POST', '/webhooks', { token: mine, json: { ...body, description: 'anders' }, idempotencyKey: 'hook-1' })).status).toBe(409)
	const refused = await call('POST', '/webhooks', { token: mine, json: { ...body, url: 'https://10.0.0.5/hook' } })
	expect(refused.status).toBe(400)
	expect(await refused.json()).toMatchObject({ code: 'invalid_request', errors: [{ field: 'url', message: 'Diese Adresse zeigt auf ein internes Netz und ist nicht erlaubt.' }] })
	expect((await call('POST', '/webhooks', { token: mine, json: { ...body, events: ['post.gelesen'] } })).status).toBe(400)

	const list = (await (await call('GET', '/webhooks', { token: mine })).json()) as { data: Array<{ id: string }> }
	expect(list.data.map((e) => e.id)).toEqual([endpoint.id])
	expect(JSON.stringify(list)).not.toContain(secret)

	const tested = await call('POST', `/webhooks/${endpoint.id}/test`, { token: mine })
	expect(await tested.json()).toMatchObject({ ok: true, statusCode: 200 })
	expect(new Webhook(secret).verify(receiver.requests[0]!.body, receiver.requests[0]!.headers)).toMatchObject({ type: 'webhook.test' })
	const log = (await (await call('GET', `/webhooks/${endpoint.id}/deliveries`, { token: mine })).json()) as { data: Array<{ messageId: string; statusCode: number }> }
	expect(log.data).toMatchObject([{ statusCode: 200 }])
	receiver.answer(503)
	const replayed = await call('POST', `/webhooks/${endpoint.id}/replay`, { token: mine, json: { messageId: log.data[0]!.messageId } })
	expect(await replayed.json()).toMatchObject({ ok: false, statusCode: 503 })
	expect(receiver.requests[1]!.headers['webhook-id']).toBe(receiver.requests[0]!.headers['webhook-id'])

	// Another user's endpoint and message are not found.
	expect((await call('GET', `/webhooks/${endpoint.id}`, { token: theirs })).status).toBe(404)
	expect((await call('GET', `/webhooks/${endpoint.id}/deliveries`, { token: theirs })).status).toBe(404)
	expect((await call('POST', `/webhooks/${endpoint.id}/test`, { token: theirs })).status).toBe(404)
	expect((await call('PATCH', `/webhooks/${endpoint.id}`, { token: theirs, json: { enabled: false } })).status).toBe(404)
	expect((await call('POST', `/webhooks/${endpoint.id}/replay`, { token: theirs, json: { messageId: log.data[0]!.messageId } })).status).toBe(404)
	expect((await call('DELETE', `/webhooks/${endpoint.id}`, { token: theirs })).status).toBe(404)
	expect(receiver.requests).toHaveLength(2)

	const off = await call('PATCH', `/webhooks/${endpoint.id}`, { token: mine, json: { enabled: false } })
	expect(await off.json()).toMatchObject({ enabled: false, disabledReason: 'user' })
	const on = await call('PATCH', `/webhooks/${endpoint.id}`, { token: mine, json: { enabled: true } })
	expect(await on.json()).toMatchObject({ enabled: true, disabledReason: null })
	expect((await call('DELETE', `/webhooks/${endpoint.id}`, { token: mine })).status).toBe(204)
	expect((await call('GET', `/webhooks/${endpoint.id}`, { token: mine })).status).toBe(404)
	expect((await call('GET', '/webhooks/kein-uuid', { token: mine })).status).toBe(404)
})
