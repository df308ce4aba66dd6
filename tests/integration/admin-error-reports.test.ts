// 'Fehlerberichte' (/admin/error-reports) against a real database: status transitions (resolved sets
// resolved_at and resolved_by, any other status clears both), notes saved with every change, the
// audit log, counters, status filter and the case-insensitive search over message and e-mail.
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { ErrorReportUpdateSchema } from '#modules/activity/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

async function account(db: Db) {
	const id = await userWithCredits(db, 0)
	const row = await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()
	return { id, email: row.email }
}

async function report(db: Db, values: { message: string; email: string | null; userId?: string | null; status?: string; createdAt?: Date }) {
	const row = await db
		.insertInto('error_reports')
		.values({
			error_message: values.message,
			error_stack: 'Error: boom\n    at run (worker.ts:1:1)',
			user_id: values.userId ?? null,
			user_email: values.email,
			url: 'http://127.0.0.1:3000/activity-logs',
			user_agent: 'vitest',
			additional_info: JSON.stringify({ log_id: randomUUID(), log_type: 'error' }),
			status: values.status ?? 'new',
			resolved_at: values.status === 'resolved' ? new Date() : null,
			...(values.createdAt ? { created_at: values.createdAt } : {}),
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return row.id
}

test('new → investigating → resolved → investigating: resolved_at/resolved_by set and cleared, notes saved, audited', async () => {
	await using t = await createTestDatabase()
	const { admin } = testServices(t.db).services
	const reporter = await account(t.db)
	const actor = await account(t.db)

	// A report filed the way users file them: 'Fehler melden' on an error entry of the activity log.
	const log = await t.db
		.insertInto('activity_logs')
		.values({ user_id: reporter.id, log_type: 'error', status: 'error', title: 'Veröffentlichung fehlgeschlagen', description: 'LinkedIn antwortet nicht', metadata: JSON.stringify({ stack: 'Error: 503' }) })
		.returning('id')
		.executeTakeFirstOrThrow()
	const filed = await testServices(t.db).services.activity.reportError(reporter.id, log.id, { userEmail: reporter.email, url: 'http://127.0.0.1:3000/activity-logs', userAgent: 'vitest' })
	if (!filed.ok) throw new Error('report not filed')
	const id = filed.reportId

	const detail = await admin.errorReports.get(id)
	expect(detail).toMatchObject({ status: 'new', errorMessage: 'Veröffentlichung fehlgeschlagen: LinkedIn antwortet nicht', errorStack: 'Error: 503', userEmail: reporter.email, resolvedAt: null, resolvedBy: null, adminNotes: '' })
	expect(detail?.additionalInfo).toMatchObject({ log_id: log.id, log_type: 'error' })

	const row = () => t.db.selectFrom('error_reports').select(['status', 'admin_notes', 'resolved_at', 'resolved_by']).where('id', '=', id).executeTakeFirstOrThrow()

	expect(await admin.errorReports.update(actor, { id, status: 'investigating', adminNotes: 'Schaue ich mir an' })).toEqual({ ok: true })
	expect(await row()).toEqual({ status: 'investigating', admin_notes: 'Schaue ich mir an', resolved_at: null, resolved_by: null })

	const before = Date.now()
	expect(await admin.errorReports.update(actor, { id, status: 'resolved', adminNotes: 'Token erneuert' })).toEqual({ ok: true })
	const resolved = await row()
	expect(resolved).toMatchObject({ status: 'resolved', admin_notes: 'Token erneuert', resolved_by: actor.id })
	expect(resolved.resolved_at).toBeInstanceOf(Date)
	expect(resolved.resolved_at!.getTime()).toBeGreaterThanOrEqual(before - 5_000)
	expect((await admin.errorReports.get(id))?.resolvedByEmail).toBe(actor.email)

	// Back: any other status clears both; empty notes are saved as empty.
	expect(await admin.errorReports.update(actor, { id, status: 'investigating', adminNotes: '' })).toEqual({ ok: true })
	expect(await row()).toEqual({ status: 'investigating', admin_notes: '', resolved_at: null, resolved_by: null })
	expect(await admin.errorReports.update(actor, { id, status: 'resolved', adminNotes: 'erledigt' })).toEqual({ ok: true })
	expect(await admin.errorReports.update(actor, { id, status: 'new', adminNotes: 'wieder offen' })).toEqual({ ok: true })
	expect(await row()).toEqual({ status: 'new', admin_notes: 'wieder offen', resolved_at: null, resolved_by: null })

	const audit = await admin.auditLog({ targetType: 'error_report', targetId: id })
	expect(audit).toHaveLength(5)
	expect(audit[0]).toMatchObject({ adminEmail: actor.email, action: 'error_report.updated', details: { from: 'resolved', to: 'new', adminNotes: 'wieder offen' } })
	expect(audit.at(-1)).toMatchObject({ details: { from: 'new', to: 'investigating', notesChanged: true } })
})

test('an unknown id changes nothing and records nothing', async () => {
	await using t = await createTestDatabase()
	const { admin } = testServices(t.db).services
	const actor = await account(t.db)
	expect(await admin.errorReports.update(actor, { id: randomUUID(), status: 'resolved', adminNotes: 'x' })).toEqual({ ok: false, error: 'not_found' })
	expect(await admin.errorReports.get(randomUUID())).toBeNull()
	expect(await admin.auditLog({ targetType: 'error_report' })).toHaveLength(0)
})

test('the form schema refuses what a browser must not send', () => {
	const ok = ErrorReportUpdateSchema.safeParse({ intent: 'status', id: randomUUID(), status: 'resolved' })
	expect(ok.success && ok.data.adminNotes).toBe('')
	expect(ErrorReportUpdateSchema.safeParse({ intent: 'status', id: 'nope', status: 'resolved' }).success).toBe(false)
	expect(ErrorReportUpdateSchema.safeParse({ intent: 'status', id: randomUUID(), status: 'done' }).success).toBe(false)
	expect(ErrorReportUpdateSchema.safeParse({ intent: 'status', id: randomUUID(), status: 'new', adminNotes: 'x'.repeat(10_001) }).success).toBe(false)
})

test('counters over all reports; status filter and case-insensitive search over message and e-mail; pages', async () => {
	await using t = await createTestDatabase()
	const { admin } = testServices(t.db).services
	const start = Date.UTC(2026, 10, 1, 8)
	await report(t.db, { message: 'TypeError: cannot read properties of undefined', email: 'Anna.Muster@Beispiel.ch', createdAt: new Date(start) })
	await report(t.db, { message: 'Bild-Upload fehlgeschlagen', email: 'beat@beispiel.ch', status: 'investigating', createdAt: new Date(start + 60_000) })
	await report(t.db, { message: 'Zeitüberschreitung bei LinkedIn', email: 'carla@firma.ch', status: 'resolved', createdAt: new Date(start + 120_000) })
	await report(t.db, { message: '100% CPU im Planer', email: null, createdAt: new Date(start + 180_000) })

	const all = await admin.errorReports.list({})
	expect(all.counts).toEqual({ total: 4, new: 2, investigating: 1, resolved: 1 })
	expect(all.matching).toBe(4)
	expect(all.reports.map((r) => r.errorMessage)).toEqual(['100% CPU im Planer', 'Zeitüberschreitung bei LinkedIn', 'Bild-Upload fehlgeschlagen', 'TypeError: cannot read properties of undefined'])

	const byStatus = await admin.errorReports.list({ status: 'new' })
	expect(byStatus.reports.map((r) => r.status)).toEqual(['new', 'new'])
	expect(byStatus.counts.total).toBe(4)

	expect((await admin.errorReports.list({ search: 'typeerror' })).reports.map((r) => r.userEmail)).toEqual(['Anna.Muster@Beispiel.ch'])
	expect((await admin.errorReports.list({ search: 'anna.muster@beispiel' })).reports).toHaveLength(1)
	expect((await admin.errorReports.list({ search: 'BEISPIEL.CH' })).reports).toHaveLength(2)
	expect((await admin.errorReports.list({ search: 'beispiel.ch', status: 'investigating' })).reports.map((r) => r.errorMessage)).toEqual(['Bild-Upload fehlgeschlagen'])
	// LIKE wildcards are matched literally.
	expect((await admin.errorReports.list({ search: '100%' })).reports).toHaveLength(1)
	expect((await admin.errorReports.list({ search: '%' })).reports).toHaveLength(1)
	expect((await admin.errorReports.list({ search: '_' })).reports).toHaveLength(0)
	const none = await admin.errorReports.list({ search: 'gibt es nicht' })
	expect(none).toMatchObject({ reports: [], matching: 0, page: 1, pageCount: 1 })

	const paged = await admin.errorReports.list({ perPage: 3, page: 2 })
	expect(paged).toMatchObject({ page: 2, pageCount: 2, matching: 4 })
	expect(paged.reports.map((r) => r.errorMessage)).toEqual(['TypeError: cannot read properties of undefined'])
	expect((await admin.errorReports.list({ perPage: 3, page: 99 })).page).toBe(2)
	expect((await admin.errorReports.list({ perPage: 3, page: Number.NaN })).page).toBe(1)
})
