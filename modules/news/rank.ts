import type { FeedEntry } from './ports.ts'

// Filtering and ranking of feed entries by the user's keywords. Pure.

export type SourcedEntry = FeedEntry & { source: string }

export type RankedEntry = SourcedEntry & {
	/** The user's keywords the entry mentions, in the order of the user's list. */
	matched: Array<string>
	/** Matched two or more keywords, or the same story came from several feeds. */
	trending: boolean
	/** How many of the read feeds carried this story. */
	feeds: number
	score: number
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A matcher for one keyword. Short keywords (up to 3 letters, 'ki', 'ai') match whole words only
 * ('KI-Modelle' yes, 'Kinder' no); longer ones also the start of a word ('Automationen'), and from
 * 6 letters on anywhere in a compound ('Prozessautomation').
 */
export function keywordPattern(keyword: string): RegExp {
	const k = escape(keyword.trim().toLowerCase())
	const before = '(?<![\\p{L}\\p{N}])'
	const after = '(?![\\p{L}\\p{N}])'
	const length = [...keyword.trim()].length
	if (length <= 3) return new RegExp(`${before}${k}${after}`, 'iu')
	if (length < 6) return new RegExp(`${before}${k}`, 'iu')
	return new RegExp(k, 'iu')
}

/** The keywords (of `keywords`, de-duplicated, in order) that `text` mentions. */
export function matchKeywords(text: string, keywords: ReadonlyArray<string>): Array<string> {
	const seen = new Set<string>()
	const found: Array<string> = []
	for (const raw of keywords) {
		const keyword = raw.trim().toLowerCase()
		if (!keyword || seen.has(keyword)) continue
		seen.add(keyword)
		if (keywordPattern(keyword).test(text)) found.push(keyword)
	}
	return found
}

/** A story's identity across feeds: its link without query and trailing slash, else its title's letters. */
function storyKey(entry: FeedEntry) {
	const title = entry.title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()
	return `t:${title}`
}

function linkKey(entry: FeedEntry) {
	if (!entry.link) return null
	try {
		const url = new URL(entry.link)
		return `l:${url.host}${url.pathname.replace(/\/+$/, '')}`
	} catch {
		return null
	}
}

const HOUR = 3600_000

/**
 * The entries that mention at least one keyword, best first: more keywords first, then more
 * feeds, then newer (a story loses a point per three days of age), at most `limit`. The same story
 * from several feeds (same link or same title) is kept once, marked trending.
 */
export function rankEntries(entries: ReadonlyArray<SourcedEntry>, keywords: ReadonlyArray<string>, options: { now: Date; limit?: number }): Array<RankedEntry> {
	const groups = new Map<string, { entry: SourcedEntry; sources: Set<string> }>()
	const alias = new Map<string, string>()
	for (const entry of entries) {
		if (!entry.title.trim()) continue
		const keys = [linkKey(entry), storyKey(entry)].filter((k): k is string => Boolean(k))
		const existing = keys.map((k) => alias.get(k)).find(Boolean)
		if (existing) {
			const group = groups.get(existing)!
			group.sources.add(entry.source)
			// Keep the richer text of the two.
			if (entry.summary.length > group.entry.summary.length) group.entry = { ...entry, source: group.entry.source }
			for (const k of keys) alias.set(k, existing)
			continue
		}
		const id = keys[0]!
		groups.set(id, { entry, sources: new Set([entry.source]) })
		for (const k of keys) alias.set(k, id)
	}

	const ranked: Array<RankedEntry> = []
	for (const { entry, sources } of groups.values()) {
		const matched = matchKeywords(`${entry.title}\n${entry.summary}`, keywords)
		if (matched.length === 0) continue
		const published = entry.published ? new Date(entry.published).getTime() : Number.NaN
		const ageHours = Number.isFinite(published) ? Math.max(0, (options.now.getTime() - published) / HOUR) : 24 * 7
		const titleHits = matchKeywords(entry.title, keywords).length
		const score = matched.length * 10 + titleHits * 3 + (sources.size - 1) * 5 - ageHours / 72
		ranked.push({ ...entry, matched, feeds: sources.size, trending: matched.length >= 2 || sources.size >= 2, score })
	}
	ranked.sort((a, b) => b.score - a.score || (b.published ?? '').localeCompare(a.published ?? ''))
	return ranked.slice(0, options.limit ?? 10)
}
