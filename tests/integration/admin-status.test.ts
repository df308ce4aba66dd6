import { randomUUID } from 'node:crypto'
import { Kysely, PostgresDialect, sql } from 'kysely'
import { expect, test } from 'vitest'
import { createAdminService } from '#modules/admin/index.ts'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'

// A fixed "now": Sunday 2026-11-22 10:00 Zurich.
const now = new Date('2026-11-22T09:00:00Z')
const day = 24 * 3600_000
const ago = (days: number) => new Date(now.getTime() - days * day)

async function user(db: Kysely<DB>, createdAt = ago(30)) {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email, created_at: createdAt }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	return row.id
}

async function seed(db: Kysely<DB>) {
	const alice = await user(db)
	const bob = await user(db, ago(2))
	await db.insertInto('user_roles').values({ user_id: alice, role: 'admin' }).execute()
	const posts = await db
		.insertInto('posts')
		.values([
			{ user_id: alice, title: 'A', content: 'a', platform: 'linkedin', status: 'published', published_at: ago(1), engagement_likes: 4 },
			{ user_id: bob, title: 'B', content: 'b', platform: 'threads', status: 'published', published_at: ago(1), engagement_comments: 2 },
			{ user_id: bob, title: 'C', content: 'c', platform: 'threads', status: 'published', published_at: ago(40) },
			{ user_id: bob, title: 'D', content: 'd', platform: 'facebook', status: 'scheduled', scheduled_at: ago(-1) },
			{ user_id: alice, title: 'E', content: 'e', platform: 'linkedin', status: 'draft' },
		])
		.returning(['id', 'user_id', 'platform'])
		.execute()
	await db
		.insertInto('post_deliveries')
		.values([
			{ post_id: posts[0]!.id, user_id: alice, platform: 'linkedin', status: 'failed', scheduled_at: ago(1) },
			{ post_id: posts[1]!.id, user_id: bob, platform: 'threads', status: 'unconfirmed', scheduled_at: ago(1) },
			{ post_id: posts[3]!.id, user_id: bob, platform: 'facebook', status: 'scheduled', scheduled_at: ago(0.01) },
		])
		.execute()
	await db
		.insertInto('payments')
		.values([
			{ user_id: alice, kind: 'credit_pack', credit_pack_id: 'credits_500', credits: 500, amount_chf: 44.96, provider: 'test', status: 'paid', paid_at: ago(3) },
			{ user_id: bob, kind: 'credit_pack', credit_pack_id: 'credits_200', credits: 200, amount_chf: 19.95, provider: 'test', status: 'paid', paid_at: ago(60) },
			{ user_id: bob, kind: 'credit_pack', credit_pack_id: 'credits_1000', credits: 1000, amount_chf: 99.95, provider: 'test', status: 'pending' },
			{ user_id: bob, kind: 'credit_pack', credit_pack_id: 'credits_1000', credits: 1000, amount_chf: 99.95, provider: 'test', status: 'refunded', paid_at: ago(3) },
		])
		.execute()
	await db
		.insertInto('error_reports')
		.values([
			{ error_message: 'Alt', user_email: 'a@beispiel.ch', status: 'new', created_at: ago(5) },
			{ error_message: 'Neu', user_email: 'b@beispiel.ch', status: 'new', created_at: ago(1) },
			{ error_message: 'Dran', user_email: 'b@beispiel.ch', status: 'investigating' },
			{ error_message: 'Erledigt', user_email: 'b@beispiel.ch', status: 'resolved', resolved_at: ago(1) },
		])
		.execute()
}

test('the admin index shows the figures of the database: worker, queue, deliveries, errors, users, posts, sales, chart', async () => {
	await using t = await createTestDatabase()
	await seed(t.db)
	await t.db.insertInto('worker_heartbeats').values({ worker_id: 'w1', beat_at: new Date() }).execute()
	const admin = createAdminService({ db: t.db, clock: { now: () => now } })
	const status = await admin.systemStatus('Europe/Zurich')

	expect(status.health.database).toBe('ok')
	expect(status.health.worker).toMatchObject({ alive: true, workers: 1 })
	expect(status.deliveries).toEqual({ failed: 1, unconfirmed: 1 })
	expect(status.users).toEqual({ users: 2, newUsers: 1, admins: 1 })
	expect(status.posts).toEqual({ posts: 5, published: 3, scheduled: 1 })
	// Paid payments only: 500 + 200 credits; pending and refunded ones are not sales.
	expect(status.sales).toEqual({ creditsSold: 700, revenueChf: 64.91, creditsSoldLast30Days: 500, revenueChfLast30Days: 44.96 })
	expect(status.errors.open).toBe(2)
	expect(status.errors.investigating).toBe(1)
	expect(status.errors.recent.map((r) => r.errorMessage)).toEqual(['Neu', 'Alt'])
	expect(status.days).toHaveLength(30)
	expect(status.days.find((d) => d.date === '2026-11-21')).toEqual({ date: '2026-11-21', posts: 2, interactions: 6 })
	expect(status.days.reduce((s, d) => s + d.posts, 0)).toBe(2)
})

test('the admin index makes the same small number of queries with no rows and with many', async () => {
	await using t = await createTestDatabase()
	let queries = 0
	const counting = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: () => void queries++ })
	const admin = createAdminService({ db: counting, clock: { now: () => now } })
	await admin.systemStatus('Europe/Zurich')
	const empty = queries

	await seed(t.db)
	const someone = await user(t.db)
	await sql`insert into posts (user_id, title, content, platform, status, published_at)
		select ${someone}, 'P' || i, 'x', 'linkedin', 'published', ${now}::timestamptz - (i % 40) * interval '1 day' from generate_series(1, 500) i`.execute(t.db)
	queries = 0
	await admin.systemStatus('Europe/Zurich')
	// health 1, deliveries 1, users 1, posts 1, sales 1, error reports 3 (counters, matching, page), chart 1;
	// without any report the page query is skipped
	expect(queries).toBe(9)
	expect(empty).toBe(8)
})
