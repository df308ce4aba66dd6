import type { PostPlatform } from '#modules/content/platforms.ts'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import '#locales/ns/posts.ts'

// Brand-coloured marks (lucide has no brand icons); the name is the accessible label.
const marks: Record<PostPlatform, { label: string; background: string }> = {
	linkedin: { label: 'in', background: '#0a66c2' },
	instagram: { label: 'IG', background: 'linear-gradient(45deg, #f58529, #dd2a7b, #8134af)' },
	threads: { label: '@', background: '#101010' },
	facebook: { label: 'f', background: '#1877f2' },
	multiple: { label: '+', background: 'var(--accent-9)' },
}

export function PlatformMark({ platform, size = 22, decorative = false }: { platform: PostPlatform; size?: number; decorative?: boolean }) {
	// Drawn on every post card and calendar chip: no per-component i18n copy (useFixedT).
	const t = useFixedT('posts')
	const mark = marks[platform] ?? marks.multiple
	const label = t(`platforms.${platform}`)
	// `decorative`: the surrounding control names the platform itself.
	const name = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label }
	return (
		<span
			{...name}
			title={label}
			style={{
				display: 'inline-grid',
				placeItems: 'center',
				width: size,
				height: size,
				borderRadius: 6,
				background: mark.background,
				color: 'white',
				fontSize: Math.round(size * 0.45),
				fontWeight: 700,
				flexShrink: 0,
			}}
		>
			{mark.label}
		</span>
	)
}
