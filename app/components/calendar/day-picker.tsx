import { useDroppable } from '@dnd-kit/core'
import { useTranslation } from '#app/utils/use-translation.ts'
import { dayOfMonth, longDay, weekdayShort } from './format.ts'
import type { DropTarget } from './types.ts'
import '#locales/ns/calendar.ts'

type Props = { days: Array<string>; today: string; selected: string; onSelect: (day: string) => void }

/**
 * Phones only (calendar.css): the week's days as tabs above the one-day view. A chip dragged onto
 * a tab moves the post to that day at its own time of day.
 */
export function DayPicker({ days, today, selected, onSelect }: Props) {
	const { t } = useTranslation('calendar')
	return (
		<div className="cal-day-picker" role="group" aria-label={t('week.dayPicker')}>
			{days.map((day) => (
				<DayTab key={day} day={day} today={day === today} selected={day === selected} onSelect={onSelect} />
			))}
		</div>
	)
}

function DayTab({ day, today, selected, onSelect }: { day: string; today: boolean; selected: boolean; onSelect: (day: string) => void }) {
	const { t } = useTranslation('calendar')
	const target: DropTarget = { kind: 'day', date: day }
	const { setNodeRef, isOver } = useDroppable({ id: `pick:${day}`, data: target })
	return (
		<button
			ref={setNodeRef}
			type="button"
			className="cal-day-tab"
			aria-pressed={selected}
			data-date={day}
			data-today={today || undefined}
			data-over={isOver || undefined}
			onClick={() => onSelect(day)}
		>
			<span aria-hidden>{weekdayShort(day)}</span>
			<strong aria-hidden>{dayOfMonth(day)}</strong>
			<span className="visually-hidden">{today ? t('month.today', { day: longDay(day) }) : longDay(day)}</span>
		</button>
	)
}
