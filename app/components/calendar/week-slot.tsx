import { useDroppable } from '@dnd-kit/core'
import type { TFunction } from 'i18next'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import type { ChipLook } from './chip-look.tsx'
import { hourLabel } from './format.ts'
import { chipMarkup, PostChip } from './post-chip.tsx'
import { slotId, type CalendarPost, type DropTarget } from './types.ts'
import '#locales/ns/calendar.ts'

const visibleChips = 2

export type WeekSlotProps = { date: string; hour: number; posts: Array<CalendarPost>; suggested: boolean; today: boolean }

/** The 'Empfohlen' mark of a suggested posting time. */
function suggestedMark(hour: number, t: TFunction<'calendar'>) {
	return (
		<span className="cal-suggested" title={t('week.suggestedTitle', { time: hourLabel(hour) })}>
			{t('week.suggested')}
		</span>
	)
}

function moreMark(posts: Array<CalendarPost>, t: TFunction<'calendar'>) {
	const hidden = posts.length - visibleChips
	return hidden > 0 ? <span className="cal-slot-more">{t('month.more', { count: hidden })}</span> : null
}

/** One hour of one day in the week view; a drop here moves a post to this date at HH:00. */
export function WeekSlot({ date, hour, posts, suggested, today }: WeekSlotProps) {
	const t = useFixedT('calendar')
	const target: DropTarget = { kind: 'slot', date, time: hourLabel(hour) }
	const { setNodeRef, isOver } = useDroppable({ id: slotId(date, hour), data: target })
	return (
		<div ref={setNodeRef} className="cal-slot" data-date={date} data-hour={hour} data-over={isOver || undefined} data-today={today || undefined}>
			{suggested ? suggestedMark(hour, t) : null}
			{posts.slice(0, visibleChips).map((post) => (
				<PostChip key={post.id} post={post} />
			))}
			{moreMark(posts, t)}
		</div>
	)
}

/**
 * The hour as the server renders it and the page hydrates it: what WeekSlot shows, as a plain function,
 * swapped for WeekSlot right after hydration (which brings the drop target, `data-date` and `data-hour`).
 */
export function weekSlotMarkup({ date, hour, posts, suggested, today }: WeekSlotProps, t: TFunction<'calendar'>, look: ChipLook) {
	return (
		<div key={date} className="cal-slot" data-today={today || undefined}>
			{suggested ? suggestedMark(hour, t) : null}
			{posts.slice(0, visibleChips).map((post) => chipMarkup(post, look))}
			{moreMark(posts, t)}
		</div>
	)
}
