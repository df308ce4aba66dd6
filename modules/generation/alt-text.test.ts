import { expect, test } from 'vitest'
import { ALT_TEXT_MAX, altTextLimit, altTextPrompts, cleanAltText } from './alt-text.server.ts'

const rules = (maxLength: number | null) => ({ media: { carousel: null, video: null, document: null, altText: maxLength === null ? null : { maxLength }, firstComment: null, aiFlag: false } })

test('the limit is the smallest a network names, never over 1 000', () => {
	expect(altTextLimit([rules(4086), rules(1500), rules(null)])).toBe(ALT_TEXT_MAX)
	expect(altTextLimit([rules(4086), rules(420)])).toBe(420)
	expect(altTextLimit([])).toBe(ALT_TEXT_MAX)
})

test('a model\'s "Das Bild zeigt" opener, quotes and line breaks are removed', () => {
	expect(cleanAltText('Das Bild zeigt eine gleichmässig blaue Fläche ohne Text.', 1000)).toBe('Eine gleichmässig blaue Fläche ohne Text.')
	expect(cleanAltText('„Foto von frischem Brot\nam Ofen.“', 1000)).toBe('Frischem Brot am Ofen.')
	expect(cleanAltText('Zu sehen ist: ein Zopf auf einem Holzbrett.', 1000)).toBe('Ein Zopf auf einem Holzbrett.')
	expect(cleanAltText('Ein Zopf auf einem Holzbrett.', 1000)).toBe('Ein Zopf auf einem Holzbrett.')
})

test('cut at a word within the limit in code points', () => {
	const cut = cleanAltText(`${'Brot '.repeat(300)}`, 100)
	expect([...cut].length).toBeLessThanOrEqual(100)
	expect(cut).toMatch(/Brot…$/)
	expect([...cleanAltText('🥐'.repeat(50), 10)].length).toBeLessThanOrEqual(10)
})

test('the prompt asks for German, descriptive alt text within the limit, with the image prompt and the post', () => {
	const { system, prompt } = altTextPrompts({ imagePrompt: 'Zopf auf Holzbrett', postText: 'Frisch ab 6 Uhr', maxLength: 1000, withImage: true })
	expect(system).toContain('Höchstens 1000 Zeichen')
	expect(system).toContain('nie mit „Bild von“')
	expect(prompt).toContain('beigefügte Bild')
	expect(prompt).toContain('Zopf auf Holzbrett')
	expect(prompt).toContain('Frisch ab 6 Uhr')
})
