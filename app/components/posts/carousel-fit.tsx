import { Flex, SegmentedControl, Text } from '@radix-ui/themes'
import { useId } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { CAROUSEL_FITS, type CarouselFit } from '#modules/content/platforms.ts'
import { aspectLabel } from '#modules/media/image-fit.ts'
import type { ImageChange } from '#modules/publishing/image-plan.ts'
import '#locales/ns/postMedia.ts'

// A carousel on a network that shows every image in the first one's aspect (ADR 0065): the post's
// choice, and per image what each network receives. The preview is CSS (object-fit cover or contain in
// a box of the aspect): the same centre geometry the server crops and pads with.

/** 'Zuschneiden' or 'Auffüllen', sent as `carouselFit` with the editor's save. */
export function CarouselFitControl({ fit, networks, aspect, readOnly, onChange }: { fit: CarouselFit; networks: string; aspect: number; readOnly: boolean; onChange: (fit: CarouselFit) => void }) {
	const { t } = useTranslation('postMedia')
	const labelId = useId()
	return (
		<Flex direction="column" gap="1" data-testid="carousel-fit">
			<Text as="div" size="2" weight="medium" id={labelId}>
				{t('fit.label')}
			</Text>
			{readOnly ? null : <input type="hidden" name="carouselFit" value={fit} />}
			<SegmentedControl.Root value={fit} onValueChange={(value) => onChange(value as CarouselFit)} aria-labelledby={labelId} disabled={readOnly} style={{ alignSelf: 'flex-start' }}>
				{CAROUSEL_FITS.map((value) => (
					<SegmentedControl.Item key={value} value={value}>
						{t(`fit.${value}`)}
					</SegmentedControl.Item>
				))}
			</SegmentedControl.Root>
			<Text size="1" color="gray">
				{t('fit.hint', { networks, aspect: aspectLabel(aspect) })}
			</Text>
		</Flex>
	)
}

/** What one network does to one image: its name and the change (only networks that change it). */
export type NetworkImageChange = { network: string; change: ImageChange; carousel: boolean }

/** Under an image of the strip: per network that crops, pads or converts it, a small preview and a German note. */
export function NetworkImagePreviews({ url, position, changes }: { url: string; position: number; changes: ReadonlyArray<NetworkImageChange> }) {
	const { t } = useTranslation('postMedia')
	if (changes.length === 0) return null
	return (
		<Flex direction="column" gap="1" data-testid="network-image-previews">
			{changes.map(({ network, change, carousel }) => {
				const aspect = change.aspect === null ? null : aspectLabel(change.aspect)
				const note = change.reshape && aspect ? t(`fit.${carousel ? 'carousel' : 'own'}${change.reshape === 'pad' ? 'Pad' : 'Crop'}`, { network, aspect }) : t('fit.convert', { network })
				return (
					<Flex key={network} gap="2" align="start" data-testid="network-image-preview" data-network={network} data-fit={change.reshape ?? 'none'}>
						{change.reshape && change.aspect !== null ? (
							<div style={{ width: 44, flex: 'none', aspectRatio: String(change.aspect), background: '#fff', border: '1px solid var(--gray-a6)', borderRadius: 'var(--radius-1)', overflow: 'hidden' }}>
								<img src={url} alt={t('fit.preview', { network, position })} style={{ width: '100%', height: '100%', objectFit: change.reshape === 'pad' ? 'contain' : 'cover', objectPosition: 'center' }} draggable={false} />
							</div>
						) : null}
						<Text size="1" color="amber" data-testid="network-image-note">
							{note}
						</Text>
					</Flex>
				)
			})}
		</Flex>
	)
}
