import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { FAKE_ATOM_PATH, FAKE_FEED_TITLES, FAKE_NOT_A_FEED_PATH, FAKE_RSS_PATH, FAKE_RSS_TITLE, fakeWebEnv, startWebFake, type WebFake } from '#tests/fakes/web.ts'
import { waitingJobs } from '#tests/support/jobs.ts'

let web: WebFake
beforeAll(async () => {
	web = await startWebFake()
})
afterAll(async () => {
	await web.close()
})

async function newUser(db: Kysely<DB>, timeZone = 'Europe/Zurich') {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email, email_verified_at: new Date(), time_zone: timeZone }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	return row.id
}

function compose(db: Kysely<DB>) {
	return testServices(db, fakeWebEnv(web.url))
}

async function configure(services: ReturnType<typeof compose>['services'], userId: string, feeds: Array<string>, keywords = ['wasserstoff'], newsKeywords = ['ki', 'automation']) {
	await services.news.saveContentSettings(userId, { niche: 'Treuhand', targetAudience: 'KMU in der Schweiz', keywords, newsKeywords })
	await services.news.saveNewsFeeds(userId, feeds)
}

const newsRows = (db: Kysely<DB>, userId: string) =>
	db.selectFrom('news_items').select(['title', 'content', 'source', 'url', 'keywords', 'trending', 'published_date']).where('user_id', '=', userId).orderBy('title').execute()
const ideaCount = async (db: Kysely<DB>, userId: string) =>
	Number((await db.selectFrom('content_ideas').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n)
const logRows = (db: Kysely<DB>, userId: string) => db.selectFrom('user_news_generation_log').select('last_generated_date').where('user_id', '=', userId).execute()

describe('news generation against the fake feeds', () => {
	test('keeps the matching items, ranks, summarises as plain text, marks trending, adds four ideas', async () => {
		await using t = await createTestDatabase()
		const { services } = compose(t.db)
		const anna = await newUser(t.db)
		await configure(services, anna, [`${web.url}${FAKE_RSS_PATH}`, `${web.url}${FAKE_ATOM_PATH}`])

		const result = await services.news.refresh(anna)
		expect(result).toMatchObject({ status: 'ok', news: 4, ideas: 4 })
		if (result.status !== 'ok') throw new Error('unreachable')
		expect(result.sources.map((s) => [s.name, s.ok])).toEqual([
			[FAKE_RSS_TITLE, true],
			['Technikwelt', true],
		])

		const rows = await newsRows(t.db, anna)
		expect(rows.map((r) => r.title).sort()).toEqual([FAKE_FEED_TITLES.automation, FAKE_FEED_TITLES.kiAutomation, FAKE_FEED_TITLES.kiBuchhaltung, FAKE_FEED_TITLES.wasserstoff].sort())
		for (const unrelated of FAKE_FEED_TITLES.unrelated) expect(rows.some((r) => r.title === unrelated)).toBe(false)
		const ki = rows.find((r) => r.title === FAKE_FEED_TITLES.kiAutomation)!
		// Both feeds carry the story, and it mentions two keywords.
		expect(ki).toMatchObject({ trending: true, keywords: ['ki', 'automation'], source: FAKE_RSS_TITLE, url: `${web.url}/artikel/ki-assistenten-mittelstand` })
		expect(ki.content.startsWith('Immer mehr Firmen setzen auf KI & Automation.')).toBe(true)
		expect(ki.content.length).toBeLessThanOrEqual(320)
		expect(rows.find((r) => r.title === FAKE_FEED_TITLES.wasserstoff)).toMatchObject({ keywords: ['wasserstoff'], trending: false })
		expect(rows.every((r) => !/[<>]|&amp;|&uuml;/.test(r.content) && r.published_date)).toBe(true)

		const ideas = await t.db.selectFrom('content_ideas').selectAll().where('user_id', '=', anna).execute()
		expect(ideas).toHaveLength(4)
		expect(ideas.every((i) => i.title && i.description && i.source.startsWith('News: ') && i.platform.length > 0)).toBe(true)
		expect(ideas.some((i) => i.description.includes(FAKE_FEED_TITLES.kiAutomation))).toBe(true)
		expect(await logRows(t.db, anna)).toHaveLength(1)

		// A second refresh updates the same rows (one per URL) instead of duplicating them.
		await services.news.refresh(anna)
		expect(await newsRows(t.db, anna)).toHaveLength(4)
	})

	test('an unreachable feed gives an honest message and no invented items', async () => {
		await using t = await createTestDatabase()
		const { services } = compose(t.db)
		const ben = await newUser(t.db)
		await configure(services, ben, [`${web.url}/feeds/gibt-es-nicht.xml`, `${web.url}${FAKE_NOT_A_FEED_PATH}`])

		const result = await services.news.refresh(ben)
		expect(result.status).toBe('unreachable')
		if (result.status !== 'unreachable') throw new Error('expected unreachable')
		expect(result.sources).toEqual([
			expect.objectContaining({ ok: false, items: 0, error: expect.stringContaining('HTTP 404') }),
			expect.objectContaining({ ok: false, items: 0, error: 'Die Adresse führt nicht zu einem RSS- oder Atom-Feed.' }),
		])
		expect(await newsRows(t.db, ben)).toEqual([])
		expect(await ideaCount(t.db, ben)).toBe(0)
		expect(await logRows(t.db, ben)).toEqual([])
		// The page learns that the last run failed, and that none ever succeeded.
		const failedPage = await services.news.page(ben)
		expect(failedPage.refreshedAt).toBeNull()
		expect(failedPage.refreshFailedAt).toEqual(expect.any(String))

		// One good and one broken feed: the news of the good one, the broken one reported.
		await services.news.saveNewsFeeds(ben, [`${web.url}${FAKE_ATOM_PATH}`, `${web.url}/feeds/gibt-es-nicht.xml`])
		const mixed = await services.news.refresh(ben)
		expect(mixed).toMatchObject({ status: 'ok', sources: [{ ok: true }, { ok: false }] })
		// A later success is newer than the failure.
		const okPage = await services.news.page(ben)
		expect(okPage.refreshedAt! > okPage.refreshFailedAt!).toBe(true)
		expect((await newsRows(t.db, ben)).every((r) => r.source === 'Technikwelt')).toBe(true)

		// The daily run with only broken feeds claims nothing, so a later run of the day tries again.
		const carla = await newUser(t.db)
		await configure(services, carla, [`${web.url}/feeds/gibt-es-nicht.xml`])
		expect((await services.news.runDaily(carla)).status).toBe('unreachable')
		expect(await logRows(t.db, carla)).toEqual([])
	})

	test('a feed address on a private network is refused by the safe fetcher unless allow-listed', async () => {
		await using t = await createTestDatabase()
		// No WEB_FETCH_ALLOW_HOSTS: the fake on 127.0.0.1 is a private address like any other.
		// (APP_ENV=development: under 'test' every host outside the allow list is refused anyway.)
		const { services } = testServices(t.db, { APP_ENV: 'development' })
		const dora = await newUser(t.db)
		await configure(services, dora, [`${web.url}${FAKE_RSS_PATH}`, 'http://10.0.0.1/feed.xml', 'http://169.254.169.254/latest/meta-data'])
		const before = web.connections()
		const result = await services.news.refresh(dora)
		expect(result.status).toBe('unreachable')
		if (result.status !== 'unreachable') throw new Error('expected unreachable')
		expect(result.sources.map((s) => s.error)).toEqual(['Diese Feed-Adresse ist nicht erlaubt.', 'Diese Feed-Adresse ist nicht erlaubt.', 'Diese Feed-Adresse ist nicht erlaubt.'])
		expect(web.connections()).toBe(before)
		expect(await newsRows(t.db, dora)).toEqual([])
	})

	test('refresh is rate-limited and needs keywords', async () => {
		await using t = await createTestDatabase()
		const { services } = compose(t.db)
		const emil = await newUser(t.db)
		await configure(services, emil, [`${web.url}${FAKE_ATOM_PATH}`])
		for (let i = 0; i < 3; i++) expect((await services.news.refresh(emil)).status).toBe('ok')
		const limited = await services.news.refresh(emil)
		expect(limited.status).toBe('rate_limited')
		if (limited.status === 'rate_limited') expect(limited.retryAfterSeconds).toBeGreaterThan(0)

		const fritz = await newUser(t.db)
		await configure(services, fritz, [`${web.url}${FAKE_ATOM_PATH}`], [], [])
		expect((await services.news.refresh(fritz)).status).toBe('no_keywords')
		expect((await services.news.runDaily(fritz)).status).toBe('no_keywords')
		expect(await logRows(t.db, fritz)).toEqual([])

		await services.news.saveNewsFeeds(emil, [])
		expect((await services.news.runDaily(emil, '2030-01-01')).status).toBe('no_sources')
	})
})

describe('the daily job', () => {
	test('run twice, and concurrently, it generates once per user and day', async () => {
		await using t = await createTestDatabase()
		const composition = compose(t.db)
		const { services } = composition
		const task = composition.tasks.find((tk) => tk.id === 'news_daily_user')!
		expect(composition.crontab).toContain('news_daily_fanout')
		const run = (userId: string, date?: string) => task.handler(date ? { userId, date } : { userId }, { jobId: 'test', attempts: 1 })

		const gina = await newUser(t.db)
		await configure(services, gina, [`${web.url}${FAKE_RSS_PATH}`, `${web.url}${FAKE_ATOM_PATH}`])
		await run(gina)
		const first = await newsRows(t.db, gina)
		expect(first).toHaveLength(4)
		await run(gina)
		expect(await newsRows(t.db, gina)).toEqual(first)
		expect(await ideaCount(t.db, gina)).toBe(4)
		const today = (await sql<{ d: string }>`select (now() at time zone 'Europe/Zurich')::date::text as d`.execute(t.db)).rows[0]!.d
		expect((await logRows(t.db, gina)).map((r) => r.last_generated_date)).toEqual([today])

		const hans = await newUser(t.db)
		await configure(services, hans, [`${web.url}${FAKE_RSS_PATH}`, `${web.url}${FAKE_ATOM_PATH}`])
		const requestsBefore = web.requests.length
		await Promise.all([run(hans, '2026-11-23'), run(hans, '2026-11-23'), run(hans, '2026-11-23')])
		expect(await ideaCount(t.db, hans)).toBe(4)
		expect(await logRows(t.db, hans)).toEqual([{ last_generated_date: '2026-11-23' }])
		// Only the run that claimed the day read the feeds.
		expect(web.requests.length - requestsBefore).toBeLessThanOrEqual(2)
		// Another day is another run.
		await run(hans, '2026-11-24')
		expect(await ideaCount(t.db, hans)).toBe(8)
	})

	test('the hourly fan-out enqueues one job per user whose day has no run yet', async () => {
		await using t = await createTestDatabase()
		const { services } = compose(t.db)
		const ida = await newUser(t.db)
		const jan = await newUser(t.db, 'Pacific/Auckland')
		const kim = await newUser(t.db)
		await configure(services, kim, [`${web.url}${FAKE_ATOM_PATH}`], [], [])
		await configure(services, ida, [`${web.url}${FAKE_ATOM_PATH}`])
		await services.news.runDaily(ida)

		expect(await services.news.enqueueDaily()).toBe(1)
		const jobs = await waitingJobs(t.db, 'news_daily_user')
		const aucklandToday = (await sql<{ d: string }>`select (now() at time zone 'Pacific/Auckland')::date::text as d`.execute(t.db)).rows[0]!.d
		expect(jobs.map((j) => j.key)).toEqual([`news_daily:${jan}:${aucklandToday}`])
		// Twice in the same hour: the job key keeps it one job.
		await services.news.enqueueDaily()
		expect(await waitingJobs(t.db, 'news_daily_user')).toHaveLength(1)
	})
})

test("no other user's news, ideas or settings are ever visible", async () => {
	await using t = await createTestDatabase()
	const { services } = compose(t.db)
	const owner = await newUser(t.db)
	const other = await newUser(t.db)
	await configure(services, owner, [`${web.url}${FAKE_RSS_PATH}`, `${web.url}${FAKE_ATOM_PATH}`])
	await services.news.refresh(owner)
	await services.news.generateIdeas(owner)

	const mine = await services.news.page(owner)
	expect(mine.news.length).toBe(4)
	expect(mine.ideas.length).toBe(8)
	const theirs = await services.news.page(other)
	expect(theirs.news).toEqual([])
	expect(theirs.ideas).toEqual([])
	expect(theirs.refreshedAt).toBeNull()
	expect(theirs.settings).toMatchObject({ niche: '', keywords: ['ki', 'automation'], customFeeds: false, saved: false })
	expect(await services.news.dashboardIdeas(other)).toEqual({ ideas: [], canGenerate: true })
	expect((await services.search.search(owner, 'Mittelstand', 10)).length).toBeGreaterThan(0)
	expect(await services.search.search(other, 'Mittelstand', 10)).toEqual([])

	// Generating for the other user reads only their settings and their (no) news.
	expect((await services.news.generateIdeas(other)).status).toBe('ok')
	const otherIdeas = await services.news.dashboardIdeas(other)
	expect(otherIdeas.ideas).toHaveLength(4)
	expect(otherIdeas.ideas.every((i) => i.source === 'Content-Einstellungen')).toBe(true)
	expect((await services.news.page(owner)).ideas.map((i) => i.id)).not.toEqual(expect.arrayContaining(otherIdeas.ideas.map((i) => i.id)))
})

test("'Mehr generieren' needs a niche or a keyword and adds four ideas", async () => {
	await using t = await createTestDatabase()
	const { services } = compose(t.db)
	const lea = await newUser(t.db)
	await services.news.saveContentSettings(lea, { niche: '', targetAudience: '', keywords: [], newsKeywords: [] })
	expect(await services.news.dashboardIdeas(lea)).toEqual({ ideas: [], canGenerate: false })
	expect(await services.news.generateIdeas(lea)).toEqual({ status: 'missing_settings' })
	await services.news.saveContentSettings(lea, { niche: 'Bäckerei', targetAudience: '', keywords: [], newsKeywords: [] })
	expect(await services.news.generateIdeas(lea)).toEqual({ status: 'ok', ideas: 4 })
	const { ideas, canGenerate } = await services.news.dashboardIdeas(lea)
	expect(canGenerate).toBe(true)
	expect(ideas).toHaveLength(4)
	expect(ideas.every((i) => i.title.length > 0 && i.description.includes('Bäckerei'))).toBe(true)
})

test('with an AI provider configured the summaries come from the text model; its failure falls back to the extract', async () => {
	const { startOpenAiFake } = await import('#tests/fakes/openai.ts')
	await using openai = await startOpenAiFake()
	await using t = await createTestDatabase()
	const { services } = testServices(t.db, { ...fakeWebEnv(web.url), OPENAI_API_KEY: 'sk-fake-news', OPENAI_BASE_URL: openai.url })
	expect(services.news.testMode).toBe(false)
	const mia = await newUser(t.db)
	await configure(services, mia, [`${web.url}${FAKE_ATOM_PATH}`])
	expect((await services.news.refresh(mia)).status).toBe('ok')
	const rows = await newsRows(t.db, mia)
	expect(rows.length).toBeGreaterThan(0)
	expect(rows.every((r) => r.content.startsWith('KI-Text: '))).toBe(true)
	const chat = openai.requests.filter((r) => r.path === '/v1/chat/completions')
	expect(chat.length).toBe(rows.length + 1)
	// The fake answers no JSON for the ideas: the template ideas are stored instead, never nothing.
	expect(await ideaCount(t.db, mia)).toBe(4)

	openai.scenario('error500')
	const noor = await newUser(t.db)
	await configure(services, noor, [`${web.url}${FAKE_ATOM_PATH}`])
	expect((await services.news.refresh(noor)).status).toBe('ok')
	const fallback = await newsRows(t.db, noor)
	expect(fallback.find((r) => r.title === FAKE_FEED_TITLES.kiBuchhaltung)?.content.startsWith('Belege erfassen, Rechnungen prüfen')).toBe(true)
})
