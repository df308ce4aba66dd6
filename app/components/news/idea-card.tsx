import { Badge, Button, Card, Flex, Text } from '@radix-ui/themes'
import { NavIcon } from '#app/components/layout/nav-icon.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useNavigate } from 'react-router'
import type { IdeaView } from '#modules/news/index.ts'
import { germanDate, ideaSuggestion, type Suggestion } from './suggestion.ts'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import '#locales/ns/newsCards.ts'

/** 'Post erstellen' from a news item or an idea: the creator opens with its suggestion. */
export function CreatePostButton({ suggestion, size = '2' }: { suggestion: Suggestion; size?: '1' | '2' }) {
	const { t } = useTranslation('newsCards')
	const navigate = useNavigate()
	return (
		<Button size={size} onClick={() => void navigate('/create', { state: { suggestion } })}>
			<NavIcon name="square-pen" size={14} /> {t('createPost')}
		</Button>
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
