import { Badge, Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes'
import { Bot, Lightbulb, PenSquare, Zap } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AgentAvatar } from '#app/components/agent-avatar.tsx'
import { formatNumber } from '#app/utils/format.ts'

export type DashboardData = {
	credits: { remaining: number; total: number }
	subscriptionType: 'free' | 'basic' | 'pro'
	draftsCount: number
	agents: Array<{ id: string; name: string; avatar: string; personality: string; tone: string; target_audience: string; is_default: boolean }>
}

const quickStart = [
	{ to: '/create', key: 'quickStart.createPost', Icon: PenSquare },
	{ to: '/toolbox', key: 'quickStart.automations', Icon: Zap },
	{ to: '/news', key: 'quickStart.ideas', Icon: Lightbulb },
	{ to: '/agent', key: 'quickStart.editAgent', Icon: Bot },
] as const

export function Dashboard({ data }: { data: DashboardData }) {
	const { t } = useTranslation('dashboard')
	const agent = data.agents.find((a) => a.is_default) ?? data.agents[0]
	return (
		<Flex direction="column" gap="5">
			<Grid columns={{ initial: '1', md: '2' }} gap="4">
				<Card size="3">
					<Heading as="h2" size="4" mb="3">
						{t('overview.title')}
					</Heading>
					<Grid columns="3" gap="3">
						<Link to="/settings" className="stat-link">
							<Text as="div" size="1" color="gray">
								{t('overview.credits')}
							</Text>
							<Text as="div" size="7" weight="bold" data-testid="credits-remaining">
								{formatNumber(data.credits.remaining)}
							</Text>
							<Text as="div" size="1" color="gray">
								{t('overview.creditsOf', { total: formatNumber(data.credits.total) })}
							</Text>
						</Link>
						<Link to="/posts" className="stat-link">
							<Text as="div" size="1" color="gray">
								{t('overview.drafts')}
							</Text>
							<Text as="div" size="7" weight="bold">
								{formatNumber(data.draftsCount)}
							</Text>
						</Link>
						<Link to="/pricing" className="stat-link">
							<Text as="div" size="1" color="gray">
								{t('overview.plan')}
							</Text>
							<Text as="div" size="7" weight="bold">
								{t(`plans.${data.subscriptionType}`)}
							</Text>
						</Link>
					</Grid>
				</Card>
				<Card size="3">
					<Heading as="h2" size="4" mb="3">
						{t('quickStart.title')}
					</Heading>
					<Grid columns="2" gap="2">
						{quickStart.map(({ to, key, Icon }) => (
							<Button key={to} asChild variant="soft" size="3">
								<Link to={to}>
									<Icon size={16} /> {t(key)}
								</Link>
							</Button>
						))}
					</Grid>
				</Card>
			</Grid>
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
		</Flex>
	)
}
