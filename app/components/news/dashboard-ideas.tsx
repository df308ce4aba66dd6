import { Button, Callout } from '@radix-ui/themes'
import { Card, Flex, Grid, Heading, Text } from '#app/components/ui/lean.tsx'
import { NavIcon } from '#app/components/layout/nav-icon.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link, useFetcher } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import type { IdeaView } from '#modules/news/index.ts'
import { IdeaCard } from './idea-card.tsx'
import type { NewsReply } from './types.ts'
import '#locales/ns/newsCards.ts'

export type DashboardIdeasData = { ideas: Array<IdeaView>; canGenerate: boolean }

/** The dashboard's 'KI Content-Ideen': the four newest ideas and 'Mehr generieren' (needs a niche or a keyword). */
export function DashboardIdeas({ data }: { data: DashboardIdeasData }) {
	const { t } = useTranslation('newsCards')
	const fetcher = useFetcher<NewsReply>()
	useFetcherNotice(fetcher)
	const busy = fetcher.state !== 'idle'
	return (
		<Card size="3" data-testid="dashboard-ideas">
			<Flex justify="between" align="center" mb="3" gap="2" wrap="wrap">
				<Flex align="center" gap="2">
					<NavIcon name="sparkles" size={18} />
					<Heading as="h2" size="4">
						{t('dashboard.title')}
					</Heading>
				</Flex>
				<Flex gap="3" align="center">
					<Button asChild variant="ghost" size="2">
						<Link to="/news">{t('dashboard.all')}</Link>
					</Button>
					{data.canGenerate ? (
						<fetcher.Form method="post" action="/news">
							<input type="hidden" name="intent" value="ideas" />
							<Button type="submit" size="2" disabled={busy}>
								{busy ? t('generating') : t('generate')}
							</Button>
						</fetcher.Form>
					) : null}
				</Flex>
			</Flex>
			{data.canGenerate ? null : (
				<Callout.Root color="amber" mb="3" data-testid="ideas-missing-settings">
					<Callout.Text>
						<Text as="span" weight="bold">
							{t('dashboard.missing')}
						</Text>
						{' – '}
						{t('dashboard.missingText')} <Link to="/settings#content">{t('dashboard.toSettings')}</Link>
					</Callout.Text>
				</Callout.Root>
			)}
			{data.ideas.length === 0 ? (
				data.canGenerate ? (
					<Text color="gray">{t('dashboard.empty')}</Text>
				) : null
			) : (
				<Grid columns={{ initial: '1', sm: '2' }} gap="3">
					{data.ideas.map((idea) => (
						<IdeaCard key={idea.id} idea={idea} compact />
					))}
				</Grid>
			)}
		</Card>
	)
}
