import { sql, type Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

// Issue 19: publishing that never lies (a second job, a reconnect with another account, missing scopes).

const zurich = 'Europe/Zurich'

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000) {
	const until = Date.now() + timeoutMs
	while (!(await check())) {
		if (Date.now() > until) throw new Error('condition not met in time')
		await new Promise((r) => setTimeout(r, 20))
	}
}

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
	await sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'worker-a' where key = ${`publish:${id}`}`.execute(t.db)
	expect(await Promise.all([press(), press(), press()])).toEqual([1, 1, 1])
	for (let i = 0; i < 3; i++) expect(await press()).toBe(1)
	await sql`update graphile_worker._private_jobs set locked_at = null, locked_by = null where locked_by = 'worker-a'`.execute(t.db)

	const first = h.runDueJobs()
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
