import { Flex, Text } from '@radix-ui/themes'
import { CircleAlert } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { OnboardingErrorKey } from '#modules/agents/onboarding-schema.ts'
import '#locales/ns/onboarding.ts'

/** The German message for a field error, shown under the field; `id` is what aria-describedby points at. */
export function FieldError({ id, error }: { id: string; error: OnboardingErrorKey | undefined }) {
	const { t } = useTranslation('onboarding')
	if (!error) return null
	return (
		<Flex asChild align="center" gap="1">
			<Text id={id} size="2" color="red" role="alert">
				<CircleAlert size={14} aria-hidden />
				{t(error)}
			</Text>
		</Flex>
	)
}

export function FieldCounter({ count, max }: { count: number; max: number }) {
	const { t } = useTranslation('onboarding')
	return (
		<Text size="1" color="gray" style={{ marginLeft: 'auto' }}>
			{t('fields.counter', { count, max })}
		</Text>
	)
}
