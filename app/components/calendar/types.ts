import type { PostPlatform } from '#modules/content/platforms.ts'
import type { WeekStats } from '#modules/content/index.ts'
import type { ChannelName } from '#app/components/channel-names.tsx'

export type CalendarView = 'week' | 'month'

/** A post as the calendar's chip shows it: its wall-clock date and time in the user's zone (the hover card reads the rest when it opens). */
export type CalendarPost = {
	id: string
	title: string
	platform: PostPlatform
	status: 'scheduled' | 'published'
	date: string
	time: string
	/** The channels it goes to (its screen-reader name and hover card name them). */
	channels: Array<ChannelName>
}

/** Where a chip may be dropped: an hour row of the week view or a day of the month view. */
export type DropTarget = { kind: 'slot'; date: string; time: string } | { kind: 'day'; date: string }

/** Chips a month day shows before '+N mehr' (spec: up to two). */
export const MONTH_DAY_CHIPS = 2

export type DragData = { post: CalendarPost }

/**
 * A post as the loader sends it: one array, not an object (the page data is part of the HTML and a
 * month sends ~80): [id, date, time, title, platform, status, channels as [network, name] pairs].
 * `postRow` and `postOfRow` are the only places that know the order.
 */
export type PostRow = [id: string, date: string, time: string, title: string, platform: PostPlatform, status: CalendarPost['status'], channels: Array<[platform: string, name: string]>]

export function postRow(post: CalendarPost): PostRow {
	return [post.id, post.date, post.time, post.title, post.platform, post.status, post.channels.map((c) => [c.platform, c.name])]
}

export function postOfRow([id, date, time, title, platform, status, channels]: PostRow): CalendarPost {
	return { id, date, time, title, platform, status, channels: channels.map(([platform, name]) => ({ platform, name })) }
}

export function hourOf(time: string) {
	return Number(time.slice(0, 2))
}

export function slotId(date: string, hour: number) {
	return `slot:${date}:${String(hour).padStart(2, '0')}`
}

export function dayId(date: string) {
	return `day:${date}`
}

export type CalendarData = {
	view: CalendarView
	anchor: string
	today: string
	/** The user's zone: the week view opens at the current hour of the user's day. */
	timeZone: string
	/** The anchors of the previous and next week or month. */
	nav: { previous: string; next: string }
	/** Monday to Sunday of the anchor's week. */
	days: Array<string>
	/** The month of the anchor ('YYYY-MM') and, in the month view, its grid of whole weeks' dates (empty in the week view). */
	month: { key: string; weeks: Array<Array<string>> }
	/** Suggested posting times ('HH:MM') per day of the week view (empty in the month view). */
	suggested: Record<string, Array<string>>
	/** The week's posts; in the month view the posts each day shows, `dayTotals` counts them all (decoded with `postOfRow`). */
	posts: Array<PostRow>
	/** Month view: posts per day ('YYYY-MM-DD'); null in the week view. */
	dayTotals: Record<string, number> | null
	stats: WeekStats
	/** The channel filter (?channel=): the chosen channel (null: 'Alle Kanäle') and the brand's channels to choose from. */
	channel: { id: string | null; options: Array<ChannelName & { id: string }> }
}
