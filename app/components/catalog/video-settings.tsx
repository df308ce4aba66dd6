import { Callout, Select } from '@radix-ui/themes'
import { Flex, Grid, Heading, Text } from '#app/components/ui/lean.tsx'
import { Info } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { VideoOptions, VideoSettings as Settings } from '#modules/catalog/costs.ts'
import '#locales/ns/catalog.ts'

/** Format, resolution and length: only what every selected model offers. */
export function VideoSettings({ options, value, onChange, disabled }: { options: VideoOptions; value: Settings | null; onChange: (value: Settings) => void; disabled?: boolean }) {
	const { t } = useTranslation('catalog')
	if (!value) {
		return (
			<Callout.Root color="red" role="alert">
				<Callout.Icon>
					<Info size={16} />
				</Callout.Icon>
				<Callout.Text>{t('test.noSharedOptions')}</Callout.Text>
			</Callout.Root>
		)
	}
	return (
		<Flex direction="column" gap="2" data-testid="video-settings">
			<Heading as="h3" size="3">
				{t('test.videoSettings')}
			</Heading>
			<Text size="1" color="gray">
				{t('test.videoSharedHint')}
			</Text>
			<Grid columns={{ initial: '1', sm: '3' }} gap="3">
				<Choice label={t('test.format')} value={value.aspectRatio} items={options.formats.map((f) => [f, f])} onChange={(aspectRatio) => onChange({ ...value, aspectRatio })} disabled={disabled} />
				<Choice label={t('test.resolution')} value={value.resolution} items={options.resolutions.map((r) => [r, r])} onChange={(resolution) => onChange({ ...value, resolution })} disabled={disabled} />
				<Choice
					label={t('test.duration')}
					value={String(value.durationSeconds)}
					items={options.durations.map((d) => [String(d), t('test.seconds', { count: d })])}
					onChange={(seconds) => onChange({ ...value, durationSeconds: Number(seconds) })}
					disabled={disabled}
				/>
			</Grid>
		</Flex>
	)
}

function Choice({ label, value, items, onChange, disabled }: { label: string; value: string; items: Array<[string, string]>; onChange: (value: string) => void; disabled?: boolean }) {
	const id = useId()
	return (
		<Flex direction="column" gap="1">
			<Text as="label" htmlFor={id} size="2" weight="medium">
				{label}
			</Text>
			<Select.Root value={value} onValueChange={onChange} disabled={disabled}>
				<Select.Trigger id={id} aria-label={label} />
				<Select.Content position="popper">
					{items.map(([key, text]) => (
						<Select.Item key={key} value={key}>
							{text}
						</Select.Item>
					))}
				</Select.Content>
			</Select.Root>
		</Flex>
	)
}
