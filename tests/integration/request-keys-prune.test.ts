// Request ids are remembered for REQUEST_KEY_DAYS, then forgotten by the daily core job.
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { coreCrontab, coreTasks, pruneRequestKeysJob } from '#modules/core/core-jobs.server.ts'
import { once, REQUEST_KEY_DAYS } from '#modules/core/request-keys.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { userWithCredits } from '#tests/support/users.ts'

test('the daily job forgets request ids older than the window and keeps the recent ones', async () => {
	await using t = await createTestDatabase()
	const userId = await userWithCredits(t.db, 0)
	const ids = [randomUUID(), randomUUID(), randomUUID()]
	for (const requestId of ids) await once(t.db, { userId, requestId, action: 'test', input: { requestId } }, async () => ({ ok: true }))
	await sql`update request_keys set created_at = now() - ${`${REQUEST_KEY_DAYS + 1} days`}::interval where request_id = ${ids[0]}`.execute(t.db)
	await sql`update request_keys set created_at = now() - ${`${REQUEST_KEY_DAYS - 1} days`}::interval where request_id = ${ids[1]}`.execute(t.db)

	const [task] = coreTasks(t.db)
	expect(task!.id).toBe(pruneRequestKeysJob.id)
	expect(coreCrontab).toContain(pruneRequestKeysJob.id)
	await task!.handler({}, {} as never)
	const left = await t.db.selectFrom('request_keys').select('request_id').where('user_id', '=', userId).execute()
	expect(left.map((row) => row.request_id).sort()).toEqual([ids[1], ids[2]].sort())
})
