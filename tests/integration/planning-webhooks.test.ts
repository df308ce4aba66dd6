// Issue 37 (3.2): every path that plans a post emits 'post.scheduled' (a CSV import sent none for
// 2 000 posts), and a failed generation emits 'generation.failed' (its own failure and one reclaimed
// after a crash). The messages are counted where the outbox keeps them (webhook_messages).
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { importRows } from '#modules/posting/index.ts'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import { addDays, todayIn } from '#modules/scheduling/index.ts'
import { startWebhookReceiver } from '#tests/fakes/webhook-receiver.ts'
import { connectAccounts } from '#tests/support/connected-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { testPlatforms } from '#tests/support/platforms.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

const zone = 'Europe/Zurich'

async function bodies(t: TestDatabase, userId: string, type: string) {
	const rows = await t.db.selectFrom('webhook_messages').select('body').where('user_id', '=', userId).where('event_type', '=', type).execute()
	return rows.map((r) => (JSON.parse(r.body) as { data: Record<string, unknown> }).data)
}

test('a CSV import sends one post.scheduled per planned post (none for drafts), like every other planning path', async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	const { services } = testServices(t.db, { WEB_FETCH_ALLOW_HOSTS: receiver.host })
	const userId = await services.accounts.createConfirmedUser({ email: `${randomUUID()}@beispiel.ch`, password: 'ein-langes-passwort', fullName: 'Paula Import' })
	const created = await services.webhooks.create(userId, randomUUID(), { url: `${receiver.url}/hooks`, description: 'Zapier', events: ['post.scheduled'] })
	if (!created.ok) throw new Error(created.message)
	const network = testPlatforms.descriptors.find((d) => !d.images.required)!
	await connectAccounts(t.db, userId, [network.id])
	const day = addDays(todayIn(zone, new Date()), 3)
	const date = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`
	const row = (n: number, time: string) => ({ row: n + 1, text: `Post ${n} aus der Tabelle`, networks: network.name, date: time ? date : '', time, imageUrl: '', firstComment: '' })
	const rows = [row(1, '09:00'), row(2, '09:30'), row(3, '10:00'), row(4, '')]
	const result = await importRows(services, { id: userId, timeZone: zone }, rows, { asDrafts: false, requestId: randomUUID() })
	expect(result).toMatchObject({ ok: true, planned: 3, drafts: 1 })

	const sent = await bodies(t, userId, 'post.scheduled')
	expect(sent).toHaveLength(3)
	expect(sent.map((d) => d.origin)).toEqual(['csv', 'csv', 'csv'])
	const posts = await t.db.selectFrom('posts').select(['id', 'status']).where('user_id', '=', userId).execute()
	expect(new Set(sent.map((d) => d.postId))).toEqual(new Set(posts.filter((p) => p.status === 'scheduled').map((p) => p.id)))
})

test('a failed generation sends generation.failed: its own failure, and one cut off by a crash when it is reclaimed', async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { WEB_FETCH_ALLOW_HOSTS: receiver.host })
	const userId = await userWithCredits(t.db, 500)
	const created = await services.webhooks.create(userId, randomUUID(), { url: `${receiver.url}/hooks`, description: 'Make', events: ['generation.failed', 'generation.completed'] })
	if (!created.ok) throw new Error(created.message)
	const input = { requestId: randomUUID(), kind: 'web-article', platforms: ['linkedin'], agentId: null, prompt: '', url: 'http://10.0.0.1/artikel', notes: '', article: null, document: null, image: null, audio: null } as const
	const outcome = await services.generation.generate(userId, { ...input, platforms: [...input.platforms] })
	expect(outcome).toMatchObject({ ok: false, code: 'article_blocked' })
	const failed = await bodies(t, userId, 'generation.failed')
	expect(failed).toEqual([expect.objectContaining({ kind: 'web-article', networks: ['linkedin'], code: 'article_blocked', refunded: expect.any(Number), message: expect.any(String) })])
	expect(await bodies(t, userId, 'generation.completed')).toEqual([])

	// A generation still running after a crash is failed and refunded by the reclaim job: it sends one too.
	const stale = await t.db
		.insertInto('generations')
		.values({ user_id: userId, kind: 'content', status: 'running', source_type: 'smart-post', platforms: ['linkedin'], cost_credits: 5, created_at: new Date(Date.now() - 3_600_000) })
		.returning('id')
		.executeTakeFirstOrThrow()
	await services.generation.reclaimStale()
	const after = await bodies(t, userId, 'generation.failed')
	expect(after).toHaveLength(2)
	expect(after.find((d) => d.generationId === stale.id)).toMatchObject({ kind: 'smart-post', code: 'interrupted', refunded: 5 })
})
