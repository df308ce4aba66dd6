import { Button, Callout, Dialog, Flex, ScrollArea } from '@radix-ui/themes'
import { AlertTriangle, RefreshCw } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { usePlatforms } from '#app/utils/use-platforms.ts'
import { choosesChannels, type BoardItem } from './board-items.ts'
import { ChannelPicker, startingChannels } from './channel-picker.tsx'
import { DocumentButton } from './document/document-dialog.tsx'
import { withChannelText } from './channel-texts.tsx'
import { EditorExtras } from './editor-extras.tsx'
import { MediaStrip } from './media-strip.tsx'
import { OriginBadge } from './origin-badge.tsx'
import { PlatformTextCard } from './platform-text-card.tsx'
import type { EditorData } from './use-editor-data.ts'
import { useImageRegeneration } from './use-image-regeneration.ts'
import '#locales/ns/posts.ts'

/** The draft editor modal: the channel picker, one card per network; Speichern, Löschen and Schließen. */
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
	/** The channel picker's channels and what 'Bild neu generieren' costs; null while they load (or after a failed load: `dataFailed`). */
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
	const order = usePlatforms().map((p) => p.id)
	// The channels the user ticked (null: untouched, the item's own stay as stored).
	const [ticked, setTicked] = useState<Array<string> | null>(null)
	const brandChannels = useMemo(() => (data && item ? data.pages.filter((c) => c.brandId === item.brandId) : null), [data, item])
	const chosen = ticked ?? (brandChannels && item ? startingChannels(item, brandChannels) : [])
	// Untouched: the stored networks; else those of the ticked channels (a new one starts with the base text).
	const networks = ticked === null || !brandChannels ? (item?.platforms ?? []) : order.filter((p) => brandChannels.some((c) => c.platform === p && ticked.includes(c.id)))
	// The channels' texts of their own; an un-ticked channel's is kept here but not sent (so it is gone once saved).
	const [channelTexts, setChannelTexts] = useState<Record<string, string>>(() => item?.channelTexts ?? {})
	const setChannelText = (id: string, text: string | undefined) => setChannelTexts((current) => withChannelText(current, id, text))
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
	const picking = choosesChannels(item)
	const noChannel = picking && ticked !== null && ticked.length === 0
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
					{networks.map((platform, index) => (
						<input key={platform} type="hidden" name={`platforms[${index}]`} value={platform} />
					))}
					<ChosenChannels item={item} ticked={ticked} />
					<ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: '60vh' }}>
						<Flex direction="column" gap="3" pr="3">
							{picking ? <ChannelPicker channels={brandChannels} note={dataFailed ? t('toasts.loadFailed') : undefined} networks={item.platforms} chosen={chosen} onChange={setTicked} /> : null}
							<MediaStrip item={item} networks={networks} />
							{networks.map((platform) => (
								<PlatformTextCard
									key={platform}
									platform={platform}
									text={item.texts[platform] ?? item.text}
									image={isDraft ? images[platform] : item.images[platform]}
									pages={brandChannels?.filter((c) => c.platform === platform) ?? []}
									pagesNote={brandChannels ? undefined : t('editor.channelsLoading')}
									pageId={chosen.find((id) => brandChannels?.some((c) => c.id === id && c.platform === platform))}
									showConnection
									channelTexts={{ channels: brandChannels?.filter((c) => c.platform === platform && chosen.includes(c.id)) ?? [], texts: channelTexts, onChange: setChannelText }}
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
							<EditorExtras item={item} networks={networks} channels={brandChannels?.filter((c) => chosen.includes(c.id)) ?? []} />
						</Flex>
					</ScrollArea>
					<Flex gap="3" justify="between" mt="4" wrap="wrap">
						<Flex gap="3" wrap="wrap">
							<Button type="button" color="red" variant="soft" onClick={() => onDelete(item)}>
								{t('actions.delete')}
							</Button>
							<DocumentButton item={item} />
						</Flex>
						<Flex gap="3" wrap="wrap">
							<Dialog.Close>
								<Button type="button" variant="soft" color="gray">
									{t('actions.close')}
								</Button>
							</Dialog.Close>
							{item.status !== 'published' ? (
								<Button type="submit" variant="soft" color="green" disabled={busy || noChannel} onClick={() => (publishAfterSave.current = true)}>
									{t('actions.publishNowEditor')}
								</Button>
							) : null}
							<Button type="submit" loading={busy} disabled={noChannel} onClick={() => (publishAfterSave.current = false)}>
								{t('actions.save')}
							</Button>
						</Flex>
					</Flex>
				</fetcher.Form>
			</Dialog.Content>
		</Dialog.Root>
	)
}

/**
 * The channels the save sends: the ticked ones (`channelsChosen`: the post goes there from now on);
 * untouched, a draft keeps its stored choice (channels and the pages chosen before) and a post its deliveries.
 */
function ChosenChannels({ item, ticked }: { item: BoardItem; ticked: Array<string> | null }) {
	// A post's own channels go along untouched too: the server keeps the texts of these only (without `channelsChosen` they stay as they are).
	const ids = ticked ?? item.channelIds
	return (
		<>
			{ticked !== null ? <input type="hidden" name="channelsChosen" value="1" /> : null}
			{ids.map((id, index) => (
				<input key={id} type="hidden" name={`channelIds[${index}]`} value={id} />
			))}
			{ticked === null && item.kind === 'draft'
				? Object.entries(item.pageIds).map(([platform, id]) => <input key={platform} type="hidden" name={`pageIds.${platform}`} value={id} />)
				: null}
		</>
	)
}
