import { TextField } from '@radix-ui/themes'
import { Flex } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { onboardingLimits, onboardingPersonalities } from '#modules/agents/onboarding-schema.ts'
import { AvatarPicker } from './avatar-picker.tsx'
import { FieldError } from './field-hint.tsx'
import { OptionCards } from './option-cards.tsx'
import { FieldBlock } from './step-fields.tsx'
import type { StepProps } from './step-props.ts'
import '#locales/ns/onboarding.ts'

export function StepAgent({ values, errors, onChange, onBlur }: StepProps) {
	const { t } = useTranslation('onboarding')
	const personalities = onboardingPersonalities.map((value) => ({
		value,
		label: t(`personalities.${value}.label`),
		description: t(`personalities.${value}.description`),
	}))
	return (
		<Flex direction="column" gap="5">
			<FieldBlock
				label={t('fields.agentName.label')}
				htmlFor="onboarding-agent-name"
				footer={<FieldError id="onboarding-agent-name-error" error={errors.agentName} />}
			>
				<TextField.Root
					id="onboarding-agent-name"
					name="agentName"
					size="3"
					autoComplete="off"
					placeholder={t('fields.agentName.placeholder')}
					maxLength={onboardingLimits.agentNameMax}
					value={values.agentName}
					color={errors.agentName ? 'red' : undefined}
					aria-invalid={errors.agentName ? true : undefined}
					aria-describedby={errors.agentName ? 'onboarding-agent-name-error' : undefined}
					onChange={(event) => onChange('agentName', event.currentTarget.value)}
					onBlur={() => onBlur('agentName')}
				/>
			</FieldBlock>
			<FieldBlock label={t('fields.avatar.label')} labelId="onboarding-avatar-label">
				<AvatarPicker labelId="onboarding-avatar-label" value={values.avatar} onChange={(avatar) => onChange('avatar', avatar)} />
			</FieldBlock>
			<FieldBlock label={t('fields.personality.label')} labelId="onboarding-personality-label">
				<OptionCards
					labelId="onboarding-personality-label"
					value={values.personality}
					options={personalities}
					onChange={(personality) => onChange('personality', personality)}
					columns={{ initial: '1', sm: '2' }}
				/>
			</FieldBlock>
		</Flex>
	)
}
