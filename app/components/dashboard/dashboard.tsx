import { Button, IconButton } from '@radix-ui/themes'
import { Badge, Card, Flex, Grid, Heading, Text } from '#app/components/ui/lean.tsx'
import { NavIcon } from '#app/components/layout/nav-icon.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'
import type { RecentActivity } from '#modules/activity/index.ts'
import type { DashboardDay, DashboardRecentItem } from '#modules/content/index.ts'
import type { FavoriteTool } from '#modules/toolbox/index.ts'
import { AgentAvatar } from '#app/components/agent-avatar.tsx'
import { formatDateTime, formatNumber } from '#app/utils/format.ts'
import { ActivityChart } from './activity-chart.tsx'
import { DashboardIdeas, type DashboardIdeasData } from '#app/components/news/dashboard-ideas.tsx'
import { Tooltip } from '#app/components/tooltip/tooltip.tsx'
import '#locales/ns/dashboard.ts'

export type DashboardData = {
	credits: { remaining: number; total: number }
	subscriptionType: 'free' | 'basic' | 'pro'
	timeZone: string
	followers: number
	connectedPages: number
	/** Percent with one decimal, null while no published post has views. */
	engagementRate: number | null
	todos: { drafts: number; review: number; deliveries: number; reconnect: number }
	recent: Array<DashboardRecentItem>
	days: Array<DashboardDay>
	favorites: Array<FavoriteTool>
	activity: Array<RecentActivity>
	/** The default agent, else the first; null without one. */
	agent: { name: string; avatar: string; personality: string; tone: string; target_audience: string; is_default: boolean } | null
	/** 'KI Content-Ideen': the four newest ideas and whether more can be generated. */
	ideas: DashboardIdeasData
}

// Icons from the shell's sprite (no lucide code for them on the dashboard).
const quickStart = [
	{ to: '/create', key: 'quickStart.createPost', icon: 'square-pen' },
	{ to: '/toolbox', key: 'quickStart.automations', icon: 'zap' },
	{ to: '/news', key: 'quickStart.ideas', icon: 'lightbulb' },
	{ to: '/agent', key: 'quickStart.editAgent', icon: 'bot' },
] as const

const todoLinks = { drafts: '/posts', review: '/posts', deliveries: '/posts', reconnect: '/accounts' } as const

const percent = new Intl.NumberFormat('de-CH', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

export function Dashboard({ data }: { data: DashboardData }) {
	const { t } = useTranslation('dashboard')
	const agent = data.agent
	const todos = (Object.keys(todoLinks) as Array<keyof typeof todoLinks>).filter((key) => data.todos[key] > 0)
	const todoCount = todos.reduce((sum, key) => sum + data.todos[key], 0)
	return (
		<Flex direction="column" gap="5">
			<Grid columns={{ initial: '1', md: '2' }} gap="4">
				<Card size="3" data-testid="overview-card">
					<Heading as="h2" size="4" mb="3">
						{t('overview.title')}
					</Heading>
					<Grid columns={{ initial: '2', sm: '4', md: '2', lg: '4' }} gap="3">
						<Link to="/posts" className="stat-link">
							<Text as="div" size="1" color="gray">
								{t('overview.followers')}
							</Text>
							<Text as="div" size="6" weight="bold" data-testid="followers-total">
								{formatNumber(data.followers)}
							</Text>
							<Text as="div" size="1" color="gray">
								{t('overview.followersHint', { count: data.connectedPages })}
							</Text>
						</Link>
						<div className="stat-link">
							<Flex align="center" gap="1">
								<Text as="div" size="1" color="gray">
									{t('overview.engagement')}
								</Text>
								<Tooltip content={t('overview.engagementHint')}>
									<IconButton variant="ghost" size="1" color="gray" aria-label={t('overview.engagementHint')}>
										<NavIcon name="info" size={12} />
									</IconButton>
								</Tooltip>
							</Flex>
							<Text as="div" size="6" weight="bold" data-testid="engagement-rate">
								{data.engagementRate === null ? t('overview.engagementNone') : `${percent.format(data.engagementRate)} %`}
							</Text>
						</div>
						<Link to="/posts" className="stat-link">
							<Text as="div" size="1" color="gray">
								{t('overview.todos')}
							</Text>
							<Text as="div" size="6" weight="bold" data-testid="todo-count">
								{formatNumber(todoCount)}
							</Text>
						</Link>
						<Link to="/settings" className="stat-link">
							<Text as="div" size="1" color="gray">
								{t('overview.credits')}
							</Text>
							<Text as="div" size="6" weight="bold" data-testid="credits-remaining">
								{formatNumber(data.credits.remaining)}
							</Text>
							<Text as="div" size="1" color="gray">
								{t('overview.creditsOf', { total: formatNumber(data.credits.total) })}
							</Text>
						</Link>
					</Grid>
					{todos.length > 0 ? (
						<ul style={{ margin: '12px 0 0', paddingLeft: 18 }} data-testid="todo-list" aria-label={t('overview.todos')}>
							{todos.map((key) => (
								<li key={key}>
									<Link to={todoLinks[key]}>{t(`overview.todoItems.${key}`, { count: data.todos[key] })}</Link>
								</li>
							))}
						</ul>
					) : (
						<Text as="p" size="2" color="gray" mt="2">
							{t('overview.todosNone')}
						</Text>
					)}
				</Card>
				<Card size="3">
					<Heading as="h2" size="4" mb="3">
						{t('quickStart.title')}
					</Heading>
					<Grid columns="2" gap="2">
						{quickStart.map(({ to, key, icon }) => (
							<Button key={to} asChild variant="soft" size="3">
								<Link to={to}>
									<NavIcon name={icon} size={16} /> {t(key)}
								</Link>
							</Button>
						))}
					</Grid>
				</Card>
			</Grid>
			<ActivityChart days={data.days} />
			<DashboardIdeas data={data.ideas} />
			<Grid columns={{ initial: '1', md: '2' }} gap="4">
				<RecentPosts items={data.recent} />
				<RecentActivities entries={data.activity} timeZone={data.timeZone} />
			</Grid>
			<Grid columns={{ initial: '1', md: '2' }} gap="4">
				<FavoriteTools tools={data.favorites} />
				<Card size="3" data-testid="agent-card">
					<Heading as="h2" size="4" mb="3">
						{t('agent.title')}
					</Heading>
					{agent ? (
						<Flex gap="4" align="start">
							<AgentAvatar avatar={agent.avatar} />
							<Flex direction="column" gap="1">
								<Flex gap="2" align="center">
									<Text weight="bold" size="4">
										{agent.name}
									</Text>
									{agent.is_default ? <Badge color="indigo">{t('agent.default')}</Badge> : null}
								</Flex>
								<Text size="2" color="gray">
									{t('agent.personality')}: {t(`personalities.${agent.personality}` as 'personalities.professional')} · {t('agent.tone')}:{' '}
									{t(`tones.${agent.tone}` as 'tones.professional')}
								</Text>
								<Text size="2" color="gray">
									{t('agent.audience')}: {agent.target_audience}
								</Text>
							</Flex>
						</Flex>
					) : (
						<Flex direction="column" gap="3" align="start">
							<Text color="gray">{t('agent.none')}</Text>
							<Button asChild>
								<Link to="/agent">{t('agent.create')}</Link>
							</Button>
						</Flex>
					)}
				</Card>
			</Grid>
		</Flex>
	)
}

const statusColors = { draft: 'gray', review: 'amber', scheduled: 'blue', published: 'green' } as const
type PostStatus = keyof typeof statusColors
const isPostStatus = (status: string): status is PostStatus => status in statusColors

function RecentPosts({ items }: { items: Array<DashboardRecentItem> }) {
	const { t } = useTranslation('dashboard')
	return (
		<Card size="3" data-testid="recent-posts">
			<Heading as="h2" size="4" mb="3">
				{t('recent.title')}
			</Heading>
			{items.length === 0 ? (
				<Flex direction="column" gap="3" align="start">
					<Text color="gray">{t('recent.empty')}</Text>
					<Button asChild>
						<Link to="/create">{t('recent.create')}</Link>
					</Button>
				</Flex>
			) : (
				<Flex as="ul" direction="column" gap="2" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
					{items.map((item) => {
						const status = isPostStatus(item.status) ? item.status : 'draft'
						return (
							<li key={`${item.kind}-${item.id}`} data-testid="recent-post">
								<Link to="/posts" className="stat-link" style={{ display: 'block' }}>
									<Flex justify="between" gap="2" align="center">
										<Text weight="bold" size="2" truncate>
											{item.title || t('recent.untitled')}
										</Text>
										<Badge color={statusColors[status]}>{t(`recent.status.${status}`)}</Badge>
									</Flex>
									<Text as="p" size="2" color="gray" data-testid="recent-post-excerpt">
										{item.excerpt}
									</Text>
								</Link>
							</li>
						)
					})}
				</Flex>
			)}
		</Card>
	)
}

const activityColors = { success: 'green', error: 'red', warning: 'amber', info: 'blue' } as const
type ActivityStatus = keyof typeof activityColors
const isActivityStatus = (status: string): status is ActivityStatus => status in activityColors

function RecentActivities({ entries, timeZone }: { entries: Array<RecentActivity>; timeZone: string }) {
	const { t } = useTranslation('dashboard')
	return (
		<Card size="3" data-testid="recent-activities">
			<Flex justify="between" align="center" mb="3">
				<Heading as="h2" size="4">
					{t('activity.title')}
				</Heading>
				<Button asChild variant="ghost" size="2">
					<Link to="/activity-logs">{t('activity.all')}</Link>
				</Button>
			</Flex>
			{entries.length === 0 ? (
				<Text color="gray">{t('activity.empty')}</Text>
			) : (
				<Flex as="ul" direction="column" gap="2" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
					{entries.map((entry) => {
						const status = isActivityStatus(entry.status) ? entry.status : 'info'
						return (
							<li key={entry.id} data-testid="recent-activity">
								<Flex justify="between" gap="2" align="center">
									<Text size="2" weight="medium" truncate>
										{entry.title}
									</Text>
									<Badge color={activityColors[status]}>{t(`activity.status.${status}`)}</Badge>
								</Flex>
								<Text as="div" size="1" color="gray">
									{formatDateTime(entry.createdAt, timeZone, 'dd.MM.yyyy HH:mm')}
								</Text>
							</li>
						)
					})}
				</Flex>
			)}
		</Card>
	)
}

function FavoriteTools({ tools }: { tools: Array<FavoriteTool> }) {
	const { t } = useTranslation('dashboard')
	return (
		<Card size="3" data-testid="favorite-tools">
			<Heading as="h2" size="4" mb="3">
				{t('favorites.title')}
			</Heading>
			{tools.length === 0 ? (
				<Flex direction="column" gap="3" align="start">
					<Text color="gray">{t('favorites.empty')}</Text>
					<Button asChild variant="soft">
						<Link to="/toolbox">{t('favorites.browse')}</Link>
					</Button>
				</Flex>
			) : (
				<Grid columns="2" gap="2">
					{tools.map((tool) => (
						<Link key={tool.toolName} to="/toolbox" className="stat-link" data-testid="favorite-tool">
							<Text as="div" size="2" weight="bold">
								{tool.displayName}
							</Text>
							<Badge color={tool.isEnabled ? 'green' : 'gray'}>{tool.isEnabled ? t('favorites.active') : t('favorites.inactive')}</Badge>
						</Link>
					))}
				</Grid>
			)}
		</Card>
	)
}
