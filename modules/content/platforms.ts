// Pure and shared with the browser (no server imports).
export const PLATFORMS = ['linkedin', 'instagram', 'threads', 'facebook'] as const
export type { Platform } from '#modules/core/platform-id.ts'
import type { Platform } from '#modules/core/platform-id.ts'

export const POST_STATUSES = ['draft', 'scheduled', 'published', 'review'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

/** A post's platform column: one platform, or 'multiple' for a post planned for several. */
export type PostPlatform = Platform | 'multiple'

export function isPlatform(value: unknown): value is Platform {
	return typeof value === 'string' && (PLATFORMS as ReadonlyArray<string>).includes(value)
}
