import { Badge, Card, Flex, Grid, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { formatNumber } from '#app/utils/format.ts'
import type { WeekStats } from '#modules/content/index.ts'
import type { PostPlatform } from '#modules/content/platforms.ts'
import { signedPercent } from './format.ts'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import '#locales/ns/calendar.ts'
import '#locales/ns/posts.ts'

export function StatCards({ stats }: { stats: WeekStats }) {
	const { t } = useTranslation('calendar')
	const platformName = usePlatformName()
	const change = stats.engagementChange
	return (
		<Grid columns={{ initial: '1', sm: '3' }} gap="3">
			<StatCard label={t('stats.scheduledThisWeek')} testId="stat-scheduled">
				<Text as="div" size="7" weight="bold">
					{formatNumber(stats.scheduledThisWeek)}
				</Text>
				<Text as="div" size="1" color="gray">
					{t('stats.scheduledHint')}
				</Text>
			</StatCard>
			<StatCard label={t('stats.engagementThisWeek')} testId="stat-engagement">
				<Text as="div" size="7" weight="bold">
					{formatNumber(stats.engagementThisWeek)}
				</Text>
				<Text as="div" size="1" color={change === null ? 'gray' : change < 0 ? 'red' : 'green'}>
					{change === null ? t('stats.noComparison') : t('stats.change', { change: signedPercent(change) })}
				</Text>
			</StatCard>
			<StatCard label={t('stats.platforms')} testId="stat-platforms">
				{stats.platforms.length === 0 ? (
					<Text as="div" size="2" color="gray">
						{t('stats.noPlatforms')}
					</Text>
				) : (
					<Flex as="ul" gap="2" wrap="wrap" className="cal-platform-list">
						{stats.platforms.map(({ platform, count }) => (
							<li key={platform}>
								<Badge variant="soft" color="gray" size="2">
									<PlatformMark platform={platform as PostPlatform} size={18} />
									{t('stats.platformCount', { platform: platformName(platform), count: formatNumber(count) })}
								</Badge>
							</li>
						))}
					</Flex>
				)}
			</StatCard>
		</Grid>
	)
}

function StatCard({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
	return (
		<Card size="2" data-testid={testId}>
			<Flex direction="column" gap="1">
				<Text as="div" size="2" color="gray" weight="medium">
					{label}
				</Text>
				{children}
			</Flex>
		</Card>
	)
}
