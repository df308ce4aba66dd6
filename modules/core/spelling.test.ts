import { expect, test } from 'vitest'
import { spell, spellingFromAcceptLanguage, spellStrings } from './spelling.ts'

test('the Swiss spelling writes ss for ß, the standard one keeps it', () => {
	expect(spell('Schließen · Größe · GROẞ', 'ch')).toBe('Schliessen · Grösse · GROSS')
	expect(spell('Schließen · Größe', 'de')).toBe('Schließen · Größe')
})

test('namespace texts are transformed deeply, once per object, and the original stays as it is', () => {
	const strings = { close: 'Schließen', nested: { size: 'Größe {{value}}', plain: 'Datei' } }
	const swiss = spellStrings(strings, 'ch')
	expect(swiss).toEqual({ close: 'Schliessen', nested: { size: 'Grösse {{value}}', plain: 'Datei' } })
	expect(spellStrings(strings, 'ch')).toBe(swiss)
	expect(spellStrings(strings, 'de')).toBe(strings)
	expect(strings.close).toBe('Schließen')
})

test('the browser language decides the default spelling', () => {
	expect(spellingFromAcceptLanguage('de-CH')).toBe('ch')
	expect(spellingFromAcceptLanguage('de-CH,de;q=0.9,en;q=0.8')).toBe('ch')
	expect(spellingFromAcceptLanguage('gsw')).toBe('ch')
	expect(spellingFromAcceptLanguage('de-DE,de;q=0.9')).toBe('de')
	expect(spellingFromAcceptLanguage('de')).toBe('de')
	expect(spellingFromAcceptLanguage('en-US,de-CH;q=0.5')).toBe('ch')
	expect(spellingFromAcceptLanguage('de-AT;q=0.8,de-CH;q=0.9')).toBe('ch')
	expect(spellingFromAcceptLanguage('en-US')).toBe('de')
	expect(spellingFromAcceptLanguage(null)).toBe('de')
	expect(spellingFromAcceptLanguage('de-CH;q=0')).toBe('de')
})
