import { expect, test } from 'vitest'
import { mastodonLength } from './length.ts'
import { comparable, plainText, withoutLeadingMentions } from './plain-text.ts'
import { renderStatusHtml, statusLength } from './sandbox-html.ts'

const samples = [
	'Hallo Fediverse!',
	'Zwei\nZeilen\n\nund ein Absatz',
	'Ein Link: https://example.com/ein/sehr/langer/pfad/der/gekuerzt/angezeigt/wird?x=1&y=2 und weiter',
	'#Hashtag am Anfang, #zweiter und C#, a&b <c> "d" \'e\'',
	'@anna@chaos.social Danke dir!',
	'Grüsse 🚀 aus Zürich 🇨🇭\r\n\r\n\r\nEnde   ',
]

test("a status's HTML content reads back as the text it was posted with", () => {
	for (const text of samples) expect([text, comparable(plainText(renderStatusHtml(text, 'mastodon.example')))]).toEqual([text, comparable(text)])
	expect(plainText(renderStatusHtml('Zwei\nZeilen\n\n\nAbsatz &amp; <b>', 'x.example'))).toBe('Zwei\nZeilen\n\nAbsatz &amp; <b>')
	expect(plainText(renderStatusHtml('@anna@chaos.social hi', 'x.example'))).toBe('@anna hi')
})

test('the adapter counts like the instance: links as 23, remote mentions by their local part', () => {
	for (const text of [...samples, `${'x'.repeat(480)} https://example.com/${'a'.repeat(100)}`]) expect([text, mastodonLength(text)]).toEqual([text, statusLength(text)])
	expect(mastodonLength('@anna@chaos.social hi')).toBe('@anna hi'.length)
	expect(mastodonLength('https://example.com/lang', 30)).toBe(30)
})

test('leading mentions are not part of what a reply says', () => {
	expect(withoutLeadingMentions('@anna@chaos.social @bob Danke')).toBe('Danke')
	expect(withoutLeadingMentions('Danke @anna')).toBe('Danke @anna')
})
