import { describe, expect, test } from 'vitest'
import { COUNTING_KINDS, countText, URL_CHARACTERS } from './counting.ts'

describe('countText: the networks\' own counting', () => {
	test('plain text counts as its characters in every kind (the four networks\' counters are unchanged for it)', () => {
		const text = 'Grüezi mitenand – heute zeigen wir Ihnen drei Tipps fürs Büro.'
		for (const kind of COUNTING_KINDS.filter((k) => k !== 'utf8-bytes')) expect(countText(kind, text)).toBe(text.length)
	})

	test('graphemes: an emoji, a flag and a family count as one each', () => {
		expect(countText('graphemes', 'Hallo 👋')).toBe(7)
		expect(countText('graphemes', '🇨🇭')).toBe(1)
		expect(countText('graphemes', '👨‍👩‍👧')).toBe(1)
	})

	test('utf8-bytes-emoji: an emoji counts as its UTF-8 bytes, umlauts and other letters as one', () => {
		expect(countText('utf8-bytes-emoji', 'Hallo 👋')).toBe(6 + 4)
		expect(countText('utf8-bytes-emoji', 'Grüsse ✨')).toBe(7 + 3)
		expect(countText('utf8-bytes-emoji', '👨‍👩‍👧')).toBe(18)
	})

	test('utf8-bytes: every character as its UTF-8 bytes', () => {
		expect(countText('utf8-bytes', 'Grüsse 👋')).toBe(7 + 1 + 4)
		expect(countText('utf8-bytes', '👨‍👩‍👧')).toBe(18)
	})

	test('urls-23-local-mentions: links as 23, a remote mention by its local part', () => {
		expect(countText('urls-23-local-mentions', '@anna@chaos.social hallo https://example.com/lang')).toBe('@anna hallo '.length + URL_CHARACTERS)
		expect(countText('urls-23-local-mentions', 'mail an anna@chaos.social')).toBe('mail an anna@chaos.social'.length)
	})

	test('urls-23: every link counts 23 characters, however long', () => {
		expect(countText('urls-23', 'Mehr: https://example.com/ein/sehr/langer/pfad?mit=parametern und Schluss')).toBe(6 + URL_CHARACTERS + 12)
		expect(countText('urls-23', 'http://a.ch')).toBe(URL_CHARACTERS)
	})

	test('little-escaped: reserved characters count twice, hashtags and mentions as written', () => {
		expect(countText('little-escaped', 'Fragen (und Antworten)')).toBe(22 + 2)
		expect(countText('little-escaped', 'Heute #KI und C#')).toBe(16 + 1)
		expect(countText('little-escaped', 'Danke @[Postwerk](urn:li:organization:123)!')).toBe(43)
		expect(countText('little-escaped', 'a_b*c~d')).toBe(7 + 3)
	})
})

test('graphemes: the shortcut for text below U+0300 counts as the segmenter does', () => {
	const segmenter = new Intl.Segmenter('de', { granularity: 'grapheme' })
	const bySegmenter = (text: string) => [...segmenter.segment(text)].length
	const samples = ['Grüezi mitenand, Äpfel für 12.50 CHF!', 'Zeile 1\nZeile 2\tTab', 'Windows\r\nZeilen\r\n', 'ÿ\u00ad°§ «Zitat» ©', 'e\u0301 kombiniert', 'Kaffee ☕ und 👍🏽', '', '\u0000\u001f\u007f']
	for (let code = 0; code < 0x300; code++) samples.push(`a${String.fromCharCode(code)}b${String.fromCharCode(code)}`)
	for (const text of samples) expect(countText('graphemes', text), JSON.stringify(text)).toBe(bySegmenter(text))
})
