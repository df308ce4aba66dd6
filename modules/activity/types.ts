// The activity log's values and views, shared by the server and the browser (no database code).

/** Every log_type the table accepts ('post' and 'other' come from older rows). */
export const LOG_TYPES = [
	'post_creation',
	'post_publication',
	'post_scheduling',
	'image_generation',
	'model_test',
	'content_generation',
	'agent_usage',
	'social_connection',
	'authentication',
	'automation',
	'error',
	'api',
	'post',
	'other',
] as const
export type StoredLogType = (typeof LOG_TYPES)[number]

export const LOG_STATUSES = ['success', 'error', 'warning', 'info'] as const
export type LogStatus = (typeof LOG_STATUSES)[number]

export const PAGE_SIZES = [20, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 20

export type ActivityQuery = {
	page?: number
	perPage?: number
	logType?: StoredLogType | null
	status?: LogStatus | null
	/** One brand's entries and the account-wide ones (no brand); null or left out: all. */
	brandId?: string | null
}

export type ActivityLogView = {
	id: string
	logType: StoredLogType
	status: LogStatus
	title: string
	description: string
	createdAt: Date
	/** An error entry: 'Fehler melden' is offered. */
	reportable: boolean
	/** An error report for this entry exists already. */
	reported: boolean
}

export type ActivityPage = {
	entries: Array<ActivityLogView>
	/** Entries matching the filters. */
	total: number
	/** The page shown (clamped to 1..pageCount). */
	page: number
	perPage: PageSize
	pageCount: number
}

/** A page size the UI offers (20, 50 or 100); anything else falls back to 20. */
export function normalisePageSize(value: unknown): PageSize {
	const n = Number(value)
	return (PAGE_SIZES as ReadonlyArray<number>).includes(n) ? (n as PageSize) : DEFAULT_PAGE_SIZE
}

export function isLogType(value: string): value is StoredLogType {
	return (LOG_TYPES as ReadonlyArray<string>).includes(value)
}

export function isLogStatus(value: string): value is LogStatus {
	return (LOG_STATUSES as ReadonlyArray<string>).includes(value)
}

/** At most `size` page numbers around the current page (e.g. 3 of 9 → 1..5, 7 of 9 → 5..9). */
export function pageWindow(page: number, pageCount: number, size = 5): Array<number> {
	const count = Math.min(size, Math.max(1, pageCount))
	const first = Math.min(Math.max(1, page - Math.floor(count / 2)), Math.max(1, pageCount - count + 1))
	return Array.from({ length: count }, (_, i) => first + i)
}
