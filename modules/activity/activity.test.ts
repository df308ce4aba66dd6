import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { createActivityService, logActivity, pageWindow } from './index.ts'
import { clipAtWord } from './clip.ts'

async function createUser(db: Kysely<DB>) {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	return { id: row.id, email }
}

/** `count` entries a minute apart (entry 1 oldest); every third one an error. */
async function insertEntries(db: Kysely<DB>, userId: string, count: number, start = Date.UTC(2026, 10, 1, 8, 0, 0)) {
	const rows = await db
		.insertInto('activity_logs')
		.values(
			Array.from({ length: count }, (_, i) => ({
				user_id: userId,
				log_type: i % 3 === 2 ? 'error' : 'post_creation',
				title: `Eintrag ${i + 1}`,
				description: i % 3 === 2 ? `Fehler ${i + 1}` : '',
				status: i % 3 === 2 ? 'error' : 'success',
				metadata: JSON.stringify({ n: i + 1 }),
				created_at: new Date(start + i * 60_000),
			})),
		)
		.returning(['id', 'title', 'status'])
		.execute()
	return rows
}

test('list pages newest first with 20, 50 or 100 per page and the page count', async () => {
	await using t = await createTestDatabase()
	const activity = createActivityService({ db: t.db })
	const user = await createUser(t.db)
	await insertEntries(t.db, user.id, 45)

	const first = await activity.list(user.id, {})
	expect(first).toMatchObject({ total: 45, page: 1, perPage: 20, pageCount: 3 })
	expect(first.entries).toHaveLength(20)
	expect(first.entries[0]!.title).toBe('Eintrag 45')
	expect(first.entries[19]!.title).toBe('Eintrag 26')
	expect(first.entries[0]!.createdAt).toBeInstanceOf(Date)

	const third = await activity.list(user.id, { page: 3 })
	expect(third.entries.map((e) => e.title)).toEqual(['Eintrag 5', 'Eintrag 4', 'Eintrag 3', 'Eintrag 2', 'Eintrag 1'])

	const fifty = await activity.list(user.id, { perPage: 50 })
	expect(fifty).toMatchObject({ perPage: 50, pageCount: 1 })
	expect(fifty.entries).toHaveLength(45)

	// Out-of-range pages and unknown page sizes are clamped to what exists.
	expect(await activity.list(user.id, { page: 99 })).toMatchObject({ page: 3 })
	expect(await activity.list(user.id, { page: -4 })).toMatchObject({ page: 1 })
	expect(await activity.list(user.id, { perPage: 7 })).toMatchObject({ perPage: 20 })
})

test('filters by log type and status; an empty log has one page and no entries', async () => {
	await using t = await createTestDatabase()
	const activity = createActivityService({ db: t.db })
	const user = await createUser(t.db)
	expect(await activity.list(user.id, {})).toMatchObject({ entries: [], total: 0, page: 1, pageCount: 1 })

	await insertEntries(t.db, user.id, 45)
	const errors = await activity.list(user.id, { status: 'error' })
	expect(errors.total).toBe(15)
	expect(errors.entries.every((e) => e.status === 'error' && e.reportable && !e.reported)).toBe(true)
	expect((await activity.list(user.id, { logType: 'post_creation' })).total).toBe(30)
	expect((await activity.list(user.id, { logType: 'post_creation', status: 'error' })).total).toBe(0)
	expect((await activity.list(user.id, { logType: 'model_test' })).total).toBe(0)
	const successes = await activity.list(user.id, { status: 'success' })
	expect(successes.entries.some((e) => e.reportable)).toBe(false)
})

test("another user's entries are never listed and cannot be reported", async () => {
	await using t = await createTestDatabase()
	const activity = createActivityService({ db: t.db })
	const owner = await createUser(t.db)
	const stranger = await createUser(t.db)
	const entries = await insertEntries(t.db, owner.id, 6)
	await insertEntries(t.db, stranger.id, 2)

	const strangerView = await activity.list(stranger.id, { perPage: 100 })
	expect(strangerView.total).toBe(2)
	expect(strangerView.entries.map((e) => e.id).some((id) => entries.some((own) => own.id === id))).toBe(false)

	const errorEntry = entries.find((e) => e.status === 'error')!
	expect(await activity.reportError(stranger.id, errorEntry.id, { userEmail: stranger.email })).toEqual({ ok: false, error: 'not_found' })
	expect(await t.db.selectFrom('error_reports').select('id').execute()).toHaveLength(0)
})

test('reporting an error entry files one report with the spec fields, idempotently', async () => {
	await using t = await createTestDatabase()
	const activity = createActivityService({ db: t.db })
	const user = await createUser(t.db)
	const entries = await insertEntries(t.db, user.id, 3)
	const errorEntry = entries[2]!
	const meta = { userEmail: user.email, url: 'http://localhost/activity-logs?status=error', userAgent: 'Vitest' }

	expect(await activity.reportError(user.id, entries[0]!.id, meta)).toEqual({ ok: false, error: 'not_reportable' })
	expect(await activity.reportError(user.id, randomUUID(), meta)).toEqual({ ok: false, error: 'not_found' })

	const first = await activity.reportError(user.id, errorEntry.id, meta)
	expect(first).toMatchObject({ ok: true, alreadyReported: false })
	const [again, concurrent] = await Promise.all([activity.reportError(user.id, errorEntry.id, meta), activity.reportError(user.id, errorEntry.id, meta)])
	expect(again).toEqual({ ok: true, reportId: first.ok ? first.reportId : '', alreadyReported: true })
	expect(concurrent).toMatchObject({ ok: true, alreadyReported: true })

	const reports = await t.db.selectFrom('error_reports').selectAll().execute()
	expect(reports).toHaveLength(1)
	expect(reports[0]).toMatchObject({
		activity_log_id: errorEntry.id,
		error_message: 'Eintrag 3: Fehler 3',
		user_id: user.id,
		user_email: user.email,
		url: meta.url,
		user_agent: 'Vitest',
		status: 'new',
	})
	expect(reports[0]!.additional_info).toMatchObject({
		log_id: errorEntry.id,
		log_type: 'error',
		user_email: user.email,
		log_data: { title: 'Eintrag 3', description: 'Fehler 3', status: 'error', metadata: { n: 3 } },
	})

	const listed = await activity.list(user.id, {})
	expect(listed.entries.find((e) => e.id === errorEntry.id)).toMatchObject({ reportable: true, reported: true })
})

test('pageWindow shows at most five page numbers around the current page', () => {
	expect(pageWindow(1, 1)).toEqual([1])
	expect(pageWindow(2, 3)).toEqual([1, 2, 3])
	expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5])
	expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7])
	expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9])
})

test('a logged description is stored whole; one over the bound is cut at a word with an ellipsis, and its report carries it', async () => {
	await using t = await createTestDatabase()
	const activity = createActivityService({ db: t.db })
	const user = await createUser(t.db)
	const sentence = 'Die Verbindung zum Netzwerk brach während des Hochladens des Bildes ab. '
	await logActivity(t.db, { userId: user.id, logType: 'error', title: 'Veröffentlichung fehlgeschlagen', description: sentence.trim(), status: 'error' })
	await logActivity(t.db, { userId: user.id, logType: 'error', title: 'Zu lang', description: sentence.repeat(40), status: 'error' })
	const rows = await t.db.selectFrom('activity_logs').select(['id', 'title', 'description']).where('user_id', '=', user.id).orderBy('title').execute()
	const [long, whole] = [rows.find((r) => r.title === 'Zu lang')!, rows.find((r) => r.title !== 'Zu lang')!]
	expect(whole.description).toBe(sentence.trim())
	expect(long.description.length).toBeLessThanOrEqual(2000)
	expect(long.description.endsWith('…')).toBe(true)
	// The cut falls after a whole word of the sentence, never inside one.
	const words = new Set(sentence.trim().replace('.', '').split(' '))
	expect(words.has(long.description.slice(0, -1).split(' ').at(-1)!.replace('.', ''))).toBe(true)

	const report = await activity.reportError(user.id, whole.id, { userEmail: user.email })
	expect(report.ok).toBe(true)
	const stored = await t.db.selectFrom('error_reports').select('error_message').executeTakeFirstOrThrow()
	expect(stored.error_message).toBe(`Veröffentlichung fehlgeschlagen: ${sentence.trim()}`)
})

test('clipAtWord keeps a text that fits and cuts a longer one after its last whole word', () => {
	expect(clipAtWord('  kurz und gut ', 20)).toBe('kurz und gut')
	expect(clipAtWord('Ein Satz, der zu lang ist für zwanzig', 20)).toBe('Ein Satz, der zu…')
	expect(clipAtWord('Donaudampfschifffahrtsgesellschaft', 10)).toBe('Donaudamp…')
})
