import type { PostPlatform } from '#modules/content/platforms.ts'

// The chip colour per platform (Radix colour scale names, used by calendar.css through data-color).
export const platformColor = {
	linkedin: 'blue',
	instagram: 'crimson',
	threads: 'gray',
	facebook: 'indigo',
	multiple: 'violet',
} as const satisfies Record<PostPlatform, string>
