// Migration 2026-12-02-0500 (channels and brands) on a small bulk fill: nothing lost, every delivery at
// its channel, one brand per user, and the down migration restores the old schema and data.
// The full 1,000 users / 100,000 posts run is `npm run proof:migration` (scripts/migration-proof.ts).
import { expect, test } from 'vitest'
import { proveChannelsMigration } from '#scripts/migration-proof/proof.ts'
import { createEmptyDatabase } from '#tests/support/db.ts'

test('migrating 50 users and 2,000 posts to channels and brands and back loses nothing', async () => {
	// An empty database (not the run's migrated template): the proof migrates it step by step.
	await using t = await createEmptyDatabase()
	const result = await proveChannelsMigration(t.db, t.pool, { users: 50, posts: 2000 }, { down: true })
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
})
