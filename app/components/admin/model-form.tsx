import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Box, Button, Checkbox, Dialog, Select, Separator, TextArea } from '@radix-ui/themes'
import { Flex, Grid, Heading, Text } from '#app/components/ui/lean.tsx'
import { Trash2 } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import type { ModelsReply } from '#app/components/admin/models-page.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { useRequestId } from '#app/components/use-request-id.ts'
import { ADMIN_FORMATS, AiModelFormSchema, DEFAULT_MODEL_CREDITS, DEFAULT_VIDEO_DURATION, RECOMMENDATION_LEVELS } from '#modules/catalog/admin-models-schema.ts'
import type { ModelCategory } from '#modules/catalog/costs.ts'
import type { AdminModel, AiModelFormInput } from '#modules/catalog/index.ts'
import { CategoryItems, CheckboxGroup, FieldShell, PreviewField, TextInput, VideoFields, type ModelFormShape } from './model-form-fields.tsx'
import '#locales/ns/adminModels.ts'
import '#locales/ns/catalog.ts'

const json = (value: Record<string, unknown>) => (Object.keys(value).length ? JSON.stringify(value, null, 2) : '')
const on = (value: boolean) => (value ? 'on' : '')
/** A file or an older row may say 2160p for 4K. */
const resolutionOf = (value: string) => (value === '2160p' ? '4K' : value)

/** The values the dialog starts with: the model's, or a new model's defaults. */
function initialValues(model: AdminModel | null, category: ModelCategory): Omit<ModelFormShape, 'preview'> {
	return {
		id: model?.id,
		name: model?.name ?? '',
		model_id: model?.model_id ?? '',
		category,
		description: model?.description ?? '',
		provider: model?.provider ?? '',
		credits_cost: String(model?.credits_cost ?? DEFAULT_MODEL_CREDITS),
		recommendation_level: String(model?.recommendation_level ?? 0),
		features: (model?.features ?? []).join('\n'),
		api_endpoint: model?.api_endpoint ?? '',
		api_parameters: json(model?.api_parameters ?? {}),
		is_active: on(model?.is_active ?? true),
		sort_order: String(model?.sort_order ?? 0),
		aspect_ratios: model?.aspect_ratios ?? [],
		supported_formats: model?.supported_formats ?? [],
		supported_resolutions: (model?.supported_resolutions ?? []).map(resolutionOf),
		resolution_credits: Object.fromEntries(Object.entries(model?.resolution_credits ?? {}).map(([resolution, credits]) => [resolutionOf(resolution), String(credits)])),
		fixed_durations: (model?.fixed_durations ?? []).join(', '),
		video_duration_min: String(model?.video_duration_min ?? DEFAULT_VIDEO_DURATION.min),
		video_duration_max: String(model?.video_duration_max ?? DEFAULT_VIDEO_DURATION.max),
		supports_audio: on(model?.supports_audio ?? false),
		reference_image_required: on(model?.reference_image_required ?? false),
		remove_preview: '',
	}
}

/** The create/edit form of the model dialog; 'Löschen' only in edit mode (it asks first). */
export function ModelForm({
	model,
	defaultCategory,
	onSaved,
	onDelete,
}: {
	model: AdminModel | null
	defaultCategory: ModelCategory | null
	onSaved: () => void
	onDelete: (model: AdminModel) => void
}) {
	const { t } = useTranslation(['adminModels', 'catalog'])
	const fetcher = useFetcher<ModelsReply>()
	const saved = useCallback(() => {
		if (fetcher.data?.saved) onSaved()
	}, [fetcher.data, onSaved])
	useFetcherNotice(fetcher, saved)
	// A new entry is created once per request id (a double submit or a retry of a lost answer).
	const requestId = useRequestId(fetcher.data)
	const [category, setCategory] = useState<ModelCategory>(model?.category ?? defaultCategory ?? 'language')
	const [form, fields] = useForm<ModelFormShape, AiModelFormInput>({
		id: model ? `ai-model-${model.id}` : 'ai-model-new',
		lastResult: fetcher.state === 'idle' ? fetcher.data?.form : undefined,
		defaultValue: initialValues(model, category),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: AiModelFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const categoryId = `${form.id}-category`
	const levelId = `${form.id}-level`
	const imageFormats = [...new Set([...ADMIN_FORMATS, ...(model?.aspect_ratios ?? [])])]

	return (
		<fetcher.Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="save" />
			<input type="hidden" name="requestId" value={requestId} />
			{model ? <input type="hidden" name="id" value={model.id} /> : null}
			<Flex direction="column" gap="3">
				<Heading as="h3" size="3">
					{t('form.sections.general')}
				</Heading>
				<Grid columns={{ initial: '1', sm: '2' }} gap="3">
					<TextInput field={fields.name} label={t('form.name')} />
					<TextInput field={fields.model_id} label={t('form.modelId')} hint={t('form.modelIdHint')} />
					<FieldShell id={categoryId} label={t('form.category')} errors={fields.category.errors}>
						<Select.Root name={fields.category.name} value={category} onValueChange={(value) => setCategory(value as ModelCategory)}>
							<Select.Trigger id={categoryId} />
							<Select.Content position="popper">
								<CategoryItems />
							</Select.Content>
						</Select.Root>
					</FieldShell>
					<TextInput field={fields.provider} label={t('form.provider')} hint={t('form.providerHint')} />
					{category === 'video' ? (
						// Hidden for video (priced per second and resolution); kept as the fallback price.
						<input type="hidden" name={fields.credits_cost.name} value={model?.credits_cost ?? DEFAULT_MODEL_CREDITS} />
					) : (
						<TextInput field={fields.credits_cost} label={t('form.credits')} type="number" step="1" min="1" />
					)}
					<FieldShell id={levelId} label={t('form.recommendation')} errors={fields.recommendation_level.errors}>
						<Select.Root name={fields.recommendation_level.name} defaultValue={String(model?.recommendation_level ?? 0)}>
							<Select.Trigger id={levelId} />
							<Select.Content position="popper">
								{RECOMMENDATION_LEVELS.map((level) => (
									<Select.Item key={level} value={String(level)}>
										{t(`catalog:levels.${level}`)}
									</Select.Item>
								))}
							</Select.Content>
						</Select.Root>
					</FieldShell>
				</Grid>
				<FieldShell id={fields.description.id} label={t('form.descriptionField')} errors={fields.description.errors}>
					<TextArea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} />
				</FieldShell>
				<FieldShell id={fields.features.id} label={t('form.features')} errors={fields.features.allErrors ? Object.values(fields.features.allErrors).flat() : undefined}>
					<TextArea {...getTextareaProps(fields.features)} key={fields.features.key} rows={3} />
				</FieldShell>

				<Separator size="4" />
				<Heading as="h3" size="3">
					{t('form.sections.display')}
				</Heading>
				<Grid columns={{ initial: '1', sm: '2' }} gap="3">
					<TextInput field={fields.sort_order} label={t('form.sortOrder')} hint={t('form.sortOrderHint')} type="number" step="1" />
					{model ? (
						<Flex direction="column" gap="1">
							<Text size="2" weight="medium">
								{t('form.likes')}
							</Text>
							<Text size="2" data-testid="admin-model-likes">
								{model.like_count}
							</Text>
						</Flex>
					) : null}
				</Grid>
				<Text as="label" size="2">
					<Flex gap="2" align="center">
						<Checkbox name={fields.is_active.name} defaultChecked={fields.is_active.initialValue === 'on'} value="on" />
						{t('form.isActive')}
					</Flex>
				</Text>
				<PreviewField field={fields.preview} removeField={fields.remove_preview} model={model} />
				{category === 'image' ? (
					<CheckboxGroup field={fields.aspect_ratios} label={t('form.aspectRatios')} options={imageFormats} selected={model?.aspect_ratios ?? []} />
				) : null}

				{category === 'video' ? <VideoFields fields={fields} model={model} /> : null}

				<Separator size="4" />
				<Heading as="h3" size="3">
					{t('form.sections.api')}
				</Heading>
				<TextInput field={fields.api_endpoint} label={t('form.apiEndpoint')} hint={t('form.apiEndpointHint')} />
				<FieldShell id={fields.api_parameters.id} label={t('form.apiParameters')} hint={t('form.apiParametersHint')} errors={fields.api_parameters.errors}>
					<TextArea {...getTextareaProps(fields.api_parameters)} key={fields.api_parameters.key} rows={5} spellCheck={false} style={{ fontFamily: 'var(--code-font-family)' }} />
				</FieldShell>

				<Flex gap="3" justify="between" mt="2" wrap="wrap">
					<Box>
						{model ? (
							<Button type="button" color="red" variant="soft" onClick={() => onDelete(model)}>
								<Trash2 size={16} aria-hidden />
								{t('form.delete')}
							</Button>
						) : null}
					</Box>
					<Flex gap="3">
						<Dialog.Close>
							<Button type="button" variant="soft" color="gray">
								{t('form.cancel')}
							</Button>
						</Dialog.Close>
						<Button type="submit" loading={fetcher.state !== 'idle'}>
							{t('form.save')}
						</Button>
					</Flex>
				</Flex>
			</Flex>
		</fetcher.Form>
	)
}
