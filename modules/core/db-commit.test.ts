import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { createTestDatabase } from '#tests/support/db.ts'
import { commitWithoutWaitingForDisk } from './db.server.ts'

// ADR 0056: the item turns synchronous_commit off for its own transaction only, and the next
// statement on the same connection commits synchronously again.
test('commitWithoutWaitingForDisk holds for its transaction only', async () => {
	await using t = await createTestDatabase({ maxConnections: 1 })
	const setting = () => sql<{ value: string }>`select current_setting('synchronous_commit') as value`.execute(t.db)
	expect((await setting()).rows[0]!.value).toBe('on')
	await t.db.transaction().execute(async (trx) => {
		await sql`select 1 as one, ${commitWithoutWaitingForDisk} as no_flush`.execute(trx)
		const inside = await sql<{ value: string }>`select current_setting('synchronous_commit') as value`.execute(trx)
		expect(inside.rows[0]!.value).toBe('off')
	})
	const alone = await sql<{ value: string; no_flush: string }>`select current_setting('synchronous_commit') as value, ${commitWithoutWaitingForDisk} as no_flush`.execute(t.db)
	expect(alone.rows[0]!.no_flush).toBe('off')
	// The same connection (the pool holds one): its next statement is synchronous again.
	expect((await setting()).rows[0]!.value).toBe('on')
})
