import { imageAspectsOf, textGroupsOf, type Platform, type PlatformView } from '#modules/publishing/descriptor.ts'

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
	/** Text generations: one per text group ('long', 'short') of the chosen platforms. */
	textRuns: number
	textCost: number
	/** Images: one per aspect the chosen platforms generate in. */
	imageRuns: number
	imageCost: number
	total: number
}

/** Which texts are written: one per text group of the chosen platforms ('long', 'short'; descriptor.text.group). */
export function textGroups(descriptors: ReadonlyArray<PlatformView>, platforms: ReadonlyArray<Platform>) {
	return textGroupsOf(descriptors, platforms)
}

/** Which images are made: one per aspect the chosen platforms generate (descriptor.images.generate). */
export function imageAspects(descriptors: ReadonlyArray<PlatformView>, platforms: ReadonlyArray<Platform>) {
	return imageAspectsOf(descriptors, platforms)
}

export function generationCost(input: { descriptors: ReadonlyArray<PlatformView>; platforms: ReadonlyArray<Platform>; textModelCost: number; imageModelCost: number; withImages: boolean }): CostBreakdown {
	const textRuns = textGroups(input.descriptors, input.platforms).length
	const imageRuns = input.withImages ? imageAspects(input.descriptors, input.platforms).length : 0
	const textCost = textRuns * input.textModelCost
	const imageCost = imageRuns * input.imageModelCost
	return { textRuns, textCost, imageRuns, imageCost, total: textCost + imageCost }
}

/** Regenerating one image: flux-schnell's credits plus one. */
export function regenerationCost(regenerationModelCost: number) {
	return regenerationModelCost + 1
}
