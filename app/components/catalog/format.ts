import type { ModelCategory } from '#modules/catalog/costs.ts'

const credits = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 2 })

/** Credits as the Swiss format writes them (a per-second price may be 0.5). */
export function formatCredits(value: number) {
	return credits.format(value)
}

/** Badge colour of a recommendation level: Standard, Gut, Empfohlen, Featured. */
export function levelColor(level: number) {
	return level >= 3 ? 'violet' : level === 2 ? 'green' : level === 1 ? 'blue' : 'gray'
}

/** The text key of a recommendation level (levels outside 0-3 read as Standard). */
export function levelKey(level: number) {
	return `levels.${level === 1 || level === 2 || level === 3 ? level : 0}` as const
}

export function testUrl(modelIds: ReadonlyArray<string>, mode: 'single' | 'compare', category: ModelCategory) {
	return `/model-test?${new URLSearchParams({ models: modelIds.join(','), mode, category })}`
}

/** 'Jetzt posten' on an image result: the creator takes over the image and the prompt. */
export function postNowUrl(input: { imageUrl: string; prompt: string; modelName: string }) {
	return `/create?${new URLSearchParams({ fromModelTest: 'true', imageUrl: input.imageUrl, prompt: input.prompt, modelName: input.modelName })}`
}

/** 'Als Post verwenden' on a video result: the creator takes over the video (as the post's media, ADR 0068) and the prompt. */
export function videoPostUrl(input: { videoUrl: string; prompt: string; modelName: string }) {
	return `/create?${new URLSearchParams({ fromModelTest: 'true', videoUrl: input.videoUrl, prompt: input.prompt, modelName: input.modelName })}`
}
