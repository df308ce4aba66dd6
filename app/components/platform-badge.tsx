import type { PostPlatform } from '#modules/content/platforms.ts'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import '#locales/ns/posts.ts'

// Brand-coloured marks (lucide has no brand icons, the colours are in app/styles/app.css); the name is the accessible label.
const labels: Record<PostPlatform, string> = { linkedin: 'in', instagram: 'IG', threads: '@', facebook: 'f', multiple: '+' }
const DEFAULT_SIZE = 22

export function PlatformMark({ platform, size = DEFAULT_SIZE, decorative = false }: { platform: PostPlatform; size?: number; decorative?: boolean }) {
	// Drawn on every post card and calendar chip: no per-component i18n copy (useFixedT), no style object per mark.
	const t = useFixedT('posts')
	const known = platform in labels
	const label = t(`platforms.${platform}`)
	// `decorative`: the surrounding control names the platform itself.
	const name = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label }
	return (
		<span
			{...name}
			title={label}
			className="platform-mark"
			data-platform={known ? platform : 'multiple'}
			style={size === DEFAULT_SIZE ? undefined : { width: size, height: size, fontSize: Math.round(size * 0.45) }}
		>
			{labels[known ? platform : 'multiple']}
		</span>
	)
}
