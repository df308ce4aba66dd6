// The prompt templates' categories and {variables}: one catalogue for the admin's dialog (client),
// the admin's save (server, prompt-templates.server.ts) and the generation that fills the templates
// (prompts.server.ts). The generation owns the templates; the admin edits them through its index.ts.

export const PROMPT_CATEGORIES = ['content_generation', 'platform_generation', 'enhanced_generation', 'image_generation', 'workflow'] as const
export type PromptCategory = (typeof PROMPT_CATEGORIES)[number]

/** What the text generation fills in the system prompt (content_generation) and the platform prompt (platform_generation). */
export const TEXT_PROMPT_VARIABLES = [
	'agent_name',
	'personality',
	'tone',
	'target_audience',
	'persona_details',
	'brand_name',
	'platform',
	'style',
	'max_length',
	'hashtag_min',
	'hashtag_max',
	'source_kind',
	'source_title',
	'source',
	'content',
	'topic',
] as const
export type TextPromptVariable = (typeof TEXT_PROMPT_VARIABLES)[number]

/** What the image generation fills in the image prompt (image_generation). */
export const IMAGE_PROMPT_VARIABLES = ['aspect', 'headline', 'keywords', 'brand_hint', 'brand_name', 'content'] as const
export type ImagePromptVariable = (typeof IMAGE_PROMPT_VARIABLES)[number]

/**
 * The variables each category's reader fills. enhanced_generation and workflow are stored and
 * listed, but no part of the product reads them today: nothing is filled there.
 */
export const PROMPT_VARIABLES: Record<PromptCategory, ReadonlyArray<string>> = {
	content_generation: TEXT_PROMPT_VARIABLES,
	platform_generation: TEXT_PROMPT_VARIABLES,
	enhanced_generation: [],
	image_generation: IMAGE_PROMPT_VARIABLES,
	workflow: [],
}

/** Whether the generation reads prompts of this category (the newest active one replaces its built-in template). */
export function isUsedByGeneration(category: PromptCategory) {
	return PROMPT_VARIABLES[category].length > 0
}

export function isPromptCategory(value: unknown): value is PromptCategory {
	return typeof value === 'string' && (PROMPT_CATEGORIES as ReadonlyArray<string>).includes(value)
}

/** At most this many distinct variables per prompt (a check constraint of admin_prompts). */
export const MAX_PROMPT_VARIABLES = 100

// A variable is a word in curly braces: letters (any script), digits and underscores, e.g. {agent_name}.
const VARIABLE = /\{([\p{L}\p{N}_]+)\}/gu

/** The variables of a prompt text: the words inside curly braces, each once, in order of appearance. */
export function detectVariables(text: string): Array<string> {
	const seen = new Set<string>()
	for (const match of text.matchAll(VARIABLE)) seen.add(match[1]!)
	return [...seen]
}

/** Replaces each {variable} with `replace(name)`; where it answers null the text stays as written. */
export function replaceVariables(text: string, replace: (name: string) => string | null) {
	return text.replace(VARIABLE, (match, name: string) => replace(name) ?? match)
}

/** The detected variables that the category's reader does not fill (they stay as written in the prompt). */
export function unknownVariables(category: PromptCategory, variables: ReadonlyArray<string>) {
	const known = new Set(PROMPT_VARIABLES[category])
	return variables.filter((name) => !known.has(name))
}
