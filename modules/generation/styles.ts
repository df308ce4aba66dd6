import type { Platform } from '#modules/content/platforms.ts'

// Pure and shared with the browser: how each platform's text is written (spec section 9).

export const PLATFORM_STYLES: Record<Platform, string> = {
	linkedin: 'Professionell',
	instagram: 'Kurz & knackig',
	threads: 'Authentisch',
	facebook: 'Original',
}

/** Hashtags that fit the platform: none or few on LinkedIn, more on Instagram. */
export const HASHTAG_RANGES: Record<Platform, { min: number; max: number }> = {
	linkedin: { min: 0, max: 3 },
	instagram: { min: 5, max: 10 },
	threads: { min: 0, max: 2 },
	facebook: { min: 1, max: 3 },
}
