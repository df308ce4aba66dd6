import { TextArea } from '@radix-ui/themes'
import { Flex } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { onboardingLimits, onboardingTones } from '#modules/agents/onboarding-schema.ts'
import { FieldCounter, FieldError } from './field-hint.tsx'
import { OptionCards } from './option-cards.tsx'
import { FieldBlock } from './step-fields.tsx'
import type { StepProps } from './step-props.ts'
import '#locales/ns/onboarding.ts'

export function StepAudience({ values, errors, onChange, onBlur }: StepProps) {
	const { t } = useTranslation('onboarding')
	const tones = onboardingTones.map((value) => ({
		value,
		label: t(`tones.${value}.label`),
		description: t(`tones.${value}.description`),
	}))
	const describedBy = errors.targetAudience ? 'onboarding-audience-help onboarding-audience-error' : 'onboarding-audience-help'
	return (
		<Flex direction="column" gap="5">
			<FieldBlock
				label={t('fields.targetAudience.label')}
				htmlFor="onboarding-audience"
				help={{ id: 'onboarding-audience-help', text: t('fields.targetAudience.help') }}
				footer={
					<>
						<FieldError id="onboarding-audience-error" error={errors.targetAudience} />
						<FieldCounter count={values.targetAudience.length} max={onboardingLimits.targetAudienceMax} />
					</>
				}
			>
				<TextArea
					id="onboarding-audience"
					name="targetAudience"
					size="3"
					rows={4}
					resize="vertical"
					placeholder={t('fields.targetAudience.placeholder')}
					maxLength={onboardingLimits.targetAudienceMax}
					value={values.targetAudience}
					color={errors.targetAudience ? 'red' : undefined}
					aria-invalid={errors.targetAudience ? true : undefined}
					aria-describedby={describedBy}
					onChange={(event) => onChange('targetAudience', event.currentTarget.value)}
					onBlur={() => onBlur('targetAudience')}
				/>
			</FieldBlock>
			<FieldBlock label={t('fields.tone.label')} labelId="onboarding-tone-label">
				<OptionCards
					labelId="onboarding-tone-label"
					value={values.tone}
					options={tones}
					onChange={(tone) => onChange('tone', tone)}
					columns={{ initial: '1', sm: '2' }}
				/>
			</FieldBlock>
		</Flex>
	)
}
