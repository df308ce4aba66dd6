import { Text } from '@radix-ui/themes'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { PlatformView } from '#modules/publishing/descriptor.ts'
import { mediaPreflight } from '#modules/publishing/media-preflight.ts'
import { preflightWording } from '#modules/publishing/preflight-wording.ts'
import '#locales/ns/posts.ts'
import '#locales/ns/publishing.ts'

type VideoFigures = { durationMs: number | null; width: number | null; height: number | null }

/**
 * A processed video judged by each network of the post as the planning preflight will judge it (its
 * length and aspect; the variant's codec, rate and size fit every network by construction, ADR 0059):
 * the German refusals under the item, before anything is published (ADR 0063).
 */
export function VideoChecks({ video, platforms }: { video: VideoFigures; platforms: ReadonlyArray<PlatformView> }) {
	const { t } = useTranslation(['posts', 'publishing'])
	const item = { kind: 'video' as const, type: null, bytes: null, fps: null, pages: null, altText: null, ...video }
	const refusals = platforms.flatMap((platform) =>
		mediaPreflight(platform, { items: [item], firstComment: null, channelKind: null })
			.filter((problem) => problem.severity === 'error' && problem.code.startsWith('video_'))
			.map((problem) => ({ id: `${platform.id}:${problem.code}`, wording: preflightWording(platform, problem, platform.name) })),
	)
	return refusals.map(({ id, wording }) => (
		<Text key={id} size="1" color="red" data-testid="video-refusal">
			{/* The key types cut a code at its last underscore (i18next's context suffix); the lookup itself is exact. */}
			{t(`publishing:preflight.${wording.key}` as 'publishing:preflight.empty', wording.values)}
		</Text>
	))
}
