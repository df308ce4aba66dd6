import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { LIVE_CHANNEL } from '#modules/core/live-events.server.ts'
import { pngDataUrl } from '#adapters/platforms/linkedin/testing.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { waitFor } from '#tests/support/wait.ts'

// Issue 22: deliveries that run at the same time share their statements (claim, load, request
// marker, published record). Every exactly-once guard still holds per delivery: a batch with mixed
// outcomes ends each delivery in its own right state, once.

const serverError = { status: 500, headers: { 'content-type': 'text/html' }, raw: '<html><body>500</body></html>' }

test('a batch with mixed outcomes: published, failed, taken over, unknown outcome, each once and in its own state', async () => {
	await using t = await createTestDatabase()
	// The publisher's statements, counted: the same pool, with Kysely's query log (never destroyed: t ends the pool).
	const statements: Array<{ sql: string; parameters: ReadonlyArray<unknown> }> = []
	const counted = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: (event) => void (event.level === 'query' && statements.push(event.query)) })
	await using h = await publishingHarness({ db: counted, pool: t.pool })
	const published = await h.connectedUser()
	const failed = await h.connectedUser()
	const takenOver = await h.connectedUser()
	const unknown = await h.connectedUser(['mastodon'])
	// Both LinkedIn images upload slowly (until released below): meanwhile another worker takes one attempt over.
	const uploads = Promise.withResolvers<void>()
	h.li.router.script('POST /rest/images', [{ until: uploads.promise }])
	// Mastodon answers the creating request with a server error, without creating the post.
	h.routers.mastodon!.script('POST /host/:host/api/v1/statuses', [serverError, { pass: true }])

	const plan = async (userId: string, platform: 'linkedin' | 'mastodon', text: string, imageUrl: string | null) => {
		const post = await h.services.content.createPost(userId, { platform, content: { base: text, platforms: {} }, status: 'scheduled', scheduledAt: new Date(Date.now() + 1000), timeZone: 'Europe/Zurich', imageUrl })
		return (await t.db.selectFrom('post_deliveries').select('id').where('post_id', '=', post.id).executeTakeFirstOrThrow()).id
	}
	const ids = {
		published: await plan(published.userId, 'linkedin', 'Geht heute raus', pngDataUrl),
		failed: await plan(failed.userId, 'linkedin', 'Konto muss neu verbunden werden', null),
		takenOver: await plan(takenOver.userId, 'linkedin', 'Von einem anderen Worker übernommen', pngDataUrl),
		unknown: await plan(unknown.userId, 'mastodon', 'Antwort unklar', null),
	}
	await t.db.updateTable('post_deliveries').set({ scheduled_at: new Date() }).execute()
	// The account of one needs reconnecting since it was planned: that delivery fails without a request.
	await t.db.updateTable('social_tokens').set({ status: 'reconnect_required' }).where('user_id', '=', failed.userId).execute()

	// All four start in the same tick: one claim, one load.
	statements.length = 0
	const running = Promise.all(Object.values(ids).map((id) => h.publisher.publishDelivery(id, undefined, 'worker-a')))
	await waitFor(() => h.li.router.count('POST /rest/images') >= 2, { what: 'the image uploads started', intervalMs: 5 })
	await sql`update post_deliveries set attempt_id = gen_random_uuid(), attempt_worker = 'worker-b' where id = ${ids.takenOver}`.execute(t.db)
	uploads.resolve()
	await running
	// One claim for the four, which reads their posts and pages too; later reads (the reconcile of the
	// unknown outcome, the failure mail) are one delivery's own.
	const matching = (pattern: RegExp) => statements.filter((s) => pattern.test(s.sql))
	// The rows of a batch go as typed arrays, one per column: the first is the delivery ids.
	const batchRows = (pattern: RegExp) => matching(pattern).map((s) => (s.parameters[0] as Array<unknown>).length)
	expect(batchRows(/set status = 'publishing', attempt_id = gen_random_uuid\(\)/)).toEqual([4])
	expect(matching(/set status = 'publishing'[\s\S]*join channels p on[\s\S]*from posts where id in/)).toHaveLength(1)
	expect(matching(/^select .* from "posts" where "id" in \(/).filter((s) => s.parameters.length > 1)).toEqual([])

	const rows = await t.db.selectFrom('post_deliveries').select(['id', 'status', 'error_code', 'request_sent_at', 'attempt_worker', 'checkpoint']).execute()
	const state = Object.fromEntries(rows.map((r) => [r.id, r]))
	expect(state[ids.published]).toMatchObject({ status: 'published', error_code: null })
	expect(state[ids.failed]).toMatchObject({ status: 'failed', error_code: 'reconnect_required', request_sent_at: null })
	// Left to the worker that took it over: no marker of ours, nothing sent.
	expect(state[ids.takenOver]).toMatchObject({ status: 'publishing', attempt_worker: 'worker-b', request_sent_at: null })
	// Looked for, not found: back to 'scheduled' to look once more before it sends again.
	expect(state[ids.unknown]).toMatchObject({ status: 'scheduled' })
	expect(state[ids.unknown]!.request_sent_at).not.toBeNull()
	expect(state[ids.unknown]!.checkpoint).toHaveProperty('resendAfterUnknownOutcomeSince')

	expect(h.posts().map((p) => p.text)).toEqual(['Geht heute raus'])
	expect(h.li.router.count('POST /rest/posts')).toBe(1)
	expect(h.posts('mastodon')).toEqual([])
	const posts = await t.db.selectFrom('posts').select(['user_id', 'status']).execute()
	expect(posts.find((p) => p.user_id === published.userId)?.status).toBe('published')
	const log = await t.db.selectFrom('activity_logs').select(['user_id', 'status']).where('log_type', '=', 'post_publication').orderBy('user_id').execute()
	expect(log).toEqual(
		expect.arrayContaining([
			{ user_id: published.userId, status: 'success' },
			{ user_id: failed.userId, status: 'error' },
			{ user_id: unknown.userId, status: 'warning' },
		]),
	)
	expect(log).toHaveLength(3)

	// A second run of the same jobs changes nothing: each delivery was settled once.
	await Promise.all([ids.published, ids.failed].map((id) => h.publisher.publishDelivery(id, undefined, 'worker-a')))
	expect(h.li.router.count('POST /rest/posts')).toBe(1)
	expect(await t.db.selectFrom('activity_logs').select('id').where('log_type', '=', 'post_publication').execute()).toHaveLength(3)
})

test('the published record of a batch is one statement (deliveries and the outbox), then one per consumer: posts, webhook events, activity and announcements', async () => {
	await using t = await createTestDatabase()
	const statements: Array<{ sql: string; parameters: ReadonlyArray<unknown> }> = []
	const counted = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: (event) => void (event.level === 'query' && statements.push(event.query)) })
	await using h = await publishingHarness({ db: counted, pool: t.pool })
	const users = [await h.connectedUser(), await h.connectedUser(), await h.connectedUser()]
	// One user has a webhook endpoint for published posts.
	await t.db.insertInto('webhook_endpoints').values({ user_id: users[0]!.userId, url: 'https://hooks.example/batch', events: ['post.published'], secret_sealed: 'v1:sealed-webhook-secret' }).execute()
	const ids: Array<string> = []
	for (const [i, user] of users.entries()) {
		const post = await h.services.content.createPost(user.userId, { platform: 'linkedin', content: { base: `Zusammen veröffentlicht ${i}`, platforms: {} }, status: 'scheduled', scheduledAt: new Date(Date.now() + 1000), timeZone: 'Europe/Zurich' })
		ids.push((await t.db.selectFrom('post_deliveries').select('id').where('post_id', '=', post.id).executeTakeFirstOrThrow()).id)
	}
	await t.db.updateTable('post_deliveries').set({ scheduled_at: new Date() }).execute()
	const listener = new pg.Client({ connectionString: t.url })
	await listener.connect()
	await using _listening = { [Symbol.asyncDispose]: () => listener.end().catch(() => {}) }
	const announced: Array<{ u: string; t: string | Array<string> }> = []
	listener.on('notification', (n) => n.channel === LIVE_CHANNEL && announced.push(JSON.parse(n.payload!) as { u: string; t: string | Array<string> }))
	await listener.query(`listen ${LIVE_CHANNEL}`)

	statements.length = 0
	// The third delivery is named twice in the same tick: it is recorded once.
	await Promise.all([...ids, ids[2]!].map((id) => h.publisher.publishDelivery(id, undefined, 'worker-a')))
	// Everything the three deliveries asked of the database: one claim (with their posts and pages), the
	// duplicate's look at its delivery, one request marker, and per batch of finished attempts one
	// statement for the record (deliveries and outbox rows, no transaction around it: no begin, no commit),
	// then one statement per consumer of the outbox (content, activity, webhooks: claim and effect).
	const record = /^with d as \( update post_deliveries d set status = 'published'/
	const consumed = /^with c as \( delete from publication_pending p using/
	const kinds = statements.map((s) => s.sql.trim().replace(/\s+/g, ' '))
	// (Sorted: the log records a statement when it ends.)
	expect(kinds.filter((k) => !record.test(k) && !consumed.test(k)).map((k) => k.slice(0, 40)).sort()).toEqual([
		'select * from "post_deliveries" where "i',
		"update post_deliveries d set request_sen",
		"with c as ( update post_deliveries d set",
	].sort())
	const recorded = statements.filter((s) => record.test(s.sql.trim().replace(/\s+/g, ' ')))
	// The fake answers at slightly different times: one or more batches, three deliveries in all.
	expect(recorded.map((s) => (s.parameters[1] as Array<unknown>).length).reduce((a, b) => a + b, 0)).toBe(3)
	expect(kinds.filter((k) => consumed.test(k))).toHaveLength(3 * recorded.length)
	// The record names publishing's tables only: the other modules' parts are their consumers' statements.
	for (const { sql: text } of recorded) {
		expect(text).not.toMatch(/pg_notify|graphile_worker|activity_logs|webhook_|\bposts\b/)
		// ... and the outbox's pending rows, one per consumer, in the same statement.
		expect(text).toMatch(/insert into publication_pending/)
	}

	const deliveries = await t.db.selectFrom('post_deliveries').select(['id', 'status', 'published_at', 'post_id', 'channel_id']).execute()
	expect(deliveries.map((d) => d.status)).toEqual(['published', 'published', 'published'])
	const posts = await t.db.selectFrom('posts').select(['id', 'status', 'published_at']).execute()
	for (const post of posts) expect(post).toMatchObject({ status: 'published', published_at: deliveries.find((d) => d.post_id === post.id)!.published_at })
	expect(h.posts()).toHaveLength(3)
	const log = await t.db.selectFrom('activity_logs').select(['user_id', 'status']).where('log_type', '=', 'post_publication').execute()
	expect(log.map((l) => l.user_id).sort()).toEqual(users.map((u) => u.userId).sort())
	const messages = await t.db.selectFrom('webhook_messages').select(['user_id', 'event_type', 'body']).execute()
	expect(messages).toHaveLength(1)
	const first = deliveries.find((d) => d.id === ids[0])!
	expect(messages[0]).toMatchObject({ user_id: users[0]!.userId, event_type: 'post.published' })
	expect(JSON.parse(messages[0]!.body)).toMatchObject({ type: 'post.published', data: { deliveryId: ids[0], postId: first.post_id, state: 'published', publishedAt: first.published_at!.toISOString() } })
	// The event names the delivery's channel (issue 38), beside the network it always named.
	expect(JSON.parse(messages[0]!.body).data).toHaveProperty('channelId', first.channel_id)
	const jobs = await sql<{ n: number }>`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'webhooks_deliver'`.execute(t.db)
	expect(jobs.rows[0]!.n).toBe(1)
	// Each user hears of their posts and of their activity (each consumer announces its own topic), after the commits.
	await new Promise((r) => setTimeout(r, 200))
	const topics = (userId: string) => [...new Set(announced.filter((a) => a.u === userId).flatMap((a) => a.t))].sort()
	for (const user of users) expect(topics(user.userId)).toEqual(['activity', 'posts'])
})
