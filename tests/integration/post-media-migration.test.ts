// Migration 2026-12-03-0100 (post_media) on a small fill of every image shape: each post's imageUrl and
// images read the same from the rows as from the old columns, generated images are marked, and the down
// migration restores the columns. The 1,000 users / 100,000 posts run is
// `npm run proof:migration -- --proof media` (scripts/migration-proof/media-proof.ts).
import { expect, test } from 'vitest'
import { provePostMediaMigration } from '#scripts/migration-proof/media-proof.ts'
import { createEmptyDatabase } from '#tests/support/db.ts'

test('migrating 20 users and 1,000 posts with images to post_media and back loses nothing', async () => {
	// An empty database (not the run's migrated template): the proof migrates it step by step.
	await using t = await createEmptyDatabase()
	const result = await provePostMediaMigration(t.db, t.pool, { users: 20, posts: 1000 }, { down: true })
	expect(result.failures).toEqual([])
	// 600 posts of the fill have images: 100 of each shape 4-9, 50 of the generation-shaped ones with generated uploads.
	expect(result.counts).toEqual({ users: 20, posts: 1000, 'posts with images': 600, 'image rows expected': 100 * 1 + 100 * 1 + 100 * 2 + 100 * 3 + 100 * 1, 'generated uploads': 100 })
})
