import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { createSearchService, LIVE_SEARCH_LIMIT, normaliseQuery } from './index.ts'

async function user(db: Kysely<DB>) {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	return row.id
}

async function post(db: Kysely<DB>, userId: string, content: string, title = '') {
	const row = await db.insertInto('posts').values({ user_id: userId, platform: 'linkedin', title, content }).returning('id').executeTakeFirstOrThrow()
	return row.id
}

test("German stemming: 'Firma' finds a post that says 'Firmen', highlighted", async () => {
	await using t = await createTestDatabase()
	const { search } = createSearchService({ db: t.db })
	const alice = await user(t.db)
	const id = await post(t.db, alice, 'Viele Firmen setzen heute auf Automatisierung.')
	const results = await search(alice, 'Firma', 8)
	expect(results).toHaveLength(1)
	expect(results[0]).toMatchObject({ kind: 'post', id })
	expect(results[0]!.snippet).toContain('<mark>Firmen</mark>')
	// And the other way round, and half a word while typing.
	const singular = await post(t.db, alice, 'Unsere Firma stellt ein.')
	expect((await search(alice, 'Firmen', 8)).map((r) => r.id).sort()).toEqual([id, singular].sort())
	expect((await search(alice, 'Automatisier', 8)).map((r) => r.id)).toEqual([id])
	// A snippet that only repeats the title is left out.
	await post(t.db, alice, 'Kurzer Text über Sonnenenergie', 'Kurzer Text über Sonnenenergie')
	expect(await search(alice, 'Sonnenenergie', 8)).toMatchObject([{ title: 'Kurzer Text über <mark>Sonnenenergie</mark>', snippet: '' }])
})

test('posts, drafts, ideas and news are found and ranked by relevance', async () => {
	await using t = await createTestDatabase()
	const { search } = createSearchService({ db: t.db })
	const alice = await user(t.db)
	const weak = await post(t.db, alice, 'Ein langer Beitrag über Marketing, Vertrieb, Kunden, Produkte und nebenbei einmal Nachhaltigkeit im Alltag der Teams.')
	const strong = await post(t.db, alice, 'Nachhaltigkeit zahlt sich aus: nachhaltige Lieferketten.', 'Nachhaltigkeit im Mittelstand')
	const draft = await t.db.insertInto('drafts').values({ user_id: alice, title: 'Entwurf', content: 'Nachhaltigkeit als Thema für Montag' }).returning('id').executeTakeFirstOrThrow()
	const idea = await t.db.insertInto('content_ideas').values({ user_id: alice, title: 'Idee: Nachhaltigkeit erklären', description: 'Drei Tipps' }).returning('id').executeTakeFirstOrThrow()
	const news = await t.db.insertInto('news_items').values({ user_id: alice, title: 'Studie', content: 'Die Nachhaltigkeit der Branche wächst.' }).returning('id').executeTakeFirstOrThrow()
	await post(t.db, alice, 'Etwas ganz anderes')

	const results = await search(alice, 'Nachhaltigkeit', 8)
	expect(results.map((r) => `${r.kind}:${r.id}`).sort()).toEqual([`post:${weak}`, `post:${strong}`, `draft:${draft.id}`, `idea:${idea.id}`, `news:${news.id}`].sort())
	expect(results[0]!.id).toBe(strong)
	expect(results.findIndex((r) => r.id === strong)).toBeLessThan(results.findIndex((r) => r.id === weak))
	for (let i = 1; i < results.length; i++) expect(results[i - 1]!.rank).toBeGreaterThanOrEqual(results[i]!.rank)
	expect(results[0]!.title).toBe('<mark>Nachhaltigkeit</mark> im Mittelstand')
	expect(await search(alice, 'Nachhaltigkeit', 2)).toHaveLength(2)
})

test("another user's posts, drafts, ideas and news are never found", async () => {
	await using t = await createTestDatabase()
	const { search } = createSearchService({ db: t.db })
	const alice = await user(t.db)
	const bob = await user(t.db)
	await post(t.db, bob, 'Geheimprojekt Zebra')
	await t.db.insertInto('drafts').values({ user_id: bob, content: 'Geheimprojekt Zebra' }).execute()
	await t.db.insertInto('content_ideas').values({ user_id: bob, title: 'Geheimprojekt Zebra' }).execute()
	await t.db.insertInto('news_items').values({ user_id: bob, title: 'Geheimprojekt Zebra' }).execute()
	expect(await search(alice, 'Geheimprojekt Zebra', 50)).toEqual([])
	expect(await search(bob, 'Geheimprojekt Zebra', 50)).toHaveLength(4)
})

test('odd input answers an empty list without an error', async () => {
	await using t = await createTestDatabase()
	const { search } = createSearchService({ db: t.db })
	const alice = await user(t.db)
	await post(t.db, alice, 'Und oder aber: die Firma wächst!')
	for (const input of [`'"&|!:*()`, '', '   ', 'und oder der die das', '!!!', '\u0000Firma', '-Firma', '"Firma', 'Firma:*', '<mark>', 'x'.repeat(5000)]) {
		const results = await search(alice, input, 8)
		expect(Array.isArray(results)).toBe(true)
		if (input === `'"&|!:*()` || input.trim() === '' || input === 'und oder der die das' || input === '!!!' || input === '-Firma') expect(results).toEqual([])
	}
	expect(await search(alice, '\u0000Firma', 8)).toHaveLength(1)
	expect(normaliseQuery(' a\u0000b\n c ')).toBe('a b c')
})

test('JSON content is searchable and shown as its extracted text', async () => {
	await using t = await createTestDatabase()
	const { search } = createSearchService({ db: t.db })
	const alice = await user(t.db)
	const id = await post(t.db, alice, JSON.stringify({ base: 'Unsere Kundinnen lieben den neuen Onlineshop.', platforms: { linkedin: 'LinkedIn: Onlineshop gestartet' } }))
	const results = await search(alice, 'Onlineshop', 8)
	expect(results).toHaveLength(1)
	expect(results[0]!.id).toBe(id)
	expect(results[0]!.snippet).toContain('Unsere Kundinnen lieben den neuen <mark>Onlineshop</mark>')
	expect(results[0]!.snippet).not.toContain('{')
})

test('searching as you type is rate-limited per user', async () => {
	await using t = await createTestDatabase()
	const { live } = createSearchService({ db: t.db })
	const alice = await user(t.db)
	const bob = await user(t.db)
	await post(t.db, alice, 'Viele Firmen setzen heute auf Automatisierung.')
	expect(await live(alice, 'Firma', 8)).toMatchObject({ ok: true, results: [{ kind: 'post' }] })
	await t.db.updateTable('rate_limits').set({ hits: LIVE_SEARCH_LIMIT.hits }).where('key', '=', `search:${alice}`).execute()
	const limited = await live(alice, 'Firma', 8)
	expect(limited.ok).toBe(false)
	if (!limited.ok) expect(limited.retryAfterSeconds).toBeGreaterThan(0)
	// Another user is not affected.
	expect(await live(bob, 'Firma', 8)).toEqual({ ok: true, results: [] })
})
