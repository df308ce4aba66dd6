import { Card, Flex, Text } from '#app/components/ui/lean.tsx'
import { useMemo } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { CalendarDnd } from './calendar-dnd.tsx'
import { CalendarHeader } from './calendar-header.tsx'
import { ChipLookProvider, useMakeChipLook } from './chip-look.tsx'
import { MonthView } from './month-view.tsx'
import { StatCards } from './stat-cards.tsx'
import { postOfRow, type CalendarData } from './types.ts'
import { MoveNotice, totalsWithMoves, useOptimisticPosts, useReschedule } from './use-reschedule.tsx'
import { WeekView } from './week-view.tsx'
import './calendar.css'
import '#locales/ns/calendar.ts'

export function CalendarPage({ data }: { data: CalendarData }) {
	const { t } = useTranslation('calendar')
	const look = useMakeChipLook()
	const { reschedule, pending, settled } = useReschedule()
	const loaded = useMemo(() => data.posts.map(postOfRow), [data.posts])
	const moved = useOptimisticPosts(loaded)
	// 'YYYY-MM-DD' and 'HH:MM' sort as plain strings (localeCompare asks the collator for every pair).
	const posts = moved.toSorted((a, b) => (a.date === b.date ? compare(a.time, b.time) : compare(a.date, b.date)))
	const dates = useMemo(() => (data.view === 'week' ? data.days : data.month.weeks.flat()), [data.view, data.days, data.month.weeks])
	return (
		<Flex direction="column" gap="4">
			<CalendarHeader view={data.view} anchor={data.anchor} today={data.today} nav={data.nav} days={data.days} month={data.month.key} channel={data.channel} />
			<StatCards stats={data.stats} />
			{pending.map((key) => (
				<MoveNotice key={key} fetcherKey={key} onSettled={settled} />
			))}
			<ChipLookProvider value={look}>
				{/* The drag overlay is position: fixed; it must live outside the Card (contain: paint). */}
				<CalendarDnd view={data.view} dates={dates} onMove={(post, date, time) => reschedule(post.id, date, time)}>
					<Card size="2">
						{posts.length === 0 ? (
							<Text as="p" size="2" color="gray" mb="2">
								{t(data.view === 'week' ? 'empty.week' : 'empty.month')}
							</Text>
						) : null}
						{data.view === 'week' ? (
							<WeekView days={data.days} today={data.today} timeZone={data.timeZone} posts={posts} suggested={data.suggested} />
						) : (
							<MonthView month={data.month.key} weeks={data.month.weeks} today={data.today} posts={posts} totals={totalsWithMoves(data.dayTotals ?? {}, loaded, moved)} channel={data.channel.id} />
						)}
					</Card>
				</CalendarDnd>
			</ChipLookProvider>
		</Flex>
	)
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
