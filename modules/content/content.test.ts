import { randomUUID } from 'node:crypto'
import { Kysely, PostgresDialect, sql } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import scheduling from '#locales/de/scheduling.json' with { type: 'json' }
import { createTestDatabase } from '#tests/support/db.ts'
import { testPlatforms } from '#tests/support/platforms.ts'
import { deliveryPlanner } from '#modules/publishing/index.ts'
import { BOARD_PAGE_SIZE, createContentService, postForDelivery } from './index.ts'
import { brandDirectory } from '#modules/brands/index.ts'
import { mediaOrigins } from '#modules/generation/index.ts'

// A fixed "now": Friday 2026-03-27 12:00 Zurich. Sunday 2026-03-29 switches to summer time.
const now = new Date('2026-03-27T11:00:00Z')
const clock = { now: () => now }
const zurich = 'Europe/Zurich'

async function user(db: Kysely<DB>) {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	return row.id
}

test('another user\'s post or draft id answers "not found" for read, update, schedule and delete', async () => {
	await using t = await createTestDatabase()
	const content = createContentService({ db: t.db, clock, planner: deliveryPlanner, brands: brandDirectory, origins: mediaOrigins, platforms: testPlatforms.ids })
	const alice = await user(t.db)
	const bob = await user(t.db)
	const post = await content.createPost(alice, { platform: 'linkedin', content: { base: 'Alices Post', platforms: {} }, status: 'draft', timeZone: zurich })
	const draft = await content.createDraft(alice, { platforms: ['instagram'], content: { base: 'Alices Entwurf', platforms: {} } })

	expect(await content.getPost(bob, post.id)).toBeNull()
	expect(await content.getDraft(bob, draft.id)).toBeNull()
	expect(await content.updatePost(bob, post.id, { content: { base: 'gekapert', platforms: {} } })).toEqual({ ok: false, error: 'not_found' })
	expect(await content.updateDraft(bob, draft.id, { platforms: ['threads'], content: { base: 'gekapert', platforms: {} } })).toEqual({ ok: false, error: 'not_found' })
	const slot = { date: '2026-03-30', time: '09:00', timeZone: zurich }
	expect(await content.schedulePost(bob, post.id, slot)).toEqual({ ok: false, error: 'not_found' })
	expect(await content.scheduleDraft(bob, draft.id, slot, randomUUID())).toEqual({ ok: false, error: 'not_found' })
	expect(await content.reschedulePost(bob, post.id, slot)).toEqual({ ok: false, error: 'not_found' })
	expect(await content.deletePost(bob, post.id)).toEqual({ ok: false, error: 'not_found' })
	expect(await content.deleteDraft(bob, draft.id)).toEqual({ ok: false, error: 'not_found' })
	expect((await content.board(bob)).posts).toEqual([])

	// Alice's rows are untouched.
	expect((await content.getPost(alice, post.id))?.content).toBe('Alices Post')
	expect((await content.getDraft(alice, draft.id))?.platforms).toEqual(['instagram'])
})

test('scheduling in the past or outside the slots is refused with a German message', async () => {
	await using t = await createTestDatabase()
	const content = createContentService({ db: t.db, clock, planner: deliveryPlanner, brands: brandDirectory, origins: mediaOrigins, platforms: testPlatforms.ids })
	const alice = await user(t.db)
	const post = await content.createPost(alice, { platform: 'facebook', content: { base: 'Text', platforms: {} }, status: 'draft', timeZone: zurich })
	const cases = [
		[{ date: '2026-03-26', time: '17:00' }, 'errors.inPast'],
		[{ date: '2026-03-27', time: '11:30' }, 'errors.inPast'],
		[{ date: '2026-03-30', time: '05:30' }, 'errors.invalidTime'],
		[{ date: '2026-03-30', time: '23:30' }, 'errors.invalidTime'],
		[{ date: '2026-03-30', time: '09:15' }, 'errors.invalidTime'],
		[{ date: '2026-02-30', time: '09:00' }, 'errors.invalidDate'],
		[{ date: '', time: '09:00' }, 'errors.dateRequired'],
		[{ date: '2026-03-30', time: '' }, 'errors.timeRequired'],
	] as const
	for (const [slot, key] of cases) {
		const result = await content.schedulePost(alice, post.id, { ...slot, timeZone: zurich })
		expect(result, JSON.stringify(slot)).toEqual({ ok: false, error: `schedule:${key}` })
		const message = scheduling.errors[key.slice('errors.'.length) as keyof typeof scheduling.errors]
		expect(message).toMatch(/[äöüÄÖÜ]|Bitte|Der Zeitpunkt/)
	}
	expect((await content.getPost(alice, post.id))?.status).toBe('draft')
	expect((await content.schedulePost(alice, post.id, { date: '2026-03-27', time: '17:00', timeZone: zurich })).ok).toBe(true)
})

test('09:00 Zurich the day after the spring daylight-saving change is stored as 07:00 UTC', async () => {
	await using t = await createTestDatabase()
	const content = createContentService({ db: t.db, clock, planner: deliveryPlanner, brands: brandDirectory, origins: mediaOrigins, platforms: testPlatforms.ids })
	const alice = await user(t.db)
	const draft = await content.createDraft(alice, {
		platforms: ['linkedin', 'threads'],
		content: { base: 'Montagspost', platforms: { threads: 'Kurz für Threads' } },
		images: { linkedin: 'https://bilder.example/a.png' },
	})
	const result = await content.scheduleDraft(alice, draft.id, { date: '2026-03-30', time: '09:00', timeZone: zurich }, randomUUID())
	if (!result.ok) throw new Error(result.error)
	expect(result.post).toMatchObject({ status: 'scheduled', platform: 'multiple', scheduledAt: '2026-03-30T07:00:00.000Z', timeZone: zurich, imageUrl: null, images: { linkedin: 'https://bilder.example/a.png' } })
	// The draft's row became the post's (ADR 0069): LinkedIn's own image, Threads without one.
	expect(result.post.media.map((m) => [m.url, m.networks])).toEqual([['https://bilder.example/a.png', ['linkedin']]])
	// The Saturday before (winter time) is 08:00 UTC.
	const before = await content.createPost(alice, { platform: 'linkedin', content: { base: 'x', platforms: {} }, status: 'draft', timeZone: zurich })
	const saturday = await content.schedulePost(alice, before.id, { date: '2026-03-28', time: '09:00', timeZone: zurich })
	expect(saturday.ok && saturday.post.scheduledAt).toBe('2026-03-28T08:00:00.000Z')

	const row = await t.db.selectFrom('posts').select(['scheduled_at', 'content']).where('id', '=', result.post.id).executeTakeFirstOrThrow()
	expect(row.scheduled_at?.toISOString()).toBe('2026-03-30T07:00:00.000Z')
	expect(JSON.parse(row.content)).toEqual({ base: 'Montagspost', platforms: { linkedin: 'Montagspost', threads: 'Kurz für Threads' } })
	const deliveries = await t.db.selectFrom('post_deliveries').selectAll().where('post_id', '=', result.post.id).orderBy('platform').execute()
	expect(deliveries.map((d) => [d.platform, d.status, d.scheduled_at?.toISOString()])).toEqual([
		['linkedin', 'scheduled', '2026-03-30T07:00:00.000Z'],
		['threads', 'scheduled', '2026-03-30T07:00:00.000Z'],
	])
	// The draft became the post.
	expect(await content.getDraft(alice, draft.id)).toBeNull()
})

test('drag and drop: a new day and hour, the month view keeps the time, published posts stay', async () => {
	await using t = await createTestDatabase()
	const content = createContentService({ db: t.db, clock, planner: deliveryPlanner, brands: brandDirectory, origins: mediaOrigins, platforms: testPlatforms.ids })
	const alice = await user(t.db)
	const post = await content.createPost(alice, { platform: 'linkedin', content: { base: 'Bewegt', platforms: {} }, status: 'scheduled', scheduledAt: new Date('2026-04-01T08:30:00Z'), timeZone: zurich })
	const moved = await content.reschedulePost(alice, post.id, { date: '2026-04-02', time: '14:00', timeZone: zurich })
	expect(moved.ok && moved.post.scheduledAt).toBe('2026-04-02T12:00:00.000Z')
	const sameTime = await content.reschedulePost(alice, post.id, { date: '2026-04-06', timeZone: zurich })
	expect(sameTime.ok && sameTime.post.scheduledAt).toBe('2026-04-06T12:00:00.000Z')
	// Off the half-hour grid (a time set elsewhere): the month view still keeps it.
	const odd = await content.createPost(alice, { platform: 'threads', content: { base: 'Krumm', platforms: {} }, status: 'scheduled', scheduledAt: new Date('2026-04-01T08:15:00Z'), timeZone: zurich })
	const kept = await content.reschedulePost(alice, odd.id, { date: '2026-04-03', timeZone: zurich })
	expect(kept.ok && kept.post.scheduledAt).toBe('2026-04-03T08:15:00.000Z')

	const published = await content.createPost(alice, { platform: 'facebook', content: { base: 'Fertig', platforms: {} }, status: 'draft', timeZone: zurich })
	await t.db.updateTable('posts').set({ status: 'published', published_at: new Date('2026-03-20T10:00:00Z') }).where('id', '=', published.id).execute()
	expect(await content.reschedulePost(alice, published.id, { date: '2026-04-02', time: '10:00', timeZone: zurich })).toEqual({ ok: false, error: 'published_locked' })
	expect(await content.schedulePost(alice, published.id, { date: '2026-04-02', time: '10:00', timeZone: zurich })).toEqual({ ok: false, error: 'published_locked' })
	const row = await t.db.selectFrom('posts').select(['published_at', 'scheduled_at', 'status']).where('id', '=', published.id).executeTakeFirstOrThrow()
	expect(row).toMatchObject({ status: 'published', scheduled_at: null })
	expect(row.published_at?.toISOString()).toBe('2026-03-20T10:00:00.000Z')
})

test('titles come from the first 50 characters, or a generic German name', async () => {
	await using t = await createTestDatabase()
	const content = createContentService({ db: t.db, clock, planner: deliveryPlanner, brands: brandDirectory, origins: mediaOrigins, platforms: testPlatforms.ids })
	const alice = await user(t.db)
	const long = await content.createPost(alice, { platform: 'threads', content: { base: 'a'.repeat(60), platforms: {} }, status: 'draft', timeZone: zurich })
	expect(long.title).toBe(`${'a'.repeat(50)}…`)
	const empty = await content.createDraft(alice, { platforms: ['facebook'], content: { base: '', platforms: {} } })
	expect(empty.title).toBe('Unbenannter Entwurf')
	const untitled = await content.createPost(alice, { platform: 'threads', content: { base: '  ', platforms: {} }, status: 'draft', timeZone: zurich })
	expect(untitled.title).toBe('Unbenannter Post')
})

test('the posts board makes a fixed number of queries and the calendar month one, also with 500 posts', async () => {
	await using t = await createTestDatabase()
	let queries = 0
	const counting = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: () => void queries++ })
	const content = createContentService({ db: counting, clock, planner: deliveryPlanner, brands: brandDirectory, origins: mediaOrigins, platforms: testPlatforms.ids })
	const alice = await user(t.db)

	async function measure() {
		queries = 0
		await content.board(alice)
		const board = queries
		queries = 0
		await content.calendar(alice, { from: new Date('2026-03-30T00:00:00Z'), to: new Date('2026-05-04T00:00:00Z'), weekStart: new Date('2026-03-29T22:00:00Z'), perDay: { limit: 3, timeZone: zurich } })
		return { board, calendar: queries }
	}

	await t.db.insertInto('posts').values(
		Array.from({ length: 5 }, (_, i) => ({ user_id: alice, title: `P${i}`, content: 'x', platform: 'linkedin', status: 'scheduled', scheduled_at: new Date(Date.UTC(2026, 3, 1 + i, 8)) })),
	).execute()
	const few = await measure()
	await t.db.insertInto('posts').values(
		Array.from({ length: 495 }, (_, i) => ({
			user_id: alice,
			title: `Q${i}`,
			content: 'y',
			platform: i % 2 ? 'instagram' : 'facebook',
			status: i % 3 ? 'scheduled' : 'published',
			scheduled_at: i % 3 ? new Date(Date.UTC(2026, 3, 1 + (i % 28), 6 + (i % 12))) : null,
			published_at: i % 3 ? null : new Date(Date.UTC(2026, 3, 1 + (i % 28), 9)),
		})),
	).execute()
	await t.db.insertInto('drafts').values(Array.from({ length: 50 }, (_, i) => ({ user_id: alice, title: `D${i}`, content: 'z', platforms: ['linkedin'] }))).execute()
	// Three images each: read in the posts' own statement, not one query per post.
	await sql`
		insert into post_media (post_id, user_id, brand_id, position, kind, url, source)
		select p.id, p.user_id, p.brand_id, g, 'image', '/media/bild-' || g || '.jpg', 'upload' from posts p cross join generate_series(0, 2) g where p.user_id = ${alice}`.execute(t.db)
	const many = await measure()
	const board = await content.board(alice)
	expect(board.counts).toEqual({ drafts: 50, scheduled: 335, published: 165 })
	expect(board.drafts).toHaveLength(BOARD_PAGE_SIZE)
	expect(board.posts.filter((p) => p.status === 'scheduled')).toHaveLength(BOARD_PAGE_SIZE)
	expect(board.posts.filter((p) => p.status === 'published')).toHaveLength(BOARD_PAGE_SIZE)
	expect(board.posts.every((p) => p.media.map((m) => m.url).join() === '/media/bild-0.jpg,/media/bild-1.jpg,/media/bild-2.jpg')).toBe(true)
	expect(many).toEqual(few)
	expect(many.board).toBeLessThanOrEqual(5)
	expect(many.calendar).toBe(1)
})

test("the calendar month gets each day's first posts in the user's zone and every day's total", async () => {
	await using t = await createTestDatabase()
	const content = createContentService({ db: t.db, clock, planner: deliveryPlanner, brands: brandDirectory, origins: mediaOrigins, platforms: testPlatforms.ids })
	const alice = await user(t.db)
	const bob = await user(t.db)
	const at = (iso: string) => new Date(iso)
	const seed = [
		// Thursday 2 April (summer time, UTC+2): four posts, one of them published; 23:30 UTC on the 1st is 01:30 on the 2nd.
		{ title: 'A', status: 'scheduled', scheduled_at: at('2026-04-01T23:30:00Z') },
		{ title: 'B', status: 'published', published_at: at('2026-04-02T07:00:00Z') },
		{ title: 'C', status: 'scheduled', scheduled_at: at('2026-04-02T12:00:00Z') },
		{ title: 'D', status: 'scheduled', scheduled_at: at('2026-04-02T18:00:00Z') },
		// Wednesday 1 April: one; a draft and a post outside the range do not count.
		{ title: 'E', status: 'scheduled', scheduled_at: at('2026-04-01T08:00:00Z') },
		{ title: 'F', status: 'draft', scheduled_at: at('2026-04-01T09:00:00Z') },
		{ title: 'G', status: 'scheduled', scheduled_at: at('2026-05-10T09:00:00Z') },
	]
	await t.db.insertInto('posts').values(seed.map((p) => ({ user_id: alice, content: p.title, platform: 'linkedin', ...p }))).execute()
	await t.db.insertInto('posts').values({ user_id: bob, title: 'Bobs', content: 'x', platform: 'linkedin', status: 'scheduled', scheduled_at: at('2026-04-02T10:00:00Z') }).execute()
	const range = { from: at('2026-03-29T22:00:00Z'), to: at('2026-05-03T22:00:00Z'), weekStart: at('2026-03-29T22:00:00Z') }

	const month = await content.calendar(alice, { ...range, perDay: { limit: 3, timeZone: zurich } })
	expect(month.posts.map((p) => p.title)).toEqual(['E', 'A', 'B', 'C'])
	// Only what a chip shows: the plan time (publication time when published).
	expect(month.posts[0]).toEqual({ id: expect.any(String), title: 'E', platform: 'linkedin', status: 'scheduled', at: at('2026-04-01T08:00:00Z') })
	expect(month.posts[2]).toMatchObject({ title: 'B', status: 'published', at: at('2026-04-02T07:00:00Z') })
	expect(month.dayTotals).toEqual({ '2026-04-01': 1, '2026-04-02': 4 })

	const all = await content.calendar(alice, range)
	expect(all.posts.map((p) => p.title)).toEqual(['E', 'A', 'B', 'C', 'D'])
	expect(all.dayTotals).toBeNull()

	// The hover card's text and image, read when it opens; another user's post is not found.
	expect(await content.calendarPreview(alice, month.posts[0]!.id)).toEqual({ excerpt: 'E', imageUrl: null, firstComment: null, aiLabelled: false })
	// With a first comment and the AI label on, the card names both.
	await content.updatePost(alice, month.posts[0]!.id, { content: { base: 'E', platforms: {}, firstComment: { base: 'Rezept im Link', platforms: {} } }, aiLabel: 'on' })
	expect(await content.calendarPreview(alice, month.posts[0]!.id)).toEqual({ excerpt: 'E', imageUrl: null, firstComment: 'Rezept im Link', aiLabelled: true })
	const bobs = await t.db.selectFrom('posts').select('id').where('user_id', '=', bob).executeTakeFirstOrThrow()
	expect(await content.calendarPreview(alice, bobs.id)).toBeNull()
})

test('a post for several platforms keeps an image per platform for its deliveries', async () => {
	await using t = await createTestDatabase()
	const content = createContentService({ db: t.db, clock, planner: deliveryPlanner, brands: brandDirectory, origins: mediaOrigins, platforms: testPlatforms.ids })
	const alice = await user(t.db)
	const images = { linkedin: '/media/images/11111111-1111-4111-8111-111111111111.jpg', instagram: '/media/images/22222222-2222-4222-8222-222222222222.jpg' }
	const post = await content.createPost(alice, { platform: 'multiple', content: { base: 'Hallo', platforms: { linkedin: 'Hallo LinkedIn', instagram: 'Hallo Instagram' } }, status: 'draft', timeZone: zurich, images })
	expect(post.imageUrl).toBe(images.linkedin)
	expect(post.images).toEqual(images)
	const forDelivery = await postForDelivery(t.db, testPlatforms.ids, post.id)
	expect(forDelivery?.images.instagram).toBe(images.instagram)
	const updated = await content.updatePost(alice, post.id, { content: { base: 'Neu', platforms: {} }, images: { instagram: images.instagram } })
	expect(updated.ok && updated.post.images).toEqual({ instagram: images.instagram })
})

test('the posts board: columns in their order, the first cards of each, more on request, search and the card the editor opens', async () => {
	await using t = await createTestDatabase()
	const content = createContentService({ db: t.db, clock, planner: deliveryPlanner, brands: brandDirectory, origins: mediaOrigins, platforms: testPlatforms.ids })
	const alice = await user(t.db)
	const bob = await user(t.db)
	const at = (day: number, hour = 9) => new Date(Date.UTC(2026, 3, day, hour))
	await t.db
		.insertInto('posts')
		.values(Array.from({ length: 30 }, (_, i) => ({ user_id: alice, title: `Geplant ${i}`, content: i === 7 ? 'Sommer_Aktion 100%' : 'Text', platform: 'linkedin', status: 'scheduled', scheduled_at: at(1 + i) })))
		.execute()
	await t.db
		.insertInto('posts')
		.values(Array.from({ length: 25 }, (_, i) => ({ user_id: alice, title: `Veröffentlicht ${i}`, content: 'Text', platform: 'threads', status: 'published', published_at: at(1 + i, 8) })))
		.execute()
	await t.db.insertInto('posts').values({ user_id: alice, title: 'Zur Prüfung', content: 'Text', platform: 'linkedin', status: 'review', updated_at: at(20) }).execute()
	await t.db.insertInto('drafts').values([
		{ user_id: alice, title: 'Neuer Entwurf', content: 'Sommer', platforms: ['linkedin'], updated_at: at(21) },
		{ user_id: alice, title: 'Alter Entwurf', content: 'Winter', platforms: ['linkedin'], updated_at: at(2) },
	]).execute()
	await t.db.insertInto('posts').values({ user_id: bob, title: 'Bobs Post', content: 'Sommer', platform: 'linkedin', status: 'scheduled', scheduled_at: at(3) }).execute()

	const first = await content.board(alice, { limit: 2 })
	expect(first.counts).toEqual({ drafts: 3, scheduled: 30, published: 25 })
	expect([...first.drafts.map((d) => d.title), ...first.posts.map((p) => p.title)]).toEqual(['Neuer Entwurf', 'Zur Prüfung', 'Geplant 0', 'Geplant 1', 'Veröffentlicht 24', 'Veröffentlicht 23'])
	const more = await content.board(alice, { limit: 4 })
	expect(more.posts.filter((p) => p.status === 'scheduled').map((p) => p.title)).toEqual(['Geplant 0', 'Geplant 1', 'Geplant 2', 'Geplant 3'])

	// Search: title or text, case-insensitive, % and _ literal; never another user's posts.
	const found = await content.board(alice, { query: 'sommer_aktion 100%' })
	expect(found.counts).toEqual({ drafts: 0, scheduled: 1, published: 0 })
	expect(found.posts.map((p) => p.title)).toEqual(['Geplant 7'])
	expect((await content.board(alice, { query: 'sommer' })).counts).toEqual({ drafts: 1, scheduled: 1, published: 0 })

	// The card the editor opens is there even beyond the first cards; another user's id adds nothing.
	const far = (await t.db.selectFrom('posts').select('id').where('title', '=', 'Geplant 29').executeTakeFirstOrThrow()).id
	expect((await content.board(alice, { limit: 2, include: far })).posts.map((p) => p.title)).toContain('Geplant 29')
	const bobs = (await t.db.selectFrom('posts').select('id').where('user_id', '=', bob).executeTakeFirstOrThrow()).id
	expect((await content.board(alice, { limit: 2, include: bobs })).posts).toHaveLength(5)
})
