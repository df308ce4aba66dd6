// Outgoing webhooks end to end on a real database: events from the real flows reach a local
// receiver signed by Standard Webhooks, retries keep the webhook-id, replay, switching off after
// repeated failures (one mail), the SSRF rules when saving, and other users' endpoints.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Webhook } from 'standardwebhooks'
import { expect, test } from 'vitest'
import { createSafeHttp } from '#adapters/web/index.ts'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import { createSecretBox } from '#modules/core/crypto.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { debitCredits } from '#modules/credits/index.ts'
import { createWebhooksService, emitWebhookEvent, MAX_AUTOMATIC_ATTEMPTS, pruneWebhookLog, type WebhooksService } from '#modules/webhooks/index.ts'
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '#tests/fakes/webhook-receiver.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { makeJobsDue, runJobsOnce } from '#tests/support/jobs.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

const zurich = 'Europe/Zurich'

function verified(secret: string, request: ReceivedWebhook) {
	return new Webhook(secret).verify(request.body, request.headers) as { type: string; timestamp: string; data: Record<string, unknown> }
}

async function addEndpoint(webhooks: WebhooksService, userId: string, receiver: WebhookReceiver, events: Array<string>) {
	const created = await webhooks.create(userId, randomUUID(), { url: `${receiver.url}/hooks`, description: 'Empfänger', events })
	if (!created.ok) throw new Error(`endpoint refused: ${created.message}`)
	return { endpoint: created.endpoint, secret: created.secret! }
}

/** Makes every queued job due now and runs them (a webhook retry waits 5 s and more). */
async function runAllNow(t: TestDatabase, run: () => Promise<void>) {
	await makeJobsDue(t.pool)
	await run()
}

async function messages(t: TestDatabase, endpointId: string) {
	return t.db.selectFrom('webhook_messages').select(['id', 'event_type', 'state', 'attempts']).where('endpoint_id', '=', endpointId).orderBy('created_at').execute()
}

test('post.scheduled and post.published reach the receiver, signed and verified by standardwebhooks', async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	await using h = await publishingHarness(t, undefined, { WEB_FETCH_ALLOW_HOSTS: receiver.host })
	const { userId } = await h.connectedUser()
	const { endpoint, secret } = await addEndpoint(h.services.webhooks, userId, receiver, ['post.scheduled', 'post.published', 'post.failed'])
	expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
	const stored = await t.db.selectFrom('webhook_endpoints').select('secret_sealed').where('id', '=', endpoint.id).executeTakeFirstOrThrow()
	expect(stored.secret_sealed).not.toContain(secret.slice(6))
	expect(createSecretBox('test-secret-test-secret-test-secret-0123').open(stored.secret_sealed)).toBe(secret)

	const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
	const planned = await h.services.content.createScheduledPost(userId, randomUUID(), { platform: 'linkedin', content: { base: 'Für morgen geplant', platforms: {} } }, { date: tomorrow, time: '10:00', timeZone: zurich })
	if (!planned.ok) throw new Error('planning refused')
	await h.runDueJobs()
	expect(receiver.requests).toHaveLength(1)
	// A post due in a moment is planned too (post.scheduled), then published by its job.
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Signiert und zugestellt', platforms: {} }, status: 'scheduled', scheduledAt: new Date(Date.now() + 300), timeZone: zurich })
	await new Promise((r) => setTimeout(r, 400))
	await h.runDueJobs()
	await h.runDueJobs()
	const received = await receiver.waitFor(3)
	const payloads = received.map((r) => verified(secret, r))
	expect(payloads.map((p) => p.type)).toEqual(['post.scheduled', 'post.scheduled', 'post.published'])
	expect(payloads[0]!.data).toMatchObject({ postId: planned.post.id, networks: ['linkedin'], timeZone: zurich, title: planned.post.title })
	expect(payloads[1]!.data).toMatchObject({ postId: post.id })
	expect(payloads[2]!.data).toMatchObject({ postId: post.id, network: 'linkedin', state: 'published' })
	expect(String(payloads[2]!.data.url)).toMatch(/^http/)
	expect(received[0]!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/)
	expect(received[0]!.headers['content-type']).toBe('application/json')
	// A tampered body fails the verification.
	expect(() => new Webhook(secret).verify(received[0]!.body.replace('morgen', 'heute'), received[0]!.headers)).toThrow()
	const log = await h.services.webhooks.log(userId, endpoint.id)
	expect(log!.map((l) => [l.event, l.statusCode, l.attempt, l.ok])).toEqual([
		['post.published', 200, 1, true],
		['post.scheduled', 200, 1, true],
		['post.scheduled', 200, 1, true],
	])
	expect((await h.services.webhooks.get(userId, endpoint.id))!.lastDelivery).toMatchObject({ statusCode: 200, ok: true })
})

test('a 500 is retried later with the same webhook-id; replay re-signs the same message', async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	const { services, tasks } = testServices(t.db, { WEB_FETCH_ALLOW_HOSTS: receiver.host })
	const { toTaskList } = await import('#modules/core/jobs.server.ts')
	const run = () => runJobsOnce(t.pool, toTaskList(tasks, createLogger('silent')))
	const userId = await userWithCredits(t.db, 100)
	const { endpoint, secret } = await addEndpoint(services.webhooks, userId, receiver, ['credits.low'])
	receiver.answer(500)
	await debitCredits(t.db, { userId, amount: 60, type: 'generation', reference: 'a' })
	await run()
	expect(receiver.requests).toHaveLength(1)
	const [message] = await messages(t, endpoint.id)
	expect(message).toMatchObject({ event_type: 'credits.low', state: 'pending', attempts: 1 })
	// The retry waits (5 s): nothing is due yet.
	await run()
	expect(receiver.requests).toHaveLength(1)
	await runAllNow(t, run)
	expect(receiver.requests).toHaveLength(2)
	const [first, second] = receiver.requests
	expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id'])
	expect(second!.body).toBe(first!.body)
	expect(verified(secret, second!)).toMatchObject({ type: 'credits.low', data: { balance: 40, threshold: 50 } })
	expect((await messages(t, endpoint.id))[0]).toMatchObject({ state: 'delivered', attempts: 2 })
	// Below the threshold already: no second event.
	await debitCredits(t.db, { userId, amount: 5, type: 'generation', reference: 'b' })
	expect(await messages(t, endpoint.id)).toHaveLength(1)

	await new Promise((r) => setTimeout(r, 1100))
	const replayed = await services.webhooks.replay(userId, message!.id)
	expect(replayed).toMatchObject({ ok: true, statusCode: 200, attempt: 3 })
	const third = receiver.requests[2]!
	expect(third.headers['webhook-id']).toBe(first!.headers['webhook-id'])
	expect(third.body).toBe(first!.body)
	expect(third.headers['webhook-timestamp']).not.toBe(first!.headers['webhook-timestamp'])
	expect(third.headers['webhook-signature']).not.toBe(first!.headers['webhook-signature'])
	verified(secret, third)
	const log = await services.webhooks.log(userId, endpoint.id)
	expect(log!.map((l) => [l.attempt, l.statusCode, l.manual])).toEqual([
		[3, 200, true],
		[2, 200, false],
		[1, 500, false],
	])
	// 'Test senden' goes out at once, as its own message.
	const sent = await services.webhooks.sendTest(userId, endpoint.id)
	expect(sent).toMatchObject({ ok: true, statusCode: 200 })
	expect(verified(secret, receiver.requests[3]!)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } })
})

test('a receiver that does not answer times out, and the retry keeps the webhook-id', async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	const box = createSecretBox('test-secret-test-secret-test-secret-0123')
	const logger = createLogger('silent')
	const { services } = testServices(t.db, { WEB_FETCH_ALLOW_HOSTS: receiver.host })
	// The module with a short timeout (10 s in the app), on the same safe fetcher. Only the first attempt,
	// to the receiver that never answers, meets it: the retry's answer may take long on a loaded machine.
	const safeHttp = createSafeHttp({ allowHosts: [receiver.host], onlyAllowHosts: true })
	let attempts = 0
	const webhooks = createWebhooksService({
		db: t.db,
		box,
		http: (url, init) => safeHttp(url, attempts++ === 0 ? init : { ...init, signal: undefined }),
		rules: { allowHosts: [receiver.host], onlyAllowHosts: true, isPublicAddress: () => false, isInternalName: () => true, lookup: async () => [] },
		mailer: { send: async () => {} },
		logger,
		appUrl: 'http://127.0.0.1:3999',
		timeoutMs: 300,
	})
	const { toTaskList } = await import('#modules/core/jobs.server.ts')
	const run = () => runJobsOnce(t.pool, toTaskList(webhooks.tasks, logger))
	const userId = await userWithCredits(t.db, 0)
	const { endpoint, secret } = await addEndpoint(services.webhooks, userId, receiver, ['post.failed'])
	receiver.answer('hang')
	await emitWebhookEvent(t.db, userId, 'post.failed', { postId: randomUUID(), network: 'sandbox', state: 'failed' })
	await run()
	const log = await webhooks.log(userId, endpoint.id)
	expect(log![0]).toMatchObject({ statusCode: null, error: 'Keine Antwort innerhalb von 10 Sekunden.', ok: false })
	await runAllNow(t, run)
	expect(receiver.requests).toHaveLength(2)
	expect(receiver.requests[1]!.headers['webhook-id']).toBe(receiver.requests[0]!.headers['webhook-id'])
	verified(secret, receiver.requests[1]!)
	expect((await messages(t, endpoint.id))[0]).toMatchObject({ state: 'delivered', attempts: 2 })
})

test('after every attempt of 5 messages failed the endpoint is switched off, with one mail; Aktivieren starts again', async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	const { services, tasks } = testServices(t.db, { WEB_FETCH_ALLOW_HOSTS: receiver.host })
	const { toTaskList } = await import('#modules/core/jobs.server.ts')
	const run = () => runJobsOnce(t.pool, toTaskList(tasks, createLogger('silent')))
	const email = `${randomUUID()}@beispiel.ch`
	const userId = await services.accounts.createConfirmedUser({ email, password: 'ein-langes-passwort', fullName: 'Paula Post' })
	const { endpoint } = await addEndpoint(services.webhooks, userId, receiver, ['post.failed'])
	receiver.setDefault(503)
	for (let i = 0; i < 6; i++) await emitWebhookEvent(t.db, userId, 'post.failed', { postId: randomUUID(), state: 'failed' })
	for (let round = 0; round < MAX_AUTOMATIC_ATTEMPTS + 1; round++) await runAllNow(t, run)
	const view = await services.webhooks.get(userId, endpoint.id)
	expect(view).toMatchObject({ enabled: false, disabledReason: 'failures' })
	const states = (await messages(t, endpoint.id)).map((m) => m.state)
	expect(states.filter((s) => s === 'failed')).toHaveLength(5)
	// The sixth was still pending when the endpoint went off: it is not sent any more.
	const requestsWhenOff = receiver.requests.length
	expect(requestsWhenOff).toBeLessThanOrEqual(6 * MAX_AUTOMATIC_ATTEMPTS)
	await runAllNow(t, run)
	expect(receiver.requests).toHaveLength(requestsWhenOff)
	// No new messages for a switched-off endpoint.
	await emitWebhookEvent(t.db, userId, 'post.failed', { postId: randomUUID(), state: 'failed' })
	expect(await messages(t, endpoint.id)).toHaveLength(6)
	const mails = (await services.devMailbox!.list(50)).filter((m) => m.to === email && m.subject.startsWith('Webhook deaktiviert'))
	expect(mails).toHaveLength(1)
	expect(mails[0]!.subject).toBe(`Webhook deaktiviert: ${receiver.host}`)
	expect(mails[0]!.text).toContain('/settings/integrationen')
	expect(mails[0]!.text).toContain('HTTP 503')
	const logged = await t.db.selectFrom('activity_logs').select(['log_type', 'title', 'status']).where('user_id', '=', userId).where('log_type', '=', 'api').execute()
	expect(logged).toEqual([{ log_type: 'api', title: 'Webhook wegen wiederholter Fehler deaktiviert', status: 'error' }])

	expect(await services.webhooks.setEnabled(userId, endpoint.id, true)).toBe(true)
	expect(await services.webhooks.get(userId, endpoint.id)).toMatchObject({ enabled: true, disabledReason: null })
	const counters = await t.db.selectFrom('webhook_endpoints').select(['failed_messages', 'failing_since']).where('id', '=', endpoint.id).executeTakeFirstOrThrow()
	expect(counters).toEqual({ failed_messages: 0, failing_since: null })
})

test('an endpoint failing for 24 hours is switched off at its next failed attempt', async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	const { services, tasks } = testServices(t.db, { WEB_FETCH_ALLOW_HOSTS: receiver.host })
	const { toTaskList } = await import('#modules/core/jobs.server.ts')
	const run = () => runJobsOnce(t.pool, toTaskList(tasks, createLogger('silent')))
	const userId = await services.accounts.createConfirmedUser({ email: `${randomUUID()}@beispiel.ch`, password: 'ein-langes-passwort', fullName: 'Paula Post' })
	const { endpoint } = await addEndpoint(services.webhooks, userId, receiver, ['post.unconfirmed'])
	await t.db.updateTable('webhook_endpoints').set({ failing_since: new Date(Date.now() - 25 * 3600_000) }).where('id', '=', endpoint.id).execute()
	receiver.answer(404)
	await emitWebhookEvent(t.db, userId, 'post.unconfirmed', { postId: randomUUID(), state: 'unconfirmed' })
	await run()
	expect(await services.webhooks.get(userId, endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'failures' })
})

test('URLs the SSRF rules refuse are not saved, with a German reason', async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	const { services } = testServices(t.db, { WEB_FETCH_ALLOW_HOSTS: receiver.host })
	const userId = await userWithCredits(t.db, 0)
	const refused = async (url: string) => {
		const result = await services.webhooks.create(userId, randomUUID(), { url, description: '', events: ['post.published'] })
		if (result.ok) throw new Error(`${url} was accepted`)
		expect(result.field).toBe('url')
		return result.message
	}
	expect(await refused('ftp://beispiel.ch/hook')).toBe('Nur https-Adressen sind erlaubt.')
	expect(await refused('https://nutzer:geheim@beispiel.ch/hook')).toBe('Adressen mit Zugangsdaten (Benutzername oder Passwort) sind nicht erlaubt.')
	expect(await refused('https://10.1.2.3/hook')).toBe('Diese Adresse zeigt auf ein internes Netz und ist nicht erlaubt.')
	expect(await refused('https://169.254.169.254/latest/meta-data')).toBe('Diese Adresse zeigt auf ein internes Netz und ist nicht erlaubt.')
	expect(await refused('http://[::1]:8080/hook')).toBe('Diese Adresse zeigt auf ein internes Netz und ist nicht erlaubt.')
	expect(await refused('https://localhost/hook')).toBe('Diese Adresse zeigt auf ein internes Netz und ist nicht erlaubt.')
	// Loopback but not the allow-listed receiver's port.
	expect(await refused(`http://127.0.0.1:${Number(receiver.host.split(':')[1]) + 1}/hook`)).toBe('Diese Adresse zeigt auf ein internes Netz und ist nicht erlaubt.')
	expect(await refused('http://beispiel.ch/hook')).toBe('Nur https-Adressen sind erlaubt.')
	expect(await refused('nicht eine adresse')).toBe('Die Adresse ist ungültig.')
	expect(await refused('')).toBe('Bitte geben Sie eine Adresse ein.')
	// APP_ENV=test never reaches the internet.
	expect(await refused('https://beispiel.ch/hook')).toBe('Im Testbetrieb sind nur lokale Testadressen erlaubt.')
	const noEvents = await services.webhooks.create(userId, randomUUID(), { url: `${receiver.url}/x`, description: '', events: [] })
	expect(noEvents).toMatchObject({ ok: false, field: 'events', message: 'Wählen Sie mindestens ein Ereignis.' })
	expect(await services.webhooks.list(userId)).toEqual([])
})

test('at most 10 endpoints; a repeated request id creates one and shows the secret once; other users see not found', async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	const { services } = testServices(t.db, { WEB_FETCH_ALLOW_HOSTS: receiver.host })
	const owner = await userWithCredits(t.db, 0)
	const other = await userWithCredits(t.db, 0)
	const requestId = randomUUID()
	const input = { url: `${receiver.url}/a`, description: 'Zapier', events: ['post.published', 'credits.low'] }
	const first = await services.webhooks.create(owner, requestId, input)
	const again = await services.webhooks.create(owner, requestId, input)
	if (!first.ok || !again.ok) throw new Error('refused')
	expect(again.endpoint.id).toBe(first.endpoint.id)
	expect(first.secret).toMatch(/^whsec_/)
	expect(again.secret).toBeNull()
	for (let i = 1; i < 10; i++) expect((await services.webhooks.create(owner, randomUUID(), input)).ok).toBe(true)
	expect(await services.webhooks.create(owner, randomUUID(), input)).toMatchObject({ ok: false, error: 'limit', message: 'Sie können höchstens 10 Webhooks anlegen.' })

	const id = first.endpoint.id
	expect(await services.webhooks.get(other, id)).toBeNull()
	expect(await services.webhooks.log(other, id)).toBeNull()
	expect(await services.webhooks.sendTest(other, id)).toBeNull()
	expect(await services.webhooks.setEnabled(other, id, false)).toBe(false)
	expect(await services.webhooks.remove(other, id)).toBe(false)
	expect(await services.webhooks.list(other)).toEqual([])
	const test = await services.webhooks.sendTest(owner, id)
	const [message] = await messages(t, id)
	expect(test).toMatchObject({ ok: true })
	expect(await services.webhooks.replay(other, message!.id)).toBeNull()
	expect(await services.webhooks.remove(owner, id)).toBe(true)
	expect(await services.webhooks.get(owner, id)).toBeNull()
})

test('a completed generation sends generation.completed, and its charge below 50 credits sends credits.low once', async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-webhooks-'))
	try {
		await seedModelCatalogue(t.db)
		const { services, tasks } = testServices(t.db, { WEB_FETCH_ALLOW_HOSTS: receiver.host, DATA_DIR: dataDir })
			const { toTaskList } = await import('#modules/core/jobs.server.ts')
		const userId = await userWithCredits(t.db, 51)
		const { secret } = await addEndpoint(services.webhooks, userId, receiver, ['generation.completed', 'credits.low'])
		const input = { requestId: randomUUID(), kind: 'smart-post', platforms: ['linkedin'], agentId: null, prompt: 'Wie Bäckereien ihre Stammkundschaft mit kurzen Posts pflegen', url: '', notes: '', article: null, document: null, image: null, audio: null } as const
		const outcome = await services.generation.generate(userId, { ...input, platforms: [...input.platforms] })
		if (!outcome.ok) throw new Error(outcome.code)
		await runJobsOnce(t.pool, toTaskList(tasks, createLogger('silent')))
		const payloads = receiver.requests.map((r) => verified(secret, r))
		expect(payloads.map((p) => p.type).sort()).toEqual(['credits.low', 'generation.completed'])
		const completed = payloads.find((p) => p.type === 'generation.completed')!
		expect(completed.data).toMatchObject({ kind: 'smart-post', networks: ['linkedin'], credits: outcome.charged - outcome.refunded })
		expect(payloads.find((p) => p.type === 'credits.low')!.data).toMatchObject({ threshold: 50 })
	} finally {
		await fs.rm(dataDir, { recursive: true, force: true })
	}
})

test('a refused publish sends post.failed, one nobody can confirm sends post.unconfirmed', async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	await using h = await publishingHarness(t, undefined, { WEB_FETCH_ALLOW_HOSTS: receiver.host })
	const { userId } = await h.connectedUser()
	const { secret } = await addEndpoint(h.services.webhooks, userId, receiver, ['post.failed', 'post.unconfirmed'])
	h.li.router.script('POST /rest/posts', [{ status: 422, body: { message: 'Invalid content' } }])
	const refused = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Abgelehnt', platforms: {} }, status: 'draft', timeZone: zurich })
	await h.services.publishing.publishNow(userId, refused.id)
	await h.runDueJobs()
	await h.runDueJobs()
	h.li.router.reset()
	h.li.router.script('POST /rest/posts', [{ hang: true }])
	h.li.router.script('GET /rest/posts', [{ status: 500, body: { message: 'Internal error' } }])
	const silent = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Hängt', platforms: {} }, status: 'draft', timeZone: zurich })
	await h.services.publishing.publishNow(userId, silent.id)
	await h.runDueJobs()
	h.li.router.reset()
	await runAllNow(t, h.runDueJobs)
	await h.services.publishing.maintenance.sweep()
	await runAllNow(t, h.runDueJobs)
	const payloads = receiver.requests.map((r) => verified(secret, r))
	expect(payloads.find((p) => p.type === 'post.failed')?.data).toMatchObject({ postId: refused.id, network: 'linkedin', state: 'failed' })
	expect(payloads.find((p) => p.type === 'post.unconfirmed')?.data).toMatchObject({ postId: silent.id, network: 'linkedin', state: 'unconfirmed' })
	expect(String(payloads.find((p) => p.type === 'post.failed')!.data.reason)).not.toBe('')
})

test('messages and their attempts older than 30 days are pruned, newer ones stay', async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	const { services } = testServices(t.db, { WEB_FETCH_ALLOW_HOSTS: receiver.host })
	const userId = await userWithCredits(t.db, 0)
	const { endpoint } = await addEndpoint(services.webhooks, userId, receiver, ['post.published'])
	await services.webhooks.sendTest(userId, endpoint.id)
	await services.webhooks.sendTest(userId, endpoint.id)
	const [old] = await messages(t, endpoint.id)
	await t.db.updateTable('webhook_messages').set({ created_at: new Date(Date.now() - 31 * 86_400_000) }).where('id', '=', old!.id).execute()
	expect(await pruneWebhookLog(t.db)).toBe(1)
	expect((await messages(t, endpoint.id)).map((m) => m.id)).not.toContain(old!.id)
	expect(await services.webhooks.log(userId, endpoint.id)).toHaveLength(1)
})
