import { Card, Flex, Grid, Heading, Text } from '@radix-ui/themes'
import { FileText, ImagePlus, Mic, Newspaper, CirclePlay, Sparkles } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { MEDIA_KINDS, type MediaKind } from '#modules/media/kinds.ts'
import '#locales/ns/creator.ts'

const icons: Record<MediaKind, typeof Sparkles> = {
	'smart-post': Sparkles,
	youtube: CirclePlay,
	'web-article': Newspaper,
	'pdf-notes': FileText,
	'audio-image': Mic,
	'image-prompt': ImagePlus,
}

/** Step 1: the six kinds of input. Choosing one goes on to its input. */
export function MediaSelection({ selected, onSelect }: { selected: MediaKind | null; onSelect: (kind: MediaKind) => void }) {
	const { t } = useTranslation('creator')
	return (
		<Flex direction="column" gap="3">
			<Heading as="h3" size="5">
				{t('media.heading')}
			</Heading>
			<Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="3">
				{MEDIA_KINDS.map((kind) => {
					const Icon = icons[kind]
					return (
						<Card key={kind} asChild size="2" variant={selected === kind ? 'classic' : 'surface'}>
							<button type="button" onClick={() => onSelect(kind)} data-testid={`media-${kind}`} style={{ textAlign: 'left', cursor: 'pointer', font: 'inherit', color: 'inherit' }}>
								<Flex gap="3" align="start">
									<span style={{ display: 'inline-grid', placeItems: 'center', width: 40, height: 40, borderRadius: 12, background: 'var(--accent-3)', color: 'var(--accent-11)', flexShrink: 0 }}>
										<Icon size={20} aria-hidden />
									</span>
									<Flex direction="column" gap="1">
										<Text weight="bold">{t(`media.kinds.${kind}.title`)}</Text>
										<Text size="2" color="gray">
											{t(`media.kinds.${kind}.description`)}
										</Text>
									</Flex>
								</Flex>
							</button>
						</Card>
					)
				})}
			</Grid>
		</Flex>
	)
}
