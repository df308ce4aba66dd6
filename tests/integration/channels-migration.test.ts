// Migration 2026-12-02-0500 (channels and brands) on a small bulk fill: nothing lost, every delivery at
// its channel, one brand per user, and the down migration restores the old schema and data.
// The full 1,000 users / 100,000 posts run is `npm run proof:migration` (scripts/migration-proof.ts).
import { randomBytes } from 'node:crypto'
import { expect, inject, test } from 'vitest'
import { createDb, createPool } from '#modules/core/db.server.ts'
import { proveChannelsMigration } from '#scripts/migration-proof/proof.ts'
import { adminQuery } from '#tests/support/db.ts'
import { ident, testDatabasePrefix, withDatabase } from '#tests/support/test-database.ts'

test('migrating 50 users and 2,000 posts to channels and brands and back loses nothing', async () => {
	const server = inject('testDatabaseServer')
	// An empty database (not the run's migrated template): the proof migrates it step by step.
	const name = `${testDatabasePrefix}${server.runPid}_${randomBytes(6).toString('hex')}`
	await adminQuery(server.adminUrl, `create database ${ident(name)}`)
	const pool = createPool(withDatabase(server.adminUrl, name, server.applicationName), 3)
	const db = createDb(pool)
	try {
		const result = await proveChannelsMigration(db, pool, { users: 50, posts: 2000 }, { down: true })
		expect(result.failures).toEqual([])
		expect(result.counts).toMatchObject({ users: 50, posts: 2000 })
		// The fill covers every kind of delivery the migration treats differently.
		expect(result.deliveryKinds).toEqual({
			defaultPage: expect.any(Number),
			otherPage: expect.any(Number),
			noPageToDefault: expect.any(Number),
			noPageNoChannel: expect.any(Number),
		})
		expect(Math.min(...Object.values(result.deliveryKinds))).toBeGreaterThan(10)
	} finally {
		await db.destroy()
		await adminQuery(server.adminUrl, `drop database if exists ${ident(name)} with (force)`)
	}
})
