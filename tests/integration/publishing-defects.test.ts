import { sql, type Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { memberSub } from '#adapters/platforms/linkedin/sandbox-oauth.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { waitFor } from '#tests/support/wait.ts'

// Issue 19: publishing that never lies (a second job, a reconnect with another account, missing scopes).

const zurich = 'Europe/Zurich'

async function expectPublishedWithoutFailure(db: Kysely<DB>, userId: string, postId: string) {
	const delivery = await db.selectFrom('post_deliveries').select(['status', 'error_code']).where('post_id', '=', postId).executeTakeFirstOrThrow()
	expect(delivery).toEqual({ status: 'published', error_code: null })
	expect(await db.selectFrom('dev_mailbox').select('subject').execute()).toEqual([])
	const log = await db.selectFrom('activity_logs').select(['status', 'title']).where('user_id', '=', userId).where('log_type', '=', 'post_publication').execute()
	expect(log).toEqual([{ status: 'success', title: 'Post auf LinkedIn veröffentlicht' }])
}

test("'Jetzt posten' pressed again and again while the post is on its way: one post, published, no failure mail", async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	// A slow network: LinkedIn creates the post, but answers only after 600 ms.
	h.li.router.script('POST /rest/posts', [{ delayMs: 600 }])
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Dreimal gedrückt', platforms: {} }, status: 'draft', timeZone: zurich })
	const press = () => h.services.publishing.publishNow(userId, post.id)
	expect(await Promise.all([press(), press(), press()])).toEqual([1, 1, 1])
	const { id } = await t.db.selectFrom('post_deliveries').select('id').where('post_id', '=', post.id).executeTakeFirstOrThrow()

	// A worker has picked the job up but not claimed the delivery yet: presses now used to add a second job.
	let pickedUp!: () => void
	const picked = new Promise<void>((resolve) => (pickedUp = resolve))
	let go!: () => void
	const held = new Promise<void>((resolve) => (go = resolve))
	const first = h.runDueJobs({
		publishing_publish_delivery: async (run) => {
			pickedUp()
			await held
			await run()
		},
	})
	await picked
	expect(await Promise.all([press(), press(), press()])).toEqual([1, 1, 1])
	for (let i = 0; i < 3; i++) expect(await press()).toBe(1)
	go()

	await waitFor(async () => (await t.db.selectFrom('post_deliveries').select('request_sent_at').where('id', '=', id).executeTakeFirstOrThrow()).request_sent_at !== null)
	expect(await Promise.all([press(), press(), press()])).toEqual([1, 1, 1])
	for (let i = 0; i < 3; i++) expect(await press()).toBe(1)
	// A second worker runs whatever is due while the first waits for LinkedIn.
	await Promise.all([first, h.runDueJobs()])
	await h.runDueJobs()

	expect(h.posts().map((p) => p.text)).toEqual(['Dreimal gedrückt'])
	expect(h.li.router.count('POST /rest/posts')).toBe(1)
	await expectPublishedWithoutFailure(t.db, userId, post.id)
})

test('a second job for a delivery in flight leaves it to the first: no reconcile, no "unconfirmed", no mail', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	h.li.router.script('POST /rest/posts', [{ delayMs: 600 }])
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Zweiter Job', platforms: {} }, status: 'draft', timeZone: zurich })
	await h.services.publishing.publishNow(userId, post.id)
	const { id } = await t.db.selectFrom('post_deliveries').select('id').where('post_id', '=', post.id).executeTakeFirstOrThrow()
	const first = h.runDueJobs()
	await waitFor(async () => (await t.db.selectFrom('post_deliveries').select('request_sent_at').where('id', '=', id).executeTakeFirstOrThrow()).request_sent_at !== null)
	// The job key of a running job is taken over by a new job (graphile-worker): a second job for the same delivery.
	await sql`select graphile_worker.add_job('publishing_publish_delivery', json_build_object('deliveryId', ${id}::text), job_key := ${`publish:${id}`})`.execute(t.db)
	await h.runDueJobs()
	await first
	expect(h.posts()).toHaveLength(1)
	await expectPublishedWithoutFailure(t.db, userId, post.id)
})

test('connecting another account adds it beside the first (ADR 0044): two tokens, two channels, the first stays the default; a planned delivery goes out through its own channel', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser([])
	await h.connect(userId, 'linkedin', { consent: { member: 'Anna Alt', organizations: null } })
	const [annaPage] = await t.db.selectFrom('channels').select(['id', 'page_id']).where('user_id', '=', userId).execute()
	expect(annaPage!.page_id).toBe(`urn:li:person:${memberSub('Anna Alt')}`)
	// Planned on Anna's channel.
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Geplant', platforms: {} }, status: 'scheduled', scheduledAt: new Date(Date.now() + 864e5), pageIds: { linkedin: annaPage!.id }, timeZone: zurich })
	expect((await t.db.selectFrom('post_deliveries').select('channel_id').where('post_id', '=', post.id).executeTakeFirstOrThrow()).channel_id).toBe(annaPage!.id)

	await h.connect(userId, 'linkedin', { consent: { member: 'Bernd Neu', organizations: null } })
	const anna = memberSub('Anna Alt')
	const bernd = memberSub('Bernd Neu')
	const tokens = await t.db.selectFrom('social_tokens').select(['account_id', 'status']).where('user_id', '=', userId).orderBy('created_at').execute()
	expect(tokens).toEqual([{ account_id: anna, status: 'active' }, { account_id: bernd, status: 'active' }])
	const channels = await t.db.selectFrom('channels').select(['page_id', 'is_default']).where('user_id', '=', userId).orderBy('created_at').execute()
	expect(channels).toEqual([{ page_id: `urn:li:person:${anna}`, is_default: true }, { page_id: `urn:li:person:${bernd}`, is_default: false }])
	const connections = await h.services.publishing.listConnections(userId)
	expect(connections.map((c) => c.accountName).sort()).toEqual(['Anna Alt', 'Bernd Neu'])

	// Connecting Anna again keeps her channel (same id), its default and the planned delivery on it.
	await h.connect(userId, 'linkedin', { consent: { member: 'Anna Alt', organizations: null } })
	expect((await t.db.selectFrom('channels').select('id').where('page_id', '=', `urn:li:person:${anna}`).executeTakeFirstOrThrow()).id).toBe(annaPage!.id)

	expect(await h.services.publishing.publishNow(userId, post.id)).toBe(1)
	await h.runDueJobs()
	expect(h.posts().map((p) => [p.authorId, p.text])).toEqual([[`urn:li:person:${anna}`, 'Geplant']])
	expect((await t.db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).executeTakeFirstOrThrow()).status).toBe('published')
})

test('a LinkedIn grant without the organization scopes offers no organization page: the profile is the default and gets the post', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser([])
	await h.connect(userId, 'linkedin', { consent: { organizations: null } })
	const token = await t.db.selectFrom('social_tokens').select('scopes').where('user_id', '=', userId).executeTakeFirstOrThrow()
	expect(token.scopes).toEqual(['openid', 'profile', 'w_member_social'])
	expect(await t.db.selectFrom('channels').select(['page_id', 'page_type', 'is_default']).where('user_id', '=', userId).execute()).toEqual([{ page_id: h.li.person, page_type: 'personal', is_default: true }])
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Nur als Person', platforms: {} }, status: 'draft', timeZone: zurich })
	await h.services.publishing.publishNow(userId, post.id)
	await h.runDueJobs()
	expect(h.posts().map((p) => p.authorId)).toEqual([h.li.person])
	await expectPublishedWithoutFailure(t.db, userId, post.id)
})

test('an attempt of another live worker is left alone; once that worker is dead, the attempt is reconciled and found', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Anderer Worker', platforms: {} }, status: 'draft', timeZone: zurich })
	await h.services.publishing.publishNow(userId, post.id)
	await h.runDueJobs()
	expect(h.posts()).toHaveLength(1)
	// As if worker B had sent it and not yet recorded the answer.
	const { id } = await t.db.selectFrom('post_deliveries').select('id').where('post_id', '=', post.id).executeTakeFirstOrThrow()
	await t.db
		.updateTable('post_deliveries')
		.set({ status: 'publishing', attempt_worker: 'worker-b', attempt_started_at: new Date(), request_sent_at: new Date(), external_id: null, external_url: null })
		.where('id', '=', id)
		.execute()
	await t.db.insertInto('worker_heartbeats').values({ worker_id: 'worker-b', beat_at: new Date() }).onConflict((oc) => oc.column('worker_id').doUpdateSet({ beat_at: new Date() })).execute()
	h.li.router.reset()
	await h.publisher.publishDelivery(id, undefined, 'worker-a')
	// Worker A neither looks on the network nor changes the delivery.
	expect(h.li.router.count('GET /rest/posts')).toBe(0)
	expect((await t.db.selectFrom('post_deliveries').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('publishing')
	// Worker B died (no heartbeat for a while): its attempt is reconciled, the post found, nothing sent.
	await t.db.updateTable('worker_heartbeats').set({ beat_at: new Date(Date.now() - 3600_000) }).where('worker_id', '=', 'worker-b').execute()
	await h.publisher.publishDelivery(id, undefined, 'worker-a')
	expect(h.li.router.count('GET /rest/posts')).toBe(1)
	expect(h.li.router.count('POST /rest/posts')).toBe(0)
	expect(h.posts()).toHaveLength(1)
	expect((await t.db.selectFrom('post_deliveries').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('published')
	expect(await t.db.selectFrom('dev_mailbox').select('subject').execute()).toEqual([])
})
