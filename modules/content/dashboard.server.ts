import { sql } from 'kysely'
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres'
import type { Db } from '#modules/core/db.server.ts'
import type { JsonPart } from '#modules/core/json-part.server.ts'
import { addDays, todayIn, toInstant } from '#modules/scheduling/index.ts'
import { figureRows, figureSum } from './figures.server.ts'
import { extractText, truncate } from './post-content.ts'

/** How many days the dashboard chart covers, today included. */
export const CHART_DAYS = 30
const RECENT_LIMIT = 5
const EXCERPT_LENGTH = 120

export type DashboardRecentItem = {
	kind: 'post' | 'draft'
	id: string
	title: string
	excerpt: string
	/** A post's status ('draft', 'review', 'scheduled', 'published'); 'draft' for drafts. */
	status: string
	platforms: Array<string>
	updatedAt: string
}

export type DashboardDay = { date: string; posts: number; interactions: number }

export type ContentDashboard = {
	/** Rows of drafts plus posts in status 'draft' (as the header's drafts badge counts them). */
	draftsCount: number
	reviewCount: number
	/**
	 * Average engagement of the published posts in percent, one decimal: all their interactions
	 * (likes + comments + shares) divided by all their views. null while no published post has views.
	 */
	engagementRate: number | null
	publishedCount: number
	recent: Array<DashboardRecentItem>
	/** One entry per day of the last CHART_DAYS days in the user's time zone, oldest first. */
	days: Array<DashboardDay>
}

const interactions = sql<number>`engagement_likes + engagement_comments + engagement_shares`

/** `brandId`: one brand's figures (the switcher), null or absent: all of the user's. */
type Options = { now: Date; timeZone: string; brandId?: string | null }

/** The dashboard's content figures in three queries, whatever the number of posts and drafts. */
export async function contentDashboard(db: Db, userId: string, options: Options): Promise<ContentDashboard> {
	const q = dashboardQueries(db, userId, options)
	const [figures, days, recent] = await Promise.all([q.figures.executeTakeFirstOrThrow(), q.days.query.execute(), q.recent.execute()])
	return contentDashboardOf({ figures, days, recent }, q.days.from)
}

/** contentDashboard as a part of a caller's statement: its three reads as one JSON object. */
export function contentDashboardPart(db: Db, userId: string, options: Options): JsonPart<DashboardRows, ContentDashboard> {
	const q = dashboardQueries(db, userId, options)
	return {
		json: sql<DashboardRows>`json_build_object('figures', ${jsonObjectFrom(q.figures)}, 'days', ${jsonArrayFrom(q.days.query)}, 'recent', ${jsonArrayFrom(q.recent)})`,
		read: (rows) => contentDashboardOf(rows, q.days.from),
	}
}

function dashboardQueries(db: Db, userId: string, options: Options) {
	const brandId = options.brandId ?? null
	const brand = brandId ?? ''
	return {
		figures: postFigures(db, userId, brandId),
		days: publishedPerDayQuery(db, { ...options, userId }),
		// The newest posts and drafts together (each side from its (user_id, updated_at) index).
		recent: db
			.selectFrom((eb) =>
				eb
					.selectFrom('posts')
					.select(['id', 'title', 'content', 'status', sql<Array<string>>`array[platform]`.as('platforms'), 'updated_at', sql<'post' | 'draft'>`'post'`.as('kind')])
					.where('user_id', '=', userId)
					.$if(brandId !== null, (qb) => qb.where('brand_id', '=', brand))
					.orderBy('updated_at', 'desc')
					.orderBy('id')
					.limit(RECENT_LIMIT)
					.as('p'),
			)
			.selectAll()
			.unionAll((eb) =>
				eb
					.selectFrom((eb) =>
						eb
							.selectFrom('drafts')
							.select(['id', 'title', 'content', sql<string>`'draft'`.as('status'), 'platforms', 'updated_at', sql<'post' | 'draft'>`'draft'`.as('kind')])
							.where('user_id', '=', userId)
							.$if(brandId !== null, (qb) => qb.where('brand_id', '=', brand))
							.orderBy('updated_at', 'desc')
							.orderBy('id')
							.limit(RECENT_LIMIT)
							.as('d'),
					)
					.selectAll(),
			)
			.orderBy('updated_at', 'desc')
			.orderBy('kind', 'desc')
			.orderBy('id')
			.limit(RECENT_LIMIT),
	}
}

/** The post figures from the rollup rows of the brand or of all brands (ADR 0026, 0047), the drafts table's rows counted from its indexes. */
function postFigures(db: Db, userId: string, brandId: string | null) {
	return figureRows(db, userId, brandId).select((eb) => [
		figureSum('posts', ['published']).as('published'),
		figureSum('interactions', ['published']).as('interactions'),
		figureSum('views', ['published']).as('views'),
		figureSum('posts', ['draft']).as('post_drafts'),
		figureSum('posts', ['review']).as('review'),
		eb
			.selectFrom('drafts')
			.select(eb.fn.countAll<string>().as('n'))
			.where('drafts.user_id', '=', userId)
			.$if(brandId !== null, (qb) => qb.where('drafts.brand_id', '=', brandId ?? ''))
			.as('drafts'),
	])
}

// Counts are strings in a row and numbers in JSON; times are Dates in a row and strings in JSON.
type Count = string | number | null
type DayRow = { day: string; posts: Count; interactions: Count }
type DashboardRows = {
	figures: { published: Count; interactions: Count; views: Count; post_drafts: Count; review: Count; drafts: Count }
	days: Array<DayRow>
	recent: Array<{ kind: 'post' | 'draft'; id: string; title: string; content: string; status: string; platforms: Array<string>; updated_at: Date | string }>
}

function contentDashboardOf({ figures, days, recent }: DashboardRows, from: string): ContentDashboard {
	const views = Number(figures.views)
	return {
		draftsCount: Number(figures.drafts ?? 0) + Number(figures.post_drafts ?? 0),
		reviewCount: Number(figures.review ?? 0),
		publishedCount: Number(figures.published),
		engagementRate: views > 0 ? Math.round((Number(figures.interactions) / views) * 1000) / 10 : null,
		recent: recent.map((r) => ({
			kind: r.kind,
			id: r.id,
			title: r.title,
			excerpt: truncate(extractText(r.content), EXCERPT_LENGTH),
			status: r.status,
			platforms: r.platforms,
			updatedAt: new Date(r.updated_at).toISOString(),
		})),
		days: chartDays(days, from),
	}
}

/**
 * Posts published per day and their interactions over the last CHART_DAYS days in `timeZone`, oldest
 * first, every day present: one user's (the dashboard) or, with userId null, everyone's (the admin overview).
 */
export async function publishedPerDay(db: Db, options: { userId: string | null; now: Date; timeZone: string }): Promise<Array<DashboardDay>> {
	const { query, from } = publishedPerDayQuery(db, options)
	return chartDays(await query.execute(), from)
}

function publishedPerDayQuery(db: Db, options: { userId: string | null; now: Date; timeZone: string; brandId?: string | null }) {
	// Civil dates and the zone's cached Intl format (TZDate arithmetic per day was a visible cost of the dashboard).
	const today = todayIn(options.timeZone, options.now)
	const from = addDays(today, -(CHART_DAYS - 1))
	let query = db
		.selectFrom('posts')
		.select((eb) => [
			sql<string>`to_char(published_at at time zone ${options.timeZone}, 'YYYY-MM-DD')`.as('day'),
			eb.fn.countAll<string>().as('posts'),
			eb.fn.coalesce(eb.fn.sum<string>(interactions), sql<string>`0`).as('interactions'),
		])
		.where('status', '=', 'published')
		.where('published_at', '>=', toInstant(from, '00:00', options.timeZone))
		.where('published_at', '<', toInstant(addDays(today, 1), '00:00', options.timeZone))
	if (options.userId !== null) query = query.where('user_id', '=', options.userId)
	if (options.brandId) query = query.where('brand_id', '=', options.brandId)
	return { query: query.groupBy('day'), from }
}

/** Every one of the CHART_DAYS days from `from`, with the rows' figures (0 where no row). */
function chartDays(rows: ReadonlyArray<DayRow>, from: string): Array<DashboardDay> {
	const byDay = new Map(rows.map((d) => [d.day, d]))
	return Array.from({ length: CHART_DAYS }, (_, i) => {
		const date = addDays(from, i)
		const row = byDay.get(date)
		return { date, posts: Number(row?.posts ?? 0), interactions: Number(row?.interactions ?? 0) }
	})
}

/** The admin overview's post figures in one query: all posts, published ones, scheduled ones. */
export async function postTotals(db: Db) {
	const row = await db
		.selectFrom('posts')
		.select((eb) => [
			eb.fn.countAll<string>().as('posts'),
			eb.fn.count<string>('id').filterWhere('status', '=', 'published').as('published'),
			eb.fn.count<string>('id').filterWhere('status', '=', 'scheduled').as('scheduled'),
		])
		.executeTakeFirstOrThrow()
	return { posts: Number(row.posts), published: Number(row.published), scheduled: Number(row.scheduled) }
}
