import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import { createContentWriter } from '#modules/content/index.ts'
import type { DB } from '#modules/core/db.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { deliveryPlanner } from '#modules/publishing/index.ts'
import { createToolboxService, seedToolboxConfigs } from '#modules/toolbox/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testPlatforms } from '#tests/support/platforms.ts'
import { waitingJobs } from '#tests/support/jobs.ts'
import { brandDirectory } from '#modules/brands/index.ts'
import { mediaOrigins } from '#modules/generation/index.ts'

async function user(db: Kysely<DB>, timeZone = 'Europe/Zurich') {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email, time_zone: timeZone }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	return row.id
}

function toolbox(db: Kysely<DB>, now: Date) {
	return createToolboxService({ db, logger: createLogger('silent'), platforms: testPlatforms, now: () => now, contentWriter: createContentWriter(deliveryPlanner, brandDirectory, mediaOrigins, testPlatforms.ids) })
}

/** Runs a task handler of the toolbox by its job id, as the worker would. */
async function runTask(service: ReturnType<typeof toolbox>, id: string, payload: unknown) {
	const task = service.tasks.find((t) => t.id === id)
	if (!task) throw new Error(`no task ${id}`)
	await task.handler(task.schema.parse(payload), { jobId: 'test', attempts: 1 })
}

const count = async (db: Kysely<DB>, table: 'content_ideas' | 'drafts' | 'posts' | 'tool_runs', userId: string) =>
	Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n)

test('eventPlanning: running twice creates the ideas once; off, unavailable or another user do nothing', async () => {
	await using t = await createTestDatabase()
	await seedToolboxConfigs(t.db, testPlatforms.ids)
	const now = new Date('2026-12-20T07:00:00Z')
	const service = toolbox(t.db, now)
	const alice = await user(t.db)
	const bob = await user(t.db)
	await service.setEnabled(alice, 'eventPlanning', true)
	expect((await service.saveSettings(alice, 'eventPlanning', { eventTypes: ['holidays'], advanceDays: 14, contentTypes: ['posts', 'stories'], countries: ['CH'] })).ok).toBe(true)

	await runTask(service, 'toolbox_event_planning_user', { userId: alice })
	await runTask(service, 'toolbox_event_planning_user', { userId: alice })
	// Weihnachtstag, Stephanstag, Silvester, Neujahr; a post and a story idea each.
	expect(await count(t.db, 'content_ideas', alice)).toBe(8)
	expect(await count(t.db, 'tool_runs', alice)).toBe(4)
	const idea = await t.db.selectFrom('content_ideas').selectAll().where('user_id', '=', alice).where('source', '=', 'Feiertag: Weihnachtstag').orderBy('content_type').executeTakeFirstOrThrow()
	expect(idea).toMatchObject({ published_date: '2026-12-25', content_type: 'posts' })
	const stats = await service.stats(alice)
	expect(stats).toMatchObject({ runs: 4, minutesSaved: 8 * 15 })

	// Bob has not switched the tool on.
	await runTask(service, 'toolbox_event_planning_user', { userId: bob })
	expect(await count(t.db, 'content_ideas', bob)).toBe(0)

	// The fan-out enqueues only users with the tool on.
	await runTask(service, 'toolbox_event_planning', {})
	const queued = await waitingJobs(t.db, 'toolbox_event_planning_user')
	expect(queued.map((job) => job.key)).toEqual([`event-planning:${alice}:2026-12-20`])

	// An admin makes the tool unavailable: nothing runs, and it cannot be switched on.
	await t.db.updateTable('admin_toolbox_configs').set({ is_available: false }).where('tool_name', '=', 'eventPlanning').execute()
	const later = toolbox(t.db, new Date('2027-03-30T07:00:00Z'))
	await runTask(later, 'toolbox_event_planning_user', { userId: alice })
	expect(await count(t.db, 'content_ideas', alice)).toBe(8)
	expect(await later.setEnabled(bob, 'eventPlanning', true)).toEqual({ ok: false, reason: 'unavailable' })
	expect((await later.list(bob)).find((x) => x.toolName === 'eventPlanning')).toMatchObject({ isEnabled: false, isAvailable: false })
})

test('birthdayWishes: one draft per contact and year, in the user\'s time zone; 29 February; schedule mode', async () => {
	await using t = await createTestDatabase()
	await seedToolboxConfigs(t.db, testPlatforms.ids)
	const at = new Date('2026-06-15T08:00:00Z') // 10:00 in Zurich, 04:00 in New York
	const service = toolbox(t.db, at)
	const alice = await user(t.db)
	const bob = await user(t.db)
	const nora = await user(t.db, 'America/New_York')
	for (const id of [alice, nora]) await service.setEnabled(id, 'birthdayWishes', true)
	const added = await service.addBirthdayContact(alice, { name: 'Anna Muster', birthDay: '15', birthMonth: '6', birthYear: '1990', platform: 'instagram', note: 'unser Projekt in Bern' }, randomUUID())
	expect(added.ok).toBe(true)
	// Only registered platforms: an id of the right shape that no platform folder has is refused.
	expect(await service.addBirthdayContact(alice, { name: 'Eva', birthDay: '15', birthMonth: '6', platform: 'myspace' }, randomUUID())).toEqual({ ok: false, errors: { platform: ['errors.platformsRequired'] } })
	expect(await service.saveSettings(alice, 'birthdayWishes', { scheduleTime: '09:00', personalMessage: true, platforms: ['linkedin', 'myspace'], mode: 'draft' })).toEqual({ ok: false, errors: { platforms: ['errors.platformsRequired'] } })
	await service.addBirthdayContact(alice, { name: 'Ben', birthDay: '16', birthMonth: '6', platform: 'linkedin' }, randomUUID())
	await service.addBirthdayContact(bob, { name: 'Carla', birthDay: '15', birthMonth: '6', platform: 'linkedin' }, randomUUID())
	await service.addBirthdayContact(nora, { name: 'Dave', birthDay: '15', birthMonth: '6', platform: 'linkedin' }, randomUUID())

	for (const id of [alice, bob, nora]) {
		await runTask(service, 'toolbox_birthday_wishes_user', { userId: id })
		await runTask(service, 'toolbox_birthday_wishes_user', { userId: id })
	}
	const drafts = await t.db.selectFrom('drafts').selectAll().where('user_id', '=', alice).execute()
	expect(drafts).toHaveLength(1)
	expect(drafts[0]!.platforms).toEqual(['instagram'])
	expect(drafts[0]!.content).toContain('Anna')
	expect(drafts[0]!.content).toContain('unser Projekt in Bern')
	expect(await count(t.db, 'drafts', bob)).toBe(0) // tool off
	expect(await count(t.db, 'drafts', nora)).toBe(0) // 04:00 in New York, before 09:00

	// Later that day in New York the greeting is due.
	const afternoon = toolbox(t.db, new Date('2026-06-15T14:00:00Z'))
	await runTask(afternoon, 'toolbox_birthday_wishes_user', { userId: nora })
	await runTask(afternoon, 'toolbox_birthday_wishes_user', { userId: nora })
	expect(await count(t.db, 'drafts', nora)).toBe(1)

	// 29 February is greeted on 28 February outside leap years, once.
	await service.addBirthdayContact(alice, { name: 'Lea', birthDay: '29', birthMonth: '2', platform: 'facebook' }, randomUUID())
	const feb = toolbox(t.db, new Date('2027-02-28T10:00:00Z'))
	await runTask(feb, 'toolbox_birthday_wishes_user', { userId: alice })
	await runTask(toolbox(t.db, new Date('2027-03-01T10:00:00Z')), 'toolbox_birthday_wishes_user', { userId: alice })
	expect(await count(t.db, 'drafts', alice)).toBe(2)

	// Schedule mode: a post planned at scheduleTime, or in a few minutes when that has passed.
	await service.saveSettings(alice, 'birthdayWishes', { scheduleTime: '09:00', personalMessage: true, platforms: ['linkedin'], mode: 'schedule' })
	await runTask(toolbox(t.db, new Date('2026-06-16T07:30:00Z')), 'toolbox_birthday_wishes_user', { userId: alice })
	const post = await t.db.selectFrom('posts').selectAll().where('user_id', '=', alice).executeTakeFirstOrThrow()
	expect(post).toMatchObject({ status: 'scheduled', platform: 'linkedin', post_type: 'birthday' })
	expect(post.scheduled_at?.toISOString()).toBe('2026-06-16T07:35:00.000Z')
})

test('no other user\'s runs, contacts or settings are ever visible or changeable', async () => {
	await using t = await createTestDatabase()
	await seedToolboxConfigs(t.db, testPlatforms.ids)
	const service = toolbox(t.db, new Date('2026-06-15T08:00:00Z'))
	const alice = await user(t.db)
	const bob = await user(t.db)
	await service.setEnabled(bob, 'hashtagOptimizer', true)
	await service.setFavorite(bob, 'autoReply', true)
	await service.saveSettings(bob, 'hashtagOptimizer', { maxHashtags: 5, trendingWeight: 0.2, nicheSpecific: false })
	const contact = await service.addBirthdayContact(bob, { name: 'Geheim', birthDay: '1', birthMonth: '1', platform: 'linkedin' }, randomUUID())
	if (!contact.ok) throw new Error('contact')
	expect((await service.suggestHashtags(bob, 'Buchhaltung für kleine Unternehmen in der Schweiz')).ok).toBe(true)

	const page = await service.page(alice)
	expect(page.contacts).toEqual([])
	expect(page.recentRuns).toEqual([])
	expect(page.stats).toMatchObject({ runs: 0, minutesSaved: 0 })
	const hashtags = page.tools.find((x) => x.toolName === 'hashtagOptimizer')!
	expect(hashtags).toMatchObject({ isEnabled: false, isFavorite: false, settings: { maxHashtags: 30, trendingWeight: 0.7, nicheSpecific: true } })
	expect(await service.favorites(alice)).toEqual([])
	expect(await service.removeBirthdayContact(alice, contact.contact.id)).toBe(false)
	expect(await service.birthdayContacts(bob)).toHaveLength(1)
	expect((await service.suggestHashtags(alice, 'Buchhaltung')).ok).toBe(false)

	const bobs = await service.page(bob)
	expect(bobs.stats.runs).toBe(1)
	expect(bobs.tools.find((x) => x.toolName === 'hashtagOptimizer')!.settings).toEqual({ maxHashtags: 5, trendingWeight: 0.2, nicheSpecific: false })
})

test('hashtag suggestions respect the settings and count once per text and day', async () => {
	await using t = await createTestDatabase()
	await seedToolboxConfigs(t.db, testPlatforms.ids)
	const service = toolbox(t.db, new Date('2026-06-15T08:00:00Z'))
	const alice = await user(t.db)
	expect(await service.suggestHashtags(alice, 'Text')).toEqual({ ok: false, reason: 'disabled' })
	await service.setEnabled(alice, 'hashtagOptimizer', true)
	await service.saveSettings(alice, 'hashtagOptimizer', { maxHashtags: 3, trendingWeight: 0.7, nicheSpecific: true })
	const text = 'Digitalisierung hilft der Buchhaltung: Rechnungen, Belege und Steuererklärung ohne Papier. #Buchhaltung'
	const first = await service.suggestHashtags(alice, text)
	const second = await service.suggestHashtags(alice, `${text}  `)
	if (!first.ok || !second.ok) throw new Error('disabled')
	expect(first.hashtags).toHaveLength(3)
	expect(first.hashtags).not.toContain('#Buchhaltung')
	expect(await count(t.db, 'tool_runs', alice)).toBe(1)
	const log = await t.db.selectFrom('activity_logs').select(['log_type', 'title']).where('user_id', '=', alice).execute()
	expect(log).toEqual([{ log_type: 'automation', title: '3 Hashtags vorgeschlagen' }])
})
