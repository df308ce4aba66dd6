import { Flex, Text } from '@radix-ui/themes'
import { Check } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { CREATOR_STEPS, type CreatorStep } from './types.ts'
import '#locales/ns/creator.ts'

export function StepIndicator({ step }: { step: CreatorStep }) {
	const { t } = useTranslation('creator')
	const current = CREATOR_STEPS.indexOf(step)
	return (
		<Flex asChild gap="2" wrap="wrap" align="center">
			<ol aria-label={t('steps.label')} data-testid="creator-steps" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
				{CREATOR_STEPS.map((key, index) => {
					const done = index < current
					const active = index === current
					return (
						<Flex asChild key={key} align="center" gap="2">
							<li aria-current={active ? 'step' : undefined}>
								<span
									aria-hidden
									style={{
										display: 'inline-grid',
										placeItems: 'center',
										width: 24,
										height: 24,
										borderRadius: '50%',
										fontSize: 12,
										fontWeight: 700,
										background: active || done ? 'var(--accent-9)' : 'var(--gray-4)',
										color: active || done ? 'white' : 'var(--gray-11)',
									}}
								>
									{done ? <Check size={14} /> : index + 1}
								</span>
								<Text size="2" weight={active ? 'bold' : 'regular'} color={active || done ? undefined : 'gray'}>
									{t(`steps.${key}`)}
								</Text>
								{index < CREATOR_STEPS.length - 1 ? (
									<span aria-hidden style={{ width: 24, height: 1, background: 'var(--gray-6)' }} />
								) : null}
							</li>
						</Flex>
					)
				})}
			</ol>
		</Flex>
	)
}
