import { Badge, Card, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes'
import { ExternalLink, TrendingUp } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { NewsItemView } from '#modules/news/index.ts'
import { CreatePostButton } from './idea-card.tsx'
import { germanDate, newsSuggestion } from './suggestion.ts'
import { usePlatforms } from '#app/utils/use-platforms.ts'
import '#locales/ns/newsCards.ts'

// The news page's card; the dashboard shows only ideas (idea-card.tsx) and does not load this one.
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
