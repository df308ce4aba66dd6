import { expect, test } from 'vitest'
import { testPlatforms } from '#tests/support/platforms.ts'
import { platformsForGroups, templateIdeas } from './idea-templates.ts'

const platforms = testPlatforms.descriptors
const long = platforms.filter((p) => p.text.group === 'long').map((p) => p.id)

const news = [
	{ title: 'KI-Assistenten erobern den Mittelstand', source: 'Wirtschaftsblick', publishedDate: '2026-11-23', trending: true, keywords: ['ki', 'automation'] },
	{ title: 'Wie KI die Buchhaltung verändert', source: 'Technikwelt', publishedDate: '2026-11-22', trending: false, keywords: ['ki'] },
]

test('one idea per news item from the templates, then keyword ideas up to the count', () => {
	const ideas = templateIdeas(platforms, news, { niche: 'Treuhand', targetAudience: 'KMU', keywords: ['ki', 'steuern'] }, 4)
	expect(ideas).toHaveLength(4)
	expect(ideas[0]).toMatchObject({ title: 'Einordnung: KI-Assistenten erobern den Mittelstand', source: 'News: Wirtschaftsblick', publishedDate: '2026-11-23', trending: true, keyword: 'ki', platforms: long })
	expect(ideas[0]!.description).toContain('für KMU')
	expect(ideas[1]!.description).toContain('Wie KI die Buchhaltung verändert')
	expect(ideas.slice(2).every((i) => i.source === 'Content-Einstellungen' && !i.trending && i.publishedDate === null)).toBe(true)
	expect(ideas.every((i) => i.title.length > 0 && i.description.length > 0 && (i.platforms?.length ?? 0) > 0)).toBe(true)
})

test('without news or keywords the niche carries the ideas; another variant gives other titles', () => {
	const a = templateIdeas(platforms, [], { niche: 'Bäckerei', targetAudience: '', keywords: [] }, 4, 0)
	const b = templateIdeas(platforms, [], { niche: 'Bäckerei', targetAudience: '', keywords: [] }, 4, 1)
	expect(a).toHaveLength(4)
	expect(a.every((i) => i.description.includes('Bäckerei'))).toBe(true)
	expect(a.map((i) => i.title)).not.toEqual(b.map((i) => i.title))
})

test("a template's platforms are the registered ones of its text groups, a fifth platform included", () => {
	const base = platforms[0]!
	const fifth = { ...base, id: 'newnet', text: { ...base.text, group: 'short' as const } }
	const five = [...platforms, fifth]
	expect(platformsForGroups(five, ['short'])).toEqual([...platforms.filter((p) => p.text.group === 'short').map((p) => p.id), 'newnet'])
	expect(platformsForGroups(five, ['long', 'short'])).toEqual(five.map((p) => p.id))
	// No registered platform of the group: the first registered one.
	expect(platformsForGroups([fifth], ['long'])).toEqual(['newnet'])
	const ideas = templateIdeas(five, news, { niche: 'Treuhand', targetAudience: 'KMU', keywords: ['ki'] }, 6)
	expect(ideas.some((idea) => idea.platforms?.includes('newnet'))).toBe(true)
	expect(ideas.every((idea) => idea.platforms?.every((id) => five.some((p) => p.id === id)))).toBe(true)
})
