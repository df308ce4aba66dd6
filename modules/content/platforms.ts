// Pure and shared with the browser (no server imports).
export const PLATFORMS = ['linkedin', 'instagram', 'threads', 'facebook'] as const
export type Platform = (typeof PLATFORMS)[number]

/** Maximum post length per platform (spec section 9); exceeding it warns but never blocks saving. */
export const PLATFORM_LIMITS: Record<Platform, number> = { linkedin: 3000, instagram: 2200, threads: 500, facebook: 63206 }

export const POST_STATUSES = ['draft', 'scheduled', 'published', 'review'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

/** A post's platform column: one platform, or 'multiple' for a post planned for several. */
export type PostPlatform = Platform | 'multiple'

export function isPlatform(value: unknown): value is Platform {
	return typeof value === 'string' && (PLATFORMS as ReadonlyArray<string>).includes(value)
}

export function isOverLimit(platform: Platform, text: string) {
	return text.length > PLATFORM_LIMITS[platform]
}
