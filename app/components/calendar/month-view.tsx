import { useFixedT } from '#app/utils/use-fixed-t.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useChipLook } from './chip-look.tsx'
import { weekdayShort } from './format.ts'
import { MonthDay, monthDayMarkup } from './month-day.tsx'
import type { CalendarPost } from './types.ts'
import '#locales/ns/calendar.ts'

type Props = {
	/** 'YYYY-MM': the days of other months are drawn dimmed. */
	month: string
	weeks: Array<Array<string>>
	today: string
	posts: Array<CalendarPost>
	/** Posts per day in all (the loader sends only each day's first ones). */
	totals: Record<string, number>
	/** The channel filter's channel (its '+N mehr' links keep it). */
	channel: string | null
}

export function MonthView({ month, weeks, today, posts, totals, channel }: Props) {
	const t = useFixedT('calendar')
	const look = useChipLook()
	// The server and the hydration render the days as plain markup; the drop targets, movable chips and
	// router links replace them in the render right after (ADR 0031).
	const live = useHydrated()
	const byDay = new Map<string, Array<CalendarPost>>()
	for (const post of posts) {
		const list = byDay.get(post.date)
		if (list) list.push(post)
		else byDay.set(post.date, [post])
	}
	return (
		<div className="cal-month" role="region" aria-label={t('month.label')}>
			<div className="cal-month-inner">
				<div className="cal-month-head" aria-hidden>
					{(weeks[0] ?? []).map((date) => (
						<span key={date}>{weekdayShort(date)}</span>
					))}
				</div>
				{weeks.map((week) => (
					<div key={week[0]} className="cal-month-week">
						{week.map((date) => {
							const day = { date, inMonth: date.startsWith(month), today: date === today, posts: byDay.get(date) ?? [], total: totals[date] ?? 0, channel }
							return live ? <MonthDay key={date} {...day} /> : monthDayMarkup(day, t, look)
						})}
					</div>
				))}
			</div>
		</div>
	)
}
