import { expect, test } from 'vitest'
import { templateIdeas } from './idea-templates.ts'

const news = [
	{ title: 'KI-Assistenten erobern den Mittelstand', source: 'Wirtschaftsblick', publishedDate: '2026-11-23', trending: true, keywords: ['ki', 'automation'] },
	{ title: 'Wie KI die Buchhaltung verändert', source: 'Technikwelt', publishedDate: '2026-11-22', trending: false, keywords: ['ki'] },
]

test('one idea per news item from the templates, then keyword ideas up to the count', () => {
	const ideas = templateIdeas(news, { niche: 'Treuhand', targetAudience: 'KMU', keywords: ['ki', 'steuern'] }, 4)
	expect(ideas).toHaveLength(4)
	expect(ideas[0]).toMatchObject({ title: 'Einordnung: KI-Assistenten erobern den Mittelstand', source: 'News: Wirtschaftsblick', publishedDate: '2026-11-23', trending: true, keyword: 'ki', platforms: ['linkedin'] })
	expect(ideas[0]!.description).toContain('für KMU')
	expect(ideas[1]!.description).toContain('Wie KI die Buchhaltung verändert')
	expect(ideas.slice(2).every((i) => i.source === 'Content-Einstellungen' && !i.trending && i.publishedDate === null)).toBe(true)
	expect(ideas.every((i) => i.title.length > 0 && i.description.length > 0 && (i.platforms?.length ?? 0) > 0)).toBe(true)
})

test('without news or keywords the niche carries the ideas; another variant gives other titles', () => {
	const a = templateIdeas([], { niche: 'Bäckerei', targetAudience: '', keywords: [] }, 4, 0)
	const b = templateIdeas([], { niche: 'Bäckerei', targetAudience: '', keywords: [] }, 4, 1)
	expect(a).toHaveLength(4)
	expect(a.every((i) => i.description.includes('Bäckerei'))).toBe(true)
	expect(a.map((i) => i.title)).not.toEqual(b.map((i) => i.title))
})
