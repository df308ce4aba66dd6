import { randomUUID } from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { logActivities } from '#modules/activity/index.ts'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { waitingJobs } from '#tests/support/jobs.ts'
import { testServices } from '#tests/support/services.ts'
import { FAKE_ATOM_PATH, fakeWebEnv, startWebFake, type WebFake } from '#tests/fakes/web.ts'

// The activity log and the news follow the chosen brand (issue 38, ADR 0047).

let web: WebFake
beforeAll(async () => {
	web = await startWebFake()
})
afterAll(async () => {
	await web.close()
})

async function newUser(db: Kysely<DB>) {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email, email_verified_at: new Date(), time_zone: 'Europe/Zurich' }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	return row.id
}

async function brands(services: ReturnType<typeof testServices>['services'], userId: string, ...names: Array<string>) {
	const ids: Array<string> = []
	for (const name of names) {
		const made = await services.brands.create(userId, name)
		if (!made.ok) throw new Error(`brand ${name}: ${made.error}`)
		ids.push(made.id)
	}
	return ids
}

async function post(db: Kysely<DB>, userId: string, brandId: string, title: string) {
	const row = await db.insertInto('posts').values({ user_id: userId, brand_id: brandId, platform: 'linkedin', title, content: title, status: 'published', published_at: new Date() }).returning('id').executeTakeFirstOrThrow()
	return row.id
}

test('an entry about a post gets its brand at insert; the log of a brand shows its entries and the account-wide ones', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const alice = await newUser(t.db)
	const bob = await newUser(t.db)
	const [privat, baeckerei] = await brands(services, alice, 'Privat', 'Bäckerei Winterthur')
	const [bobs] = await brands(services, bob, 'Bob')
	const velotour = await post(t.db, alice, privat!, 'Velotour')
	const zopf = await post(t.db, alice, baeckerei!, 'Zopf am Sonntag')
	const bobsPost = await post(t.db, bob, bobs!, 'Bobs Post')

	// One statement, as the publisher writes its batch.
	await logActivities(t.db, [
		{ userId: alice, logType: 'post_publication', title: 'Velotour veröffentlicht', status: 'success', metadata: { postId: velotour } },
		{ userId: alice, logType: 'post_publication', title: 'Zopf veröffentlicht', status: 'success', metadata: { postId: zopf } },
		{ userId: alice, logType: 'error', title: 'Zopf fehlgeschlagen', status: 'error', metadata: { postId: zopf, code: 'rate_limited' } },
		{ userId: alice, logType: 'authentication', title: 'Anmeldung', status: 'info' },
		{ userId: alice, logType: 'automation', title: 'Kaputte Post-ID', status: 'info', metadata: { postId: 'kein-uuid' } },
		// Another user's post id never gives the entry that user's brand.
		{ userId: alice, logType: 'automation', title: 'Fremder Post', status: 'info', metadata: { postId: bobsPost } },
	])
	const stored = Object.fromEntries(
		(await t.db.selectFrom('activity_logs').select(['title', 'brand_id']).where('user_id', '=', alice).execute()).map((r) => [r.title, r.brand_id]),
	)
	expect(stored).toEqual({
		'Velotour veröffentlicht': privat,
		'Zopf veröffentlicht': baeckerei,
		'Zopf fehlgeschlagen': baeckerei,
		Anmeldung: null,
		'Kaputte Post-ID': null,
		'Fremder Post': null,
	})

	const titles = async (brandId: string | null) => (await services.activity.list(alice, { brandId, perPage: 100 })).entries.map((e) => e.title).sort()
	const accountWide = ['Anmeldung', 'Fremder Post', 'Kaputte Post-ID']
	expect(await titles(baeckerei!)).toEqual([...accountWide, 'Zopf fehlgeschlagen', 'Zopf veröffentlicht'].sort())
	expect(await titles(privat!)).toEqual([...accountWide, 'Velotour veröffentlicht'].sort())
	expect(await titles(null)).toHaveLength(6)
	expect((await services.activity.list(alice, { brandId: baeckerei, status: 'error' })).entries.map((e) => e.title)).toEqual(['Zopf fehlgeschlagen'])
	// Another user's brand id shows only the account-wide entries, never that user's.
	expect(await titles(bobs!)).toEqual(accountWide)

	const recent = (await services.activity.recent(alice, 10, privat)).map((e) => e.title).sort()
	expect(recent).toEqual([...accountWide, 'Velotour veröffentlicht'].sort())
	const dashboard = await services.dashboard.read(alice, 'Europe/Zurich', { favorites: 4, activity: 10, ideas: 4 }, privat)
	expect(dashboard.activity.map((e) => e.title).sort()).toEqual(recent)

	// Deleting a brand: its entries go with its posts.
	expect(await services.brands.delete(alice, baeckerei!, privat!)).toEqual({ ok: true })
	expect(await titles(privat!)).toHaveLength(6)
})

test('the activity log of one brand costs the statements of all brands', async () => {
	await using t = await createTestDatabase()
	let queries = 0
	const counting = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: () => void queries++ })
	const { services } = testServices(counting)
	const alice = await newUser(t.db)
	const [brand] = await brands(services, alice, 'Privat')
	const id = await post(t.db, alice, brand!, 'Velotour')
	await logActivities(t.db, [{ userId: alice, logType: 'post_publication', title: 'Veröffentlicht', status: 'success', metadata: { postId: id } }])
	const count = async (read: () => Promise<unknown>) => {
		queries = 0
		await read()
		return queries
	}
	expect(await count(() => services.activity.list(alice, { brandId: brand }))).toBe(await count(() => services.activity.list(alice, {})))
	expect(await count(() => services.activity.recent(alice, 5, brand))).toBe(1)
})

test('content settings, news, ideas and the daily run are per brand; without a brand the first one', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db, fakeWebEnv(web.url))
	const lea = await newUser(t.db)
	const bob = await newUser(t.db)
	const [treuhand, baeckerei] = await brands(services, lea, 'Treuhand', 'Bäckerei')
	await services.news.saveContentSettings(lea, { niche: 'Treuhand', targetAudience: 'KMU', keywords: ['steuern'], newsKeywords: [] })
	await services.news.saveContentSettings(lea, { niche: 'Bäckerei', targetAudience: 'Familien', keywords: ['wasserstoff'], newsKeywords: ['ki'] }, baeckerei)
	await services.news.saveNewsFeeds(lea, [`${web.url}${FAKE_ATOM_PATH}`], baeckerei)

	// Without a brand ('Alle Marken', the settings API) it is the first brand's.
	expect(await services.news.getContentSettings(lea)).toMatchObject({ niche: 'Treuhand', keywords: ['steuern'], customFeeds: false })
	expect(await services.news.getContentSettings(lea, treuhand)).toMatchObject({ niche: 'Treuhand' })
	expect(await services.news.getContentSettings(lea, baeckerei)).toMatchObject({ niche: 'Bäckerei', keywords: ['wasserstoff'], feeds: [`${web.url}${FAKE_ATOM_PATH}`], customFeeds: true })
	const settingsRows = await t.db.selectFrom('content_settings').select(['brand_id', 'niche']).where('user_id', '=', lea).orderBy('niche').execute()
	expect(settingsRows).toEqual([
		{ brand_id: baeckerei, niche: 'Bäckerei' },
		{ brand_id: treuhand, niche: 'Treuhand' },
	])

	// Another user passing Lea's brand id changes nothing of hers.
	await services.news.saveContentSettings(bob, { niche: 'Fremd', targetAudience: '', keywords: [], newsKeywords: [] }, baeckerei)
	expect(await services.news.getContentSettings(lea, baeckerei)).toMatchObject({ niche: 'Bäckerei' })
	expect(await services.news.getContentSettings(bob, baeckerei)).toMatchObject({ niche: '', saved: false })

	expect((await services.news.refresh(lea, undefined, baeckerei)).status).toBe('ok')
	const bakeryPage = await services.news.page(lea, undefined, baeckerei)
	expect(bakeryPage.news.length).toBeGreaterThan(0)
	expect(bakeryPage.ideas.length).toBeGreaterThan(0)
	expect(bakeryPage.refreshedAt).not.toBeNull()
	const firstPage = await services.news.page(lea)
	expect(firstPage).toMatchObject({ news: [], ideas: [], refreshedAt: null, settings: { niche: 'Treuhand' } })
	const newsBrands = await t.db.selectFrom('news_items').select('brand_id').distinct().where('user_id', '=', lea).execute()
	expect(newsBrands).toEqual([{ brand_id: baeckerei }])

	expect((await services.news.generateIdeas(lea)).status).toBe('ok')
	const ideaBrands = await t.db.selectFrom('content_ideas').select(['brand_id']).select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', lea).groupBy('brand_id').orderBy('brand_id').execute()
	expect(ideaBrands.map((r) => r.brand_id).sort()).toEqual([treuhand, baeckerei].sort())
	// The dashboard: one brand's ideas, or with 'Alle Marken' all of them.
	const treuhandIdeas = (await services.news.page(lea, undefined, treuhand)).ideas.map((i) => i.id)
	expect((await services.news.dashboardIdeas(lea, 50, treuhand)).ideas.map((i) => i.id).sort()).toEqual([...treuhandIdeas].sort())
	expect((await services.news.dashboardIdeas(lea, 50)).ideas).toHaveLength(ideaBrands.reduce((n, r) => n + Number(r.n), 0))

	// The daily job: one per brand; the bakery's run of today (the refresh) leaves only the first brand due.
	// (Bob, without a brand yet, gets one job for his first brand.)
	expect(await services.news.enqueueDaily()).toBe(2)
	const jobs = await waitingJobs<{ userId: string; brandId: string | null }>(t.db, 'news_daily_user')
	expect(jobs.map((j) => [j.payload.userId, j.payload.brandId, j.key?.split(':')[1]]).sort()).toEqual([[lea, treuhand, treuhand], [bob, null, bob]].sort())
	expect(await services.news.runDaily(lea, undefined, undefined, baeckerei)).toEqual({ status: 'already_done' })

	// A brand deleted: its ideas move with its posts, its settings and news go with it.
	expect(await services.brands.delete(lea, baeckerei!, treuhand!)).toEqual({ ok: true })
	expect(await t.db.selectFrom('content_ideas').select('brand_id').distinct().where('user_id', '=', lea).execute()).toEqual([{ brand_id: treuhand }])
	expect(await t.db.selectFrom('content_settings').select('brand_id').where('user_id', '=', lea).execute()).toEqual([{ brand_id: treuhand }])
	expect(await t.db.selectFrom('news_items').select('id').where('user_id', '=', lea).execute()).toEqual([])
})

test('rows written without a brand get the owner first brand (made when there is none)', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const nora = await newUser(t.db)
	await t.db.insertInto('content_ideas').values({ user_id: nora, title: 'Idee' }).execute()
	const [first] = await t.db.selectFrom('brands').select(['id', 'name']).where('user_id', '=', nora).execute()
	expect(first).toMatchObject({ name: 'Meine Marke' })
	await brands(services, nora, 'Zweite')
	await t.db.insertInto('news_items').values({ user_id: nora, title: 'News' }).execute()
	await t.db.insertInto('user_news_generation_log').values({ user_id: nora, last_generated_date: '2026-12-01' }).execute()
	for (const table of ['content_ideas', 'news_items', 'user_news_generation_log'] as const) {
		expect(await t.db.selectFrom(table).select('brand_id').where('user_id', '=', nora).execute()).toEqual([{ brand_id: first!.id }])
	}
})
