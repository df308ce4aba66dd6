// Error reports as the admin screen ('Fehlerberichte') sees them: values, views and the form schema,
// shared by the server and the browser (no database code).
import { z } from 'zod'

export const ERROR_REPORT_STATUSES = ['new', 'investigating', 'resolved'] as const
export type ErrorReportStatus = (typeof ERROR_REPORT_STATUSES)[number]

export const ERROR_REPORTS_PAGE_SIZE = 20
export const ADMIN_NOTES_MAX = 10_000

export function isErrorReportStatus(value: unknown): value is ErrorReportStatus {
	return typeof value === 'string' && (ERROR_REPORT_STATUSES as ReadonlyArray<string>).includes(value)
}

export type ErrorReportQuery = {
	/** Text searched (case-insensitive) in the error message and the reporter's e-mail. */
	search?: string | null
	status?: ErrorReportStatus | null
	page?: number
	perPage?: number
}

/** A card of the list (the stack and the additional info are only in the detail). */
export type ErrorReportSummary = {
	id: string
	errorMessage: string
	userEmail: string | null
	url: string | null
	status: ErrorReportStatus
	createdAt: Date
}

export type ErrorReportDetail = ErrorReportSummary & {
	errorStack: string | null
	userId: string | null
	userAgent: string | null
	additionalInfo: unknown
	adminNotes: string
	resolvedAt: Date | null
	resolvedBy: string | null
	/** The resolving admin's e-mail, while that account exists. */
	resolvedByEmail: string | null
	updatedAt: Date
}

export type ErrorReportCounts = { total: number; new: number; investigating: number; resolved: number }

export type ErrorReportPage = {
	reports: Array<ErrorReportSummary>
	/** Reports matching search and filter. */
	matching: number
	/** Counters over all reports (not filtered). */
	counts: ErrorReportCounts
	page: number
	perPage: number
	pageCount: number
}

/** The detail overlay's form: a status button with the admin notes (saved with every change). */
export const ErrorReportUpdateSchema = z.object({
	intent: z.literal('status'),
	id: z.uuid(),
	status: z.enum(ERROR_REPORT_STATUSES),
	adminNotes: z.string().max(ADMIN_NOTES_MAX).default(''),
})
export type ErrorReportUpdate = z.output<typeof ErrorReportUpdateSchema>
