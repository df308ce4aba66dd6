import { Card } from '@radix-ui/themes'
import { Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { MediaStripVideo } from '#app/components/posts/media-strip-video.tsx'
import { mediaKeyOf, useMediaProcessing } from '#app/components/posts/use-media-processing.ts'
import type { Platform } from '#modules/content/platforms.ts'
import { usePlatforms } from '#app/utils/use-platforms.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/creator.ts'

/**
 * A model test's video as the post's media (ADR 0068): the editor strip's video item, with the same
 * processing progress, thumbnail, checks per network and 'Titelbild wählen' (GET /api/media/status).
 */
export function CreatorVideo({ url, platforms }: { url: string; platforms: ReadonlyArray<Platform> }) {
	const { t } = useTranslation('creator')
	const key = mediaKeyOf(url)
	const videos = useMediaProcessing(key ? [key] : [])
	const networks = usePlatforms().filter((p) => platforms.includes(p.id))
	return (
		<Card size="2" asChild>
			<section aria-label={t('preview.video.label')} data-testid="creator-video">
				<Flex direction="column" gap="2" style={{ maxWidth: 320 }}>
					<Heading as="h4" size="3">
						{t('preview.video.label')}
					</Heading>
					<Text size="2" color="gray">
						{t('preview.video.text')}
					</Text>
					<MediaStripVideo url={url} position={1} processing={key ? videos.byKey.get(key) : undefined} fallbackState="processing" readOnly={false} platforms={networks} onRefresh={() => void videos.refresh()} />
				</Flex>
			</section>
		</Card>
	)
}
