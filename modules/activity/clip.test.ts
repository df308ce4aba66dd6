import { expect, test } from 'vitest'
import { boundedEntry } from './index.ts'
import { clipAtWord, DESCRIPTION_MAX, TITLE_MAX } from './clip.ts'

test('boundedEntry clips title and description at a word to the log’s maxima and keeps the rest of the entry', () => {
	const title = 'Titel mit Wörtern '.repeat(40)
	const description = 'Eine Beschreibung, die nicht endet. '.repeat(80)
	const entry = { title, description, status: 'error' as const, metadata: { postId: 'p1' } }
	const bounded = boundedEntry(entry)
	expect(bounded).toEqual({ ...entry, title: clipAtWord(title, TITLE_MAX), description: clipAtWord(description, DESCRIPTION_MAX) })
	expect(bounded.title.length).toBeLessThanOrEqual(TITLE_MAX)
	expect(bounded.title.endsWith(' Titel mit…')).toBe(true)
	expect(bounded.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX)
	expect(bounded.description.endsWith(' Beschreibung…')).toBe(true)
	expect(entry.title).toBe(title)
})

test('boundedEntry keeps texts that fit (trimmed) and gives a missing description as empty', () => {
	expect(boundedEntry({ title: ' Post veröffentlicht ', description: 'https://example.com/p/1' })).toEqual({ title: 'Post veröffentlicht', description: 'https://example.com/p/1' })
	expect(boundedEntry({ title: 'Ohne Beschreibung' })).toEqual({ title: 'Ohne Beschreibung', description: '' })
})
