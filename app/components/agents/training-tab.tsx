import { Callout, IconButton, Link as RadixLink, Tabs } from '@radix-ui/themes'
import { Badge, Card, Flex, Text } from '#app/components/ui/lean.tsx'
import { AlertTriangle, X } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { AgentPreset, UrlFailure } from '#modules/agents/types.ts'
import type { Draft, UpdateDraft } from './draft.ts'
import { ListInput } from './list-input.tsx'
import { StyleProfileCard } from './style-profile-card.tsx'
import '#locales/ns/agents.ts'

export function TrainingTab({ draft, update, preset, timeZone, failures }: { draft: Draft; update: UpdateDraft; preset: AgentPreset; timeZone: string; failures: Array<UrlFailure> }) {
	const { t } = useTranslation('agents')
	return (
		<Flex direction="column" gap="4">
			<Text size="2" color="gray">
				{t('training.intro')}
			</Text>
			<Tabs.Root defaultValue="texts">
				<Tabs.List size="1">
					<Tabs.Trigger value="texts">
						{t('training.texts')}&nbsp;<Badge size="1">{draft.trainingTexts.length}</Badge>
					</Tabs.Trigger>
					<Tabs.Trigger value="urls">
						{t('training.urls')}&nbsp;<Badge size="1">{draft.postUrls.length}</Badge>
					</Tabs.Trigger>
				</Tabs.List>
				<Flex direction="column" pt="3">
					<Tabs.Content value="texts">
						<Flex direction="column" gap="3">
							<ListInput
								kind="trainingText"
								multiline
								items={draft.trainingTexts}
								onAdd={(text) => update('trainingTexts', [...draft.trainingTexts, text])}
								label={t('training.textLabel')}
								placeholder={t('training.textPlaceholder')}
							/>
							{draft.trainingTexts.length === 0 ? (
								<Text size="2" color="gray">
									{t('training.noTexts')}
								</Text>
							) : (
								<Flex direction="column" gap="2" role="list" aria-label={t('training.texts')}>
									{draft.trainingTexts.map((text, index) => (
										<Card key={`${index}-${text.slice(0, 20)}`} role="listitem" size="1">
											<Flex gap="2" justify="between" align="start">
												<Text size="2" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
													{text}
												</Text>
												<IconButton
													size="1"
													variant="ghost"
													color="gray"
													aria-label={t('training.removeText', { index: index + 1 })}
													onClick={() => update('trainingTexts', draft.trainingTexts.filter((_, i) => i !== index))}
												>
													<X size={14} aria-hidden />
												</IconButton>
											</Flex>
										</Card>
									))}
								</Flex>
							)}
						</Flex>
					</Tabs.Content>
					<Tabs.Content value="urls">
						<Flex direction="column" gap="3">
							<ListInput
								kind="postUrl"
								items={draft.postUrls}
								onAdd={(url) => update('postUrls', [...draft.postUrls, url])}
								label={t('training.urlLabel')}
								placeholder={t('training.urlPlaceholder')}
							/>
							{draft.postUrls.length === 0 ? (
								<Text size="2" color="gray">
									{t('training.noUrls')}
								</Text>
							) : (
								<Flex direction="column" gap="1" role="list" aria-label={t('training.urls')}>
									{draft.postUrls.map((url) => (
										<Flex key={url} role="listitem" gap="2" align="center" justify="between">
											<RadixLink href={url} target="_blank" rel="noopener noreferrer nofollow" size="2" style={{ overflowWrap: 'anywhere' }}>
												{url}
											</RadixLink>
											<IconButton size="1" variant="ghost" color="gray" aria-label={t('training.removeUrl', { url })} onClick={() => update('postUrls', draft.postUrls.filter((u) => u !== url))}>
												<X size={14} aria-hidden />
											</IconButton>
										</Flex>
									))}
								</Flex>
							)}
						</Flex>
					</Tabs.Content>
				</Flex>
			</Tabs.Root>
			<Text size="1" color="gray">
				{t('training.unsaved')}
			</Text>
			{failures.length > 0 ? (
				<Callout.Root color="amber" data-testid="training-failures">
					<Callout.Icon>
						<AlertTriangle size={16} />
					</Callout.Icon>
					<Flex direction="column" gap="1">
						<Callout.Text weight="bold">{t('training.failedUrls')}</Callout.Text>
						{failures.map((failure) => (
							<Callout.Text key={failure.url} size="1" style={{ overflowWrap: 'anywhere' }}>
								{failure.url}: {t(`training.urlErrors.${failure.reason}`)}
							</Callout.Text>
						))}
					</Flex>
				</Callout.Root>
			) : null}
			<StyleProfileCard profile={preset.styleProfile} trainedAt={preset.trainedAt} timeZone={timeZone} />
		</Flex>
	)
}
