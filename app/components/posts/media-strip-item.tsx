import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Badge, Button, Flex, Text, TextArea } from '@radix-ui/themes'
import { GripVertical, Trash2 } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { PlatformView } from '#modules/publishing/descriptor.ts'
import type { StripEntry } from './media-strip-list.ts'
import { MediaStripVideo } from './media-strip-video.tsx'
import type { VideoProcessing } from './use-media-processing.ts'
import { NetworkImagePreviews, type NetworkImageChange } from './carousel-fit.tsx'
import '#locales/ns/postMedia.ts'

type Props = {
	entry: StripEntry
	position: number
	/** The longest alt text every network takes; null: none takes alt text (no field). */
	altMax: number | null
	/** Networks of the post that take fewer items than this one's position ('Instagram: höchstens 10'). */
	limits: ReadonlyArray<{ network: string; max: number }>
	readOnly: boolean
	/** A video's processing as the job reports it (ADR 0063); undefined for other items or before the first read. */
	processing?: VideoProcessing
	/** The post's networks (a video is judged by each). */
	platforms: ReadonlyArray<PlatformView>
	onRefreshProcessing?: () => void
	/** The networks that crop, pad or convert this image when it is sent (ADR 0065). */
	networkChanges?: ReadonlyArray<NetworkImageChange>
	/** The image's size as the browser read it (a stored item's row may not know it). */
	onSize?: (width: number, height: number) => void
	onAltText: (text: string) => void
	onRemove: () => void
}

/** One item of the media strip: its drag handle, thumbnail, processing state, alt text with its counter, 'Entfernen'. */
export function MediaStripItem({ entry, position, altMax, limits, readOnly, processing, platforms, onRefreshProcessing, networkChanges = [], onSize, onAltText, onRemove }: Props) {
	const { t } = useTranslation('postMedia')
	const altId = useId()
	const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: entry.key, disabled: readOnly })
	const name = t(`strip.${entry.kind}`, { position })
	const length = [...entry.altText].length
	return (
		<li
			ref={setNodeRef}
			data-testid="media-item"
			data-url={entry.url}
			aria-label={name}
			style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1, listStyle: 'none', width: 176 }}
		>
			<Flex direction="column" gap="1" p="2" style={{ border: '1px solid var(--gray-a6)', borderRadius: 'var(--radius-3)', background: 'var(--color-panel-solid)' }}>
				<Flex align="center" justify="between" gap="1">
					<Text size="1" weight="medium">
						{name}
					</Text>
					{readOnly ? null : (
						<button
							type="button"
							ref={setActivatorNodeRef}
							{...attributes}
							{...listeners}
							aria-label={t('strip.dragHandle', { position })}
							style={{ cursor: 'grab', touchAction: 'manipulation', background: 'none', border: 0, padding: 6, color: 'var(--gray-11)' }}
						>
							<GripVertical size={16} aria-hidden />
						</button>
					)}
				</Flex>
				{entry.kind === 'video' ? (
					<MediaStripVideo url={entry.url} position={position} processing={processing} fallbackState={entry.state} readOnly={readOnly} platforms={platforms} onRefresh={() => onRefreshProcessing?.()} />
				) : entry.kind === 'image' ? (
					<img src={entry.url} alt={entry.altText} style={thumb} draggable={false} onLoad={(e) => onSize?.(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight)} />
				) : null}
				{entry.kind === 'image' ? <NetworkImagePreviews url={entry.url} position={position} changes={networkChanges} /> : null}
				{entry.kind !== 'video' && entry.state === 'processing' ? <Badge color="amber">{t('strip.processing')}</Badge> : null}
				{entry.kind !== 'video' && entry.state === 'failed' ? <Badge color="red">{t('strip.failed')}</Badge> : null}
				{limits.map((limit) => (
					<Text key={limit.network} size="1" color="amber" data-testid="media-network-limit">
						{t('strip.networkLimit', limit)}
					</Text>
				))}
				{entry.kind === 'image' && altMax !== null ? (
					<>
						<Text as="label" size="1" htmlFor={altId}>
							{t('strip.altText')}
						</Text>
						<TextArea id={altId} size="1" rows={2} value={entry.altText} readOnly={readOnly} aria-label={t('strip.altTextFor', { position })} onChange={(e) => onAltText(e.currentTarget.value)} />
						<Text size="1" color={length > altMax ? 'red' : 'gray'}>
							{t('strip.altCounter', { length, max: altMax })}
						</Text>
					</>
				) : null}
				{readOnly ? null : (
					<Button type="button" size="1" variant="soft" color="red" aria-label={t('strip.removeItem', { position })} onClick={onRemove}>
						<Trash2 size={12} aria-hidden /> {t('strip.remove')}
					</Button>
				)}
			</Flex>
		</li>
	)
}

const thumb: React.CSSProperties = { width: '100%', height: 110, objectFit: 'cover', borderRadius: 'var(--radius-2)', background: 'var(--gray-a3)' }
