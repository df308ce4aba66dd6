import { Button, Flex, Progress, Text } from '@radix-ui/themes'
import { ImageIcon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { PlatformView } from '#modules/publishing/descriptor.ts'
import { MediaCoverDialog } from './media-cover-dialog.tsx'
import { VideoChecks } from './video-checks.tsx'
import type { VideoProcessing } from './use-media-processing.ts'
import '#locales/ns/postMedia.ts'

type Props = {
	/** The stored file's URL (/media/<key>): shown until a thumbnail is made. */
	url: string
	position: number
	/** What the job has made of it; undefined until the first read (or not the user's upload). */
	processing: VideoProcessing | undefined
	/** The item's state as the post's list has it, when no processing was read. */
	fallbackState: 'processing' | 'ready' | 'failed'
	readOnly: boolean
	/** The post's networks: the video is judged by each once its figures are known. */
	platforms: ReadonlyArray<PlatformView>
	/** Reads the processing again (after a cover was chosen). */
	onRefresh: () => void
}

/** A video item of the strip (ADR 0063): its progress, then its thumbnail, or the failure; 'Titelbild wählen' once ready. */
export function MediaStripVideo({ url, position, processing, fallbackState, readOnly, platforms, onRefresh }: Props) {
	const { t } = useTranslation('postMedia')
	const [choosing, setChoosing] = useState(false)
	const state = processing?.state ?? fallbackState
	// After a cover choice the variant stays and only cover and thumbnail are made again.
	const makingCover = state === 'processing' && processing?.variantUrl != null

	if (state === 'failed') {
		const reason = processing?.errorCode ? t(`video.failedReasons.${processing.errorCode}`, { defaultValue: '' }) : ''
		return (
			<Text size="1" color="red" role="alert" data-testid="video-failed">
				{t('video.failed')} {reason}
			</Text>
		)
	}
	if (state === 'processing') {
		const percent = Math.round(processing?.progress ?? 0)
		return (
			<Flex direction="column" gap="1" data-testid="video-processing">
				<div style={placeholder} aria-hidden />
				<Text size="1">{makingCover ? t('video.coverMaking') : t('video.preparing', { percent })}</Text>
				{makingCover ? null : <Progress value={percent} max={100} aria-label={t('video.progressLabel', { position })} />}
			</Flex>
		)
	}
	const thumbnail = processing?.thumbnailUrl
	return (
		<Flex direction="column" gap="1">
			{thumbnail ? (
				// The thumbnail's key stays per upload: the cover time tells a new one from the cached one.
				<img src={`${thumbnail}?v=${processing?.coverAtMs ?? 'start'}`} alt={t('video.thumbnailAlt', { position })} style={thumbStyle} data-testid="video-thumbnail" draggable={false} />
			) : (
				<video src={url} muted preload="metadata" style={thumbStyle} aria-hidden />
			)}
			{processing && !readOnly ? <VideoChecks video={processing} platforms={platforms} /> : null}
			{readOnly || !processing?.variantUrl || processing.durationMs === null ? null : (
				<>
					<Button type="button" size="1" variant="soft" aria-label={t('video.chooseCoverFor', { position })} onClick={() => setChoosing(true)}>
						<ImageIcon size={12} aria-hidden /> {t('video.chooseCover')}
					</Button>
					{choosing ? (
						<MediaCoverDialog
							videoKey={processing.key}
							videoUrl={processing.variantUrl}
							durationMs={processing.durationMs}
							coverAtMs={processing.coverAtMs}
							onClose={() => setChoosing(false)}
							onChosen={() => {
								setChoosing(false)
								onRefresh()
							}}
						/>
					) : null}
				</>
			)}
		</Flex>
	)
}

const thumbStyle: React.CSSProperties = { width: '100%', height: 110, objectFit: 'cover', borderRadius: 'var(--radius-2)', background: 'var(--gray-a3)' }
const placeholder: React.CSSProperties = { ...thumbStyle, height: 70 }
