import { getInputProps, type FieldMetadata, type useForm } from '@conform-to/react'
import { Box, Checkbox, Flex, Grid, Heading, Select, Separator, Text, TextField } from '@radix-ui/themes'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { FileButton } from '#app/components/ui/file-button.tsx'
import { ADMIN_FORMATS, ADMIN_RESOLUTIONS, PREVIEW_ACCEPT, PREVIEW_MAX_BYTES } from '#modules/catalog/admin-models-schema.ts'
import { MODEL_CATEGORIES } from '#modules/catalog/costs.ts'
import type { AdminModel, AiModelFormInput } from '#modules/catalog/index.ts'
import { MB } from '#modules/media/kinds.ts'
import { FieldShell as SharedFieldShell } from '#app/components/field-shell.tsx'
import '#locales/ns/adminModels.ts'
import '#locales/ns/catalog.ts'

/** The dialog's fields as the browser posts them (the columns of ai_models; see AiModelFormSchema). */
export type ModelFormShape = {
	id?: string
	name: string
	model_id: string
	category: string
	description: string
	provider: string
	credits_cost: string
	recommendation_level: string
	features: string
	api_endpoint: string
	api_parameters: string
	is_active: string
	sort_order: string
	aspect_ratios: Array<string>
	supported_formats?: Array<string>
	supported_resolutions?: Array<string>
	fixed_durations?: string
	video_duration_min?: string
	video_duration_max?: string
	resolution_credits?: Record<string, string>
	supports_audio: string
	reference_image_required: string
	preview?: File
	remove_preview: string
}

type Fieldset = ReturnType<typeof useForm<ModelFormShape, AiModelFormInput>>[1]

/** The shared FieldShell with the field's first error (a message key of `adminModels`) translated. */
export function FieldShell({ id, label, hint, errors, children }: { id: string; label: string; hint?: string; errors?: Array<string>; children: React.ReactNode }) {
	const { t } = useTranslation('adminModels')
	return (
		<SharedFieldShell id={id} label={label} hint={hint} error={errors?.length ? t(errors[0] as 'form.errors.nameRequired') : null}>
			{children}
		</SharedFieldShell>
	)
}

/** 'Sprache', 'Bild' and 'Video' as the options of a select (the list's filter and the dialog). */
export function CategoryItems() {
	const { t } = useTranslation('catalog')
	return MODEL_CATEGORIES.map((value) => (
		<Select.Item key={value} value={value}>
			{t(`categories.${value}`)}
		</Select.Item>
	))
}

/** Every error of a list field and its entries (an entry's error names the list). */
const listErrors = (field: FieldMetadata<unknown>) => (field.allErrors ? Object.values(field.allErrors).flat() : undefined)

function CheckboxOption({ name, value, label, checked, defaultChecked, onCheckedChange }: { name: string; value: string; label: string; checked?: boolean; defaultChecked?: boolean; onCheckedChange?: (checked: boolean) => void }) {
	return (
		<Text as="label" size="2">
			<Flex gap="2" align="center">
				<Checkbox name={name} value={value} checked={checked} defaultChecked={defaultChecked} onCheckedChange={onCheckedChange ? (state) => onCheckedChange(state === true) : undefined} />
				{label}
			</Flex>
		</Text>
	)
}

/** Checkboxes posting the checked values under one name. */
export function CheckboxGroup({ field, label, options, selected }: { field: FieldMetadata<Array<string> | undefined>; label: string; options: ReadonlyArray<string>; selected: ReadonlyArray<string> }) {
	const { t } = useTranslation('adminModels')
	const labelId = useId()
	const errors = listErrors(field)
	return (
		<Flex direction="column" gap="1" role="group" aria-labelledby={labelId}>
			<Text id={labelId} size="2" weight="medium">
				{label}
			</Text>
			<Flex gap="4" wrap="wrap">
				{options.map((option) => (
					<CheckboxOption key={option} name={field.name} value={option} label={option} defaultChecked={selected.includes(option)} />
				))}
			</Flex>
			{errors?.length ? (
				<Text size="1" color="red" role="alert">
					{t(errors[0] as 'form.errors.formatInvalid')}
				</Text>
			) : null}
		</Flex>
	)
}

/** The stored preview (or the newly chosen file), the file input and, when there is one, 'Vorschaubild entfernen'. */
export function PreviewField({ field, removeField, model }: { field: FieldMetadata<File | undefined>; removeField: FieldMetadata<string>; model: AdminModel | null }) {
	const { t } = useTranslation('adminModels')
	const [chosen, setChosen] = useState<{ name: string; url: string } | null>(null)
	useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen])
	const { key, ...props } = getInputProps(field, { type: 'file' })
	const shown = chosen?.url ?? model?.preview_image_url ?? null
	return (
		<FieldShell id={field.id} label={t('form.preview')} hint={t('form.previewHint', { mb: PREVIEW_MAX_BYTES / MB })} errors={field.errors}>
			<Flex gap="3" align="center" wrap="wrap">
				<Box style={{ width: 96, height: 64, borderRadius: 8, border: '1px dashed var(--gray-7)', display: 'grid', placeItems: 'center', overflow: 'hidden', background: 'var(--gray-2)' }}>
					{shown ? (
						<img src={shown} alt={t('form.previewAlt', { name: model?.name ?? '' })} data-testid="admin-model-preview" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
					) : (
						<Text size="1" color="gray" align="center">
							{t('form.previewNone')}
						</Text>
					)}
				</Box>
				<FileButton
					key={key}
					{...props}
					id={field.id}
					required={false}
					accept={PREVIEW_ACCEPT}
					buttonLabel={t('form.previewChoose')}
					fileName={chosen?.name ?? null}
					aria-describedby={field.errors ? `${field.id}-error` : undefined}
					onChange={(event) => {
						const file = event.target.files?.[0]
						setChosen(file ? { name: file.name, url: URL.createObjectURL(file) } : null)
					}}
				/>
			</Flex>
			{model?.preview_image_url && !chosen ? <CheckboxOption name={removeField.name} value="on" label={t('form.removePreview')} defaultChecked={false} /> : null}
		</FieldShell>
	)
}

/** Formats, resolutions with their price per second, durations, sound and start image (category video only). */
export function VideoFields({ fields, model }: { fields: Fieldset; model: AdminModel | null }) {
	const { t } = useTranslation('adminModels')
	const [resolutions, setResolutions] = useState<Array<string>>(() => [fields.supported_resolutions.initialValue ?? []].flat().filter((r): r is string => typeof r === 'string'))
	const credits = fields.resolution_credits.getFieldset()
	const toggle = (resolution: string, checked: boolean) => setResolutions((list) => (checked ? [...list, resolution] : list.filter((r) => r !== resolution)))
	const formats = [...new Set([...ADMIN_FORMATS, ...(model?.supported_formats ?? [])])]
	const resolutionsId = useId()
	return (
		<Flex direction="column" gap="3" data-testid="video-fields">
			<Separator size="4" />
			<Heading as="h3" size="3">
				{t('form.sections.video')}
			</Heading>
			<CheckboxGroup field={fields.supported_formats} label={t('form.supportedFormats')} options={formats} selected={model?.supported_formats ?? []} />
			<Flex direction="column" gap="2" role="group" aria-labelledby={resolutionsId}>
				<Text id={resolutionsId} size="2" weight="medium">
					{t('form.supportedResolutions')}
				</Text>
				<Text size="1" color="gray">
					{t('form.resolutionCreditsHint')}
				</Text>
				{ADMIN_RESOLUTIONS.map((resolution) => {
					const field = credits[resolution]!
					const { key, ...props } = getInputProps(field, { type: 'number' })
					return (
						<Grid key={resolution} columns="140px 1fr" gap="3" align="start">
							<Box pt="1">
								<CheckboxOption
									name={fields.supported_resolutions.name}
									value={resolution}
									label={t(`form.resolutionLabel.${resolution}`)}
									checked={resolutions.includes(resolution)}
									onCheckedChange={(checked) => toggle(resolution, checked)}
								/>
							</Box>
							{resolutions.includes(resolution) ? (
								<FieldShell id={field.id} label={t('form.resolutionCredits', { resolution: t(`form.resolutionLabel.${resolution}`) })} errors={field.errors}>
									<TextField.Root key={key} {...props} required={false} step="0.1" min="0.1" inputMode="decimal" />
								</FieldShell>
							) : null}
						</Grid>
					)
				})}
				{fields.supported_resolutions.errors?.length ? (
					<Text size="1" color="red" role="alert">
						{t(fields.supported_resolutions.errors[0] as 'form.errors.resolutionRequired')}
					</Text>
				) : null}
			</Flex>
			<Grid columns={{ initial: '1', sm: '3' }} gap="3">
				<TextInput field={fields.video_duration_min} label={t('form.durationMin')} type="number" step="1" min="1" />
				<TextInput field={fields.video_duration_max} label={t('form.durationMax')} type="number" step="1" min="1" />
				<FieldShell id={fields.fixed_durations.id} label={t('form.fixedDurations')} hint={t('form.fixedDurationsHint')} errors={listErrors(fields.fixed_durations)}>
					<TextField.Root id={fields.fixed_durations.id} name={fields.fixed_durations.name} defaultValue={fields.fixed_durations.initialValue} key={fields.fixed_durations.key} autoComplete="off" />
				</FieldShell>
			</Grid>
			<Flex gap="5" wrap="wrap">
				<CheckboxOption name={fields.supports_audio.name} value="on" label={t('form.supportsAudio')} defaultChecked={fields.supports_audio.initialValue === 'on'} />
				<CheckboxOption name={fields.reference_image_required.name} value="on" label={t('form.referenceImageRequired')} defaultChecked={fields.reference_image_required.initialValue === 'on'} />
			</Flex>
		</Flex>
	)
}

/** A labelled text or number input bound to a conform field. */
export function TextInput({
	field,
	label,
	hint,
	type = 'text',
	step,
	min,
}: {
	field: FieldMetadata<string | undefined>
	label: string
	hint?: string
	type?: 'text' | 'number'
	step?: string
	min?: string
}) {
	const { key, ...props } = getInputProps(field, { type })
	return (
		<FieldShell id={field.id} label={label} hint={hint} errors={field.errors}>
			<TextField.Root key={key} {...props} required={false} step={step} min={min} inputMode={type === 'number' ? 'decimal' : undefined} autoComplete="off" aria-describedby={field.errors ? `${field.id}-error` : undefined} />
		</FieldShell>
	)
}
