import { randomUUID } from 'node:crypto'
import { sql, type Insertable, type Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { markPostsPublished, setPostEngagement } from '#modules/content/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'

// post_figures (ADR 0026; per brand, ADR 0047 addendum) is kept by statement triggers on posts: after every kind
// of write it must equal a full recount of the posts per user, brand, status and platform, also when several
// transactions write the same user's posts at once.

const platforms = ['linkedin', 'facebook', 'threads', 'instagram', 'multiple'] as const
const statuses = ['draft', 'review', 'scheduled', 'published'] as const

async function user(db: Kysely<DB>) {
	const row = await db.insertInto('users').values({ email: `${randomUUID()}@beispiel.ch` }).returning('id').executeTakeFirstOrThrow()
	return row.id
}

function post(userId: string, i: number, fields: Partial<Insertable<DB['posts']>> = {}): Insertable<DB['posts']> {
	const status = statuses[i % statuses.length]!
	const published = status === 'published'
	return {
		user_id: userId,
		title: `Post ${i}`,
		platform: platforms[i % platforms.length]!,
		status,
		scheduled_at: status === 'scheduled' || published ? new Date(Date.UTC(2026, 10, 1 + (i % 28))) : null,
		published_at: published ? new Date(Date.UTC(2026, 10, 1 + (i % 28))) : null,
		engagement_views: published ? 100 + i : 0,
		engagement_likes: published ? i % 7 : 0,
		engagement_comments: published ? i % 3 : 0,
		engagement_shares: published ? i % 2 : 0,
		...fields,
	}
}

type Figure = { user_id: string; brand_id: string; status: string; platform: string; posts: number; views: number; interactions: number }
const key = (f: Figure) => `${f.user_id}|${f.brand_id}|${f.status}|${f.platform}`
const sorted = (rows: Array<Figure>) => rows.map((f) => ({ ...f, posts: Number(f.posts), views: Number(f.views), interactions: Number(f.interactions) })).sort((a, b) => key(a).localeCompare(key(b)))

/** The rollup's non-empty rows and a recount of the posts; rows that fell to zero must be all zero. */
async function figuresAndRecount(db: Kysely<DB>) {
	const stored = sorted(await db.selectFrom('post_figures').selectAll().execute())
	expect(stored.filter((f) => f.posts === 0 && (f.views !== 0 || f.interactions !== 0))).toEqual([])
	const { rows } = await sql<Figure>`
		select user_id, brand_id, status, platform, count(*) as posts, sum(engagement_views) as views,
			sum(engagement_likes + engagement_comments + engagement_shares) as interactions
		from posts group by user_id, brand_id, status, platform`.execute(db)
	return { stored: stored.filter((f) => f.posts !== 0), recount: sorted(rows) }
}

async function expectConsistent(db: Kysely<DB>) {
	const { stored, recount } = await figuresAndRecount(db)
	expect(stored).toEqual(recount)
	return stored
}

test('the rollup equals a recount after inserts, status and engagement changes, edits, deletes and a user\'s deletion', async () => {
	await using t = await createTestDatabase()
	const alice = await user(t.db)
	const bob = await user(t.db)
	const ids = await t.db
		.insertInto('posts')
		.values(Array.from({ length: 40 }, (_, i) => post(i % 4 === 0 ? bob : alice, i)))
		.returning(['id', 'user_id', 'status'])
		.execute()
	const stored = await expectConsistent(t.db)
	expect(stored.length).toBeGreaterThan(10)
	await t.db.insertInto('posts').values(post(alice, 1)).execute()
	await expectConsistent(t.db)

	// Status changes: one, and a batch through the publisher's statement.
	const aliceScheduled = ids.filter((p) => p.user_id === alice && p.status === 'scheduled').map((p) => p.id)
	await t.db.updateTable('posts').set({ status: 'review' }).where('id', '=', aliceScheduled[0]!).execute()
	await markPostsPublished(t.db, aliceScheduled.slice(1).map((postId) => ({ postId, at: new Date() })))
	await expectConsistent(t.db)

	// Engagement (the metrics sync), a platform change, and a text edit that changes no figure.
	const alicePublished = (await t.db.selectFrom('posts').select('id').where('user_id', '=', alice).where('status', '=', 'published').execute()).map((p) => p.id)
	for (const id of alicePublished.slice(0, 3)) await setPostEngagement(t.db, id, { views: 5000, likes: 40, comments: 4, shares: 2 })
	await setPostEngagement(t.db, alicePublished[3]!, { views: 0, likes: 0, comments: 0, shares: 0 })
	await t.db.updateTable('posts').set({ platform: 'threads' }).where('id', '=', alicePublished[4]!).execute()
	await expectConsistent(t.db)
	const before = await sql<{ xmin: string }>`select xmin::text from post_figures where user_id = ${alice} order by status, platform`.execute(t.db)
	await t.db.updateTable('posts').set({ content: 'Neuer Text' }).where('user_id', '=', alice).execute()
	const after = await sql<{ xmin: string }>`select xmin::text from post_figures where user_id = ${alice} order by status, platform`.execute(t.db)
	expect(after.rows).toEqual(before.rows)

	// Brand moves (a retarget, a brand's deletion moving its posts): the figures leave the old brand's rows.
	const second = (await t.db.insertInto('brands').values({ user_id: alice, name: 'Zweite Marke' }).returning('id').executeTakeFirstOrThrow()).id
	await t.db.updateTable('posts').set({ brand_id: second }).where('id', '=', alicePublished[6]!).execute()
	await expectConsistent(t.db)
	await t.db.updateTable('posts').set({ brand_id: second }).where('user_id', '=', alice).where('status', '=', 'scheduled').execute()
	const moved = await expectConsistent(t.db)
	expect(moved.filter((f) => f.brand_id === second).map((f) => f.status)).toContain('published')
	const first = (await t.db.selectFrom('brands').select('id').where('user_id', '=', alice).where('id', '<>', second).executeTakeFirstOrThrow()).id
	await t.db.updateTable('posts').set({ brand_id: first }).where('id', '=', alicePublished[6]!).execute()
	await expectConsistent(t.db)

	// A post moved to another user (not done by the app, but the trigger must not care).
	// With its brand: a post cannot sit in another user's brand (ADR 0044).
	await t.db.updateTable('posts').set({ user_id: bob, brand_id: (await t.db.selectFrom('brands').select('id').where('user_id', '=', bob).executeTakeFirstOrThrow()).id }).where('id', '=', alicePublished[5]!).execute()
	await expectConsistent(t.db)

	// Deletes: one post, then all of one status at once.
	await t.db.deleteFrom('posts').where('id', '=', alicePublished[0]!).execute()
	await t.db.deleteFrom('posts').where('user_id', '=', alice).where('status', '=', 'draft').execute()
	await expectConsistent(t.db)

	// A user's deletion cascades to the posts and the rollup rows; the other user's stay.
	await t.db.deleteFrom('users').where('id', '=', bob).execute()
	const left = await expectConsistent(t.db)
	expect(left.every((f) => f.user_id === alice)).toBe(true)
	expect(await t.db.selectFrom('post_figures').select('user_id').where('user_id', '=', bob).execute()).toEqual([])
	await t.db.deleteFrom('users').where('id', '=', alice).execute()
	expect(await t.db.selectFrom('post_figures').selectAll().execute()).toEqual([])
})

test('concurrent batched updates of one user\'s posts keep the rollup exact and do not deadlock', async () => {
	await using t = await createTestDatabase({ maxConnections: 8 })
	const alice = await user(t.db)
	const rows = await t.db
		.insertInto('posts')
		.values(Array.from({ length: 400 }, (_, i) => post(alice, i, { status: 'scheduled', scheduled_at: new Date(Date.UTC(2026, 11, 1)), published_at: null, engagement_views: 0, engagement_likes: 0, engagement_comments: 0, engagement_shares: 0 })))
		.returning('id')
		.execute()
	const ids = rows.map((r) => r.id)
	await expectConsistent(t.db)

	// Eight writers at once, each a batch over all five platforms in its own row order: the publisher's
	// batched statement, an engagement update of many posts, a move back to 'scheduled', inside transactions.
	const batches = Array.from({ length: 8 }, (_, w) => ids.filter((_, i) => i % 8 === w))
	for (let round = 0; round < 4; round++) {
		await Promise.all(
			batches.map(async (batch, w) => {
				const order = w % 2 === 0 ? batch : [...batch].reverse()
				if ((w + round) % 3 === 0) {
					await markPostsPublished(t.db, order.map((postId) => ({ postId, at: new Date() })))
				} else if ((w + round) % 3 === 1) {
					await t.db.transaction().execute(async (trx) => {
						await sql`
							update posts set engagement_views = engagement_views + 10, engagement_likes = engagement_likes + 1
							where id in (${sql.join(order)}) and status = 'published'`.execute(trx)
					})
				} else {
					await t.db.transaction().execute(async (trx) => {
						await trx.updateTable('posts').set({ status: 'scheduled', published_at: null }).where('id', 'in', order).execute()
						// Holds the counter rows a while, so the other writers queue behind them.
						await sql`select pg_sleep(0.01)`.execute(trx)
					})
				}
			}),
		)
	}
	const stored = await expectConsistent(t.db)
	expect(stored.reduce((n, f) => n + f.posts, 0)).toBe(400)
})

test('transactions writing one user\'s posts in several statements beside batched publishes do not deadlock', async () => {
	await using t = await createTestDatabase({ maxConnections: 8 })
	const alice = await user(t.db)
	const scheduled = { status: 'scheduled' as const, scheduled_at: new Date(Date.UTC(2026, 11, 1)), published_at: null, engagement_views: 0, engagement_likes: 0, engagement_comments: 0, engagement_shares: 0 }
	const ids = (await t.db.insertInto('posts').values(Array.from({ length: 100 }, (_, i) => post(alice, i, scheduled))).returning('id').execute()).map((r) => r.id)
	// A CSV import inserts one post per statement in one transaction, platform after platform, in opposite
	// orders; the publisher marks posts of every platform published in one statement meanwhile.
	const importing = (order: ReadonlyArray<number>) =>
		t.db.transaction().execute(async (trx) => {
			for (const i of order) {
				await trx.insertInto('posts').values(post(alice, i, scheduled)).execute()
				await sql`select pg_sleep(0.005)`.execute(trx)
			}
		})
	const forward = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
	for (let round = 0; round < 3; round++) {
		await Promise.all([
			importing(forward),
			importing([...forward].reverse()),
			markPostsPublished(t.db, ids.slice(round * 30, round * 30 + 30).map((postId) => ({ postId, at: new Date() }))),
			markPostsPublished(t.db, ids.slice(round * 30 + 15, round * 30 + 45).reverse().map((postId) => ({ postId, at: new Date() }))),
		])
	}
	const stored = await expectConsistent(t.db)
	expect(stored.reduce((n, f) => n + f.posts, 0)).toBe(160)
})
