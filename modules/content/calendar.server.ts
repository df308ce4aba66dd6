import { sql, type RawBuilder } from 'kysely'
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres'
import type { Db } from '#modules/core/db.server.ts'
import { postsPerPlatformQuery } from './figures.server.ts'
import type { PostPlatform } from './platforms.ts'
import type { DeliveryPlanner } from './ports.ts'
import type { CalendarEntry } from './views.ts'

/** What a month view needs: per day of the user's zone the first `limit` posts, and how many the day has. */
export type CalendarPerDay = { limit: number; timeZone: string }

export type WeekStats = {
	scheduledThisWeek: number
	engagementThisWeek: number
	engagementLastWeek: number
	/** Change in percent against last week; null when last week had no engagement to compare with. */
	engagementChange: number | null
	platforms: Array<{ platform: string; count: number }>
}

/**
 * `brandId`: one brand's posts (the switcher), null or absent: all of the user's. `channelId`: only
 * posts with a delivery to that channel (the caller checked it is the user's), null or absent: all.
 */
export type CalendarRange = { from: Date; to: Date; weekStart: Date; perDay?: CalendarPerDay; brandId?: string | null; channelId?: string | null }

/** Which posts the calendar shows: the user's, of one brand or all, to one channel or all (a condition on `posts`). */
type Scope = { userId: string; brandId: string | null; toChannel: RawBuilder<boolean> | null }

const DAY_MS = 24 * 3600 * 1000

/**
 * The calendar in one statement: scheduled posts by plan time and published posts by publication
 * time within [from, to), and the stat cards of the week from `weekStart`. With `perDay` only the
 * first `limit` posts of each day (in the zone) come back, and `dayTotals` ('YYYY-MM-DD' -> posts of
 * that day) counts them all. The parts come back as JSON (one row instead of three round trips).
 */
export async function calendarView(db: Db, planner: Pick<DeliveryPlanner, 'postGoesToChannelSql'>, userId: string, { from, to, weekStart, perDay, brandId = null, channelId = null }: CalendarRange) {
	const toChannel = channelId ? planner.postGoesToChannelSql({ userId, channelId, postId: sql.ref('posts.id') }) : null
	const scope: Scope = { userId, brandId, toChannel }
	const row = await db
		.selectNoFrom([
			postsPart(db, scope, from, to, perDay).as('posts'),
			jsonObjectFrom(weekTotals(db, scope, weekStart)).as('week'),
			jsonArrayFrom(toChannel === null ? postsPerPlatformQuery(db, userId, ['scheduled', 'published'], brandId) : scopedPostsPerPlatform(db, scope)).as('platforms'),
		])
		.executeTakeFirstOrThrow()
	const posts = row.posts.map(toCalendarEntry)
	let dayTotals: Record<string, number> | null = null
	if (perDay) {
		dayTotals = {}
		for (const post of row.posts) dayTotals[post.day!] = post.day_total!
	}
	const week = row.week!
	const thisWeek = Number(week.this_week)
	const lastWeek = Number(week.last_week)
	const stats: WeekStats = {
		scheduledThisWeek: Number(week.scheduled),
		engagementThisWeek: thisWeek,
		engagementLastWeek: lastWeek,
		engagementChange: lastWeek > 0 ? Math.round(((thisWeek - lastWeek) / lastWeek) * 1000) / 10 : null,
		// From the rollup (ADR 0026), the brand's or all brands': counting the user's scheduled and published posts was ~5 ms for 5000.
		platforms: row.platforms.map((p) => ({ platform: p.platform, count: Number(p.count) })),
	}
	return { posts, dayTotals, stats }
}

type PostJson = { id: string; title: string; platform: string; status: string; at: number; day?: string; day_total?: number }

/** The user's posts of the scope (a brand, a channel), a query on `posts` to go on from. */
function scoped(db: Db, { userId, brandId, toChannel }: Scope) {
	return db
		.selectFrom('posts')
		.where('user_id', '=', userId)
		.$if(brandId !== null, (qb) => qb.where('brand_id', '=', brandId ?? ''))
		.$if(toChannel !== null, (qb) => qb.where(toChannel!))
}

/** A channel's scheduled and published posts per platform, counted (the rollup of ADR 0026 holds brands, not channels). */
function scopedPostsPerPlatform(db: Db, scope: Scope) {
	return scoped(db, scope)
		.select((eb) => ['platform', eb.fn.countAll<string>().as('count')])
		.where('status', 'in', ['scheduled', 'published'])
		.groupBy('platform')
		.orderBy('count', 'desc')
		.orderBy('platform')
}

function postsPart(db: Db, scope: Scope, from: Date, to: Date, perDay?: CalendarPerDay) {
	const at = sql<Date>`case when status = 'published' then published_at else scheduled_at end`
	const inRange = scoped(db, scope).where((eb) =>
			eb.or([
				eb.and([eb('status', '=', 'scheduled'), eb('scheduled_at', '>=', from), eb('scheduled_at', '<', to)]),
				eb.and([eb('status', '=', 'published'), eb('published_at', '>=', from), eb('published_at', '<', to)]),
			]),
		)
	// Only what a chip shows (a page reads up to a few hundred posts); the hover card reads the rest
	// of one post when it opens (calendarPreview). The instant as epoch milliseconds: no date text to parse.
	const columns = ['id', 'title', 'platform', 'status', sql<number>`extract(epoch from ${at}) * 1000`.as('at')] as const
	if (!perDay) {
		const rows = inRange.select(columns).select(sql<number>`row_number() over (order by ${at}, id)`.as('rank'))
		return sql<Array<PostJson>>`(select coalesce(json_agg(json_build_object('id', id, 'title', title, 'platform', platform, 'status', status, 'at', at) order by rank), '[]') from (${rows}) as r)`
	}
	// The day once per row in an inner select: both window functions then share one partition (one sort).
	const withDay = inRange.select(columns).select(sql<string>`to_char(${at} at time zone ${perDay.timeZone}, 'YYYY-MM-DD')`.as('day'))
	const ranked = db
		.selectFrom(withDay.as('d'))
		.selectAll()
		.select([sql<number>`row_number() over (partition by day order by at, id)`.as('rank'), sql<number>`count(*) over (partition by day)`.as('day_total')])
	return sql<Array<PostJson>>`(select coalesce(json_agg(json_build_object('id', id, 'title', title, 'platform', platform, 'status', status, 'at', at, 'day', day, 'day_total', day_total) order by day, rank), '[]') from (${ranked}) as r where rank <= ${perDay.limit})`
}

/** The week's scheduled posts and the engagement of this and last week's published posts. */
function weekTotals(db: Db, scope: Scope, weekStart: Date) {
	const weekEnd = new Date(weekStart.getTime() + 7 * DAY_MS)
	const lastWeekStart = new Date(weekStart.getTime() - 7 * DAY_MS)
	const engagement = sql<number>`engagement_likes + engagement_comments + engagement_shares`
	return (
		scoped(db, scope)
			.select((eb) => [
				eb.fn.count<number>('id').filterWhere((f) => f.and([f('status', '=', 'scheduled'), f('scheduled_at', '>=', weekStart), f('scheduled_at', '<', weekEnd)])).as('scheduled'),
				eb.fn.coalesce(eb.fn.sum<number>(engagement).filterWhere((f) => f.and([f('status', '=', 'published'), f('published_at', '>=', weekStart), f('published_at', '<', weekEnd)])), sql<number>`0`).as('this_week'),
				eb.fn.coalesce(eb.fn.sum<number>(engagement).filterWhere((f) => f.and([f('status', '=', 'published'), f('published_at', '>=', lastWeekStart), f('published_at', '<', weekStart)])), sql<number>`0`).as('last_week'),
			])
			// Only the rows the filters count (index ranges), not every post of the user.
			.where((eb) =>
				eb.or([
					eb.and([eb('status', '=', 'scheduled'), eb('scheduled_at', '>=', weekStart), eb('scheduled_at', '<', weekEnd)]),
					eb.and([eb('status', '=', 'published'), eb('published_at', '>=', lastWeekStart), eb('published_at', '<', weekEnd)]),
				]),
			)
	)
}

function toCalendarEntry(row: PostJson): CalendarEntry {
	return {
		id: row.id,
		title: row.title,
		platform: row.platform as PostPlatform,
		status: row.status === 'published' ? 'published' : 'scheduled',
		at: new Date(row.at),
	}
}
