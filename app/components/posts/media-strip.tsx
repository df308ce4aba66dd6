import { Button, Callout, Flex, Progress, Text } from '@radix-ui/themes'
import { AlertTriangle, ImagePlus, Video } from 'lucide-react'
import { useRef, useState } from 'react'
import { altTextLimit } from '#modules/publishing/media-limits.ts'
import type { Platform } from '#modules/content/platforms.ts'
import { usePlatforms } from '#app/utils/use-platforms.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { BoardItem } from './board-items.ts'
import { uploadMedia } from './media-upload.ts'
import { MediaStripDnd } from './media-strip-dnd.tsx'
import { MediaStripItem } from './media-strip-item.tsx'
import { entriesOf, listOf, moved, networksWithout, type StripEntry } from './media-strip-list.ts'
import { mediaKeyOf, useMediaProcessing } from './use-media-processing.ts'
import { CarouselFitControl } from './carousel-fit.tsx'
import { carouselChoice, networkChangesOf } from './carousel-fit-plan.ts'
import '#locales/ns/postMedia.ts'

// The editor's media strip (ADR 0061): a post's images and videos in order, added by upload (/api/media),
// reordered by drag and drop, each image with its alt text. Once changed, the form's `media` field carries
// the list and the save replaces the post's (content.setPostMedia); untouched, the save sends none.

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif'
const VIDEO_TYPES = 'video/mp4,video/quicktime,video/webm'

/** Posts only: a draft's images stay per network (its 'Bild neu generieren'). */
export function MediaStrip({ item, networks }: { item: BoardItem; networks: ReadonlyArray<Platform> }) {
	if (item.kind !== 'post') return null
	return <PostMediaStrip item={item} networks={networks} />
}

type Upload = { id: string; name: string; percent: number }

function PostMediaStrip({ item, networks }: { item: BoardItem; networks: ReadonlyArray<Platform> }) {
	const { t } = useTranslation('postMedia')
	const platforms = usePlatforms()
	const [entries, setEntries] = useState(() => entriesOf(item.media))
	const [changed, setChanged] = useState(false)
	const [uploads, setUploads] = useState<Array<Upload>>([])
	const [error, setError] = useState<string | null>(null)
	const imageInput = useRef<HTMLInputElement>(null)
	const videoInput = useRef<HTMLInputElement>(null)
	const readOnly = item.status === 'published'
	const altMax = altTextLimit(platforms)
	const postPlatforms = platforms.filter((p) => networks.includes(p.id))
	const videoKeys = entries.flatMap((e) => (e.kind === 'video' ? [mediaKeyOf(e.url)].filter((key) => key !== null) : []))
	const videos = useMediaProcessing(videoKeys)
	// ADR 0065: a carousel shown in the first image's aspect is cropped or padded to it, as the post chooses.
	const [fit, setFit] = useState(item.carouselFit)
	const choice = carouselChoice(entries, postPlatforms)
	const networkChanges = networkChangesOf(entries, postPlatforms, fit)

	function change(next: (current: Array<StripEntry>) => Array<StripEntry>) {
		setEntries(next)
		setChanged(true)
	}

	async function add(files: FileList | null) {
		setError(null)
		for (const file of Array.from(files ?? [])) {
			const id = crypto.randomUUID()
			setUploads((current) => [...current, { id, name: file.name, percent: 0 }])
			const result = await uploadMedia(file, (percent) => setUploads((current) => current.map((u) => (u.id === id ? { ...u, percent } : u))))
			setUploads((current) => current.filter((u) => u.id !== id))
			if (!result.ok) {
				setError(result.message ?? t('strip.uploadNetwork'))
				continue
			}
			const { key, url, kind, width, height } = result.media
			// A video is made publishable by the media_process job: processing until its first status read.
			change((current) => [...current, { key: id, fileKey: key, url, kind, altText: '', state: kind === 'video' ? 'processing' : 'ready', width, height }])
		}
	}

	return (
		<Flex direction="column" gap="2" role="group" aria-label={t('strip.title')} data-testid="media-strip">
			{changed && !readOnly ? <input type="hidden" name="media" value={JSON.stringify(listOf(entries))} /> : null}
			<Text size="2" weight="bold">
				{t('strip.title')}
			</Text>
			{readOnly ? (
				<Text size="1" color="gray">
					{t('strip.readOnly')}
				</Text>
			) : null}
			{entries.length === 0 ? (
				<Text size="1" color="gray">
					{t('strip.empty')}
				</Text>
			) : (
				<MediaStripDnd ids={entries.map((e) => e.key)} onMove={(from, to) => change((current) => moved(current, from, to))}>
					<ol style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: 0, padding: 0 }}>
						{entries.map((entry, index) => (
							<MediaStripItem
								key={entry.key}
								entry={entry}
								position={index + 1}
								altMax={altMax}
								limits={networksWithout(index, postPlatforms)}
								readOnly={readOnly}
								processing={entry.kind === 'video' ? videos.byKey.get(mediaKeyOf(entry.url) ?? '') : undefined}
								platforms={postPlatforms}
								onRefreshProcessing={() => void videos.refresh()}
								networkChanges={networkChanges[index] ?? []}
								onSize={(width, height) => setEntries((current) => current.map((e) => (e.key === entry.key && !e.width ? { ...e, width, height } : e)))}
								onAltText={(text) => change((current) => current.map((e) => (e.key === entry.key ? { ...e, altText: text } : e)))}
								onRemove={() => change((current) => current.filter((e) => e.key !== entry.key))}
							/>
						))}
					</ol>
				</MediaStripDnd>
			)}
			{choice ? <CarouselFitControl fit={fit} networks={choice.names} aspect={choice.aspect} readOnly={readOnly} onChange={setFit} /> : null}
			{uploads.map((upload) => (
				<Flex key={upload.id} direction="column" gap="1">
					<Text size="1">{t('strip.uploading', { name: upload.name })}</Text>
					<Progress value={upload.percent} aria-label={t('strip.uploadProgress', { name: upload.name })} />
				</Flex>
			))}
			{error ? (
				<Callout.Root color="red" role="alert" size="1">
					<Callout.Icon>
						<AlertTriangle size={14} />
					</Callout.Icon>
					<Callout.Text>
						<strong>{t('strip.uploadFailed')}</strong> {error}
					</Callout.Text>
				</Callout.Root>
			) : null}
			{readOnly ? null : (
				<Flex gap="2" wrap="wrap">
					<Button type="button" size="1" variant="soft" disabled={uploads.length > 0} onClick={() => imageInput.current?.click()}>
						<ImagePlus size={14} aria-hidden /> {t('strip.addImage')}
					</Button>
					<Button type="button" size="1" variant="soft" disabled={uploads.length > 0} onClick={() => videoInput.current?.click()}>
						<Video size={14} aria-hidden /> {t('strip.addVideo')}
					</Button>
					<input ref={imageInput} type="file" accept={IMAGE_TYPES} multiple hidden data-testid="media-image-input" onChange={(e) => void add(e.currentTarget.files).finally(() => (e.target.value = ''))} />
					<input ref={videoInput} type="file" accept={VIDEO_TYPES} hidden data-testid="media-video-input" onChange={(e) => void add(e.currentTarget.files).finally(() => (e.target.value = ''))} />
				</Flex>
			)}
		</Flex>
	)
}
