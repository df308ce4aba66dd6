import { Flex, Progress, Text } from '@radix-ui/themes'
import { Check } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { wizardStepCount, wizardStepKeys } from './wizard-values.ts'
import '#locales/ns/onboarding.ts'

export function WizardProgress({ step }: { step: number }) {
	const { t } = useTranslation('onboarding')
	const percent = Math.round(((step + 1) / wizardStepCount) * 100)
	return (
		<Flex direction="column" gap="3">
			<Flex justify="between" align="center">
				<Text size="2" weight="medium" color="gray">
					{t('progress.step', { current: step + 1, total: wizardStepCount })}
				</Text>
				<Text size="2" weight="bold" color="indigo">
					{t('progress.percent', { percent })}
				</Text>
			</Flex>
			<Progress
				value={percent}
				max={100}
				size="2"
				aria-label={t('progress.label')}
				aria-valuetext={t('progress.percent', { percent })}
			/>
			<Flex asChild justify="between" gap="2" display={{ initial: 'none', sm: 'flex' }}>
				<ol aria-label={t('progress.stepsLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
					{wizardStepKeys.map((key, index) => (
						<StepMarker key={key} index={index} current={step} title={t(`steps.${key}.title`)} />
					))}
				</ol>
			</Flex>
		</Flex>
	)
}

function StepMarker({ index, current, title }: { index: number; current: number; title: string }) {
	const done = index < current
	const active = index === current
	return (
		<Flex asChild align="center" gap="1">
			<li aria-current={active ? 'step' : undefined}>
				{done ? <Check size={14} color="var(--accent-11)" aria-hidden /> : null}
				<Text size="1" weight={active ? 'bold' : 'regular'} color={active || done ? 'indigo' : 'gray'}>
					{title}
				</Text>
			</li>
		</Flex>
	)
}
