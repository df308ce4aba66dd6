import { Flex, Grid, Text } from '#app/components/ui/lean.tsx'
import { useId } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { LabelledSlider } from '#app/components/labelled-slider.tsx'
import { agentLimits, agentTones, sliderKeys, type SliderKey } from '#modules/agents/schema.ts'
import type { Draft, UpdateDraft } from './draft.ts'
import { SelectField, TextAreaField } from './fields.tsx'
import '#locales/ns/agents.ts'

export function VoiceTab({ draft, update }: { draft: Draft; update: UpdateDraft }) {
	const { t } = useTranslation('agents')
	return (
		<Flex direction="column" gap="5">
			<Grid columns={{ initial: '1', sm: '3' }}>
				<SelectField label={t('voice.tone')} value={draft.tone} options={agentTones.map((value) => ({ value, label: t(`tones.${value}`) }))} onChange={(value) => update('tone', value)} />
			</Grid>
			<Grid columns={{ initial: '1', sm: '2' }} gapX="6" gapY="4">
				{sliderKeys.map((key) => (
					<SliderField key={key} name={key} value={draft[key]} onChange={(value) => update(key, value)} />
				))}
			</Grid>
			<Grid columns={{ initial: '1', sm: '2' }} gap="4">
				<TextAreaField
					label={t('voice.voiceIdentity')}
					value={draft.voiceIdentity}
					onChange={(value) => update('voiceIdentity', value)}
					max={agentLimits.voiceMax}
					placeholder={t('voice.voiceIdentityPlaceholder')}
				/>
				<TextAreaField
					label={t('voice.writingStyle')}
					value={draft.writingStyle}
					onChange={(value) => update('writingStyle', value)}
					max={agentLimits.voiceMax}
					placeholder={t('voice.writingStylePlaceholder')}
				/>
			</Grid>
		</Flex>
	)
}

function SliderField({ name, value, onChange }: { name: SliderKey; value: number; onChange: (value: number) => void }) {
	const { t } = useTranslation('agents')
	const labelId = useId()
	return (
		<Flex direction="column" gap="2" data-testid={`slider-${name}`}>
			<Flex justify="between">
				<Text id={labelId} size="2" weight="medium">
					{t(`voice.sliders.${name}`)}
				</Text>
				<Text size="2" color="gray" data-testid={`slider-${name}-value`}>
					{value}
				</Text>
			</Flex>
			<LabelledSlider value={value} min={0} max={100} step={1} labelledBy={labelId} onValueChange={onChange} />
			<Text size="1" color="gray">
				{t(`voice.sliderHints.${name}`)}
			</Text>
		</Flex>
	)
}
