import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testPlatforms } from '#tests/support/platforms.ts'
import { deliveryPlanner } from '#modules/publishing/index.ts'
import { createContentService } from './index.ts'
import { brandDirectory } from '#modules/brands/index.ts'
import { mediaOrigins } from '#modules/generation/index.ts'

const now = new Date('2026-03-27T11:00:00Z')
const zurich = 'Europe/Zurich'

async function user(db: Kysely<DB>) {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	return row.id
}

const logs = (db: Kysely<DB>, userId: string) =>
	db.selectFrom('activity_logs').select(['log_type', 'title', 'description', 'status']).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute()

test('saving drafts and planning posts leave post_creation and post_scheduling entries', async () => {
	await using t = await createTestDatabase()
	const content = createContentService({ db: t.db, clock: { now: () => now }, planner: deliveryPlanner, brands: brandDirectory, origins: mediaOrigins, platforms: testPlatforms.ids })
	const alice = await user(t.db)

	const requestId = randomUUID()
	const created = await content.createDrafts(alice, requestId, [{ platforms: ['linkedin'], content: { base: 'Montagsgedanke', platforms: {} } }])
	await content.createDrafts(alice, requestId, [{ platforms: ['linkedin'], content: { base: 'Montagsgedanke', platforms: {} } }])
	expect(created.ok).toBe(true)
	const draft = created.ok ? created.drafts[0]! : null
	await content.updateDraft(alice, draft!.id, { platforms: ['linkedin'], content: { base: 'Montagsgedanke, überarbeitet', platforms: {} } })
	await content.scheduleDraft(alice, draft!.id, { date: '2026-03-30', time: '09:00', timeZone: zurich }, randomUUID())
	const post = await content.createPost(alice, { platform: 'facebook', content: { base: 'Zweiter Post', platforms: {} }, status: 'draft', timeZone: zurich })
	await content.schedulePost(alice, post.id, { date: '2026-03-31', time: '17:30', timeZone: zurich })
	await content.createScheduledPost(alice, randomUUID(), { platform: 'threads', content: { base: 'Dritter Post', platforms: {} } }, { date: '2026-04-01', time: '12:00', timeZone: zurich })
	// A refused plan leaves no entry.
	await content.schedulePost(alice, post.id, { date: '2026-03-26', time: '17:00', timeZone: zurich })

	expect(await logs(t.db, alice)).toEqual([
		{ log_type: 'post_creation', title: 'Entwurf erstellt: Montagsgedanke', description: '', status: 'success' },
		{ log_type: 'post_creation', title: 'Entwurf gespeichert: Montagsgedanke, überarbeitet', description: '', status: 'success' },
		{ log_type: 'post_scheduling', title: 'Post geplant: Montagsgedanke, überarbeitet', description: 'Geplant für Montag, 30. März 2026 um 09:00', status: 'success' },
		{ log_type: 'post_scheduling', title: 'Post geplant: Zweiter Post', description: 'Geplant für Dienstag, 31. März 2026 um 17:30', status: 'success' },
		{ log_type: 'post_scheduling', title: 'Post geplant: Dritter Post', description: 'Geplant für Mittwoch, 1. April 2026 um 12:00', status: 'success' },
	])
})
