import { TextArea } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { onboardingIndustries, onboardingLimits } from '#modules/agents/onboarding-schema.ts'
import { FieldCounter, FieldError } from './field-hint.tsx'
import { OptionCards } from './option-cards.tsx'
import { FieldBlock } from './step-fields.tsx'
import type { StepProps } from './step-props.ts'
import '#locales/ns/onboarding.ts'

export function StepIndustry({ values, errors, onChange, onBlur }: StepProps) {
	const { t } = useTranslation('onboarding')
	const industries = onboardingIndustries.map((value) => ({ value, label: t(`industries.${value}`) }))
	return (
		<Flex direction="column" gap="5">
			<FieldBlock
				label={t('fields.industry.label')}
				labelId="onboarding-industry-label"
				footer={
					values.industry ? null : (
						<Text size="2" color="gray">
							{t('errors.industryRequired')}
						</Text>
					)
				}
			>
				<OptionCards
					labelId="onboarding-industry-label"
					value={values.industry}
					options={industries}
					onChange={(industry) => onChange('industry', industry)}
					columns={{ initial: '2', sm: '3' }}
				/>
			</FieldBlock>
			<FieldBlock
				label={t('fields.description.label')}
				htmlFor="onboarding-description"
				footer={
					<>
						<FieldError id="onboarding-description-error" error={errors.description} />
						<FieldCounter count={values.description.length} max={onboardingLimits.descriptionMax} />
					</>
				}
			>
				<TextArea
					id="onboarding-description"
					name="description"
					size="3"
					rows={4}
					resize="vertical"
					placeholder={t('fields.description.placeholder')}
					maxLength={onboardingLimits.descriptionMax}
					value={values.description}
					color={errors.description ? 'red' : undefined}
					aria-invalid={errors.description ? true : undefined}
					aria-describedby={errors.description ? 'onboarding-description-error' : undefined}
					onChange={(event) => onChange('description', event.currentTarget.value)}
					onBlur={() => onBlur('description')}
				/>
			</FieldBlock>
		</Flex>
	)
}
