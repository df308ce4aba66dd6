import { sql } from 'kysely'
import pg from 'pg'
import { expect, test } from 'vitest'
import { createTestDatabase } from './db.ts'

test('a test database is migrated and isolated from another one', async () => {
	await using first = await createTestDatabase()
	await using second = await createTestDatabase()
	expect(first.name).not.toBe(second.name)

	await first.db.insertInto('users').values({ email: 'anna@example.ch' }).execute()

	const inFirst = await first.db.selectFrom('users').select('email').execute()
	const inSecond = await second.db.selectFrom('users').select('email').execute()
	expect(inFirst).toEqual([{ email: 'anna@example.ch' }])
	expect(inSecond).toEqual([])
})

test('the graphile-worker schema is installed and usable through the pool', async () => {
	await using t = await createTestDatabase()
	await sql`select graphile_worker.add_job('noop', '{}'::json)`.execute(t.db)
	const { rows } = await t.pool.query<{ count: number }>('select count(*)::int as count from graphile_worker.jobs')
	expect(rows[0]?.count).toBe(1)
})

test('disposing drops the database, even with connections still open', async () => {
	const t = await createTestDatabase()
	const stray = new pg.Client({ connectionString: t.url })
	stray.on('error', () => {})
	await stray.connect()
	await t[Symbol.asyncDispose]()

	await expect(new pg.Client({ connectionString: t.url }).connect()).rejects.toThrow(/does not exist/)
	await stray.end().catch(() => {})
})
