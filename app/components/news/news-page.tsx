import { Badge, Button, Callout, Card, Flex, Grid, Heading, Spinner, Text } from '@radix-ui/themes'
import { ChevronDown, ChevronUp, FlaskConical, Lightbulb, Newspaper, RefreshCw, Settings } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link, useFetcher } from 'react-router'
import { PageHeader } from '#app/components/page-header.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { formatDateTime } from '#app/utils/format.ts'
import type { ContentSettings, IdeaView, NewsItemView } from '#modules/news/index.ts'
import { IdeaCard } from './idea-card.tsx'
import { NewsCard } from './news-card.tsx'
import { SourcesPanel } from './sources-panel.tsx'
import type { NewsReply } from './types.ts'
import { Tooltip } from '#app/components/tooltip/tooltip.tsx'
import '#locales/ns/news.ts'
import '#locales/ns/newsCards.ts'

export type NewsPageProps = {
	settings: ContentSettings
	news: Array<NewsItemView>
	ideas: Array<IdeaView>
	refreshedAt: string | null
	refreshFailedAt: string | null
	testMode: boolean
	timeZone: string
	/** 'Alle Marken' with several brands: the name of the brand whose news and settings are shown. */
	brandHint?: string | null
}

export function NewsPage({ settings, news, ideas, refreshedAt, refreshFailedAt, testMode, timeZone, brandHint = null }: NewsPageProps) {
	const { t } = useTranslation('news')
	const { t: tc } = useTranslation('newsCards')
	const refresher = useFetcher<NewsReply>()
	const ideaFetcher = useFetcher<NewsReply>()
	useFetcherNotice(refresher)
	useFetcherNotice(ideaFetcher)
	const refreshing = refresher.state !== 'idle'
	const generating = ideaFetcher.state !== 'idle'
	const hasKeywords = settings.keywords.length > 0 || settings.newsKeywords.length > 0
	const report = refresher.state === 'idle' ? refresher.data?.sources : undefined

	return (
		<Flex direction="column" gap="5">
			<PageHeader title={t('title')} subtitle={t('subtitle')}>
				<Flex gap="3" align="center" wrap="wrap">
					{testMode ? (
						<Tooltip content={t('testModeHint')}>
							<Badge color="amber" size="2" data-testid="news-test-mode">
								<FlaskConical size={12} /> {t('testMode')}
							</Badge>
						</Tooltip>
					) : null}
					<refresher.Form method="post" action="/news">
						<input type="hidden" name="intent" value="refresh" />
						<Button type="submit" disabled={refreshing} data-testid="news-refresh">
							<Spinner loading={refreshing}>
								<RefreshCw size={16} />
							</Spinner>{' '}
							{refreshing ? t('refreshing') : t('refresh')}
						</Button>
					</refresher.Form>
				</Flex>
			</PageHeader>
			<Text size="2" color="gray" data-testid="news-refreshed-at">
				<RefreshState refreshedAt={refreshedAt} refreshFailedAt={refreshFailedAt} timeZone={timeZone} /> · {t('dailyHint')}
			</Text>

			{brandHint ? (
				<Callout.Root color="gray" size="1" data-testid="news-brand-hint">
					<Callout.Text>{t('brandHint', { name: brandHint })}</Callout.Text>
				</Callout.Root>
			) : null}

			<SettingsSummary settings={settings} />

			{report && report.length ? (
				<Card size="2" data-testid="news-source-report">
					<Text as="div" weight="medium" size="2" mb="2">
						{t('report.title')}
					</Text>
					<Flex direction="column" gap="1" asChild>
						<ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
							{report.map((source) => (
								<li key={source.url}>
									<Flex gap="2" align="center" wrap="wrap">
										<Badge color={source.ok ? 'green' : 'red'}>{source.ok ? t('report.ok', { count: source.items }) : t('report.failed')}</Badge>
										<Text size="2" weight="medium">
											{source.name}
										</Text>
										{source.error ? (
											<Text size="1" color="red">
												{source.error}
											</Text>
										) : null}
									</Flex>
								</li>
							))}
						</ul>
					</Flex>
				</Card>
			) : null}

			<section aria-labelledby="news-heading">
				<Flex align="center" gap="2" mb="3">
					<Newspaper size={20} />
					<Heading as="h3" size="5" id="news-heading">
						{t('news.title')}
					</Heading>
				</Flex>
				{news.length === 0 ? (
					<Callout.Root color="gray" data-testid="news-empty">
						<Callout.Text>{hasKeywords ? t('news.empty') : t('news.noKeywords')}</Callout.Text>
					</Callout.Root>
				) : (
					<Grid columns={{ initial: '1', md: '2' }} gap="3">
						{news.map((item) => (
							<NewsCard key={item.id} item={item} />
						))}
					</Grid>
				)}
			</section>

			<section aria-labelledby="ideas-heading">
				<Flex align="center" justify="between" gap="2" mb="3" wrap="wrap">
					<Flex align="center" gap="2">
						<Lightbulb size={20} />
						<Heading as="h3" size="5" id="ideas-heading">
							{t('ideas.title')}
						</Heading>
					</Flex>
					<ideaFetcher.Form method="post" action="/news">
						<input type="hidden" name="intent" value="ideas" />
						<Button type="submit" variant="soft" disabled={generating}>
							{generating ? tc('generating') : tc('generate')}
						</Button>
					</ideaFetcher.Form>
				</Flex>
				{ideas.length === 0 ? (
					<Callout.Root color="gray" data-testid="ideas-empty">
						<Callout.Text>{t('ideas.empty')}</Callout.Text>
					</Callout.Root>
				) : (
					<Grid columns={{ initial: '1', sm: '2', lg: '4' }} gap="3">
						{ideas.map((idea) => (
							<IdeaCard key={idea.id} idea={idea} />
						))}
					</Grid>
				)}
			</section>
		</Flex>
	)
}

function SettingsSummary({ settings }: { settings: ContentSettings }) {
	const { t } = useTranslation('news')
	const [open, setOpen] = useState(false)
	const list = (items: Array<string>) =>
		items.length ? (
			<Flex gap="1" wrap="wrap">
				{items.map((k) => (
					<Badge key={k} variant="soft" radius="full">
						{k}
					</Badge>
				))}
			</Flex>
		) : (
			<Text size="2" color="gray">
				{t('settings.none')}
			</Text>
		)
	return (
		<Card size="2" data-testid="news-settings">
			<Flex justify="between" align="center" gap="2" wrap="wrap">
				<Flex align="center" gap="2">
					<Settings size={18} />
					<Heading as="h3" size="4">
						{t('settings.title')}
					</Heading>
				</Flex>
				<Button variant="ghost" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls="news-settings-body">
					{open ? <ChevronUp size={16} /> : <ChevronDown size={16} />} {open ? t('settings.hide') : t('settings.show')}
				</Button>
			</Flex>
			{open ? (
				<Flex direction="column" gap="3" mt="3" id="news-settings-body">
					<Grid columns={{ initial: '1', md: '2' }} gap="3">
						<Flex direction="column" gap="1">
							<Text size="2" weight="medium">
								{t('settings.niche')}
							</Text>
							<Text size="2" color={settings.niche ? undefined : 'gray'}>
								{settings.niche || t('settings.none')}
							</Text>
						</Flex>
						<Flex direction="column" gap="1">
							<Text size="2" weight="medium">
								{t('settings.audience')}
							</Text>
							<Text size="2" color={settings.targetAudience ? undefined : 'gray'}>
								{settings.targetAudience || t('settings.none')}
							</Text>
						</Flex>
						<Flex direction="column" gap="1">
							<Text size="2" weight="medium">
								{t('settings.keywords')}
							</Text>
							{list(settings.keywords)}
						</Flex>
						<Flex direction="column" gap="1">
							<Text size="2" weight="medium">
								{t('settings.newsKeywords')}
							</Text>
							{list(settings.newsKeywords)}
						</Flex>
					</Grid>
					<Button asChild variant="soft" size="1" style={{ alignSelf: 'start' }}>
						<Link to="/settings#content">{t('settings.edit')}</Link>
					</Button>
					<SourcesPanel feeds={settings.feeds} customFeeds={settings.customFeeds} />
				</Flex>
			) : null}
		</Card>
	)
}

/** When the news were last read: the last successful run, or that the last run failed (and when one last succeeded). */
function RefreshState({ refreshedAt, refreshFailedAt, timeZone }: { refreshedAt: string | null; refreshFailedAt: string | null; timeZone: string }) {
	const { t } = useTranslation('news')
	const date = (at: string) => formatDateTime(at, timeZone, 'dd.MM.yyyy HH:mm')
	if (refreshFailedAt && (!refreshedAt || refreshFailedAt > refreshedAt)) {
		return (
			<span data-testid="news-refresh-failed">
				{t('refreshFailedAt', { date: date(refreshFailedAt) })} ({refreshedAt ? t('lastSuccessAt', { date: date(refreshedAt) }) : t('neverSucceeded')})
			</span>
		)
	}
	return <>{refreshedAt ? t('refreshedAt', { date: date(refreshedAt) }) : t('neverRefreshed')}</>
}
