import { z } from 'zod'

// Content settings (spec sections 3 and 5), shared by the settings form and its action.
// Messages are i18n keys of the `settings` namespace.
export const DEFAULT_KEYWORDS: ReadonlyArray<string> = ['ki', 'automation']
export const MAX_KEYWORDS = 100
export const MAX_KEYWORD_LENGTH = 100
export const NICHE_MAX = 500
export const AUDIENCE_MAX = 1000

/** One keyword as stored: trimmed and lower-cased (an empty result is no keyword). */
export function normaliseKeyword(keyword: string) {
	return keyword.trim().toLowerCase()
}

/** Trimmed, lower-cased, without empties and duplicates (first occurrence wins), at most MAX_KEYWORDS. */
export function normaliseKeywords(keywords: ReadonlyArray<string>) {
	const seen = new Set<string>()
	for (const raw of keywords) {
		const keyword = normaliseKeyword(raw)
		if (keyword && keyword.length <= MAX_KEYWORD_LENGTH) seen.add(keyword)
	}
	return [...seen].slice(0, MAX_KEYWORDS)
}

const keywordList = z
	.array(z.string().max(MAX_KEYWORD_LENGTH, { error: 'content.errors.keywordTooLong' }))
	.max(MAX_KEYWORDS, { error: 'content.errors.tooManyKeywords' })
	.optional()
	.transform((v) => normaliseKeywords(v ?? []))

export const ContentSettingsSchema = z.object({
	niche: z.string().trim().max(NICHE_MAX, { error: 'content.errors.tooLong' }).optional().default(''),
	targetAudience: z.string().trim().max(AUDIENCE_MAX, { error: 'content.errors.tooLong' }).optional().default(''),
	keywords: keywordList,
	newsKeywords: keywordList,
})

export type ContentSettingsInput = z.input<typeof ContentSettingsSchema>
