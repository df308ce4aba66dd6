import { Card, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { formatNumber, swissCount } from '#app/utils/format.ts'
import '#locales/ns/dashboard.ts'

export type ChartDay = { date: string; posts: number; interactions: number }

const width = 720
const height = 220
const pad = { top: 16, right: 48, bottom: 28, left: 36 }
const plotWidth = width - pad.left - pad.right
const plotHeight = height - pad.top - pad.bottom

/** "2026-11-22" → "22.11." (the dates are already days in the user's time zone). */
export function shortGermanDate(date: string) {
	const [, month, day] = date.split('-')
	return `${day}.${month}.`
}

function longGermanDate(date: string) {
	const [year, month, day] = date.split('-')
	return `${day}.${month}.${year}`
}

/** A rounded-up axis maximum: 1, 2 or 5 times a power of ten. */
export function niceMax(value: number) {
	if (value <= 0) return 1
	const magnitude = 10 ** Math.floor(Math.log10(value))
	return [1, 2, 5, 10].map((m) => m * magnitude).find((max) => max >= value) ?? value
}

const ticks = (max: number) => [0, max / 2, max].filter((v) => Number.isInteger(v))

/** Posts published per day (bars, left axis) and their interactions (line, right axis), last 30 days. */
export function ActivityChart({ days, title }: { days: Array<ChartDay>; title?: string }) {
	const { t } = useTranslation('dashboard')
	const totalPosts = days.reduce((sum, d) => sum + d.posts, 0)
	const totalInteractions = days.reduce((sum, d) => sum + d.interactions, 0)
	const maxPosts = niceMax(Math.max(0, ...days.map((d) => d.posts)))
	const maxInteractions = niceMax(Math.max(0, ...days.map((d) => d.interactions)))
	const slot = plotWidth / Math.max(1, days.length)
	const x = (i: number) => pad.left + i * slot + slot / 2
	const yPosts = (v: number) => pad.top + plotHeight - (v / maxPosts) * plotHeight
	const yInteractions = (v: number) => pad.top + plotHeight - (v / maxInteractions) * plotHeight
	const line = days.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${yInteractions(d.interactions).toFixed(1)}`).join(' ')
	const postTicks = ticks(maxPosts)
	const first = days[0]?.date ?? ''
	const last = days.at(-1)?.date ?? ''
	const summary = t('chart.summary', {
		from: first ? longGermanDate(first) : '',
		to: last ? longGermanDate(last) : '',
		posts: t('chart.publishedPosts', swissCount(totalPosts)),
		interactions: t('chart.interactionsCount', swissCount(totalInteractions)),
		maxPosts: formatNumber(Math.max(0, ...days.map((d) => d.posts))),
	})

	return (
		<Card size="3" data-testid="dashboard-chart">
			<Flex justify="between" align="center" wrap="wrap" gap="2" mb="2">
				<Heading as="h2" size="4">
					{title ?? t('chart.title')}
				</Heading>
				<Flex gap="3" align="center" aria-hidden="true">
					<Flex gap="1" align="center">
						<svg width="12" height="12">
							<rect width="12" height="12" rx="2" fill="var(--indigo-9)" />
						</svg>
						<Text size="1" color="gray">
							{t('chart.legendPosts')}
						</Text>
					</Flex>
					<Flex gap="1" align="center">
						<svg width="16" height="12">
							<line x1="0" y1="6" x2="16" y2="6" stroke="var(--orange-9)" strokeWidth="2" />
						</svg>
						<Text size="1" color="gray">
							{t('chart.legendEngagement')}
						</Text>
					</Flex>
				</Flex>
			</Flex>
			<svg role="img" aria-label={summary} viewBox={`0 0 ${width} ${height}`} width="100%" style={{ display: 'block', maxHeight: 260 }}>
				{postTicks.map((v) => (
					<g key={`p${v}`}>
						<line x1={pad.left} x2={width - pad.right} y1={yPosts(v)} y2={yPosts(v)} stroke="var(--gray-5)" strokeDasharray={v === 0 ? undefined : '3 3'} />
						<text x={pad.left - 6} y={yPosts(v) + 4} textAnchor="end" fontSize="11" fill="var(--gray-11)">
							{formatNumber(v)}
						</text>
					</g>
				))}
				{ticks(maxInteractions).map((v) => (
					<text key={`i${v}`} x={width - pad.right + 6} y={yInteractions(v) + 4} fontSize="11" fill="var(--orange-11)">
						{formatNumber(v)}
					</text>
				))}
				{days.map((d, i) =>
					d.posts > 0 ? (
						<rect key={d.date} x={x(i) - slot * 0.3} width={slot * 0.6} y={yPosts(d.posts)} height={pad.top + plotHeight - yPosts(d.posts)} rx="2" fill="var(--indigo-9)">
							<title>{t('chart.barTitle', { date: longGermanDate(d.date), posts: t('chart.postsCount', swissCount(d.posts)), interactions: t('chart.interactionsCount', swissCount(d.interactions)) })}</title>
						</rect>
					) : null,
				)}
				<path d={line} fill="none" stroke="var(--orange-9)" strokeWidth="2" strokeLinejoin="round" />
				{days.map((d, i) =>
					i % 5 === days.length % 5 || i === days.length - 1 ? (
						<text key={`x${d.date}`} x={x(i)} y={height - 8} textAnchor="middle" fontSize="11" fill="var(--gray-11)">
							{shortGermanDate(d.date)}
						</text>
					) : null,
				)}
			</svg>
			{totalPosts === 0 ? (
				<Text as="p" size="2" color="gray" mt="2">
					{t('chart.empty')}
				</Text>
			) : null}
			<table className="visually-hidden" data-testid="dashboard-chart-table">
				<caption>{title ?? t('chart.title')}</caption>
				<thead>
					<tr>
						<th scope="col">{t('chart.day')}</th>
						<th scope="col">{t('chart.posts')}</th>
						<th scope="col">{t('chart.interactions')}</th>
					</tr>
				</thead>
				<tbody>
					{days.map((d) => (
						<tr key={d.date}>
							<th scope="row">{longGermanDate(d.date)}</th>
							<td>{d.posts}</td>
							<td>{d.interactions}</td>
						</tr>
					))}
				</tbody>
			</table>
		</Card>
	)
}
