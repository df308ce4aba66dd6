import { useLayoutEffect, useRef, useState } from 'react'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useChipLook } from './chip-look.tsx'
import { dayMonth, hourIn, hourLabel, longDay, weekdayShort } from './format.ts'
import { DayPicker } from './day-picker.tsx'
import { ScrollBadges } from './scroll-badges.tsx'
import { WeekSlot, weekSlotMarkup } from './week-slot.tsx'
import { hourOf, type CalendarPost } from './types.ts'
import '#locales/ns/calendar.ts'

// Spec section 9: hour rows are 64 px (.cal-week-row in calendar.css; the scroll logic counts on it).
export const HOUR_HEIGHT = 64
/** The start of the posting day: the earliest hour the view opens at (ADR 0039). */
const FIRST_POSTING_HOUR = 6
const HOURS = Array.from({ length: 24 }, (_, hour) => hour)
const NO_POSTS: Array<CalendarPost> = []

/**
 * The first row in sight when the week opens: the current hour of the user's day (at 15:xx the
 * view opens at 15:00, as the spec's fixed 15:00 did), from midnight to 06:00 the start of the
 * posting day instead of the night's empty rows (ADR 0039).
 */
export function openingHour(hourNow: number) {
	return Math.max(FIRST_POSTING_HOUR, hourNow)
}

type Props = { days: Array<string>; today: string; timeZone: string; posts: Array<CalendarPost>; suggested: Record<string, Array<string>> }

export function WeekView({ days, today, timeZone, posts, suggested }: Props) {
	const t = useFixedT('calendar')
	const look = useChipLook()
	// The server and the hydration render the hours as plain markup; the drop targets and movable chips
	// replace them in the render right after (ADR 0031).
	const live = useHydrated()
	const { scrollRef, onScroll, above, below, scrollToHour } = useVisibleHours(posts, timeZone)
	const cells = groupByCell(posts)
	// Phones show one day of the week (CSS hides the other columns); today, or Monday.
	const [phoneDay, setPhoneDay] = useState(() => (days.includes(today) ? today : days[0]!))
	const shownDay = days.includes(phoneDay) ? phoneDay : days[0]!
	return (
		<div className="cal-week-frame" role="region" aria-label={t('week.label')}>
			<DayPicker days={days} today={today} selected={shownDay} onSelect={setPhoneDay} />
			{/* Outside the horizontal scroller, so the badges stay in sight on narrow screens. */}
			<ScrollBadges
				above={above.length}
				below={below.length}
				onAbove={() => scrollToHour(Math.max(...above), 'top')}
				onBelow={() => scrollToHour(Math.min(...below), 'bottom')}
			/>
			{/* Phones show the column of `shownDay` only (calendar.css). */}
			<div className="cal-week" data-phone-column={days.indexOf(shownDay)}>
				<div className="cal-week-inner">
					<WeekHead days={days} today={today} />
					<div ref={scrollRef} className="cal-week-scroll" onScroll={onScroll} data-testid="week-scroll">
						{HOURS.map((hour) => (
							<div key={hour} className="cal-week-row">
								<span className="cal-time">{hourLabel(hour)}</span>
								{days.map((day) => {
									const slot = { date: day, hour, today: day === today, posts: cells.get(`${day}|${hour}`) ?? NO_POSTS, suggested: (suggested[day] ?? []).includes(hourLabel(hour)) }
									return live ? <WeekSlot key={day} {...slot} /> : weekSlotMarkup(slot, t, look)
								})}
							</div>
						))}
					</div>
				</div>
			</div>
		</div>
	)
}

function WeekHead({ days, today }: { days: Array<string>; today: string }) {
	const { t } = useTranslation('calendar')
	return (
		<div className="cal-week-head">
			<span className="cal-time-head">{t('week.time')}</span>
			{days.map((day) => (
				<div key={day} className="cal-day-head" data-today={day === today || undefined}>
					<span aria-hidden>{weekdayShort(day)}</span>
					<strong aria-hidden>{dayMonth(day)}</strong>
					<span className="visually-hidden">{day === today ? t('month.today', { day: longDay(day) }) : longDay(day)}</span>
				</div>
			))}
		</div>
	)
}

function groupByCell(posts: Array<CalendarPost>) {
	const cells = new Map<string, Array<CalendarPost>>()
	for (const post of posts) {
		const key = `${post.date}|${hourOf(post.time)}`
		cells.set(key, [...(cells.get(key) ?? []), post])
	}
	return cells
}

/** The hours of the posts above and below the scrolled window (a row counts by its middle). */
function useVisibleHours(posts: Array<CalendarPost>, timeZone: string) {
	const scrollRef = useRef<HTMLDivElement>(null)
	const [view, setView] = useState<{ top: number; height: number } | null>(null)

	function measure() {
		const element = scrollRef.current
		if (element) setView({ top: element.scrollTop, height: element.clientHeight })
	}

	useLayoutEffect(() => {
		// In the browser, after hydration: the server's render cannot know the scroll, the browser knows the time.
		if (scrollRef.current) scrollRef.current.scrollTop = openingHour(hourIn(timeZone, new Date())) * HOUR_HEIGHT
		measure()
		window.addEventListener('resize', measure)
		return () => window.removeEventListener('resize', measure)
		// Only when the view opens: a new week or a reload keeps the hours the user scrolled to.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])

	const middles = posts.map((post) => hourOf(post.time))
	const above = view ? middles.filter((hour) => (hour + 0.5) * HOUR_HEIGHT < view.top) : []
	const below = view ? middles.filter((hour) => (hour + 0.5) * HOUR_HEIGHT > view.top + view.height) : []

	function scrollToHour(hour: number, edge: 'top' | 'bottom') {
		const element = scrollRef.current
		if (!element) return
		const top = edge === 'top' ? hour * HOUR_HEIGHT : (hour + 1) * HOUR_HEIGHT - element.clientHeight
		element.scrollTo({ top: Math.max(0, top), behavior: 'smooth' })
	}

	return { scrollRef, onScroll: measure, above, below, scrollToHour }
}
