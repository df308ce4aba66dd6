import { IconButton } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { format } from 'date-fns/format'
import { de } from 'date-fns/locale/de'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { isPastDate, monthGrid, shiftMonth, type IsoDate } from '#modules/scheduling/index.ts'
import './mini-calendar.css'
import '#locales/ns/scheduling.ts'

const weekdayKeys = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const

/** A Monday-first month calendar; past days are disabled. */
export function MiniCalendar({ value, onChange, timeZone, now }: { value: IsoDate; onChange: (date: IsoDate) => void; timeZone: string; now: Date }) {
	const { t } = useTranslation('scheduling')
	const [month, setMonth] = useState(value)
	const grid = monthGrid(month, timeZone)
	const monthLabel = format(new Date(`${grid.month}-01T12:00:00Z`), 'LLLL yyyy', { locale: de })
	return (
		<div className="mini-calendar">
			<Flex justify="between" align="center" mb="2">
				<IconButton type="button" variant="ghost" aria-label={t('dialog.previousMonth')} onClick={() => setMonth(shiftMonth(month, -1))}>
					<ChevronLeft size={16} />
				</IconButton>
				<Text weight="medium" aria-live="polite">
					{monthLabel}
				</Text>
				<IconButton type="button" variant="ghost" aria-label={t('dialog.nextMonth')} onClick={() => setMonth(shiftMonth(month, 1))}>
					<ChevronRight size={16} />
				</IconButton>
			</Flex>
			<div className="mini-calendar-grid" role="grid" aria-label={monthLabel}>
				<div className="mini-calendar-row" role="row">
					{weekdayKeys.map((key) => (
						<Text key={key} size="1" color="gray" align="center" role="columnheader">
							{t(`weekdays.${key}`)}
						</Text>
					))}
				</div>
				{grid.weeks.map((week) => (
					<div key={week[0]!.date} className="mini-calendar-row" role="row">
						{week.map((day) => {
							const past = isPastDate(day.date, timeZone, now)
							const selected = day.date === value
							return (
								<div key={day.date} role="gridcell" aria-selected={selected}>
									<button
										type="button"
										className={`mini-day${day.inMonth ? '' : ' outside'}${selected ? ' selected' : ''}`}
										disabled={past}
										aria-label={format(new Date(`${day.date}T12:00:00Z`), 'EEEE, d. MMMM yyyy', { locale: de })}
										aria-pressed={selected}
										data-date={day.date}
										onClick={() => onChange(day.date)}
									>
										{Number(day.date.slice(8, 10))}
									</button>
								</div>
							)
						})}
					</div>
				))}
			</div>
		</div>
	)
}
