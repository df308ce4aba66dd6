import { Button, Callout, Dialog, Flex, ScrollArea } from '@radix-ui/themes'
import { AlertTriangle, RefreshCw } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { choosesPages, type BoardItem } from './board-items.ts'
import { OriginBadge } from './origin-badge.tsx'
import { PlatformTextCard } from './platform-text-card.tsx'
import type { EditorData } from './use-editor-data.ts'
import { useImageRegeneration } from './use-image-regeneration.ts'
import '#locales/ns/posts.ts'

/** The draft editor modal: one card per platform; Speichern, Löschen and Schließen. */
export function EditorDialog({
	item,
	data,
	dataFailed,
	balance,
	onClose,
	onDelete,
	onPublish,
}: {
	item: BoardItem | null
	/** The page picker's pages and what 'Bild neu generieren' costs; null while they load (or after a failed load: `dataFailed`). */
	data: EditorData | null
	dataFailed: boolean
	/** The credits 'Bild neu generieren' is charged from. */
	balance: number
	onClose: () => void
	onDelete: (item: BoardItem) => void
	/** 'Sofort posten': called after the edits were saved. */
	onPublish: (item: BoardItem) => void
}) {
	const { t } = useTranslation('posts')
	const fetcher = useFetcher<{ ok: boolean }>()
	useFetcherNotice(fetcher)
	const busy = fetcher.state !== 'idle'
	const publishAfterSave = useRef(false)
	const form = useRef<HTMLFormElement>(null)
	// A regenerated image replaces the draft's in the form and is saved at once (it was paid for; closing
	// the dialog must not lose it). That save keeps the dialog open.
	const [images, setImages] = useState(() => item?.images ?? {})
	const [imageToSave, setImageToSave] = useState(false)
	const keepOpen = useRef(false)
	const regenerator = useImageRegeneration(data ? { cost: data.regenerationCost, balance } : null)
	useEffect(() => {
		if (!imageToSave || !form.current) return
		setImageToSave(false)
		keepOpen.current = true
		publishAfterSave.current = false
		void fetcher.submit(form.current)
	}, [imageToSave, fetcher])
	// Each save's answer is handled once (a later change of `item`, e.g. a revalidation, must not close the dialog again).
	const handled = useRef<unknown>(null)
	useEffect(() => {
		if (fetcher.state !== 'idle' || !fetcher.data?.ok || !item || handled.current === fetcher.data) return
		handled.current = fetcher.data
		if (keepOpen.current) {
			keepOpen.current = false
			return
		}
		if (publishAfterSave.current) {
			publishAfterSave.current = false
			onPublish(item)
		}
		onClose()
	}, [fetcher.state, fetcher.data, onClose, onPublish, item])
	if (!item) return null
	const isDraft = item.kind === 'draft'
	return (
		<Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
			<Dialog.Content maxWidth="720px">
				<Dialog.Title>
					{isDraft ? t('editor.title') : t('editor.postTitle')} <OriginBadge origin={item.origin} />
				</Dialog.Title>
				<Dialog.Description size="2" color="gray" mb="3">
					{t('editor.description')}
				</Dialog.Description>
				{dataFailed ? (
					<Callout.Root color="red" role="alert" mb="3" data-testid="editor-data-failed">
						<Callout.Icon>
							<AlertTriangle size={16} />
						</Callout.Icon>
						<Callout.Text>
							<strong>{t('toasts.loadFailed')}</strong> {t('editor.dataLoadFailed')}
						</Callout.Text>
					</Callout.Root>
				) : null}
				<fetcher.Form method="post" ref={form}>
					<input type="hidden" name="intent" value={isDraft ? 'save-draft' : 'save-post'} />
					<input type="hidden" name="id" value={item.id} />
					{item.platforms.map((platform, index) => (
						<input key={platform} type="hidden" name={`platforms[${index}]`} value={platform} />
					))}
					<ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: '60vh' }}>
						<Flex direction="column" gap="3" pr="3">
							{item.platforms.map((platform) => (
								<PlatformTextCard
									key={platform}
									platform={platform}
									text={item.texts[platform] ?? item.text}
									image={isDraft ? images[platform] : item.images[platform]}
									pages={data ? data.pages.filter((p) => p.platform === platform) : []}
									pagesNote={data ? undefined : dataFailed ? t('toasts.loadFailed') : t('editor.pagesLoading')}
									pageId={item.pageIds[platform]}
									showPagePicker={choosesPages(item)}
								>
									{isDraft ? (
										<Button
											type="button"
											size="1"
											variant="soft"
											style={{ alignSelf: 'flex-start' }}
											loading={regenerator.running === platform}
											disabled={!data || regenerator.running !== null || busy}
											onClick={async () => {
												const text = form.current ? String(new FormData(form.current).get(`texts.${platform}`) ?? '') : ''
												const image = await regenerator.regenerate(platform, text)
												if (!image) return
												setImages((current) => ({ ...current, [platform]: image }))
												setImageToSave(true)
											}}
										>
											<RefreshCw size={14} aria-hidden /> {t('editor.regenerate')}
											{data ? ` · ${t('editor.regenerateCost', { count: data.regenerationCost })}` : null}
										</Button>
									) : null}
								</PlatformTextCard>
							))}
						</Flex>
					</ScrollArea>
					<Flex gap="3" justify="between" mt="4" wrap="wrap">
						<Button type="button" color="red" variant="soft" onClick={() => onDelete(item)}>
							{t('actions.delete')}
						</Button>
						<Flex gap="3" wrap="wrap">
							<Dialog.Close>
								<Button type="button" variant="soft" color="gray">
									{t('actions.close')}
								</Button>
							</Dialog.Close>
							{item.status !== 'published' ? (
								<Button type="submit" variant="soft" color="green" disabled={busy} onClick={() => (publishAfterSave.current = true)}>
									{t('actions.publishNowEditor')}
								</Button>
							) : null}
							<Button type="submit" loading={busy} onClick={() => (publishAfterSave.current = false)}>
								{t('actions.save')}
							</Button>
						</Flex>
					</Flex>
				</fetcher.Form>
			</Dialog.Content>
		</Dialog.Root>
	)
}
