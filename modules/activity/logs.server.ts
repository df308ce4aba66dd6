import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { DEFAULT_PAGE_SIZE, isLogStatus, isLogType, normalisePageSize, type ActivityPage, type ActivityQuery } from './types.ts'

export function isReportable(logType: string, status: string) {
	return status === 'error' || logType === 'error'
}

/**
 * One page of the user's activity log, newest first, with the page count: two queries (count,
 * then the page with each entry's report state), whatever the page size and brand.
 */
export async function listActivity(db: DbOrTrx, userId: string, query: ActivityQuery = {}): Promise<ActivityPage> {
	const perPage = normalisePageSize(query.perPage ?? DEFAULT_PAGE_SIZE)
	const logType = query.logType && isLogType(query.logType) ? query.logType : null
	const status = query.status && isLogStatus(query.status) ? query.status : null

	let filtered = db.selectFrom('activity_logs as l').where('l.user_id', '=', userId)
	// A brand's entries (about its posts) and the account-wide ones (credits, sign-ins, connections: no brand).
	const brandId = query.brandId
	if (brandId) filtered = filtered.where((eb) => eb.or([eb('l.brand_id', '=', brandId), eb('l.brand_id', 'is', null)]))
	if (logType) filtered = filtered.where('l.log_type', '=', logType)
	if (status) filtered = filtered.where('l.status', '=', status)

	const counted = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
	const total = Number(counted.total)
	const pageCount = Math.max(1, Math.ceil(total / perPage))
	const requested = Math.floor(Number(query.page ?? 1))
	const page = Number.isFinite(requested) ? Math.min(Math.max(1, requested), pageCount) : 1

	const rows =
		total === 0
			? []
			: await filtered
					.select(['l.id', 'l.log_type', 'l.status', 'l.title', 'l.description', 'l.created_at'])
					.select((eb) =>
						eb
							.exists(eb.selectFrom('error_reports as r').select(sql`1`.as('one')).whereRef('r.activity_log_id', '=', 'l.id'))
							.as('reported'),
					)
					.orderBy('l.created_at', 'desc')
					.orderBy('l.id', 'desc')
					.limit(perPage)
					.offset((page - 1) * perPage)
					.execute()

	return {
		entries: rows.map((r) => ({
			id: r.id,
			logType: isLogType(r.log_type) ? r.log_type : 'other',
			status: isLogStatus(r.status) ? r.status : 'info',
			title: r.title,
			description: r.description,
			createdAt: new Date(r.created_at),
			reportable: isReportable(r.log_type, r.status),
			reported: Boolean(r.reported),
		})),
		total,
		page,
		perPage,
		pageCount,
	}
}

export type ReportMeta = {
	/** The reporting user's e-mail. */
	userEmail: string
	/** The page the report was filed from. */
	url?: string | null
	userAgent?: string | null
}

export type ReportResult =
	| { ok: true; reportId: string; alreadyReported: boolean }
	| { ok: false; error: 'not_found' | 'not_reportable' }

/**
 * Files an error report for one of the user's error entries (the spec's report-error fields):
 * one report per entry, so a second call answers the existing report instead of a duplicate.
 * Another user's entry is 'not_found'.
 */
export async function reportError(db: DbOrTrx, userId: string, logId: string, meta: ReportMeta): Promise<ReportResult> {
	const entry = await db
		.selectFrom('activity_logs')
		.select(['id', 'log_type', 'status', 'title', 'description', 'metadata', 'created_at'])
		.where('id', '=', logId)
		.where('user_id', '=', userId)
		.executeTakeFirst()
	if (!entry) return { ok: false, error: 'not_found' }
	if (!isReportable(entry.log_type, entry.status)) return { ok: false, error: 'not_reportable' }

	const metadata = entry.metadata && typeof entry.metadata === 'object' && !Array.isArray(entry.metadata) ? entry.metadata : {}
	const stack = typeof metadata['stack'] === 'string' ? metadata['stack'] : typeof metadata['error_stack'] === 'string' ? metadata['error_stack'] : null
	const message = entry.description ? `${entry.title}: ${entry.description}` : entry.title
	const inserted = await db
		.insertInto('error_reports')
		.values({
			activity_log_id: entry.id,
			error_message: message.slice(0, 10_000),
			error_stack: stack ? stack.slice(0, 50_000) : null,
			user_id: userId,
			user_email: meta.userEmail.slice(0, 254),
			url: meta.url ? meta.url.slice(0, 2048) : null,
			user_agent: meta.userAgent ? meta.userAgent.slice(0, 1000) : null,
			additional_info: JSON.stringify({
				log_id: entry.id,
				log_type: entry.log_type,
				log_data: {
					title: entry.title,
					description: entry.description,
					status: entry.status,
					metadata,
					created_at: new Date(entry.created_at).toISOString(),
				},
				user_email: meta.userEmail,
			}),
		})
		.onConflict((oc) => oc.column('activity_log_id').doNothing())
		.returning('id')
		.executeTakeFirst()
	if (inserted) return { ok: true, reportId: inserted.id, alreadyReported: false }
	const existing = await db.selectFrom('error_reports').select('id').where('activity_log_id', '=', entry.id).executeTakeFirstOrThrow()
	return { ok: true, reportId: existing.id, alreadyReported: true }
}
