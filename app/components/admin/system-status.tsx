import { Badge, Card, Flex, Grid, Heading, Link as RadixLink, Text } from '@radix-ui/themes'
import { AlertTriangle, CheckCircle2 } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'
import type { SystemStatus } from '#modules/admin/index.ts'
import { ActivityChart } from '#app/components/dashboard/activity-chart.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { formatChf, formatDateTime, formatNumber } from '#app/utils/format.ts'
import '#locales/ns/admin.ts'

/** One figure with its label and an optional grey detail line; `warn` marks a figure that needs an admin. */
function Figure({ label, value, detail, warn = false, testId }: { label: string; value: string; detail?: string; warn?: boolean; testId: string }) {
	return (
		<Card data-testid={testId}>
			<Text as="div" size="1" color="gray">
				{label}
			</Text>
			<Text as="div" size="6" weight="bold" color={warn ? 'red' : undefined} data-testid={`${testId}-value`}>
				{value}
			</Text>
			{detail ? (
				<Text as="div" size="1" color="gray">
					{detail}
				</Text>
			) : null}
		</Card>
	)
}

export function SystemStatusPage({ status, timeZone }: { status: SystemStatus; timeZone: string }) {
	const { t } = useTranslation('admin')
	const { health, deliveries, users, posts, sales, errors } = status
	const allGood = health.ok && health.database === 'ok' && health.queue.failed === 0 && deliveries.failed + deliveries.unconfirmed === 0
	return (
		<Flex direction="column" gap="5">
			<PageHeader title={t('title')} subtitle={t('subtitle')} />

			<Flex direction="column" gap="3" asChild>
				<section aria-labelledby="system-title">
					<Flex align="center" gap="3">
						<Heading as="h3" size="4" id="system-title">
							{t('system.title')}
						</Heading>
						<Badge color={allGood ? 'green' : 'orange'} data-testid="system-badge">
							{allGood ? <CheckCircle2 size={14} aria-hidden /> : <AlertTriangle size={14} aria-hidden />}
							{allGood ? t('system.ok') : t('system.attention')}
						</Badge>
					</Flex>
					<Grid columns={{ initial: '1', sm: '2', lg: '5' }} gap="3">
						<Figure
							testId="status-database"
							label={t('system.database')}
							value={health.database === 'ok' ? t('system.databaseOk') : t('system.databaseError')}
							warn={health.database !== 'ok'}
						/>
						<Figure
							testId="status-worker"
							label={t('system.worker')}
							value={health.worker.alive ? t('system.workerAlive', { count: health.worker.workers }) : t('system.workerDown')}
							detail={health.worker.lastHeartbeat ? t('system.lastHeartbeat', { time: formatDateTime(health.worker.lastHeartbeat, timeZone) }) : t('system.neverBeat')}
							warn={!health.worker.alive}
						/>
						<Figure
							testId="status-queue"
							label={t('system.queue')}
							value={formatNumber(health.queue.due)}
							detail={t('system.queueDetail', { due: formatNumber(health.queue.due), scheduled: formatNumber(health.queue.scheduled), failed: formatNumber(health.queue.failed) })}
							warn={health.queue.failed > 0}
						/>
						<Figure testId="status-overdue" label={t('system.overdue')} value={formatNumber(health.overdueDeliveries)} detail={t('system.overdueHint')} warn={health.overdueDeliveries > 0} />
						<Figure
							testId="status-failed"
							label={t('system.failedDeliveries')}
							value={formatNumber(deliveries.failed + deliveries.unconfirmed)}
							detail={t('system.failedDetail', { failed: formatNumber(deliveries.failed), unconfirmed: formatNumber(deliveries.unconfirmed) })}
							warn={deliveries.failed + deliveries.unconfirmed > 0}
						/>
					</Grid>
				</section>
			</Flex>

			<Grid columns={{ initial: '1', sm: '2', lg: '4' }} gap="3">
				<Figure testId="stat-users" label={t('stats.users')} value={formatNumber(users.users)} detail={t('stats.newUsers', { count: users.newUsers })} />
				<Figure testId="stat-admins" label={t('stats.admins')} value={formatNumber(users.admins)} />
				<Figure
					testId="stat-posts"
					label={t('stats.posts')}
					value={formatNumber(posts.posts)}
					detail={t('stats.postsDetail', { published: formatNumber(posts.published), scheduled: formatNumber(posts.scheduled) })}
				/>
				<Figure
					testId="stat-credits-sold"
					label={t('stats.creditsSold')}
					value={formatNumber(sales.creditsSold)}
					detail={t('stats.creditsSoldDetail', { amount: formatNumber(sales.creditsSoldLast30Days), revenue: formatChf(sales.revenueChf) })}
				/>
			</Grid>

			<Grid columns={{ initial: '1', lg: '3' }} gap="4">
				<div style={{ gridColumn: 'span 2' }}>
					<ActivityChart days={status.days} title={t('chart.title')} />
				</div>
				<Card size="3" asChild>
					<section aria-labelledby="errors-title" data-testid="recent-errors">
						<Heading as="h3" size="4" id="errors-title">
							{t('errors.title')}
						</Heading>
						<Text as="p" size="1" color="gray" mb="3">
							{t('errors.counts', { open: formatNumber(errors.open), investigating: formatNumber(errors.investigating) })}
						</Text>
						{errors.recent.length === 0 ? (
							<Text as="p" size="2" color="gray">
								{t('errors.empty')}
							</Text>
						) : (
							<Flex direction="column" gap="2" asChild>
								<ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
									{errors.recent.map((report) => (
										<li key={report.id}>
											<RadixLink asChild size="2">
												<Link to={`/admin/error-reports?report=${report.id}`}>{report.errorMessage}</Link>
											</RadixLink>
											<Text as="div" size="1" color="gray">
												{formatDateTime(report.createdAt, timeZone, 'dd.MM.yyyy HH:mm')} · {report.userEmail}
											</Text>
										</li>
									))}
								</ul>
							</Flex>
						)}
						<RadixLink asChild size="2" mt="3">
							<Link to="/admin/error-reports">{t('errors.all')}</Link>
						</RadixLink>
					</section>
				</Card>
			</Grid>
		</Flex>
	)
}
