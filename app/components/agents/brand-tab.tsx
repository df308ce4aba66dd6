import { Button, IconButton, Switch, TextField } from '@radix-ui/themes'
import { Badge, Flex, Grid, Text } from '#app/components/ui/lean.tsx'
import { Plus, X } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { addError, agentLimits, type AgentErrorKey } from '#modules/agents/schema.ts'
import type { AgentPreset } from '#modules/agents/types.ts'
import type { Draft, UpdateDraft } from './draft.ts'
import { Field } from './fields.tsx'
import { LogoUploader } from './logo-uploader.tsx'
import '#locales/ns/agents.ts'

export function BrandTab({ draft, update, preset }: { draft: Draft; update: UpdateDraft; preset: AgentPreset }) {
	const { t } = useTranslation('agents')
	const nameId = useId()
	const switchId = useId()
	return (
		<Flex direction="column" gap="5">
			<Grid columns={{ initial: '1', sm: '2' }} gap="4">
				<Field label={t('brand.name')} htmlFor={nameId}>
					<TextField.Root id={nameId} value={draft.brandName} maxLength={agentLimits.brandNameMax} placeholder={t('brand.namePlaceholder')} onChange={(event) => update('brandName', event.target.value)} />
				</Field>
				<ColorInput label={t('brand.accentColor')} value={draft.accentColor} onChange={(value) => update('accentColor', value)} />
			</Grid>
			<BrandColors colors={draft.brandColors} onChange={(colors) => update('brandColors', colors)} />
			<Flex direction="column" gap="1">
				<Text as="label" htmlFor={switchId} size="2" weight="medium">
					<Flex gap="2" align="center">
						<Switch id={switchId} checked={draft.useBranding} onCheckedChange={(checked) => update('useBranding', checked)} />
						{t('brand.useBranding')}
					</Flex>
				</Text>
				<Text size="1" color="gray">
					{t('brand.useBrandingHint')}
				</Text>
			</Flex>
			<LogoUploader agentId={preset.id} logoUrl={preset.logoUrl} />
		</Flex>
	)
}

/** A colour as picker and hex code side by side. */
function ColorInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
	const { t } = useTranslation('agents')
	const id = useId()
	const [text, setText] = useState(value)
	return (
		<Field label={label} htmlFor={id}>
			<Flex gap="2" align="center">
				<input
					type="color"
					aria-label={label}
					value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
					onChange={(event) => {
						setText(event.target.value)
						onChange(event.target.value)
					}}
					style={{ width: 40, height: 32, padding: 0, border: 'none', background: 'none' }}
				/>
				<TextField.Root
					id={id}
					value={text}
					maxLength={7}
					aria-label={`${label} – ${t('brand.colorHex')}`}
					onChange={(event) => {
						setText(event.target.value)
						if (/^#[0-9a-f]{6}$/i.test(event.target.value)) onChange(event.target.value)
					}}
					style={{ width: 110 }}
				/>
			</Flex>
		</Field>
	)
}

function BrandColors({ colors, onChange }: { colors: Array<string>; onChange: (colors: Array<string>) => void }) {
	const { t } = useTranslation('agents')
	const [next, setNext] = useState('#000000')
	const [error, setError] = useState<AgentErrorKey | null>(null)
	const labelId = useId()
	function add() {
		const problem = addError('color', next, colors)
		setError(problem)
		if (!problem) onChange([...colors, next.toLowerCase()])
	}
	return (
		<Flex direction="column" gap="2">
			<Text id={labelId} size="2" weight="medium">
				{t('brand.colors')}
			</Text>
			{colors.length === 0 ? (
				<Text size="2" color="gray">
					{t('brand.colorsEmpty')}
				</Text>
			) : (
				<Flex gap="2" wrap="wrap" role="list" aria-labelledby={labelId}>
					{colors.map((color) => (
						<Badge key={color} role="listitem" size="2" variant="surface" color="gray">
							<span aria-hidden style={{ width: 14, height: 14, borderRadius: 4, background: color, border: '1px solid var(--gray-6)' }} />
							{color}
							<IconButton size="1" variant="ghost" color="gray" aria-label={t('brand.removeColor', { color })} onClick={() => onChange(colors.filter((c) => c !== color))}>
								<X size={12} aria-hidden />
							</IconButton>
						</Badge>
					))}
				</Flex>
			)}
			<Flex gap="2" align="center">
				<input type="color" aria-label={t('brand.colorPicker')} value={next} onChange={(event) => setNext(event.target.value)} style={{ width: 40, height: 32, padding: 0, border: 'none', background: 'none' }} />
				<Button variant="soft" size="2" onClick={add} disabled={colors.length >= agentLimits.brandColorsMax}>
					<Plus size={14} aria-hidden /> {t('actions.add')}
				</Button>
			</Flex>
			{error ? (
				<Text size="1" color="red" role="alert">
					{t(error)}
				</Text>
			) : null}
		</Flex>
	)
}
