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

test('checkedMedia: a kind the network does not take, and a video or document beside other items where it does not mix', () => {
	const video: PublishMedia = { kind: 'video', url: 'https://cdn.example/v.mp4', altText: null, coverUrl: null, coverAtMs: null }
	const pdf: PublishMedia = { kind: 'document', url: 'https://cdn.example/d.pdf', title: 'Folien', altText: null }
	const videoRules = { maxBytes: 1, minDurationMs: 1, maxDurationMs: null, ratio: { min: 0.1, max: 10 }, minFps: null, maxFps: null, codecs: ['h264'], containers: ['video/mp4'] }
	const documentRules = { maxBytes: 1, maxPages: 1, types: ['application/pdf'] }
	expect(() => checkedMedia(network, withMedia('x', [video]))).toThrow(expect.objectContaining({ kind: 'invalid_request', code: 'video_not_supported' }))
	expect(() => checkedMedia(network, withMedia('x', [pdf]))).toThrow(expect.objectContaining({ kind: 'invalid_request', code: 'document_not_supported' }))
	const separate = { name: 'Getrennt', media: { ...network.media, video: videoRules, document: documentRules } }
	expect(checkedMedia(separate, withMedia('x', [video]))).toHaveLength(1)
	expect(checkedMedia(separate, withMedia('x', [pdf]))).toHaveLength(1)
	expect(() => checkedMedia(separate, withMedia('x', [image(), video]))).toThrow(expect.objectContaining({ code: 'carousel_mixed' }))
	expect(() => checkedMedia(separate, withMedia('x', [video, video]))).toThrow(expect.objectContaining({ code: 'carousel_mixed' }))
	const mixing = { name: 'Gemischt', media: { ...separate.media, carousel: { minItems: 2, maxItems: 4, mixed: true, sameAspect: false } } }
	expect(checkedMedia(mixing, withMedia('x', [image(), video, video]))).toHaveLength(3)
	expect(() => checkedMedia(mixing, withMedia('x', [image(), pdf]))).toThrow(expect.objectContaining({ code: 'carousel_mixed' }))
})
