import { useDroppable } from '@dnd-kit/core'
import { hourLabel } from './format.ts'
import { PostChip } from './post-chip.tsx'
import { slotId, type CalendarPost, type DropTarget } from './types.ts'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import '#locales/ns/calendar.ts'

const visibleChips = 2

type Props = { date: string; hour: number; posts: Array<CalendarPost>; suggested: boolean; today: boolean }

/** One hour of one day in the week view; a drop here moves a post to this date at HH:00. */
export function WeekSlot({ date, hour, posts, suggested, today }: Props) {
	const t = useFixedT('calendar')
	const time = hourLabel(hour)
	const target: DropTarget = { kind: 'slot', date, time }
	const { setNodeRef, isOver } = useDroppable({ id: slotId(date, hour), data: target })
	const hidden = posts.length - visibleChips
	return (
		<div ref={setNodeRef} className="cal-slot" data-date={date} data-hour={hour} data-over={isOver || undefined} data-today={today || undefined}>
			{suggested ? (
				<span className="cal-suggested" title={t('week.suggestedTitle', { time })}>
					{t('week.suggested')}
				</span>
			) : null}
			{posts.slice(0, visibleChips).map((post) => (
				<PostChip key={post.id} post={post} />
			))}
			{hidden > 0 ? <span className="cal-slot-more">{t('month.more', { count: hidden })}</span> : null}
		</div>
	)
}
