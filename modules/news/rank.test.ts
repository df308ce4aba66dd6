import { expect, test } from 'vitest'
import { keywordPattern, matchKeywords, rankEntries, type SourcedEntry } from './rank.ts'

const now = new Date('2026-11-23T12:00:00Z')
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString()
const entry = (title: string, summary: string, published: string | null, source = 'Feed A', link: string | null = null): SourcedEntry => ({
	title,
	summary,
	published,
	source,
	link: link ?? `https://a.example/${encodeURIComponent(title)}`,
})

test('short keywords match whole words only; longer ones word starts and compounds', () => {
	expect(keywordPattern('ki').test('KI-Modelle im Einsatz')).toBe(true)
	expect(keywordPattern('ki').test('Kinder und Skier')).toBe(false)
	expect(keywordPattern('automation').test('Automationen im Lager')).toBe(true)
	expect(keywordPattern('automation').test('Prozessautomation')).toBe(true)
	expect(keywordPattern('bank').test('Banken erhöhen Zinsen')).toBe(true)
	expect(keywordPattern('bank').test('Datenbank')).toBe(false)
	expect(keywordPattern('c++').test('Neues in C++ 26')).toBe(true)
	expect(matchKeywords('KI & Automation', ['Automation', 'ki', 'ki', 'marketing'])).toEqual(['automation', 'ki'])
})

test('only entries with a keyword count; more keywords, more feeds and newer rank first', () => {
	const ranked = rankEntries(
		[
			entry('Alte KI-Meldung', 'Etwas über KI.', hoursAgo(24 * 6)),
			entry('Neue KI-Meldung', 'Etwas über KI.', hoursAgo(1)),
			entry('Bäckerei-News', 'Brot und Brötchen.', hoursAgo(1)),
			entry('KI trifft Automation', 'Beides zusammen.', hoursAgo(48)),
			entry('Ohne Datum: Automation', '', null),
		],
		['ki', 'automation'],
		{ now },
	)
	expect(ranked.map((r) => r.title)).toEqual(['KI trifft Automation', 'Neue KI-Meldung', 'Alte KI-Meldung', 'Ohne Datum: Automation'])
	expect(ranked[0]).toMatchObject({ matched: ['ki', 'automation'], trending: true, feeds: 1 })
	expect(ranked[1]).toMatchObject({ matched: ['ki'], trending: false })
})

test('the same story in several feeds is kept once and trending; the limit applies', () => {
	const ranked = rankEntries(
		[
			entry('KI im Handel', 'Kurz.', hoursAgo(2), 'Feed A', 'https://a.example/ki-handel'),
			entry('KI im Handel', 'Eine längere Fassung über KI im Handel.', hoursAgo(3), 'Feed B', 'https://b.example/anders'),
			entry('Andere KI-Story', 'x', hoursAgo(2), 'Feed B', 'https://a.example/ki-handel/?utm=1'),
			...Array.from({ length: 15 }, (_, i) => entry(`KI Nummer ${i}`, '', hoursAgo(10 + i))),
		],
		['ki'],
		{ now, limit: 10 },
	)
	expect(ranked).toHaveLength(10)
	const handel = ranked.find((r) => r.title === 'KI im Handel')!
	expect(handel).toMatchObject({ feeds: 2, trending: true, source: 'Feed A', summary: 'Eine längere Fassung über KI im Handel.' })
	// Same link (without query and trailing slash) as a story already seen: the same story.
	expect(ranked.some((r) => r.title === 'Andere KI-Story')).toBe(false)
})
