import { Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { Button, IconButton } from '#app/components/ui/lean-controls.tsx'
import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Form, useRevalidator } from 'react-router'
import { monthLabel, weekRangeLabel } from './format.ts'
import { ChannelFilter, KeepChannel } from './channel-filter.tsx'
import type { CalendarData, CalendarView } from './types.ts'
import '#locales/ns/calendar.ts'

type Props = {
	view: CalendarView
	anchor: string
	today: string
	nav: { previous: string; next: string }
	days: Array<string>
	month: string
	channel: CalendarData['channel']
}

// Plain GET forms: the buttons work before hydration, and each step is a history entry.
export function CalendarHeader({ view, anchor, today, nav, days, month, channel }: Props) {
	const { t } = useTranslation('calendar')
	const revalidator = useRevalidator()
	const range = view === 'week' ? weekRangeLabel(days[0]!, days[6]!) : monthLabel(month)
	return (
		<Flex direction="column" gap="3">
			<Flex justify="between" align="center" gap="3" wrap="wrap">
				<Heading as="h2" size="7">
					{t('title')}
				</Heading>
				<Flex gap="2" align="center" wrap="wrap">
					<ChannelFilter view={view} anchor={anchor} channel={channel} />
					<Form method="get" preventScrollReset className="cal-toggle" role="group" aria-label={t('nav.views')}>
						<input type="hidden" name="date" value={anchor} />
						<KeepChannel channel={channel.id} />
						{(['week', 'month'] as const).map((option) => (
							<Button key={option} type="submit" name="view" value={option} size="2" variant={view === option ? 'solid' : 'soft'} aria-pressed={view === option}>
								{t(`nav.${option}`)}
							</Button>
						))}
					</Form>
					<IconButton
						type="button"
						variant="soft"
						aria-label={t('nav.refresh')}
						onClick={() => void revalidator.revalidate()}
						loading={revalidator.state === 'loading'}
					>
						<RefreshCw size={16} aria-hidden />
					</IconButton>
				</Flex>
			</Flex>
			<Form method="get" preventScrollReset>
				<input type="hidden" name="view" value={view} />
				<KeepChannel channel={channel.id} />
				<Flex gap="2" align="center" wrap="wrap">
					<IconButton type="submit" name="date" value={nav.previous} variant="soft" aria-label={t(view === 'week' ? 'nav.previousWeek' : 'nav.previousMonth')}>
						<ChevronLeft size={16} aria-hidden />
					</IconButton>
					<Button type="submit" name="date" value={today} variant="soft">
						{t('nav.today')}
					</Button>
					<IconButton type="submit" name="date" value={nav.next} variant="soft" aria-label={t(view === 'week' ? 'nav.nextWeek' : 'nav.nextMonth')}>
						<ChevronRight size={16} aria-hidden />
					</IconButton>
					<Text as="p" size="4" weight="medium" aria-live="polite" data-testid="calendar-range">
						{range}
					</Text>
				</Flex>
			</Form>
		</Flex>
	)
}
