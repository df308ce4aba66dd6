import { expect, test } from 'vitest'
import type { MediaRules } from './descriptor.ts'
import type { PublishMedia } from './ports.ts'
import { altTextFor, checkedMedia, contentOf, withMedia } from './publish-media.ts'

const media = (carousel: MediaRules['carousel'], altText: MediaRules['altText']) =>
	({ carousel, video: null, document: null, altText, firstComment: null, aiFlag: false }) satisfies MediaRules
const network = { name: 'Netz', media: media({ minItems: 2, maxItems: 4, mixed: false, sameAspect: false }, { maxLength: 10 }) }
const image = (altText: string | null = null): PublishMedia => ({ kind: 'image', url: 'https://cdn.example/a.jpg', altText })

test('contentOf and withMedia keep imageUrl as the first item', () => {
	expect(contentOf('Text')).toEqual({ text: 'Text', imageUrl: null, media: [] })
	expect(contentOf('Bild', 'https://cdn.example/a.jpg')).toEqual({ text: 'Bild', imageUrl: 'https://cdn.example/a.jpg', media: [image()] })
	expect(withMedia('Zwei', [image('a'), { ...image('b'), url: 'https://cdn.example/b.jpg' }]).imageUrl).toBe('https://cdn.example/a.jpg')
})

test('checkedMedia: the carousel maximum, one without a carousel, a server limit below it, alt text in code points', () => {
	expect(checkedMedia(network, withMedia('x', [image(), image(), image(), image()]))).toHaveLength(4)
	expect(() => checkedMedia(network, withMedia('x', [image(), image(), image(), image(), image()]))).toThrow(expect.objectContaining({ kind: 'invalid_request', code: 'carousel_too_many' }))
	expect(() => checkedMedia(network, withMedia('x', [image(), image(), image()]), 2)).toThrow(expect.objectContaining({ code: 'carousel_too_many' }))
	const single = { name: 'Einzeln', media: media(null, null) }
	expect(() => checkedMedia(single, withMedia('x', [image(), image()]))).toThrow(expect.objectContaining({ code: 'carousel_too_many' }))
	// Ten emoji are ten code points (twenty UTF-16 units): within a limit of 10.
	expect(checkedMedia(network, withMedia('x', [image('🥐'.repeat(10))]))).toHaveLength(1)
	expect(() => checkedMedia(network, withMedia('x', [image(), image('🥐'.repeat(11))]))).toThrow(expect.objectContaining({ code: 'alt_text_too_long', message: expect.stringContaining('item 2') }))
	// A network without alt text ignores it (nothing is sent), whatever its length.
	expect(checkedMedia(single, withMedia('x', [image('x'.repeat(5000))]))).toHaveLength(1)
})

test('altTextFor: the text where the network takes one; blank is none', () => {
	expect(altTextFor(network, image(' Ein Brot '))).toBe('Ein Brot')
	expect(altTextFor(network, image('  '))).toBeNull()
	expect(altTextFor({ media: media(null, null) }, image('Ein Brot'))).toBeNull()
})
