// Pure and shared with the browser (no server imports). Which platforms exist, only the registry says:
// the composition root gives the content service the registered ids (publishing.platforms.ids).
export type { Platform } from '#modules/core/platform-id.ts'
import type { Platform } from '#modules/core/platform-id.ts'

export const POST_STATUSES = ['draft', 'scheduled', 'published', 'review'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

/** Where a post was made: the pages, the REST API, an MCP client (AI assistant) or a CSV import. */
export const POST_ORIGINS = ['web', 'api', 'mcp', 'csv'] as const
export type PostOrigin = (typeof POST_ORIGINS)[number]

/**
 * A post's AI label (ADR 0053): 'auto' marks it when any text or item was generated, 'on' and 'off' are the
 * user's choice; the networks' AI flag follows it where they have one.
 */
export const AI_LABELS = ['auto', 'on', 'off'] as const
export type AiLabel = (typeof AI_LABELS)[number]

/** A stored label as the type (the database checks it; anything else reads as 'auto'). */
export const aiLabelOf = (value: string): AiLabel => ((AI_LABELS as ReadonlyArray<string>).includes(value) ? (value as AiLabel) : 'auto')

/**
 * How a carousel is made one aspect where the network shows every item in the first one's (ADR 0065):
 * 'crop' (centre crop, what the network itself would do) or 'pad' (nothing cut off).
 */
export const CAROUSEL_FITS = ['crop', 'pad'] as const
export type CarouselFit = (typeof CAROUSEL_FITS)[number]

/** A stored choice as the type (the database checks it; anything else reads as 'crop'). */
export const carouselFitOf = (value: string | null | undefined): CarouselFit => (value === 'pad' ? 'pad' : 'crop')

/** A post's platform column: one platform, or 'multiple' for a post planned for several. */
export type PostPlatform = Platform | 'multiple'

/** The registered platform ids in the registry's order: stored rows and contents count only these. */
export type RegisteredPlatforms = ReadonlyArray<Platform>

/** Whether `value` names one of the `registered` platforms. */
export function isRegistered(registered: RegisteredPlatforms, value: unknown): value is Platform {
	return typeof value === 'string' && registered.includes(value)
}
