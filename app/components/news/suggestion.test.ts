import { expect, test } from 'vitest'
import { newsSuggestion } from './suggestion.ts'

const item = { title: 'Titel', content: 'Zusammenfassung', source: 'Quelle', publishedDate: '2026-11-23', trending: false, keywords: ['ki'] }

test("a news item opens the creator with the platform it is given (the registry's first), or none", () => {
	expect(newsSuggestion(item, 'newnet')).toMatchObject({ platform: 'newnet', content: 'Titel\n\nZusammenfassung', keyword: 'ki', type: 'news' })
	expect(newsSuggestion(item, null).platform).toEqual([])
})
