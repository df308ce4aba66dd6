import { describe, expect, test } from 'vitest'
import { countText } from '#modules/publishing/counting.ts'
import { countFor, textLimitsOf, type PlatformDescriptor } from '#modules/publishing/descriptor.ts'
import { preflight } from '#modules/publishing/preflight.ts'
import { platformModules } from './index.ts'

// The preflight against every registered network's descriptor, and the figures ADAPTERS.md names.

const byId = (id: string) => platformModules.find((m) => m.descriptor.id === id)!.descriptor
const codes = (d: PlatformDescriptor, text: string, image: Parameters<typeof preflight>[1]['image'] = null) => preflight(d, { text, image }).map((p) => p.code)
const fitting = (d: PlatformDescriptor) => {
	const ratio = Math.max(d.images.ratio.min, Math.min(1, d.images.ratio.max))
	return { type: d.images.formats[0]!, width: Math.round(1000 * ratio), height: 1000, bytes: 1000 }
}

describe.each(platformModules.map((m) => [m.descriptor.id, m.descriptor] as const))('%s', (_id, d) => {
	test('a short text (with a fitting image where one is required) passes', () => {
		expect(codes(d, 'Guten Morgen #hallo', d.images.required ? fitting(d) : null)).toEqual([])
		expect(codes(d, 'Guten Morgen', fitting(d))).toEqual([])
	})

	test('one character over the limit in the network’s own counting is refused', () => {
		const text = 'a'.repeat(d.text.limit + 1)
		expect(countFor(d, text)).toBe(d.text.limit + 1)
		expect(codes(d, text, fitting(d))).toEqual(['text_too_long'])
		expect(codes(d, 'a'.repeat(d.text.limit), fitting(d))).toEqual([])
	})

	// Texts made of one kind of unit each: letters, umlauts, emoji, family emoji (25 bytes, 1 grapheme), links, remote mentions.
	const UNITS = ['a', 'ä', '🦋', '👨‍👩‍👧‍👦', 'https://example.com/ein/pfad ', '@anna@chaos.social ']
	test.each(textLimitsOf(d).map((rule) => [`${rule.limit} ${rule.counting}`, rule] as const))('the limit of %s is checked at planning', (_name, rule) => {
		const units = UNITS.filter((unit) => countText(rule.counting, unit) > 0)
		for (const unit of units) {
			let n = Math.floor(rule.limit / countText(rule.counting, unit)) + 1
			while (countText(rule.counting, unit.repeat(n)) <= rule.limit) n++
			const problems = preflight(d, { text: unit.repeat(n), image: fitting(d) })
			expect(problems.some((p) => p.values?.count === countText(rule.counting, unit.repeat(n)) && p.values.limit === rule.limit), `${unit} × ${n}`).toBe(true)
		}
	})

	test('hashtags and links over the network’s maximum are refused', () => {
		if (d.text.maxHashtags !== null) expect(codes(d, Array.from({ length: d.text.maxHashtags + 1 }, (_, i) => `#tag${i}`).join(' '), fitting(d))).toEqual(['too_many_hashtags'])
		if (d.text.maxLinks !== null) expect(codes(d, Array.from({ length: d.text.maxLinks + 1 }, (_, i) => `https://e${i}.example`).join(' '), fitting(d))).toEqual(['too_many_links'])
	})

	test('an image outside the accepted aspect, format or size is refused', () => {
		const image = fitting(d)
		expect(codes(d, 'Bild', { ...image, width: Math.ceil(1000 * d.images.ratio.max * 1.1) })).toContain('image_ratio')
		expect(codes(d, 'Bild', { ...image, type: 'image/svg+xml' })).toEqual(['image_format'])
		expect(codes(d, 'Bild', { ...image, bytes: d.images.maxBytes + 1 })).toEqual(['image_too_large'])
	})

	test('an empty text asks with an image; without one it is refused', () => {
		expect(preflight(d, { text: ' ', image: fitting(d) })).toEqual([{ code: 'empty_text', severity: 'confirm' }])
		expect(preflight(d, { text: '', image: null }).map((p) => p.severity)).toContain('error')
	})
})

test('the networks’ figures match ADAPTERS.md', () => {
	const instagram = byId('instagram')
	expect(instagram.text.maxHashtags).toBe(30)
	expect(instagram.images).toMatchObject({ ratio: { min: 4 / 5, max: 1.91 }, formats: ['image/jpeg'], required: true })
	expect(byId('threads').text).toMatchObject({ limit: 500, counting: 'utf8-bytes-emoji', maxLinks: 5 })
	expect(byId('linkedin').text).toMatchObject({ limit: 3000, counting: 'little-escaped' })
})

test('the cases of issue 19: 31 hashtags on Instagram, emoji on Threads, escapes on LinkedIn, no image on Instagram', () => {
	const jpeg = { type: 'image/jpeg', width: 1080, height: 1080, bytes: 100_000 }
	expect(codes(byId('instagram'), Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' '), jpeg)).toEqual(['too_many_hashtags'])
	expect(codes(byId('instagram'), Array.from({ length: 30 }, (_, i) => `#t${i}`).join(' '), jpeg)).toEqual([])
	expect(codes(byId('instagram'), 'Ohne Bild')).toEqual(['image_required'])
	expect(codes(byId('instagram'), 'Als PNG', { ...jpeg, type: 'image/png' })).toEqual(['image_format'])
	// 120 graphemes, but 120 emoji of 4 bytes: 480 + 21 letters = 501 in Threads' counting.
	expect(codes(byId('threads'), `${'🎉'.repeat(120)}${'a'.repeat(21)}`)).toEqual(['text_too_long'])
	expect(codes(byId('threads'), `${'🎉'.repeat(120)}${'a'.repeat(20)}`)).toEqual([])
	// 1 600 characters, each escaped: 3 200 as sent (LinkedIn's limit applies to the escaped text).
	expect(codes(byId('linkedin'), '()'.repeat(800))).toEqual(['text_too_long'])
})

test('issue 37: a remote mention counts as its local part on Mastodon; Bluesky refuses over 3,000 bytes at planning', () => {
	const mention = '@anna@chaos.social '
	const fiveHundred = `${mention}${'a'.repeat(500 - '@anna '.length)}`
	expect(codes(byId('mastodon'), fiveHundred)).toEqual([])
	expect(codes(byId('mastodon'), `${fiveHundred}a`)).toEqual(['text_too_long'])
	// 188 family emoji: 188 graphemes (under 300), but 188 × 18 = 3,384 bytes.
	const families = '👨‍👩‍👧'.repeat(188)
	expect(countFor(byId('bluesky'), families)).toBe(188)
	expect(preflight(byId('bluesky'), { text: families, image: null })).toEqual([{ code: 'text_too_many_bytes', severity: 'error', values: { count: 3384, limit: 3000 } }])
})
