import { expect, test } from 'vitest'
import { cutAtWord, extractiveSummary, sentences } from './summary.ts'

test('sentences do not end at abbreviations or ordinal numbers', () => {
	expect(sentences('Der Umsatz stieg z.B. um 3. Quartal deutlich. Das freut Dr. Meier! Warum? Darum.')).toEqual([
		'Der Umsatz stieg z.B. um 3. Quartal deutlich.',
		'Das freut Dr. Meier!',
		'Warum?',
		'Darum.',
	])
})

test('the extractive summary takes whole first sentences within the limit', () => {
	const text = 'Erster Satz mit Inhalt. Zweiter Satz ergänzt etwas. Dritter Satz ist schon zu viel für die Grenze hier.'
	expect(extractiveSummary(text, 60)).toBe('Erster Satz mit Inhalt. Zweiter Satz ergänzt etwas.')
	expect(extractiveSummary('Kurz. Knapp.', 320)).toBe('Kurz. Knapp.')
})

test('a first sentence longer than the limit is cut at a word with an ellipsis; teaser tails go', () => {
	const long = 'Dies ist ein sehr langer erster Satz ohne jeden Punkt bis weit hinter die erlaubte Länge der Zusammenfassung hinaus'
	const summary = extractiveSummary(long, 50)
	expect(summary.length).toBeLessThanOrEqual(50)
	expect(summary.endsWith('…')).toBe(true)
	expect(long.startsWith(summary.slice(0, -1))).toBe(true)
	expect(extractiveSummary('Die Förderung startet im März. Weiterlesen')).toBe('Die Förderung startet im März.')
	expect(extractiveSummary('Die Förderung startet im März [...]')).toBe('Die Förderung startet im März')
	expect(extractiveSummary('   ')).toBe('')
	expect(cutAtWord('Wort Wort Wort', 9)).toBe('Wort…')
})
