import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { likePattern } from '#modules/core/text-search.server.ts'
import {
	ERROR_REPORTS_PAGE_SIZE,
	isErrorReportStatus,
	type ErrorReportCounts,
	type ErrorReportDetail,
	type ErrorReportPage,
	type ErrorReportQuery,
	type ErrorReportStatus,
} from './error-reports.ts'

const statusOf = (value: string): ErrorReportStatus => (isErrorReportStatus(value) ? value : 'new')

/**
 * All users' error reports for the admin screen, newest first: counters over all reports, one page
 * of the reports matching the status filter and the text search (error message or reporter e-mail,
 * case-insensitive).
 */
export async function listErrorReports(db: DbOrTrx, query: ErrorReportQuery = {}): Promise<ErrorReportPage> {
	const perPage = Math.min(100, Math.max(1, Math.floor(query.perPage ?? ERROR_REPORTS_PAGE_SIZE)))
	const search = (query.search ?? '').trim().slice(0, 200)
	const status = isErrorReportStatus(query.status) ? query.status : null

	let filtered = db.selectFrom('error_reports as r')
	if (status) filtered = filtered.where('r.status', '=', status)
	if (search) {
		const pattern = likePattern(search)
		filtered = filtered.where((eb) => eb.or([eb('r.error_message', 'ilike', pattern), eb('r.user_email', 'ilike', pattern)]))
	}

	const [countRow, matchingRow] = await Promise.all([
		db
			.selectFrom('error_reports')
			.select([
				sql<string>`count(*)`.as('total'),
				sql<string>`count(*) filter (where status = 'new')`.as('new'),
				sql<string>`count(*) filter (where status = 'investigating')`.as('investigating'),
				sql<string>`count(*) filter (where status = 'resolved')`.as('resolved'),
			])
			.executeTakeFirstOrThrow(),
		filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
	])
	const counts: ErrorReportCounts = {
		total: Number(countRow.total),
		new: Number(countRow.new),
		investigating: Number(countRow.investigating),
		resolved: Number(countRow.resolved),
	}
	const matching = Number(matchingRow.n)
	const pageCount = Math.max(1, Math.ceil(matching / perPage))
	const requested = Math.floor(Number(query.page ?? 1))
	const page = Number.isFinite(requested) ? Math.min(Math.max(1, requested), pageCount) : 1

	const rows =
		matching === 0
			? []
			: await filtered
					.select(['r.id', 'r.error_message', 'r.user_email', 'r.url', 'r.status', 'r.created_at'])
					.orderBy('r.created_at', 'desc')
					.orderBy('r.id', 'desc')
					.limit(perPage)
					.offset((page - 1) * perPage)
					.execute()

	return {
		reports: rows.map((r) => ({
			id: r.id,
			errorMessage: r.error_message,
			userEmail: r.user_email,
			url: r.url,
			status: statusOf(r.status),
			createdAt: new Date(r.created_at),
		})),
		matching,
		counts,
		page,
		perPage,
		pageCount,
	}
}

/** One report with everything the detail overlay shows; null for an unknown id. */
export async function getErrorReport(db: DbOrTrx, id: string): Promise<ErrorReportDetail | null> {
	const row = await db
		.selectFrom('error_reports as r')
		.leftJoin('users as a', 'a.id', 'r.resolved_by')
		.select([
			'r.id',
			'r.error_message',
			'r.error_stack',
			'r.user_id',
			'r.user_email',
			'r.url',
			'r.user_agent',
			'r.additional_info',
			'r.status',
			'r.admin_notes',
			'r.resolved_at',
			'r.resolved_by',
			'a.email as resolved_by_email',
			'r.created_at',
			'r.updated_at',
		])
		.where('r.id', '=', id)
		.executeTakeFirst()
	if (!row) return null
	return {
		id: row.id,
		errorMessage: row.error_message,
		errorStack: row.error_stack,
		userId: row.user_id,
		userEmail: row.user_email,
		url: row.url,
		userAgent: row.user_agent,
		additionalInfo: row.additional_info,
		status: statusOf(row.status),
		adminNotes: row.admin_notes,
		resolvedAt: row.resolved_at ? new Date(row.resolved_at) : null,
		resolvedBy: row.resolved_by,
		resolvedByEmail: row.resolved_by_email ?? null,
		createdAt: new Date(row.created_at),
		updatedAt: new Date(row.updated_at),
	}
}

export type ErrorReportChange = { id: string; status: ErrorReportStatus; adminNotes: string; adminId: string }

/**
 * Sets a report's status and admin notes (the notes are saved with every change). 'resolved' sets
 * resolved_at to now and resolved_by to the acting admin; any other status clears both. Returns the
 * previous status, or null for an unknown id. Run it in the transaction that records the admin action.
 */
export async function updateErrorReport(db: DbOrTrx, change: ErrorReportChange): Promise<{ previousStatus: ErrorReportStatus; notesChanged: boolean } | null> {
	const before = await db.selectFrom('error_reports').select(['status', 'admin_notes']).where('id', '=', change.id).forUpdate().executeTakeFirst()
	if (!before) return null
	const resolved = change.status === 'resolved'
	await db
		.updateTable('error_reports')
		.set({
			status: change.status,
			admin_notes: change.adminNotes,
			resolved_at: resolved ? sql<Date>`now()` : null,
			resolved_by: resolved ? change.adminId : null,
		})
		.where('id', '=', change.id)
		.execute()
	return { previousStatus: statusOf(before.status), notesChanged: before.admin_notes !== change.adminNotes }
}
