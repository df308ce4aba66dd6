import { countText, type CountingKind } from './counting.ts'
import { textLimitsOf, type MediaRules, type PlatformDescriptor } from './descriptor.ts'
import { mediaPreflight, NO_MEDIA_RULES, type PreflightMedia } from './media-preflight.ts'
import type { PreflightCode, PreflightImage, PreflightProblem } from './preflight-types.ts'

// Pure and shared with the browser: a network's rules checked before a post leaves, from its
// descriptor only. The creator shows the problems as badges; planning, 'Jetzt posten' and the
// publish job refuse on an 'error', an empty text ('confirm') needs the user's yes, and a 'warning'
// (a missing alt text) is only shown.

export type { PreflightCode, PreflightImage, PreflightProblem, PreflightSeverity } from './preflight-types.ts'
export type { PreflightMedia, PreflightMediaItem } from './media-preflight.ts'

/** A post's text and image; with `media`, its items instead of the image (ADR 0053), the first comment and the channel's page type. */
export type PreflightInput = { text: string; image: PreflightImage | null; media?: PreflightMedia }

/** A descriptor without `media` rules takes one image and nothing else (NO_MEDIA_RULES). */
type Rules = Pick<PlatformDescriptor, 'text' | 'images'> & { media?: MediaRules }

// A hashtag at the start or after whitespace, with at least one letter (as the networks link them).
const HASHTAG = /(?<=^|\s)#[\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*/gu
const LINK = /\bhttps?:\/\/[^\s<>"]+/giu

export function hashtagsIn(text: string) {
	return text.match(HASHTAG)?.length ?? 0
}

/** Distinct links (Threads counts unique URLs); a trailing punctuation mark is not part of a link. */
export function linksIn(text: string) {
	return new Set([...text.matchAll(LINK)].map((m) => m[0].replace(/[.,;:!?)\]]+$/u, '').toLowerCase())).size
}

/** The problem a text over a limit is reported as: a limit in bytes is worded in bytes, every other in characters. */
const LIMIT_CODES: Partial<Record<CountingKind, PreflightCode>> = { 'utf8-bytes': 'text_too_many_bytes' }

function imageProblems(rules: Rules['images'], image: PreflightImage | null): Array<PreflightProblem> {
	if (!image) return rules.required ? [{ code: 'image_required', severity: 'error' }] : []
	// A stored image is made to the network's rules when it is sent (ADR 0065).
	if (image.convertible) return []
	const problems: Array<PreflightProblem> = []
	const over = (code: PreflightCode, count: number, limit: number | null) => {
		if (limit !== null && count > limit) problems.push({ code, severity: 'error', values: { count, limit } })
	}
	if (image.type !== null && !rules.formats.includes(image.type)) problems.push({ code: 'image_format', severity: 'error' })
	if (image.width && image.height) {
		const ratio = image.width / image.height
		// Two decimals of tolerance: 1080 × 1350 is 4:5 even where the figure is written as 0.8.
		if (ratio < rules.ratio.min - 0.005 || ratio > rules.ratio.max + 0.005) problems.push({ code: 'image_ratio', severity: 'error' })
		if (rules.maxPixels !== null) over('image_too_many_pixels', image.width * image.height, rules.maxPixels)
	}
	if (image.bytes !== null) over('image_too_large', image.bytes, rules.maxBytes)
	return problems
}

export function preflight(descriptor: Rules, { text, image, media }: PreflightInput): Array<PreflightProblem> {
	const problems: Array<PreflightProblem> = []
	const over = (code: PreflightCode, count: number, limit: number | null) => {
		if (limit !== null && count > limit) problems.push({ code, severity: 'error', values: { count, limit } })
	}
	for (const rule of textLimitsOf(descriptor)) over(LIMIT_CODES[rule.counting] ?? 'text_too_long', countText(rule.counting, text), rule.limit)
	over('too_many_hashtags', hashtagsIn(text), descriptor.text.maxHashtags)
	over('too_many_links', linksIn(text), descriptor.text.maxLinks)
	const rules = descriptor.images
	problems.push(...(media ? mediaPreflight({ images: rules, media: descriptor.media ?? NO_MEDIA_RULES }, media) : imageProblems(rules, image)))
	const hasMedia = media ? media.items.length > 0 : image !== null
	if (!text.trim()) problems.push(hasMedia || rules.required ? { code: 'empty_text', severity: 'confirm' } : { code: 'empty_post', severity: 'error' })
	return problems
}

const EXTENSION_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' }

/** The type an image URL's name suggests (the app's own images end in what they are), or null. */
export function imageTypeOfUrl(url: string) {
	const extension = /\.(\w+)(?:[?#].*)?$/u.exec(url)?.[1]?.toLowerCase()
	return (extension && EXTENSION_TYPES[extension]) ?? null
}

export const hasPreflightError = (problems: ReadonlyArray<PreflightProblem>) => problems.some((p) => p.severity === 'error')
export const needsConfirmation = (problems: ReadonlyArray<PreflightProblem>) => problems.some((p) => p.severity === 'confirm')

export { preflightWording, type PreflightWording } from './preflight-wording.ts'
