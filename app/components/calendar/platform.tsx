import { AtSign, Briefcase, Camera, Layers, ThumbsUp, type LucideIcon } from 'lucide-react'
import type { PostPlatform } from '#modules/content/platforms.ts'

// lucide has no brand logos: each platform gets a neutral glyph and its brand-like colour.
const icons: Record<PostPlatform, LucideIcon> = {
	linkedin: Briefcase,
	instagram: Camera,
	threads: AtSign,
	facebook: ThumbsUp,
	multiple: Layers,
}

export const platformColor = {
	linkedin: 'blue',
	instagram: 'crimson',
	threads: 'gray',
	facebook: 'indigo',
	multiple: 'violet',
} as const satisfies Record<PostPlatform, string>

export function PlatformIcon({ platform, size = 14 }: { platform: PostPlatform; size?: number }) {
	const Icon = icons[platform] ?? Layers
	return <Icon size={size} aria-hidden style={{ color: `var(--${platformColor[platform] ?? 'gray'}-11)`, flexShrink: 0 }} />
}
