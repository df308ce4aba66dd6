import { expect, test } from 'vitest'
import publishing from '#locales/de/publishing.json' with { type: 'json' }
import type { PlatformDescriptor } from './descriptor.ts'
import { hashtagsIn, linksIn, preflight, preflightWording, type PreflightCode, type PreflightImage } from './preflight.ts'
import { fill } from './messages.ts'

const rules: Pick<PlatformDescriptor, 'text' | 'images'> = {
	text: { limit: 40, counting: 'graphemes', group: 'short', style: '', hashtags: { min: 0, max: 2 }, maxHashtags: 2, maxLinks: 1 },
	images: { generate: '1:1', ratio: { min: 4 / 5, max: 1.91 }, formats: ['image/jpeg'], maxBytes: 1024 * 1024, maxPixels: 2_000_000, maxCount: 1, required: false },
}
const jpeg: PreflightImage = { type: 'image/jpeg', width: 1080, height: 1080, bytes: 1000 }
const codes = (text: string, image: PreflightImage | null = null, over: Partial<typeof rules.images> = {}) => preflight({ ...rules, images: { ...rules.images, ...over } }, { text, image }).map((p) => `${p.code}:${p.severity}`)

test('a text within the rules passes', () => {
	expect(codes('Hallo #eins')).toEqual([])
	expect(codes('Mit Bild', jpeg)).toEqual([])
})

test('text length, hashtags and links over the limits are errors with their figures', () => {
	expect(preflight(rules, { text: 'x'.repeat(41), image: null })).toEqual([{ code: 'text_too_long', severity: 'error', values: { count: 41, limit: 40 } }])
	expect(codes('#a #b #c')).toEqual(['too_many_hashtags:error'])
	expect(codes('https://a.ch https://b.ch')).toEqual(['too_many_links:error'])
	// The same link twice is one link; a hash inside a word or a link is no hashtag.
	expect(codes('https://a.ch, https://a.ch')).toEqual([])
	expect(hashtagsIn('C#dur https://x.ch/#anker #1 #ok')).toBe(1)
	expect(linksIn('Siehe https://a.ch/x. Und http://b.ch')).toBe(2)
})

test('the image: required, format, aspect, bytes and pixels', () => {
	expect(codes('Text', null, { required: true })).toEqual(['image_required:error'])
	expect(codes('Text', { ...jpeg, type: 'image/png' })).toEqual(['image_format:error'])
	expect(codes('Text', { ...jpeg, width: 1080, height: 1350 })).toEqual([])
	expect(codes('Text', { ...jpeg, width: 1080, height: 1400 })).toEqual(['image_ratio:error'])
	expect(codes('Text', { ...jpeg, width: 1910, height: 1000 })).toEqual([])
	expect(codes('Text', { ...jpeg, width: 2000, height: 1000 })).toEqual(['image_ratio:error'])
	expect(codes('Text', { ...jpeg, bytes: 2 * 1024 * 1024 })).toEqual(['image_too_large:error'])
	expect(codes('Text', { ...jpeg, width: 2000, height: 2000 })).toEqual(['image_too_many_pixels:error'])
	// What is not known is not checked.
	expect(codes('Text', { type: null, width: null, height: null, bytes: null })).toEqual([])
})

test('an empty text asks for confirmation with an image and is refused without one', () => {
	expect(codes('  \n', jpeg)).toEqual(['empty_text:confirm'])
	expect(codes('')).toEqual(['empty_post:error'])
	expect(codes('', null, { required: true })).toEqual(['image_required:error', 'empty_text:confirm'])
})

test('every code has a German message whose values are all filled', () => {
	const all: Array<PreflightCode> = ['text_too_long', 'too_many_hashtags', 'too_many_links', 'image_required', 'image_format', 'image_ratio', 'image_too_large', 'image_too_many_pixels', 'empty_post', 'empty_text']
	const messages = publishing.preflight as Record<string, string>
	for (const code of all) {
		const message = fill(messages[code]!, preflightWording(rules, { code, severity: 'error', values: { count: 3 * 1024 * 1024, limit: 1024 * 1024 } }, 'Netz').values)
		expect(message, code).toMatch(/Netz|Bild/)
		expect(message, code).not.toMatch(/\{\{|versuchen Sie es erneut/)
	}
	expect(fill(messages.image_too_large!, preflightWording(rules, { code: 'image_too_large', severity: 'error', values: { count: 3 * 1024 * 1024, limit: 1024 * 1024 } }, 'Netz').values)).toContain('3 MB, erlaubt sind höchstens 1 MB')
	expect(fill(messages.image_format!, preflightWording(rules, { code: 'image_format', severity: 'error' }, 'Netz').values)).toContain('erlaubt: JPEG')
})
