import { Badge, Button, Card, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes'
import { ExternalLink, TrendingUp } from 'lucide-react'
import { NavIcon } from '#app/components/layout/nav-icon.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useNavigate } from 'react-router'
import type { IdeaView, NewsItemView } from '#modules/news/index.ts'
import { germanDate, ideaSuggestion, newsSuggestion, type Suggestion } from './suggestion.ts'
import { usePlatformName, usePlatforms } from '#app/utils/use-platforms.ts'
import '#locales/ns/newsCards.ts'

function CreatePostButton({ suggestion, size = '2' }: { suggestion: Suggestion; size?: '1' | '2' }) {
	const { t } = useTranslation('newsCards')
	const navigate = useNavigate()
	return (
		<Button size={size} onClick={() => void navigate('/create', { state: { suggestion } })}>
			<NavIcon name="square-pen" size={14} /> {t('createPost')}
		</Button>
	)
}

export function NewsCard({ item }: { item: NewsItemView }) {
	const { t } = useTranslation('newsCards')
	const first = usePlatforms()[0]?.id ?? null
	return (
		<Card size="2" data-testid="news-card">
			<Flex direction="column" gap="2" height="100%">
				<Flex justify="between" gap="2" align="start">
					<Heading as="h3" size="3">
						{item.title}
					</Heading>
					{item.trending ? (
						<Badge color="orange" data-testid="trending-badge">
							<TrendingUp size={12} /> {t('trending')}
						</Badge>
					) : null}
				</Flex>
				<Text size="1" color="gray">
					{[item.source, germanDate(item.publishedDate)].filter(Boolean).join(' · ')}
				</Text>
				{item.content ? (
					<Text as="p" size="2" data-testid="news-summary">
						{item.content}
					</Text>
				) : null}
				{item.keywords.length ? (
					<Flex gap="1" wrap="wrap">
						{item.keywords.map((keyword) => (
							<Badge key={keyword} variant="soft" radius="full">
								{keyword}
							</Badge>
						))}
					</Flex>
				) : null}
				<Flex gap="3" align="center" justify="between" mt="auto" pt="2">
					{item.url ? (
						<RadixLink href={item.url} target="_blank" rel="noopener noreferrer nofollow" size="2">
							{t('openOriginal')} <ExternalLink size={12} />
						</RadixLink>
					) : (
						<span />
					)}
					<CreatePostButton suggestion={newsSuggestion(item, first)} />
				</Flex>
			</Flex>
		</Card>
	)
}

export function IdeaCard({ idea, compact = false }: { idea: IdeaView; compact?: boolean }) {
	const { t } = useTranslation('newsCards')
	const platformName = usePlatformName()
	return (
		<Card size={compact ? '1' : '2'} data-testid="idea-card">
			<Flex direction="column" gap="2" height="100%">
				<Flex justify="between" gap="2" align="start">
					<Text as="div" weight="bold" size={compact ? '2' : '3'}>
						{idea.title}
					</Text>
					{idea.trending ? <Badge color="orange">{t('trending')}</Badge> : null}
				</Flex>
				<Text as="p" size="2" color="gray">
					{idea.description}
				</Text>
				<Flex gap="1" wrap="wrap" align="center">
					{idea.platforms.map((platform) => (
						<Badge key={platform} variant="outline" size="1">
							{platformName(platform)}
						</Badge>
					))}
					{idea.keyword ? (
						<Badge variant="soft" radius="full" size="1">
							{idea.keyword}
						</Badge>
					) : null}
				</Flex>
				<Flex justify="between" align="center" gap="2" mt="auto" pt="1">
					<Text size="1" color="gray">
						{[idea.source, germanDate(idea.publishedDate)].filter(Boolean).join(' · ')}
					</Text>
					<CreatePostButton suggestion={ideaSuggestion(idea)} size="1" />
				</Flex>
			</Flex>
		</Card>
	)
}
