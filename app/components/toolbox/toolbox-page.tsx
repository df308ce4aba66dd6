import { Badge, Button, Card, Flex, Grid, Heading, SegmentedControl, Text, TextField } from '@radix-ui/themes'
import { Activity, Info, Search, Timer, Zap } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useSpelling } from '#app/utils/use-spelling.ts'
import { Link } from 'react-router'
import { PageHeader } from '#app/components/page-header.tsx'
import { formatDateTime, formatNumber } from '#app/utils/format.ts'
import { ToolCard } from './tool-card.tsx'
import type { ToolboxPageData } from './types.ts'
import { Tooltip } from '#app/components/tooltip/tooltip.tsx'
import '#locales/ns/toolbox.ts'

const FILTERS = ['all', 'engagement', 'content', 'planung', 'optimierung'] as const
type Filter = (typeof FILTERS)[number]

/** /toolbox: stats, search and category filter, the tool cards and the 'Logbuch' card. */
export function ToolboxPage({ tools, stats, contacts, recentRuns, isPro, timeZone }: ToolboxPageData) {
	// Run summaries were written by the product in the standard spelling.
	const { spell } = useSpelling()
	const { t } = useTranslation('toolbox')
	const [query, setQuery] = useState('')
	const [filter, setFilter] = useState<Filter>('all')
	const shown = useMemo(() => {
		const q = query.trim().toLowerCase()
		return tools.filter((tool) => {
			if (filter !== 'all' && tool.category !== filter) return false
			if (!q) return true
			return [tool.displayName, tool.description, ...tool.features].some((s) => s.toLowerCase().includes(q))
		})
	}, [tools, query, filter])
	const active = tools.filter((tool) => tool.isEnabled).length
	const hours = Math.floor(stats.minutesSaved / 60)
	const minutes = stats.minutesSaved % 60

	return (
		<Flex direction="column" gap="5">
			<PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />

			<Grid columns={{ initial: '1', sm: '3' }} gap="3" data-testid="toolbox-stats">
				<StatCard icon={<Zap size={18} aria-hidden />} label={t('stats.runs')} value={formatNumber(stats.runs)} hint={t('stats.runsHint')} testId="stat-runs" />
				<StatCard
					icon={<Timer size={18} aria-hidden />}
					label={t('stats.saved')}
					value={t('stats.savedValue', { hours, minutes })}
					hint={t('stats.savedHint')}
					info
					testId="stat-saved"
				/>
				<StatCard icon={<Activity size={18} aria-hidden />} label={t('stats.active')} value={String(active)} hint={t('stats.activeHint', { total: tools.length })} testId="stat-active" />
			</Grid>

			<Flex gap="3" wrap="wrap" align="center" justify="between">
				<TextField.Root placeholder={t('filter.search')} aria-label={t('filter.searchLabel')} value={query} onChange={(e) => setQuery(e.target.value)} style={{ flex: '1 1 260px', minWidth: 0 }}>
					<TextField.Slot>
						<Search size={16} aria-hidden />
					</TextField.Slot>
				</TextField.Root>
				<div className="scroll-x">
				<SegmentedControl.Root value={filter} onValueChange={(value) => setFilter(value as Filter)} aria-label={t('filter.category')}>
					{FILTERS.map((f) => (
						<SegmentedControl.Item key={f} value={f}>
							{f === 'all' ? t('filter.all') : t(`categories.${f}`)}
						</SegmentedControl.Item>
					))}
				</SegmentedControl.Root>
				</div>
			</Flex>

			{shown.length === 0 ? (
				<Text color="gray">{t('filter.empty')}</Text>
			) : (
				<Grid columns={{ initial: '1', md: '2', lg: '3' }} gap="4">
					{shown.map((tool) => (
						<ToolCard key={tool.toolName} tool={tool} isPro={isPro} lastRun={stats.byTool[tool.toolName] ?? null} contacts={contacts} timeZone={timeZone} />
					))}
				</Grid>
			)}

			<Card size="3" data-testid="toolbox-log">
				<Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
					<div>
						<Heading as="h3" size="4">
							{t('log.title')}
						</Heading>
						<Text size="2" color="gray">
							{t('log.text')}
						</Text>
					</div>
					<Button asChild variant="soft">
						<Link to="/activity-logs?type=automation">{t('log.open')}</Link>
					</Button>
				</Flex>
				{recentRuns.length === 0 ? (
					<Text color="gray" size="2">
						{t('log.empty')}
					</Text>
				) : (
					<Flex direction="column" gap="2" asChild>
						<ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
							{recentRuns.map((run) => (
								<li key={run.id} data-testid="toolbox-run">
									<Flex gap="2" align="center" wrap="wrap">
										<Badge color={run.status === 'success' ? 'green' : run.status === 'error' ? 'red' : 'gray'}>{tools.find((x) => x.toolName === run.toolName)?.displayName ?? run.toolName}</Badge>
										<Text size="2">{spell(run.summary)}</Text>
										<Text size="1" color="gray">
											{formatDateTime(run.createdAt, timeZone, 'dd.MM.yyyy HH:mm')}
										</Text>
									</Flex>
								</li>
							))}
						</ul>
					</Flex>
				)}
			</Card>
		</Flex>
	)
}

function StatCard({ icon, label, value, hint, info, testId }: { icon: React.ReactNode; label: string; value: string; hint: string; info?: boolean; testId: string }) {
	return (
		<Card size="2" data-testid={testId}>
			<Flex direction="column" gap="1">
				<Flex gap="2" align="center">
					{icon}
					<Text size="2" color="gray">
						{label}
					</Text>
					{info ? (
						<Tooltip content={hint}>
							<Info size={14} aria-label={hint} />
						</Tooltip>
					) : null}
				</Flex>
				<Text size="6" weight="bold" data-testid={`${testId}-value`}>
					{value}
				</Text>
				<Text size="1" color="gray">
					{hint}
				</Text>
			</Flex>
		</Card>
	)
}
