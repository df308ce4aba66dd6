import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { activityPublications } from '#modules/activity/index.ts'
import { clipAtWord, DESCRIPTION_MAX, TITLE_MAX } from '#modules/activity/clip.ts'
import { contentPublications } from '#modules/content/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import type { PublicationConsumer } from '#modules/core/publications.server.ts'
import { webhookPublications } from '#modules/webhooks/index.ts'
import { createOutbox, type Outbox } from '#modules/publishing/outbox.server.ts'
import { failedWording, publishedWording, type PublicationWording } from '#modules/publishing/publication-events.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

// Issue 38, item 6 (ADR 0049): the publisher records publications in its outbox; content, activity
// and webhooks consume them, each exactly once (its claim and its effect are one statement).

const zurich = 'Europe/Zurich'
const consumers = [contentPublications, activityPublications, webhookPublications]

async function withEndpoint(t: { db: Db }, userId: string) {
	await t.db.insertInto('webhook_endpoints').values({ user_id: userId, url: 'https://hooks.example/outbox', events: ['post.published'], secret_sealed: 'v1:sealed-webhook-secret' }).execute()
}

type Recorded = { delivery: { id: string; post_id: string; platform: string; channel_id: null }; kind: 'published' | 'failed'; url: string | null; code: string | null; reason: string | null; worded: PublicationWording; at: Date }

/** Records a worded publication in `outbox` as the publisher's statement does (its outbox and pending rows). */
async function record(db: Db, outbox: Outbox, userId: string, { delivery, kind, url, code, reason, worded, at }: Recorded) {
	const { rows } = await sql<{ id: number }>`
		with ${outbox.recordSql('o', sql`select ${delivery.id}::uuid as delivery_id, ${delivery.post_id}::uuid as post_id, ${userId}::uuid as user_id, null::uuid as channel_id, ${delivery.platform}::text as platform,
			${kind}::text as kind, ${at}::timestamptz as at, ${url}::text as url, ${code}::text as code, ${reason}::text as reason, ${worded.activity}::jsonb as activity, ${worded.webhook}::json as webhook`)}
		select id from o`.execute(db)
	return { id: rows[0]!.id, body: worded.webhook }
}

/** Records a published post in `outbox`. */
async function recordPublished(db: Db, outbox: Outbox, userId: string, postId: string, at: Date) {
	const delivery = { id: randomUUID(), post_id: postId, platform: 'linkedin', channel_id: null }
	const url = `https://www.linkedin.com/feed/update/${postId}`
	return record(db, outbox, userId, { delivery, kind: 'published', url, code: null, reason: null, worded: publishedWording(delivery, url, at), at })
}

/** The outbox rows, each with the consumers it is still pending for (their rows in publication_pending). */
function pendingFor(db: Db) {
	return db
		.selectFrom('publication_outbox as o')
		.select(['o.id', 'o.kind', sql<Array<string>>`array(select p.consumer from publication_pending p where p.event_id = o.id order by p.consumer)`.as('pending')])
		.orderBy('o.id')
		.execute()
}

test('a consumer that fails leaves its part pending: the others are done, the sweep finishes it later, every part once', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	await withEndpoint(t, userId)
	// The activity log refuses publication entries for now: the activity consumer's statement fails, its claim with it.
	await sql
		.raw(
			`create function refuse_publication_entry() returns trigger language plpgsql as $$ begin raise exception 'activity log unavailable'; end $$;
			create trigger refuse_publication_entry before insert on activity_logs for each row when (new.log_type = 'post_publication') execute function refuse_publication_entry();`,
		)
		.execute(t.db)
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Trotz Störung im Logbuch', platforms: {} }, status: 'draft', timeZone: zurich })
	await h.services.publishing.publishNow(userId, post.id)
	await h.runDueJobs()

	const entries = () => t.db.selectFrom('activity_logs').select(['status', 'title']).where('user_id', '=', userId).where('log_type', '=', 'post_publication').execute()
	const messages = () => t.db.selectFrom('webhook_messages').select(['event_type', 'body']).where('user_id', '=', userId).execute()
	const outbox = () => pendingFor(t.db)
	const saved = () => t.db.selectFrom('posts').select(['status', 'published_at']).where('id', '=', post.id).executeTakeFirstOrThrow()
	expect(h.posts()).toHaveLength(1)
	expect((await t.db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).executeTakeFirstOrThrow()).status).toBe('published')
	const published = await saved()
	expect(published.status).toBe('published')
	expect(await messages()).toHaveLength(1)
	expect(await entries()).toEqual([])
	expect(await outbox()).toEqual([{ id: expect.any(Number), kind: 'published', pending: ['activity'] }])

	// The log works again. A row pending for less than 30 s belongs to a drain that may still run: the sweep leaves it.
	await sql.raw('drop trigger refuse_publication_entry on activity_logs').execute(t.db)
	expect((await h.services.publishing.maintenance.sweep()).publications).toMatchObject({ drained: 0 })
	expect(await entries()).toEqual([])
	await t.db.updateTable('publication_outbox').set({ created_at: sql`now() - interval '31 seconds'` }).execute()
	expect((await h.services.publishing.maintenance.sweep()).publications).toMatchObject({ drained: 1, failed: 0 })
	expect(await entries()).toEqual([{ status: 'success', title: 'Post auf LinkedIn veröffentlicht' }])
	expect(await outbox()).toEqual([{ id: expect.any(Number), kind: 'published', pending: [] }])

	// Once more: nothing pending, nothing done twice.
	await h.services.publishing.maintenance.sweep()
	expect(await entries()).toHaveLength(1)
	expect(await messages()).toHaveLength(1)
	expect(await saved()).toEqual(published)
	// A day later the consumed row is deleted.
	await t.db.updateTable('publication_outbox').set({ created_at: sql`now() - interval '25 hours'` }).execute()
	expect((await h.services.publishing.maintenance.sweep()).publications).toMatchObject({ deleted: 1 })
	expect(await outbox()).toEqual([])
})

test('drains of the same rows side by side (and again later): each consumer does its part of each row once', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	await withEndpoint(t, userId)
	const outbox = createOutbox({ db: t.db, consumers, logger: createLogger('silent') })
	const at = new Date()
	const record = (postId: string) => recordPublished(t.db, outbox, userId, postId, at)
	const posts = await Promise.all(['Erster', 'Zweiter'].map((base) => h.services.content.createPost(userId, { platform: 'linkedin', content: { base, platforms: {} }, status: 'draft', timeZone: zurich })))
	const events = [await record(posts[0]!.id), await record(posts[1]!.id)]
	const ids = events.map((e) => e.id)
	// The record's statement left one pending row per publication and consumer.
	expect((await pendingFor(t.db)).map((row) => row.pending)).toEqual([['activity', 'content', 'webhooks'], ['activity', 'content', 'webhooks']])

	// Three drains at once, in either order of the ids (their locks are taken in id order: no deadlock), then one more.
	const drained = await Promise.all([outbox.drain(ids), outbox.drain([...ids].reverse()), outbox.drain(ids)])
	expect(drained.map((d) => d.failed)).toEqual([0, 0, 0])
	await outbox.drain(ids)

	expect((await pendingFor(t.db)).map((row) => row.pending)).toEqual([[], []])
	expect(await t.db.selectFrom('publication_pending').selectAll().execute()).toEqual([])
	const entries = await t.db.selectFrom('activity_logs').select(['metadata']).where('user_id', '=', userId).where('log_type', '=', 'post_publication').execute()
	expect(entries.map((e) => (e.metadata as { postId: string }).postId).sort()).toEqual(posts.map((p) => p.id).sort())
	// The message body is the event as the publisher wrote it, byte for byte (type, timestamp, data).
	const messages = await t.db.selectFrom('webhook_messages').select(['body']).where('user_id', '=', userId).execute()
	expect(messages.map((m) => m.body).sort()).toEqual(events.map((e) => e.body).sort())
	expect(Object.keys(JSON.parse(messages[0]!.body) as object)).toEqual(['type', 'timestamp', 'data'])
	expect(Object.keys((JSON.parse(messages[0]!.body) as { data: object }).data)).toEqual(['postId', 'deliveryId', 'network', 'channelId', 'state', 'url', 'publishedAt'])
	const jobs = await sql<{ n: number }>`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'webhooks_deliver'`.execute(t.db)
	expect(jobs.rows[0]!.n).toBe(2)
	const saved = await t.db.selectFrom('posts').select(['status', 'published_at']).where('id', 'in', posts.map((p) => p.id)).execute()
	expect(saved).toEqual([{ status: 'published', published_at: at }, { status: 'published', published_at: at }])
})

test('consumers of different names run side by side; a second claim of the same name waits, then finds the rows gone', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	const claimedCount = async (db: Db, claimed: Parameters<PublicationConsumer['consume']>[1]) => (await sql<{ n: number }>`with c as (${claimed}) select count(*)::int as n from c`.execute(db)).rows[0]!.n
	// 'held' claims its rows in a transaction that stays open until released: its pending rows stay locked.
	let release!: () => void
	const released = new Promise<void>((resolve) => (release = resolve))
	let heldClaim!: (n: number) => void
	const heldClaimed = new Promise<number>((resolve) => (heldClaim = resolve))
	const held: PublicationConsumer = {
		name: 'held',
		consume: (db, claimed) =>
			db.transaction().execute(async (trx) => {
				heldClaim(await claimedCount(trx, claimed))
				await released
			}),
	}
	const counts: Record<string, Array<number>> = { other: [], held: [] }
	const counting = (name: string): PublicationConsumer => ({ name, consume: async (db, claimed) => void counts[name]!.push(await claimedCount(db, claimed)) })
	const first = createOutbox({ db: t.db, consumers: [held, counting('other')], logger: createLogger('silent') })
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Nebeneinander', platforms: {} }, status: 'draft', timeZone: zurich })
	const ids = [(await recordPublished(t.db, first, userId, post.id, new Date())).id, (await recordPublished(t.db, first, userId, post.id, new Date())).id]

	const draining = first.drain(ids)
	expect(await heldClaimed).toBe(2)
	// While 'held' keeps its claim open, 'other' claims the same publications and commits.
	await expect.poll(() => counts.other, { timeout: 5000 }).toEqual([2])
	// A second claim for 'held' waits for the first (same rows) ...
	const second = createOutbox({ db: t.db, consumers: [counting('held')], logger: createLogger('silent') })
	let secondDone = false
	const secondDrain = second.drain([...ids].reverse()).then((result) => ((secondDone = true), result))
	await new Promise((resolve) => setTimeout(resolve, 300))
	expect(secondDone).toBe(false)
	// ... and once the first commits, finds nothing left to claim.
	release()
	expect(await draining).toEqual({ events: 2, failed: 0 })
	expect(await secondDrain).toEqual({ events: 2, failed: 0 })
	expect(counts.held).toEqual([0])
	expect(await t.db.selectFrom('publication_pending').selectAll().execute()).toEqual([])

	// A day later, a publication pending only for a consumer no longer registered ('other') is deleted with its pending row.
	await recordPublished(t.db, first, userId, post.id, new Date())
	await t.db.updateTable('publication_outbox').set({ created_at: sql`now() - interval '25 hours'` }).execute()
	expect(await second.sweep()).toEqual({ drained: 1, failed: 0, deleted: 3 })
	expect(counts.held).toEqual([0, 1])
	expect(await t.db.selectFrom('publication_pending').selectAll().execute()).toEqual([])
})

test("a publication's long title and reason reach the activity log clipped at a word, as logActivity bounds them", async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	const outbox = createOutbox({ db: t.db, consumers: [activityPublications], logger: createLogger('silent') })
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Zu viel Text', platforms: {} }, status: 'draft', timeZone: zurich })
	// An unknown network is named as it is: a long name makes a long title.
	const delivery = { id: randomUUID(), post_id: post.id, platform: 'Netzwerk mit langem Namen '.repeat(30), channel_id: null }
	const reason = 'Die Plattform lehnt den Beitrag ab, weil er zu lang ist. '.repeat(60)
	const at = new Date()
	const worded = failedWording(delivery, 'rejected', reason, at)
	const { id } = await record(t.db, outbox, userId, { delivery, kind: 'failed', url: null, code: 'rejected', reason, worded, at })
	expect(await outbox.drain([id])).toEqual({ events: 1, failed: 0 })

	const entry = await t.db.selectFrom('activity_logs').select(['title', 'description', 'status']).where('user_id', '=', userId).where('log_type', '=', 'post_publication').executeTakeFirstOrThrow()
	expect(entry).toEqual({ title: clipAtWord(`Veröffentlichung auf ${delivery.platform} fehlgeschlagen`, TITLE_MAX), description: clipAtWord(reason, DESCRIPTION_MAX), status: 'error' })
	expect(entry.title.length).toBeLessThanOrEqual(TITLE_MAX)
	expect(entry.title.endsWith(' Netzwerk…')).toBe(true)
	expect(entry.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX)
	expect(entry.description.endsWith(' Die…')).toBe(true)
})

test("the publisher's statements name no table of another module: the consumers do their parts", () => {
	const publisherFiles = ['publisher', 'delivery-batches', 'delivery-outcomes', 'send-delivery', 'reconcile-delivery', 'publish-delivery', 'precheck-delivery', 'refresh-token', 'publisher-mail', 'delivery-target']
	const source = publisherFiles.map((name) => readFileSync(new URL(`../../modules/publishing/${name}.server.ts`, import.meta.url), 'utf8')).join('\n')
	expect(source).toMatch(/publication_outbox|recordSql/)
	expect(source).not.toMatch(/postsPublishedSql|activitiesSql|webhookMessagesSql|webhookJobsSql|notifyChangesSql|emitWebhookEvent/)
	expect(source).not.toMatch(/insert into (activity_logs|webhook_messages)|update posts\b/)
})
