import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { ideaKey } from '#modules/news/ideas.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'

async function newUser(db: Kysely<DB>) {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email, email_verified_at: new Date(), time_zone: 'Europe/Zurich' }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	return row.id
}

const titles = async (db: Kysely<DB>, userId: string) => (await db.selectFrom('content_ideas').select('title').where('user_id', '=', userId).execute()).map((r) => r.title)

test("'Mehr generieren' with the local writer adds ideas that differ from the stored ones, every time", async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const lea = await newUser(t.db)
	await services.news.saveContentSettings(lea, { niche: 'Bäckerei', targetAudience: '', keywords: ['sauerteig', 'regional'], newsKeywords: [] })
	for (let run = 1; run <= 3; run++) {
		expect(await services.news.generateIdeas(lea)).toEqual({ status: 'ok', ideas: 4 })
		const stored = await titles(t.db, lea)
		expect(stored).toHaveLength(4 * run)
		expect(new Set(stored.map(ideaKey)).size).toBe(stored.length)
	}
})

test('an idea already stored (other case, punctuation or spacing) is not stored again; when nothing new is left the answer says so', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const ben = await newUser(t.db)
	await services.news.saveContentSettings(ben, { niche: 'Velo', targetAudience: '', keywords: [], newsKeywords: [] })
	expect(ideaKey('  Umfrage: Wie nutzt du VELO heute?')).toBe(ideaKey('umfrage wie nutzt du velo heute'))
	// One keyword (the niche) and the keyword templates: a finite set of ideas.
	let added = 0
	for (let run = 0; run < 10; run++) {
		const result = await services.news.generateIdeas(ben)
		if (result.status !== 'ok') {
			expect(result).toEqual({ status: 'no_new_ideas' })
			break
		}
		added += result.ideas
	}
	const stored = await titles(t.db, ben)
	expect(stored).toHaveLength(added)
	expect(new Set(stored.map(ideaKey)).size).toBe(stored.length)
	expect(await services.news.generateIdeas(ben)).toEqual({ status: 'no_new_ideas' })
})
