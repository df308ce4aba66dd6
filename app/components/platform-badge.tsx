import type { PostPlatform } from '#modules/content/platforms.ts'
import { usePlatformName, usePlatforms } from '#app/utils/use-platforms.ts'

// Brand-coloured marks (lucide has no brand icons): the badge and colour come from the platform's descriptor
// (the colours as CSS rules, app/utils/use-platforms.ts); the name is the accessible label.
/** The mark of a post for several platforms (or of one no longer registered). */
export const MULTIPLE_BADGE = '+'
const DEFAULT_SIZE = 22

export function PlatformMark({ platform, size = DEFAULT_SIZE, decorative = false }: { platform: PostPlatform; size?: number; decorative?: boolean }) {
	// Drawn on every post card and calendar chip: no per-component i18n copy, no style object per mark.
	const descriptor = usePlatforms().find((p) => p.id === platform)
	const label = usePlatformName()(platform)
	// `decorative`: the surrounding control names the platform itself.
	const name = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label }
	return (
		<span
			{...name}
			title={label}
			className="platform-mark"
			data-platform={descriptor ? platform : 'multiple'}
			style={size === DEFAULT_SIZE ? undefined : { width: size, height: size, fontSize: Math.round(size * 0.45) }}
		>
			{descriptor?.badge ?? MULTIPLE_BADGE}
		</span>
	)
}
