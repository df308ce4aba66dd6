// GET /health's queue figures come from our own records, the deliveries (ADR 0035): graphile-worker's
// tables are not an interface. A post planned for tomorrow is one delivery planned (it has two jobs:
// its publish job and the check an hour before), a post published now is one delivery due.
import { expect, test } from 'vitest'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

test("the queue counts the deliveries: planned, due, failed for good; not graphile-worker's jobs", async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	const tomorrow = new Date(Date.now() + 24 * 3600_000)
	await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Morgen', platforms: {} }, status: 'scheduled', scheduledAt: tomorrow, timeZone: 'Europe/Zurich' })
	const now = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Jetzt', platforms: {} }, status: 'draft', timeZone: 'Europe/Zurich' })
	expect(await h.services.publishing.publishNow(userId, now.id)).toBe(1)

	const health = await h.services.publishing.health()
	expect(health.database).toBe('ok')
	expect(health.queue).toEqual({ due: 1, scheduled: 1, failed: 0 })

	await t.db.updateTable('post_deliveries').set({ status: 'failed' }).where('post_id', '=', now.id).execute()
	expect((await h.services.publishing.health()).queue).toEqual({ due: 0, scheduled: 1, failed: 1 })
})
