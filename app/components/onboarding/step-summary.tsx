import { Card, DataList, Flex, Heading, Text } from '@radix-ui/themes'
import { useTranslation } from '#app/utils/use-translation.ts'
import { onboardingLimits } from '#modules/agents/onboarding-schema.ts'
import { onboardingAvatarIcons } from './avatar-icons.ts'
import { truncate, type WizardValues } from './wizard-values.ts'
import '#locales/ns/onboarding.ts'

export function StepSummary({ values }: { values: WizardValues }) {
	const { t } = useTranslation('onboarding')
	const Icon = onboardingAvatarIcons[values.avatar]
	const audience = truncate(values.targetAudience.trim(), onboardingLimits.summaryAudienceLength, t('summary.ellipsis'))
	const description = truncate(values.description.trim(), onboardingLimits.summaryDescriptionLength, t('summary.ellipsis'))
	return (
		<Card asChild size="3" variant="surface">
			<section aria-labelledby="onboarding-summary-title">
			<Flex direction="column" gap="4">
				<Text size="2" weight="bold" color="gray">
					{t('summary.title')}
				</Text>
				<Flex align="center" gap="3">
					<Flex
						align="center"
						justify="center"
						width="56px"
						height="56px"
						flexShrink="0"
						style={{ borderRadius: '999px', background: 'var(--accent-9)', color: 'var(--accent-contrast)' }}
					>
						<Icon size={28} role="img" aria-label={t('fields.avatar.option', { name: t(`avatars.${values.avatar}`) })} />
					</Flex>
					<Heading as="h3" id="onboarding-summary-title" size="5" style={{ wordBreak: 'break-word' }}>
						{values.agentName.trim()}
					</Heading>
				</Flex>
				<DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }} size="2">
					<SummaryItem label={t('summary.name')}>{values.agentName.trim()}</SummaryItem>
					<SummaryItem label={t('summary.avatar')}>{t(`avatars.${values.avatar}`)}</SummaryItem>
					<SummaryItem label={t('summary.personality')}>{t(`personalities.${values.personality}.label`)}</SummaryItem>
					<SummaryItem label={t('summary.tone')}>{t(`tones.${values.tone}.label`)}</SummaryItem>
					<SummaryItem label={t('summary.industry')}>{values.industry ? t(`industries.${values.industry}`) : null}</SummaryItem>
					<SummaryItem label={t('summary.targetAudience')}>{audience}</SummaryItem>
					<SummaryItem label={t('summary.description')}>
						<span data-testid="summary-description" style={{ whiteSpace: 'pre-line' }}>
							{description || t('summary.noDescription')}
						</span>
					</SummaryItem>
				</DataList.Root>
			</Flex>
			</section>
		</Card>
	)
}

function SummaryItem({ label, children }: { label: string; children: React.ReactNode }) {
	return (
		<DataList.Item>
			<DataList.Label minWidth="120px">{label}</DataList.Label>
			<DataList.Value style={{ wordBreak: 'break-word' }}>
				{children}
			</DataList.Value>
		</DataList.Item>
	)
}
