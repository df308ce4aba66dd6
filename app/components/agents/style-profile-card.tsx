import { DataList } from '@radix-ui/themes'
import { Badge, Card, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { Sparkles } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { formatDateTime, formatNumber, swissCount } from '#app/utils/format.ts'
import type { StyleProfile } from '#modules/agents/types.ts'
import '#locales/ns/agents.ts'

/** 'Was der Agent gelernt hat': the stored style profile in words. */
export function StyleProfileCard({ profile, trainedAt, timeZone }: { profile: StyleProfile | null; trainedAt: string | null; timeZone: string }) {
	const { t } = useTranslation('agents')
	const decimal = (value: number) => value.toLocaleString('de-CH', { maximumFractionDigits: 1 })
	const chips = (items: Array<string>, testId: string) =>
		items.length ? (
			<Flex gap="1" wrap="wrap" data-testid={testId}>
				{items.map((item) => (
					<Badge key={item} variant="surface" color="gray">
						{item}
					</Badge>
				))}
			</Flex>
		) : (
			<Text color="gray">{t('learned.none')}</Text>
		)
	return (
		<Card data-testid="style-profile" size="2">
			<Flex direction="column" gap="3">
				<Flex align="center" gap="2">
					<Sparkles size={18} aria-hidden />
					<Heading as="h4" size="3">
						{t('learned.title')}
					</Heading>
				</Flex>
				{!profile ? (
					<Text size="2" color="gray">
						{t('learned.untrained')}
					</Text>
				) : (
					<>
						{trainedAt ? (
							<Text size="1" color="gray">
								{t('learned.trainedAt', { date: formatDateTime(trainedAt, timeZone, 'dd.MM.yyyy HH:mm'), count: profile.samples })}
							</Text>
						) : null}
						<DataList.Root size="2">
							<DataList.Item>
								<DataList.Label>{t('learned.typicalLength')}</DataList.Label>
								<DataList.Value data-testid="learned-length">{t('learned.typicalLengthValue', { value: formatNumber(profile.typicalLength) })}</DataList.Value>
							</DataList.Item>
							<DataList.Item>
								<DataList.Label>{t('learned.sentenceWords')}</DataList.Label>
								<DataList.Value>{t('learned.sentenceWordsValue', swissCount(profile.sentenceWords))}</DataList.Value>
							</DataList.Item>
							<DataList.Item>
								<DataList.Label>{t('learned.emojis')}</DataList.Label>
								<DataList.Value>
									<Flex gap="2" align="center" wrap="wrap">
										<Text data-testid="learned-emojis">{t('learned.emojisValue', { value: decimal(profile.emojisPerPost) })}</Text>
										{profile.topEmojis.length ? chips(profile.topEmojis, 'learned-top-emojis') : null}
									</Flex>
								</DataList.Value>
							</DataList.Item>
							<DataList.Item>
								<DataList.Label>{t('learned.hashtags')}</DataList.Label>
								<DataList.Value>
									<Flex gap="2" align="center" wrap="wrap">
										<Text data-testid="learned-hashtags">{t('learned.hashtagsValue', { value: decimal(profile.hashtagsPerPost) })}</Text>
										{profile.topHashtags.length ? chips(profile.topHashtags, 'learned-top-hashtags') : null}
									</Flex>
								</DataList.Value>
							</DataList.Item>
							<DataList.Item>
								<DataList.Label>{t('learned.formality')}</DataList.Label>
								<DataList.Value data-testid="learned-formality">
									{profile.formality ? t(`learned.${profile.formality}`) : t('learned.neutral')} ({t('learned.formalityCounts', { sie: profile.sieCount, du: profile.duCount })})
								</DataList.Value>
							</DataList.Item>
							<DataList.Item>
								<DataList.Label>{t('learned.questions')}</DataList.Label>
								<DataList.Value data-testid="learned-questions">
									{t('learned.perPost', { value: decimal(profile.questionsPerPost) })}
									{profile.questionPosition ? ` · ${t(profile.questionPosition === 'opening' ? 'learned.questionOpening' : 'learned.questionClosing')}` : ''}
								</DataList.Value>
							</DataList.Item>
							<DataList.Item>
								<DataList.Label>{t('learned.exclamations')}</DataList.Label>
								<DataList.Value>{t('learned.perPost', { value: decimal(profile.exclamationsPerPost) })}</DataList.Value>
							</DataList.Item>
							<DataList.Item>
								<DataList.Label>{t('learned.signature')}</DataList.Label>
								<DataList.Value data-testid="learned-signature">{profile.signature ? `„${profile.signature}“` : t('learned.none')}</DataList.Value>
							</DataList.Item>
							<DataList.Item>
								<DataList.Label>{t('learned.phrases')}</DataList.Label>
								<DataList.Value>{chips(profile.phrases.map((p) => `„${p}“`), 'learned-phrases')}</DataList.Value>
							</DataList.Item>
						</DataList.Root>
					</>
				)}
			</Flex>
		</Card>
	)
}
