import { expect, test } from 'vitest'
import { escapeCommentary, parseCommentary, unescapeCommentary } from './escape.ts'

test('every reserved character is escaped, hashtags and mentions stay LinkedIn elements', () => {
	const text = String.raw`Preis (ab 5 CHF) [neu] {gratis} <b>fett</b> a|b C:\pfad *stern* _unter_ ~tilde~ info@postwerk.ch C# #1 #Postwerk #Zürich2026 Danke @[Muster AG](urn:li:organization:4711)!`
	expect(escapeCommentary(text)).toBe(
		String.raw`Preis \(ab 5 CHF\) \[neu\] \{gratis\} \<b\>fett\</b\> a\|b C:\\pfad \*stern\* \_unter\_ \~tilde\~ info\@postwerk.ch C\# \#1 #Postwerk #Zürich2026 Danke @[Muster AG](urn:li:organization:4711)!`,
	)
})

test('doubtful hashtags and mentions are escaped rather than risked', () => {
	expect(escapeCommentary('(#tag)')).toBe(String.raw`\(\#tag\)`)
	expect(escapeCommentary('#tag_x')).toBe(String.raw`#tag\_x`)
	expect(escapeCommentary('a#tag')).toBe(String.raw`a\#tag`)
	expect(escapeCommentary('#')).toBe(String.raw`\#`)
	expect(escapeCommentary('@[Name (AG)](urn:li:organization:1)')).toBe(String.raw`\@\[Name \(AG\)\]\(urn:li:organization:1\)`)
	expect(escapeCommentary('@[Name](https://example.com)')).toBe(String.raw`\@\[Name\]\(https://example.com\)`)
	expect(escapeCommentary('Zeile 1\n#zwei')).toBe('Zeile 1\n#zwei')
})

test('reading commentary resolves escapes and gives back the original text', () => {
	const texts = [
		String.raw`\#hashtag? \\ C:\pfad\ (x) ~~ ** __ || {} <> @ [] 🙂 #Schweiz @[Muster AG](urn:li:organization:4711)`,
		'#Start und Ende#',
		'',
	]
	for (const text of texts) expect(parseCommentary(escapeCommentary(text))).toEqual({ text, truncatedAt: null })
	expect(unescapeCommentary(String.raw`Neu: {hashtag|\#|Postwerk} \(beta\)`)).toBe('Neu: #Postwerk (beta)')
})

test('an unescaped reserved character cuts the text there, as LinkedIn does', () => {
	expect(parseCommentary('Hallo (Welt)')).toEqual({ text: 'Hallo ', truncatedAt: 6 })
	expect(parseCommentary('Preis: 5_000')).toEqual({ text: 'Preis: 5', truncatedAt: 8 })
	expect(parseCommentary('Ende\\')).toEqual({ text: 'Ende', truncatedAt: 4 })
})
