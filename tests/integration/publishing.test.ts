import { expect, test } from 'vitest'
import { createSecretBox } from '#modules/core/crypto.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { makeJobsDue, waitingJobs } from '#tests/support/jobs.ts'

const zurich = 'Europe/Zurich'

async function jobsFor(t: { pool: import('pg').Pool }, key: string) {
	return (await waitingJobs(t.pool)).filter((job) => job.key === key)
}

test('a scheduled post is published once at its time: delivery, URL, post status and activity entry', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Pünktlich um neun (mit Klammern) #news', platforms: {} }, status: 'scheduled', scheduledAt: new Date(Date.now() + 3000), timeZone: zurich })
	// Due in 3 s (a busy machine may take a second to get here): nothing goes out before its time.
	await h.runDueJobs()
	expect(h.posts()).toHaveLength(0)
	await new Promise((r) => setTimeout(r, 3100))
	await h.runDueJobs()
	await h.runDueJobs()
	expect(h.posts().map((p) => p.text)).toEqual(['Pünktlich um neun (mit Klammern) #news'])
	const delivery = await t.db.selectFrom('post_deliveries').selectAll().where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(delivery).toMatchObject({ status: 'published', attempts: 1, platform: 'linkedin' })
	expect(delivery.external_id).toMatch(/^urn:li:share:/)
	expect(delivery.external_url).toContain(delivery.external_id!)
	const saved = await t.db.selectFrom('posts').select(['status', 'published_at']).where('id', '=', post.id).executeTakeFirstOrThrow()
	expect(saved.status).toBe('published')
	const log = await t.db.selectFrom('activity_logs').select(['log_type', 'status', 'title']).where('user_id', '=', userId).where('log_type', '=', 'post_publication').execute()
	expect(log).toEqual([{ log_type: 'post_publication', status: 'success', title: 'Post auf LinkedIn veröffentlicht' }])
})

test('a crash before the network call publishes once after the restart', async () => {
	await using t = await createTestDatabase()
	let crash = true
	await using h = await publishingHarness(t, (point) => {
		if (point === 'before_send' && crash) {
			crash = false
			throw new Error('simulated crash before the network call')
		}
	})
	const { userId } = await h.connectedUser()
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Vor dem Absturz', platforms: {} }, status: 'draft', timeZone: zurich })
	await h.services.publishing.publishNow(userId, post.id)
	await h.runDueJobs()
	const stuck = await t.db.selectFrom('post_deliveries').select(['status', 'request_sent_at']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(stuck).toMatchObject({ status: 'publishing', request_sent_at: null })
	// The job is retried (graphile-worker's backoff); run it now.
	await makeJobsDue(t.pool)
	await h.runDueJobs()
	expect(h.posts()).toHaveLength(1)
	expect((await t.db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).executeTakeFirstOrThrow()).status).toBe('published')
})

test('a crash after the network call is reconciled: the post is found, never sent twice', async () => {
	await using t = await createTestDatabase()
	let crash = true
	await using h = await publishingHarness(t, (point) => {
		if (point === 'after_send' && crash) {
			crash = false
			throw new Error('simulated crash after the network call')
		}
	})
	const { userId } = await h.connectedUser()
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Nach dem Absturz', platforms: {} }, status: 'draft', timeZone: zurich })
	await h.services.publishing.publishNow(userId, post.id)
	await h.runDueJobs()
	expect(h.posts()).toHaveLength(1)
	await makeJobsDue(t.pool)
	await h.runDueJobs()
	await h.services.publishing.maintenance.sweep()
	expect(h.posts()).toHaveLength(1)
	const delivery = await t.db.selectFrom('post_deliveries').select(['status', 'external_id']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(delivery.status).toBe('published')
	expect(delivery.external_id).toBe(h.posts()[0]!.id)
})

/** Runs the delivery's next job now, as if its time had come. */
async function runRetryNow(t: { db: import('kysely').Kysely<import('#modules/core/db.server.ts').DB> }, h: { runDueJobs: () => Promise<void> }, deliveryId: string) {
	await t.db.updateTable('post_deliveries').set({ scheduled_at: new Date() }).where('id', '=', deliveryId).execute()
	await makeJobsDue(t.db)
	await h.runDueJobs()
}

test('a request without an answer: looked for, looked for again a minute after the request, only then sent again, once', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	h.li.router.script('POST /rest/posts', [{ hang: true }])
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Hängt', platforms: {} }, status: 'draft', timeZone: zurich })
	await h.services.publishing.publishNow(userId, post.id)
	await h.runDueJobs()
	const waiting = await t.db.selectFrom('post_deliveries').selectAll().where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(waiting.status).toBe('scheduled')
	expect(waiting.scheduled_at!.getTime() - waiting.request_sent_at!.getTime()).toBeGreaterThanOrEqual(60_000)
	expect(h.li.router.count('GET /rest/posts')).toBeGreaterThan(0)
	// Not before its time: nothing is sent again.
	await h.runDueJobs()
	expect(h.li.router.count('POST /rest/posts')).toBe(1)
	h.li.router.reset()
	await runRetryNow(t, h, waiting.id)
	expect(h.li.router.count('GET /rest/posts')).toBe(1)
	expect(h.li.router.count('POST /rest/posts')).toBe(1)
	expect(h.posts().map((p) => p.text)).toEqual(['Hängt'])
	expect((await t.db.selectFrom('post_deliveries').select('status').where('id', '=', waiting.id).executeTakeFirstOrThrow()).status).toBe('published')
	const mails = await t.db.selectFrom('dev_mailbox').select('subject').execute()
	expect(mails).toEqual([])
})

test('a request the network finishes after the client gave up is found by the second look, never sent twice', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	// The harness gives up after 1 s; the network creates the post after 1.5 s.
	h.li.router.script('POST /rest/posts', [{ delayMs: 1500 }])
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Spät, aber da', platforms: {} }, status: 'draft', timeZone: zurich })
	await h.services.publishing.publishNow(userId, post.id)
	await h.runDueJobs()
	const delivery = await t.db.selectFrom('post_deliveries').select(['id', 'status']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	await new Promise((r) => setTimeout(r, 800))
	if (delivery.status !== 'published') {
		expect(delivery.status).toBe('scheduled')
		await runRetryNow(t, h, delivery.id)
	}
	expect(h.li.router.count('POST /rest/posts')).toBe(1)
	expect(h.posts().map((p) => p.text)).toEqual(['Spät, aber da'])
	expect((await t.db.selectFrom('post_deliveries').select('status').where('id', '=', delivery.id).executeTakeFirstOrThrow()).status).toBe('published')
})

test('when nobody can tell (the lookup fails too) the delivery is "unconfirmed", mailed once and never sent again', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	h.li.router.script('POST /rest/posts', [{ hang: true }])
	h.li.router.script('GET /rest/posts', [{ status: 500, body: { message: 'Internal error' } }])
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Hängt', platforms: {} }, status: 'draft', timeZone: zurich })
	await h.services.publishing.publishNow(userId, post.id)
	await h.runDueJobs()
	const delivery = await t.db.selectFrom('post_deliveries').select(['status', 'error_message']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(delivery.status).toBe('unconfirmed')
	expect(delivery.error_message).toMatch(/Bitte prüfen Sie/)
	h.li.router.reset()
	await makeJobsDue(t.pool)
	await h.runDueJobs()
	await h.services.publishing.maintenance.sweep()
	expect(h.li.router.count('POST /rest/posts')).toBe(0)
	const mails = await t.db.selectFrom('dev_mailbox').select('subject').execute()
	// The mail names the channel too (issue 38): with two LinkedIn accounts the user must know which one.
	expect(mails.map((m) => m.subject)).toEqual(['Ihr Post auf LinkedIn (Muster AG) wurde nicht veröffentlicht'])
})

test('429 with Retry-After is honoured, then the post goes out once', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	h.li.router.script('POST /rest/posts', [{ status: 429, headers: { 'retry-after': '7' }, body: { status: 429, message: 'Resource level throttle' } }])
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Gedrosselt', platforms: {} }, status: 'draft', timeZone: zurich })
	await h.services.publishing.publishNow(userId, post.id)
	const before = Date.now()
	await h.runDueJobs()
	const waiting = await t.db.selectFrom('post_deliveries').select(['id', 'status', 'scheduled_at', 'error_code']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(waiting.status).toBe('scheduled')
	expect(waiting.scheduled_at!.getTime() - before).toBeGreaterThanOrEqual(7000)
	const [job] = await jobsFor(t, `publish:${waiting.id}`)
	expect(job!.runAt.getTime()).toBe(waiting.scheduled_at!.getTime())
	// Not before its time.
	await h.runDueJobs()
	expect(h.li.router.count('POST /rest/posts')).toBe(1)
	h.li.router.reset()
	await makeJobsDue(t.pool)
	await t.db.updateTable('post_deliveries').set({ scheduled_at: new Date() }).where('id', '=', waiting.id).execute()
	await h.runDueJobs()
	expect(h.posts()).toHaveLength(1)
	expect((await t.db.selectFrom('post_deliveries').select('status').where('id', '=', waiting.id).executeTakeFirstOrThrow()).status).toBe('published')
})

test('a rescheduled post has one job at the new time; a deleted post has none and never runs', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	const later = new Date(Date.now() + 3 * 864e5)
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Verschoben', platforms: {} }, status: 'scheduled', scheduledAt: new Date(Date.now() + 864e5), timeZone: zurich })
	const delivery = await t.db.selectFrom('post_deliveries').select('id').where('post_id', '=', post.id).executeTakeFirstOrThrow()
	const date = later.toISOString().slice(0, 10)
	const moved = await h.services.content.reschedulePost(userId, post.id, { date, time: '10:00', timeZone: 'UTC' })
	expect(moved.ok).toBe(true)
	const jobs = await jobsFor(t, `publish:${delivery.id}`)
	expect(jobs).toHaveLength(1)
	expect(jobs[0]!.runAt.toISOString()).toBe(`${date}T10:00:00.000Z`)

	expect((await h.services.content.deletePost(userId, post.id)).ok).toBe(true)
	expect(await jobsFor(t, `publish:${delivery.id}`)).toHaveLength(0)
	await makeJobsDue(t.pool)
	await h.runDueJobs()
	expect(h.posts()).toHaveLength(0)
})

test('tokens are stored sealed: not readable in the database without the key', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	const row = await t.db.selectFrom('social_tokens').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow()
	expect(row.access_token_encrypted).toMatch(/^v1:/)
	expect(row.access_token_encrypted).not.toContain('sbx.')
	const dump = JSON.stringify(await t.db.selectFrom('social_tokens').selectAll().execute())
	expect(dump).not.toContain('sbx.')
	expect(() => createSecretBox('ein-ganz-anderer-schluessel-mit-32-zeichen!').open(row.access_token_encrypted)).toThrow()
	expect(createSecretBox('test-secret-test-secret-test-secret-0123').open(row.access_token_encrypted)).toMatch(/^sbx\./)
	const pages = await t.db.selectFrom('channels').select(['page_type', 'is_default']).where('user_id', '=', userId).execute()
	expect(pages.filter((p) => p.is_default)).toHaveLength(1)
})
