import { useDroppable } from '@dnd-kit/core'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import type { ChipLook } from './chip-look.tsx'
import { dayOfMonth, longDay } from './format.ts'
import { chipMarkup, PostChip } from './post-chip.tsx'
import { dayId, MONTH_DAY_CHIPS, type CalendarPost, type DropTarget } from './types.ts'
import '#locales/ns/calendar.ts'

/** `posts`: the day's first posts (sorted); `total`: how many it has in all; `channel`: the calendar's channel filter (the week keeps it). */
export type MonthDayProps = { date: string; inMonth: boolean; today: boolean; posts: Array<CalendarPost>; total: number; channel: string | null }

/** What both forms of a day show: its number, its first chips' posts and '+N mehr' (to the day's week). */
function dayParts({ date, today, posts, total, channel }: MonthDayProps, t: TFunction<'calendar'>) {
	const day = longDay(date)
	const shown = posts.slice(0, MONTH_DAY_CHIPS)
	const hidden = Math.max(total, posts.length) - shown.length
	const number = (
		<span className="cal-day-number">
			<span aria-hidden>{dayOfMonth(date)}</span>
			<span className="visually-hidden">{today ? t('month.today', { day }) : day}</span>
		</span>
	)
	const more = hidden > 0 ? { to: `?view=week&date=${date}${channel ? `&channel=${channel}` : ''}`, label: t('month.moreLabel', { count: hidden, day }), text: t('month.more', { count: hidden }) } : null
	return { number, shown, more }
}

/** A day of the month view; a drop here moves a post to this date at its own time of day. */
export function MonthDay(props: MonthDayProps) {
	const t = useFixedT('calendar')
	const { date, inMonth, today } = props
	const target: DropTarget = { kind: 'day', date }
	const { setNodeRef, isOver } = useDroppable({ id: dayId(date), data: target })
	const { number, shown, more } = dayParts(props, t)
	return (
		<div ref={setNodeRef} className="cal-day" data-date={date} data-outside={!inMonth || undefined} data-today={today || undefined} data-over={isOver || undefined}>
			{number}
			{shown.map((post) => (
				<PostChip key={post.id} post={post} />
			))}
			{more ? (
				<Link to={more.to} className="cal-more" aria-label={more.label}>
					{more.text}
				</Link>
			) : null}
		</div>
	)
}

/**
 * The day as the server renders it and the page hydrates it: what MonthDay shows, as a plain function,
 * swapped for MonthDay right after hydration (which brings the drop target and its `data-date`).
 */
export function monthDayMarkup(props: MonthDayProps, t: TFunction<'calendar'>, look: ChipLook) {
	const { date, inMonth, today } = props
	const { number, shown, more } = dayParts(props, t)
	return (
		<div key={date} className="cal-day" data-outside={!inMonth || undefined} data-today={today || undefined}>
			{number}
			{shown.map((post) => chipMarkup(post, look))}
			{more ? (
				<a href={more.to} className="cal-more" aria-label={more.label}>
					{more.text}
				</a>
			) : null}
		</div>
	)
}
