import { countText, type CountingKind } from './counting.ts'
import { textLimitsOf, type PlatformDescriptor } from './descriptor.ts'

// Pure and shared with the browser: a network's rules checked before a post leaves, from its
// descriptor only. The creator shows the problems as badges; planning, 'Jetzt posten' and the
// publish job refuse on an 'error', and an empty text ('confirm') needs the user's yes.

export type PreflightCode =
	| 'text_too_long'
	| 'text_too_many_bytes'
	| 'too_many_hashtags'
	| 'too_many_links'
	| 'image_required'
	| 'image_format'
	| 'image_ratio'
	| 'image_too_large'
	| 'image_too_many_pixels'
	| 'empty_post'
	| 'empty_text'

export type PreflightProblem = {
	code: PreflightCode
	/** 'error': the network refuses it; 'confirm': it goes out only when the user says so. */
	severity: 'error' | 'confirm'
	/** The figures the German message names ({{count}}, {{limit}}). */
	values?: { count: number; limit: number }
}

/** What is known about the post's image; null fields: not known (the check is skipped). */
export type PreflightImage = { type: string | null; width: number | null; height: number | null; bytes: number | null }

export type PreflightInput = { text: string; image: PreflightImage | null }

type Rules = Pick<PlatformDescriptor, 'text' | 'images'>

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

export function preflight(descriptor: Rules, { text, image }: PreflightInput): Array<PreflightProblem> {
	const problems: Array<PreflightProblem> = []
	const over = (code: PreflightCode, count: number, limit: number | null) => {
		if (limit !== null && count > limit) problems.push({ code, severity: 'error', values: { count, limit } })
	}
	for (const rule of textLimitsOf(descriptor)) over(LIMIT_CODES[rule.counting] ?? 'text_too_long', countText(rule.counting, text), rule.limit)
	over('too_many_hashtags', hashtagsIn(text), descriptor.text.maxHashtags)
	over('too_many_links', linksIn(text), descriptor.text.maxLinks)
	const rules = descriptor.images
	if (!image) {
		if (rules.required) problems.push({ code: 'image_required', severity: 'error' })
	} else {
		if (image.type !== null && !rules.formats.includes(image.type)) problems.push({ code: 'image_format', severity: 'error' })
		if (image.width && image.height) {
			const ratio = image.width / image.height
			// Two decimals of tolerance: 1080 × 1350 is 4:5 even where the figure is written as 0.8.
			if (ratio < rules.ratio.min - 0.005 || ratio > rules.ratio.max + 0.005) problems.push({ code: 'image_ratio', severity: 'error' })
			if (rules.maxPixels !== null) over('image_too_many_pixels', image.width * image.height, rules.maxPixels)
		}
		if (image.bytes !== null) over('image_too_large', image.bytes, rules.maxBytes)
	}
	if (!text.trim()) problems.push(image || rules.required ? { code: 'empty_text', severity: 'confirm' } : { code: 'empty_post', severity: 'error' })
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

const MB = 1024 * 1024
const decimal = (value: number, digits = 2) => value.toLocaleString('de-CH', { maximumFractionDigits: digits })

/** The values of a problem's German message (locales/de/publishing.json `preflight.<code>`), numbers written as the user reads them. */
export function preflightValues(descriptor: Rules, problem: PreflightProblem, platform: string): Record<string, string> {
	const { images } = descriptor
	const scale = problem.code === 'image_too_large' ? MB : problem.code === 'image_too_many_pixels' ? 1_000_000 : 1
	const count = problem.values ? decimal(problem.values.count / scale, scale === 1 ? 0 : 1) : ''
	const limit = problem.values ? decimal(problem.values.limit / scale, scale === 1 ? 0 : 1) : ''
	return {
		platform,
		count,
		limit,
		formats: images.formats.map((f) => f.replace(/^image\//, '').toUpperCase()).join(', '),
		ratioMin: decimal(images.ratio.min),
		ratioMax: decimal(images.ratio.max),
	}
}
