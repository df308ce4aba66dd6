import type { Platform } from '#modules/content/platforms.ts'

// Pure and shared with the browser: the credit cost of a generation (spec section 9). The server
// computes the charge with these functions from the catalogue; the browser only shows the estimate.

/** A model whose catalogue row is missing costs this much. */
export const UNKNOWN_MODEL_COST = 2
/** Low-credit dialog at this balance or below. */
export const LOW_CREDIT_THRESHOLD = 10
/** Defaults when no agent is selected. */
export const DEFAULT_LANGUAGE_MODEL = 'gpt-4o-mini'
export const DEFAULT_IMAGE_MODEL = 'flux-schnell'
/** The model whose cost (+1) an image regeneration is charged. */
export const REGENERATION_MODEL = 'flux-schnell'

export type CostBreakdown = {
	/** Text generations: one for LinkedIn/Facebook, one for Instagram/Threads. */
	textRuns: number
	textCost: number
	/** Images: one 1:1 for Instagram, one shared 16:9 for LinkedIn, Facebook, Threads. */
	imageRuns: number
	imageCost: number
	total: number
}

/** Which texts are written: 'long' for LinkedIn/Facebook, 'short' for Instagram/Threads. */
export function textGroups(platforms: ReadonlyArray<Platform>) {
	const groups: Array<'long' | 'short'> = []
	if (platforms.includes('linkedin') || platforms.includes('facebook')) groups.push('long')
	if (platforms.includes('instagram') || platforms.includes('threads')) groups.push('short')
	return groups
}

/** Which images are made: '1:1' for Instagram, '16:9' shared by LinkedIn, Facebook and Threads. */
export function imageAspects(platforms: ReadonlyArray<Platform>) {
	const aspects: Array<'1:1' | '16:9'> = []
	if (platforms.includes('instagram')) aspects.push('1:1')
	if (platforms.some((p) => p === 'linkedin' || p === 'facebook' || p === 'threads')) aspects.push('16:9')
	return aspects
}

export function generationCost(input: { platforms: ReadonlyArray<Platform>; textModelCost: number; imageModelCost: number; withImages: boolean }): CostBreakdown {
	const textRuns = textGroups(input.platforms).length
	const imageRuns = input.withImages ? imageAspects(input.platforms).length : 0
	const textCost = textRuns * input.textModelCost
	const imageCost = imageRuns * input.imageModelCost
	return { textRuns, textCost, imageRuns, imageCost, total: textCost + imageCost }
}

/** Regenerating one image: flux-schnell's credits plus one. */
export function regenerationCost(regenerationModelCost: number) {
	return regenerationModelCost + 1
}
