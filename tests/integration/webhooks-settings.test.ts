// The 'webhook-…' intents of Settings › API & Integrationen, called like the route calls them.
import { randomUUID } from 'node:crypto'
import { RouterContextProvider } from 'react-router'
import { Webhook } from 'standardwebhooks'
import { expect, test } from 'vitest'
import type { WebhookReply } from '#app/components/settings/webhooks-types.ts'
import { servicesContext } from '#app/context.ts'
import { isWebhookIntent, loadWebhooks, webhookAction, type WebhookIntent } from '#app/server/webhooks-settings.server.ts'
import { startWebhookReceiver } from '#tests/fakes/webhook-receiver.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

test('add, test, replay, switch off and on, delete; bad input and other users answer in German without a 5xx', async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	const { services } = testServices(t.db, { WEB_FETCH_ALLOW_HOSTS: receiver.host })
	const context = new RouterContextProvider()
	context.set(servicesContext, services)
	const owner = await userWithCredits(t.db, 0)
	const other = await userWithCredits(t.db, 0)
	const act = async (userId: string, intent: WebhookIntent, fields: Record<string, string | Array<string>>) => {
		const form = new FormData()
		for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v)
		const answer = (await webhookAction(context, userId, intent, form)) as unknown as { data: WebhookReply; init: { status?: number } | null }
		return { status: answer.init?.status ?? 200, reply: answer.data }
	}
	expect(isWebhookIntent('webhook-create')).toBe(true)
	expect(isWebhookIntent('profile')).toBe(false)

	const bad = await act(owner, 'webhook-create', { requestId: randomUUID(), url: 'https://192.168.0.10/hook', events: ['post.published'] })
	expect(bad).toMatchObject({ status: 400, reply: { ok: false, errors: { url: 'Diese Adresse zeigt auf ein internes Netz und ist nicht erlaubt.' } } })
	const noId = await act(owner, 'webhook-create', { url: `${receiver.url}/hook`, events: ['post.published'] })
	expect(noId.status).toBe(400)
	const created = await act(owner, 'webhook-create', { requestId: randomUUID(), url: `${receiver.url}/hook`, description: 'Make', events: ['post.published', 'post.failed'] })
	expect(created).toMatchObject({ status: 200, reply: { ok: true, notice: { title: 'Webhook gespeichert.' } } })
	const secret = created.reply.secret!
	const endpointId = created.reply.endpointId!
	expect(secret).toMatch(/^whsec_/)

	const tested = await act(owner, 'webhook-test', { endpointId })
	expect(tested.reply).toMatchObject({ ok: true, notice: { title: 'Test gesendet: HTTP 200.' } })
	expect(new Webhook(secret).verify(receiver.requests[0]!.body, receiver.requests[0]!.headers)).toMatchObject({ type: 'webhook.test' })
	const panel = await loadWebhooks(context, owner)
	expect(panel.endpoints).toHaveLength(1)
	expect(panel.endpoints[0]).toMatchObject({ description: 'Make', enabled: true, lastDelivery: { statusCode: 200 } })
	expect(panel.endpoints[0]!.log.map((l) => [l.event, l.statusCode, l.manual])).toEqual([['webhook.test', 200, true]])
	expect(JSON.stringify(panel)).not.toContain(secret)

	receiver.answer(500)
	const replayed = await act(owner, 'webhook-replay', { messageId: panel.endpoints[0]!.log[0]!.messageId })
	expect(replayed).toMatchObject({ status: 200, reply: { ok: false, notice: { title: 'Erneut senden fehlgeschlagen: HTTP 500' } } })
	expect(receiver.requests[1]!.headers['webhook-id']).toBe(receiver.requests[0]!.headers['webhook-id'])

	expect((await act(other, 'webhook-test', { endpointId })).status).toBe(404)
	expect((await act(other, 'webhook-disable', { endpointId })).status).toBe(404)
	expect((await act(other, 'webhook-delete', { endpointId })).status).toBe(404)
	expect((await act(other, 'webhook-replay', { messageId: panel.endpoints[0]!.log[0]!.messageId })).reply.notice.title).toBe('Diese Nachricht wurde nicht gefunden.')
	expect((await act(owner, 'webhook-test', { endpointId: 'kein-uuid' })).reply.notice.title).toBe('Dieser Webhook wurde nicht gefunden.')
	expect((await act(owner, 'webhook-replay', { messageId: "msg_'; drop table" })).status).toBe(404)
	expect((await loadWebhooks(context, other)).endpoints).toEqual([])

	expect((await act(owner, 'webhook-disable', { endpointId })).reply.notice.title).toBe('Webhook deaktiviert.')
	expect((await loadWebhooks(context, owner)).endpoints[0]).toMatchObject({ enabled: false, disabledReason: 'user' })
	expect((await act(owner, 'webhook-enable', { endpointId })).reply.notice.title).toBe('Webhook aktiviert.')
	// Manual sends are limited per minute (2 so far): the 21st is refused without a request.
	for (let i = 0; i < 18; i++) expect((await act(owner, 'webhook-test', { endpointId })).reply.ok).toBe(true)
	const before = receiver.requests.length
	expect(await act(owner, 'webhook-test', { endpointId })).toMatchObject({ status: 429, reply: { ok: false, notice: { title: 'Sie haben in der letzten Minute viele Nachrichten von Hand gesendet. Bitte warten Sie einen Moment.' } } })
	expect(receiver.requests).toHaveLength(before)
	expect((await act(owner, 'webhook-delete', { endpointId })).reply.notice.title).toBe('Webhook gelöscht.')
	expect((await loadWebhooks(context, owner)).endpoints).toEqual([])
})
