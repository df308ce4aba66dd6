import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { createTestDatabase } from '#tests/support/db.ts'
import { executePrepared } from './db.server.ts'

test('a statement run with executePrepared is prepared once per connection under its name and answers like the plain one', async () => {
	await using t = await createTestDatabase({ maxConnections: 1 })
	const twice = (n: number) => sql<{ n: number }>`select ${n}::int * 2 as n`
	expect((await executePrepared(t.db, 'test_twice', twice(2))).rows).toEqual([{ n: 4 }])
	expect((await executePrepared(t.db, 'test_twice', twice(5))).rows).toEqual([{ n: 10 }])
	// The pool's only connection holds it, named, and other statements on it stay unnamed.
	const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(t.db)
	expect(rows).toEqual([{ name: 'test_twice', statement: 'select $1::int * 2 as n' }])
})

test('a name used for another text is refused before anything is sent', async () => {
	await using t = await createTestDatabase({ maxConnections: 1 })
	await executePrepared(t.db, 'test_changing', sql`select 1 as n`)
	expect(() => executePrepared(t.db, 'test_changing', sql`select 2 as n`)).toThrow(/its text changed/)
})
