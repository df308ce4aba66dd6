import { Button, Callout, Tabs } from '@radix-ui/themes'
import { Flex, Grid, Text } from '#app/components/ui/lean.tsx'
import { GitCompareArrows, Info } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useNavigate, useSearchParams } from 'react-router'
import { NativeSelect } from '#app/components/native-select.tsx'
import { toast } from '#app/components/toast.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { GALLERY_SORTS, MAX_COMPARED_MODELS, MODEL_CATEGORIES, isGallerySort, isModelCategory, type GallerySort, type ModelCategory } from '#modules/catalog/costs.ts'
import type { GalleryModel } from '#modules/catalog/index.ts'
import { CreditBalanceCard } from './credit-balance-card.tsx'
import { VideoProOnly } from './video-pro-only.tsx'
import { testUrl } from './format.ts'
import { ModelCard } from './model-card.tsx'
import '#locales/ns/catalog.ts'
import './gallery-page.css'

type Props = { category: ModelCategory; sort: GallerySort; models: Array<GalleryModel>; balance: number; videoAllowed: boolean }

/** /test-models: the models of a category as cards, sorted, with the compare selection. */
export function GalleryPage({ category, sort, models, balance, videoAllowed }: Props) {
	const { t } = useTranslation('catalog')
	const [, setSearchParams] = useSearchParams()
	const navigate = useNavigate()
	const sortId = useId()
	// The selection belongs to its tab: switching the tab starts with none selected.
	const [selection, setSelection] = useState<{ category: ModelCategory; ids: Array<string> }>({ category, ids: [] })
	const selected = selection.category === category ? selection.ids.filter((id) => models.some((m) => m.modelId === id)) : []

	function toggle(modelId: string, checked: boolean) {
		if (checked && selected.length >= MAX_COMPARED_MODELS) {
			toast.error(t('gallery.compareMax', { count: MAX_COMPARED_MODELS }))
			return
		}
		setSelection({ category, ids: checked ? [...selected, modelId] : selected.filter((id) => id !== modelId) })
	}

	function compare() {
		if (selected.length === 0) {
			toast.error(t('test.noModelSelected'))
			return
		}
		void navigate(testUrl(selected, 'compare', category))
	}

	function changeTab(value: string) {
		if (!isModelCategory(value)) return
		setSelection({ category: value, ids: [] })
		setParam('tab', value)
	}

	function setParam(name: 'tab' | 'sort', value: string) {
		setSearchParams(
			(params) => {
				params.delete('type')
				params.set(name, value)
				return params
			},
			{ preventScrollReset: true },
		)
	}

	return (
		<Flex direction="column" gap="4">
			<PageHeader title={t('gallery.title')} subtitle={t('gallery.subtitle')} />
			<CreditBalanceCard balance={balance} />

			<Tabs.Root value={category} onValueChange={changeTab}>
				<Flex justify="between" align="end" gap="3" wrap="wrap">
					<Tabs.List aria-label={t('gallery.tabsLabel')}>
						{MODEL_CATEGORIES.map((c) => (
							<Tabs.Trigger key={c} value={c}>
								{t(`categories.${c}`)}
							</Tabs.Trigger>
						))}
					</Tabs.List>
					<Flex gap="2" align="center">
						<Text as="label" htmlFor={sortId} size="2" color="gray">
							{t('sorts.label')}
						</Text>
						<NativeSelect
							id={sortId}
							className="gallery-sort"
							value={sort}
							onChange={(event) => isGallerySort(event.currentTarget.value) && setParam('sort', event.currentTarget.value)}
							options={GALLERY_SORTS.map((s) => ({ value: s, label: t(`sorts.${s}`) }))}
						/>
					</Flex>
				</Flex>

				<Tabs.Content value={category}>
					<Flex direction="column" gap="4" pt="4">
						{category === 'video' && !videoAllowed ? (
							<VideoProOnly />
						) : null}
						<Flex justify="between" align="center" gap="3" wrap="wrap" data-testid="compare-bar">
							<Text size="2" color="gray">
								{selected.length ? t('gallery.compareHint', { count: selected.length }) : t('gallery.compareNone')}
							</Text>
							<Button onClick={compare} variant={selected.length ? 'solid' : 'soft'}>
								<GitCompareArrows size={16} aria-hidden />
								{selected.length ? t('gallery.compareCount', { count: selected.length }) : t('gallery.compare')}
							</Button>
						</Flex>
						{models.length === 0 ? (
							<Callout.Root color="gray">
								<Callout.Icon>
									<Info size={16} />
								</Callout.Icon>
								<Callout.Text>{t('gallery.empty')}</Callout.Text>
							</Callout.Root>
						) : (
							<Grid columns={{ initial: '1', sm: '2', lg: '3' }} gap="4">
								{models.map((model) => (
									<ModelCard key={model.id} model={model} balance={balance} selected={selected.includes(model.modelId)} onSelect={(checked) => toggle(model.modelId, checked)} />
								))}
							</Grid>
						)}
					</Flex>
				</Tabs.Content>
			</Tabs.Root>
		</Flex>
	)
}
