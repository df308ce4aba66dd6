import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { waitFor } from '#tests/support/wait.ts'
import { createLiveEvents, LIVE_CHANNEL, notifyChange, notifyChangesSql, RESYNC_TOPIC } from './live-events.server.ts'
import { createLogger } from './logger.server.ts'

async function startedLiveEvents(t: TestDatabase) {
	const live = createLiveEvents({ connectionString: t.url, logger: createLogger('silent') })
	await live.start()
	return Object.assign(live, { [Symbol.asyncDispose]: live.close })
}

function collector() {
	const topics: Array<string> = []
	return {
		topics,
		listener: (topic: string) => void topics.push(topic),
		waitFor: (topic: string) => waitFor(() => topics.includes(topic), { what: `the topic "${topic}"`, describe: () => `got ${topics.join(', ')}` }),
	}
}

test("a user's listener receives that user's changes and nobody else's; malformed payloads are ignored", async () => {
	await using t = await createTestDatabase()
	await using live = await startedLiveEvents(t)
	const [userA, userB] = [randomUUID(), randomUUID()]
	const a = collector()
	const b = collector()
	live.subscribe(userA, a.listener)
	live.subscribe(userB, b.listener)

	await sql`select pg_notify(${LIVE_CHANNEL}, 'kein json')`.execute(t.db)
	await sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ u: userA })})`.execute(t.db)
	await sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ u: 1, t: 'posts' })})`.execute(t.db)
	await notifyChange(t.db, { userId: userA, topic: 'posts' })
	await notifyChange(t.db, { userId: userB, topic: 'drafts' })

	await a.waitFor('posts')
	await b.waitFor('drafts')
	expect(a.topics).toEqual(['posts'])
	expect(b.topics).toEqual(['drafts'])
})

test('changes announced inside a statement: one notification per user, naming each of its topics once', async () => {
	await using t = await createTestDatabase()
	await using live = await startedLiveEvents(t)
	const [userA, userB] = [randomUUID(), randomUUID()]
	const a = collector()
	const b = collector()
	live.subscribe(userA, a.listener)
	live.subscribe(userB, b.listener)

	const changes = JSON.stringify([
		{ user_id: userA, topic: 'posts' },
		{ user_id: userA, topic: 'activity' },
		{ user_id: userA, topic: 'posts' },
		{ user_id: userB, topic: 'posts' },
	])
	const { rows } = await sql<{ n: number }>`select (${notifyChangesSql(sql`select * from json_to_recordset(${changes}::json) as v(user_id uuid, topic text)`)}) as n`.execute(t.db)
	expect(rows[0]!.n).toBe(2)
	await a.waitFor('posts')
	await a.waitFor('activity')
	await b.waitFor('posts')
	expect(a.topics.sort()).toEqual(['activity', 'posts'])
	expect(b.topics).toEqual(['posts'])
})

test('an unsubscribed listener hears nothing more', async () => {
	await using t = await createTestDatabase()
	await using live = await startedLiveEvents(t)
	const user = randomUUID()
	const gone = collector()
	const staying = collector()
	const unsubscribe = live.subscribe(user, gone.listener)
	live.subscribe(user, staying.listener)
	unsubscribe()

	await notifyChange(t.db, { userId: user, topic: 'agents' })
	await staying.waitFor('agents')
	expect(gone.topics).toEqual([])
})

test('a change inside a rolled-back transaction is never delivered; a committed one is, on commit', async () => {
	await using t = await createTestDatabase()
	await using live = await startedLiveEvents(t)
	const user = randomUUID()
	const events = collector()
	live.subscribe(user, events.listener)

	await expect(
		t.db.transaction().execute(async (trx) => {
			await notifyChange(trx, { userId: user, topic: 'rolled-back' })
			throw new Error('rollback')
		}),
	).rejects.toThrow('rollback')
	await t.db.transaction().execute(async (trx) => {
		await notifyChange(trx, { userId: user, topic: 'committed' })
		await new Promise((resolve) => setTimeout(resolve, 200))
		expect(events.topics).toEqual([])
	})

	// Notifications arrive in commit order: once "committed" is here, the rolled-back one would be too.
	await events.waitFor('committed')
	expect(events.topics).toEqual(['committed'])
})

test('after its connection is terminated the listener reconnects, asks for a resync and receives again', async () => {
	await using t = await createTestDatabase()
	await using live = await startedLiveEvents(t)
	const user = randomUUID()
	const events = collector()
	live.subscribe(user, events.listener)

	const terminated = await sql<{ ok: boolean }>`
		select pg_terminate_backend(pid) as ok from pg_stat_activity
		where datname = current_database() and pid <> pg_backend_pid() and query ilike ${`listen ${LIVE_CHANNEL}`}`.execute(t.db)
	expect(terminated.rows).toEqual([{ ok: true }])

	await events.waitFor(RESYNC_TOPIC)
	await notifyChange(t.db, { userId: user, topic: 'posts' })
	await events.waitFor('posts')
	expect(events.topics).toEqual([RESYNC_TOPIC, 'posts'])
})
