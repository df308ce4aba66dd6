import type { SubmissionResult } from '@conform-to/react'
import { Badge, Button, Callout, Card, Dialog, Flex, IconButton, Select, Table, Text, VisuallyHidden } from '@radix-ui/themes'
import { Pencil, Plus } from 'lucide-react'
import { useCallback, useId, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher, useSearchParams } from 'react-router'
import { formatCredits, levelColor } from '#app/components/catalog/format.ts'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { useFetcherNotice, type Notice } from '#app/components/use-fetcher-notice.ts'
import { lowestPerSecond, type ModelCategory } from '#modules/catalog/costs.ts'
import type { AdminModel } from '#modules/catalog/index.ts'
import { ModelForm } from './model-form.tsx'
import { CategoryItems } from './model-form-fields.tsx'
import { Tooltip } from '#app/components/tooltip/tooltip.tsx'
import '#locales/ns/adminModels.ts'
import '#locales/ns/catalog.ts'

export type ModelsReply = { ok: boolean; notice?: Notice; form?: SubmissionResult<Array<string>>; saved?: string; deleted?: string }

type Props = { category: ModelCategory | null; models: Array<AdminModel>; loadFailed: boolean }

const ALL = 'all'

/** 'KI-Modelle verwalten': the list with its category filter, the create/edit dialog and the delete confirmation. */
export function ModelsPage({ category, models, loadFailed }: Props) {
	const { t } = useTranslation(['adminModels', 'catalog'])
	const [, setSearchParams] = useSearchParams()
	const filterId = useId()
	// undefined: dialog closed; null: create; a model: edit.
	const [editing, setEditing] = useState<AdminModel | null | undefined>(undefined)
	const [deleting, setDeleting] = useState<AdminModel | null>(null)
	const deleter = useFetcher<ModelsReply>()
	const close = useCallback(() => setEditing(undefined), [])
	const deleted = useCallback(() => {
		if (deleter.data?.deleted) setEditing(undefined)
	}, [deleter.data])
	useFetcherNotice(deleter, deleted)

	const setCategory = (value: string) =>
		setSearchParams(
			(params) => {
				if (value === ALL) params.delete('category')
				else params.set('category', value)
				return params
			},
			{ preventScrollReset: true },
		)

	return (
		<Flex direction="column" gap="4">
			<PageHeader title={t('title')} subtitle={t('subtitle')}>
				<Button onClick={() => setEditing(null)}>
					<Plus size={16} aria-hidden />
					{t('new')}
				</Button>
			</PageHeader>
			<Flex gap="3" align="end" wrap="wrap">
				<Flex direction="column" gap="1">
					<Text as="label" htmlFor={filterId} size="2" color="gray">
						{t('filter.label')}
					</Text>
					<Select.Root value={category ?? ALL} onValueChange={setCategory}>
						<Select.Trigger id={filterId} aria-label={t('filter.label')} />
						<Select.Content position="popper">
							<Select.Item value={ALL}>{t('filter.all')}</Select.Item>
							<CategoryItems />
						</Select.Content>
					</Select.Root>
				</Flex>
				<Text size="2" color="gray" ml="auto" data-testid="admin-models-count">
					{t('filter.count', { count: models.length })}
				</Text>
			</Flex>
			{loadFailed ? (
				<Callout.Root color="red" role="alert">
					<Callout.Text>
						<strong>{t('toasts.errorTitle')}</strong> {t('toasts.loadFailed')}
					</Callout.Text>
				</Callout.Root>
			) : models.length === 0 ? (
				<Card>
					<Text color="gray">{t(category ? 'emptyCategory' : 'empty')}</Text>
				</Card>
			) : (
				<ModelsTable models={models} onEdit={setEditing} />
			)}
			<Dialog.Root open={editing !== undefined} onOpenChange={(open) => (open ? null : close())}>
				<Dialog.Content maxWidth="720px">
					<Dialog.Title>{t(editing ? 'form.editTitle' : 'form.createTitle')}</Dialog.Title>
					<Dialog.Description size="2" mb="3">
						{t('form.description')}
					</Dialog.Description>
					{editing !== undefined ? <ModelForm key={editing?.id ?? 'new'} model={editing} defaultCategory={category} onSaved={close} onDelete={setDeleting} /> : null}
				</Dialog.Content>
			</Dialog.Root>
			<ConfirmDialog
				open={deleting !== null}
				title={t('delete.title')}
				text={t('delete.text', { name: deleting?.name ?? '' })}
				confirmLabel={t('delete.confirm')}
				cancelLabel={t('delete.cancel')}
				onConfirm={() => (deleting ? deleter.submit({ intent: 'delete', id: deleting.id }, { method: 'post' }) : undefined)}
				onCancel={() => setDeleting(null)}
			/>
		</Flex>
	)
}

/** Credits of one use, or for video the cheapest price per second. */
function creditsText(model: AdminModel, perSecond: (credits: string) => string) {
	if (model.category !== 'video') return formatCredits(model.credits_cost)
	const lowest = lowestPerSecond({
		creditsCost: model.credits_cost,
		resolutionCredits: model.resolution_credits,
		supportedFormats: model.supported_formats,
		supportedResolutions: model.supported_resolutions,
		fixedDurations: model.fixed_durations,
		durationMin: model.video_duration_min,
		durationMax: model.video_duration_max,
	})
	return perSecond(formatCredits(lowest))
}

function ModelsTable({ models, onEdit }: { models: Array<AdminModel>; onEdit: (model: AdminModel) => void }) {
	const { t } = useTranslation(['adminModels', 'catalog'])
	return (
		<Table.Root variant="surface" data-testid="admin-models">
			<Table.Header>
				<Table.Row>
					<Table.ColumnHeaderCell>{t('list.name')}</Table.ColumnHeaderCell>
					<Table.ColumnHeaderCell>{t('list.modelId')}</Table.ColumnHeaderCell>
					<Table.ColumnHeaderCell>{t('list.category')}</Table.ColumnHeaderCell>
					<Table.ColumnHeaderCell>{t('list.provider')}</Table.ColumnHeaderCell>
					<Table.ColumnHeaderCell>{t('list.credits')}</Table.ColumnHeaderCell>
					<Table.ColumnHeaderCell>{t('list.recommendation')}</Table.ColumnHeaderCell>
					<Table.ColumnHeaderCell>{t('list.status')}</Table.ColumnHeaderCell>
					<Table.ColumnHeaderCell justify="end">{t('list.likes')}</Table.ColumnHeaderCell>
					<Table.ColumnHeaderCell>
						<VisuallyHidden>{t('list.actions')}</VisuallyHidden>
					</Table.ColumnHeaderCell>
				</Table.Row>
			</Table.Header>
			<Table.Body>
				{models.map((model) => (
					<Table.Row key={model.id} align="center" data-testid="admin-model" data-model-id={model.model_id}>
						<Table.RowHeaderCell>
							<Flex gap="2" align="center">
								{model.preview_image_url ? (
									<img src={model.preview_image_url} alt="" width={32} height={32} style={{ objectFit: 'cover', borderRadius: 6 }} />
								) : null}
								<Text weight="medium">{model.name}</Text>
							</Flex>
						</Table.RowHeaderCell>
						<Table.Cell>
							<Text size="2" style={{ fontFamily: 'var(--code-font-family)' }}>
								{model.model_id}
							</Text>
						</Table.Cell>
						<Table.Cell>
							<Badge variant="outline">{t(`catalog:categories.${model.category}`)}</Badge>
						</Table.Cell>
						<Table.Cell>{model.provider}</Table.Cell>
						<Table.Cell data-testid="admin-model-credits">{creditsText(model, (credits) => t('list.perSecond', { credits }))}</Table.Cell>
						<Table.Cell>
							<Badge color={levelColor(model.recommendation_level)} variant="soft" data-testid="admin-model-level">
								{t(`catalog:levels.${model.recommendation_level as 0 | 1 | 2 | 3}`)}
							</Badge>
						</Table.Cell>
						<Table.Cell>
							<Badge color={model.is_active ? 'green' : 'gray'} data-testid="admin-model-status">
								{t(model.is_active ? 'list.active' : 'list.inactive')}
							</Badge>
						</Table.Cell>
						<Table.Cell justify="end">{model.like_count}</Table.Cell>
						<Table.Cell justify="end">
							<Tooltip content={t('list.edit')}>
								<IconButton variant="soft" aria-label={`${t('list.edit')} ${model.name}`} onClick={() => onEdit(model)}>
									<Pencil size={16} aria-hidden />
								</IconButton>
							</Tooltip>
						</Table.Cell>
					</Table.Row>
				))}
			</Table.Body>
		</Table.Root>
	)
}
