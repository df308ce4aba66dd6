import { useDroppable } from '@dnd-kit/core'
import { Link } from 'react-router'
import { dayOfMonth, longDay } from './format.ts'
import { PostChip } from './post-chip.tsx'
import { dayId, MONTH_DAY_CHIPS, type CalendarPost, type DropTarget } from './types.ts'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import '#locales/ns/calendar.ts'

/** `posts`: the day's first posts (sorted); `total`: how many it has in all. */
type Props = { date: string; inMonth: boolean; today: boolean; posts: Array<CalendarPost>; total: number }

/** A day of the month view; a drop here moves a post to this date at its own time of day. */
export function MonthDay({ date, inMonth, today, posts, total }: Props) {
	const t = useFixedT('calendar')
	const day = longDay(date)
	const target: DropTarget = { kind: 'day', date }
	const { setNodeRef, isOver } = useDroppable({ id: dayId(date), data: target })
	const shown = posts.slice(0, MONTH_DAY_CHIPS)
	const hidden = Math.max(total, posts.length) - shown.length
	return (
		<div
			ref={setNodeRef}
			className="cal-day"
			data-date={date}
			data-outside={!inMonth || undefined}
			data-today={today || undefined}
			data-over={isOver || undefined}
		>
			<span className="cal-day-number">
				<span aria-hidden>{dayOfMonth(date)}</span>
				<span className="visually-hidden">{today ? t('month.today', { day }) : day}</span>
			</span>
			{shown.map((post) => (
				<PostChip key={post.id} post={post} />
			))}
			{hidden > 0 ? (
				<Link to={`?view=week&date=${date}`} className="cal-more" aria-label={t('month.moreLabel', { count: hidden, day })}>
					{t('month.more', { count: hidden })}
				</Link>
			) : null}
		</div>
	)
}
