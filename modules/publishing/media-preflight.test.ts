import { describe, expect, test } from 'vitest'
import publishing from '#locales/de/publishing.json' with { type: 'json' }
import type { MediaRules, PlatformDescriptor } from './descriptor.ts'
import { mediaPreflight, type PreflightMedia, type PreflightMediaItem } from './media-preflight.ts'
import { fill } from './messages.ts'
import { preflight, preflightWording, type PreflightCode, type PreflightProblem } from './preflight.ts'

// The media preflight against made-up rules (the networks' own figures: adapters/platforms/media-preflight.test.ts).

const media: MediaRules = {
	carousel: { minItems: 3, maxItems: 5, mixed: false, sameAspect: true },
	video: {
		maxBytes: 50 * 1024 * 1024,
		minDurationMs: 3_000,
		maxDurationMs: 60_000,
		ratio: { min: 9 / 16, max: 16 / 9 },
		minFps: 24,
		maxFps: 60,
		codecs: ['h264'],
		containers: ['video/mp4'],
	},
	document: { maxBytes: 10 * 1024 * 1024, maxPages: 20, types: ['application/pdf'] },
	altText: { maxLength: 100 },
	firstComment: 'organizations',
	aiFlag: false,
}
const rules: Pick<PlatformDescriptor, 'text' | 'images' | 'media'> = {
	text: { limit: 40, counting: 'graphemes', group: 'short', style: '', hashtags: { min: 0, max: 2 }, maxHashtags: null, maxLinks: null },
	images: { generate: '1:1', ratio: { min: 4 / 5, max: 1.91 }, formats: ['image/jpeg'], maxBytes: 1024 * 1024, maxPixels: null, maxCount: 5, required: false },
	media,
}

const base = { type: null, width: null, height: null, bytes: null, durationMs: null, fps: null, pages: null, altText: null }
const image = (over: Partial<PreflightMediaItem> = {}): PreflightMediaItem => ({ ...base, kind: 'image', type: 'image/jpeg', width: 1000, height: 1000, bytes: 1000, altText: 'Ein Brot', ...over })
const video = (over: Partial<PreflightMediaItem> = {}): PreflightMediaItem => ({ ...base, kind: 'video', type: 'video/mp4', codec: 'h264', width: 1080, height: 1920, bytes: 1000, durationMs: 10_000, fps: 30, ...over })
const pdf = (over: Partial<PreflightMediaItem> = {}): PreflightMediaItem => ({ ...base, kind: 'document', type: 'application/pdf', bytes: 1000, pages: 5, ...over })
const post = (items: Array<PreflightMediaItem>, over: Partial<PreflightMedia> = {}): PreflightMedia => ({ items, firstComment: null, channelKind: 'business', ...over })
const check = (items: Array<PreflightMediaItem>, over: Partial<PreflightMedia> = {}, withRules: Pick<PlatformDescriptor, 'images' | 'media'> = rules) => mediaPreflight(withRules, post(items, over))
const codes = (...args: Parameters<typeof check>) => check(...args).map((p) => `${p.code}:${p.severity}`)

const messages = publishing.preflight as Record<string, string>
const message = (problem: PreflightProblem, withRules: Pick<PlatformDescriptor, 'images' | 'media'> = rules) => {
	const { key, values } = preflightWording(withRules, problem, 'Netz')
	expect(messages[key], key).toBeTypeOf('string')
	return fill(messages[key]!, values)
}

describe('counts and kinds', () => {
	test('one image, one video, one document or a carousel within the rules pass', () => {
		expect(codes([image()])).toEqual([])
		expect(codes([video()])).toEqual([])
		expect(codes([pdf()])).toEqual([])
		expect(codes([image(), image(), image()])).toEqual([])
	})

	test('too many and too few items in a carousel are refused with their figures', () => {
		expect(check(Array.from({ length: 6 }, () => image()))).toEqual([{ code: 'carousel_too_many', severity: 'error', values: { count: 6, limit: 5 }, items: [0, 1, 2, 3, 4, 5] }])
		expect(check([image(), image()])).toEqual([{ code: 'carousel_too_few', severity: 'error', values: { count: 2, limit: 3 }, items: [0, 1] }])
	})

	test('a network without carousels takes one item', () => {
		expect(codes([image(), image()], {}, { ...rules, media: { ...media, carousel: null } })).toEqual(['carousel_too_many:error'])
	})

	test('images beside a video, several videos, or anything beside a document are mixed', () => {
		expect(codes([image(), image(), video()])).toEqual(['carousel_mixed:error'])
		expect(codes([video(), video(), video()])).toEqual(['carousel_mixed:error'])
		expect(codes([pdf(), image()])).toEqual(['carousel_mixed:error'])
		const mixedAllowed = { ...rules, media: { ...media, carousel: { ...media.carousel!, mixed: true } } }
		expect(codes([image(), video({ width: 1000, height: 1000 }), image()], {}, mixedAllowed)).toEqual([])
	})

	test('differing aspects where the network crops to the first are a warning naming the items', () => {
		expect(check([image(), image({ width: 1910, height: 1000 }), image()])).toEqual([{ code: 'carousel_aspects', severity: 'warning', items: [1], fit: 'crop', aspect: 1 }])
		// The post's choice 'Auffüllen' is named, so the message says what will happen.
		expect(check([image(), image({ width: 1910, height: 1000 }), image()], { carouselFit: 'pad' })).toEqual([{ code: 'carousel_aspects', severity: 'warning', items: [1], fit: 'pad', aspect: 1 }])
		const anyAspect = { ...rules, media: { ...media, carousel: { ...media.carousel!, sameAspect: false } } }
		expect(codes([image(), image({ width: 1910, height: 1000 }), image()], {}, anyAspect)).toEqual([])
	})

	test('no media where the network requires an image is refused', () => {
		expect(codes([], {}, { ...rules, images: { ...rules.images, required: true } })).toEqual(['image_required:error'])
	})
})

describe('items', () => {
	test('each image is checked as the single image is', () => {
		expect(check([image(), image({ type: 'image/png' }), image({ bytes: 2 * 1024 * 1024 })])).toEqual([
			{ code: 'image_format', severity: 'error', items: [1] },
			{ code: 'image_too_large', severity: 'error', values: { count: 2 * 1024 * 1024, limit: 1024 * 1024 }, items: [2] },
		])
	})

	test('a video outside the network’s duration, size, ratio, frame rate or format is refused', () => {
		expect(codes([video({ durationMs: 61_000 })])).toEqual(['video_too_long:error'])
		expect(codes([video({ durationMs: 2_000 })])).toEqual(['video_too_short:error'])
		expect(codes([video({ bytes: 51 * 1024 * 1024 })])).toEqual(['video_too_large:error'])
		expect(codes([video({ width: 1000, height: 3000 })])).toEqual(['video_ratio:error'])
		expect(codes([video({ fps: 120 })])).toEqual(['video_fps:error'])
		expect(codes([video({ fps: 15 })])).toEqual(['video_fps:error'])
		expect(codes([video({ codec: 'vp9' })])).toEqual(['video_codec:error'])
		expect(codes([video({ type: 'video/webm' })])).toEqual(['video_codec:error'])
		// Unknown figures are not refused.
		expect(codes([video({ durationMs: null, fps: null, codec: null, bytes: null, width: null })])).toEqual([])
	})

	test('a video or a document where the network takes none is refused', () => {
		expect(codes([video()], {}, { ...rules, media: { ...media, video: null } })).toEqual(['video_not_supported:error'])
		expect(codes([pdf()], {}, { ...rules, media: { ...media, document: null } })).toEqual(['document_not_supported:error'])
	})

	test('a document over the size or the pages, or of another type, is refused', () => {
		expect(codes([pdf({ bytes: 11 * 1024 * 1024, pages: 21 })])).toEqual(['document_too_large:error', 'document_too_many_pages:error'])
		expect(codes([pdf({ type: 'application/zip' })])).toEqual(['document_format:error'])
	})
})

describe('alt text and the first comment', () => {
	test('an image without alt text is a warning, or an error where the user requires it; too long is an error', () => {
		expect(check([image({ altText: ' ' }), image({ altText: null }), image()])).toEqual([{ code: 'alt_text_missing', severity: 'warning', values: { count: 2, limit: 3 }, items: [0, 1] }])
		expect(codes([image({ altText: null })], { requireAltText: true })).toEqual(['alt_text_missing:error'])
		expect(check([image({ altText: 'ä'.repeat(101) })])).toEqual([{ code: 'alt_text_too_long', severity: 'error', values: { count: 101, limit: 100 }, items: [0] }])
		expect(codes([image({ altText: null })], {}, { ...rules, media: { ...media, altText: null } })).toEqual([])
		// A video without alt text is not asked for one.
		expect(codes([video()])).toEqual([])
	})

	test('a first comment is refused where the network takes none, or on a personal profile where only organizations may', () => {
		expect(codes([image()], { firstComment: 'Link im Kommentar', channelKind: 'personal' })).toEqual(['first_comment_not_supported:error'])
		expect(codes([image()], { firstComment: 'Link im Kommentar', channelKind: 'business' })).toEqual([])
		expect(codes([image()], { firstComment: 'Link im Kommentar', channelKind: null })).toEqual([])
		expect(codes([image()], { firstComment: '  ', channelKind: 'personal' })).toEqual([])
		expect(codes([image()], { firstComment: 'Hallo', channelKind: 'business' }, { ...rules, media: { ...media, firstComment: null } })).toEqual(['first_comment_not_supported:error'])
		expect(codes([image()], { firstComment: 'Hallo', channelKind: 'personal' }, { ...rules, media: { ...media, firstComment: 'all' } })).toEqual([])
	})
})

describe('preflight with media', () => {
	test('media replace the single image: a video satisfies a required image, an empty text asks', () => {
		const required = { ...rules, images: { ...rules.images, required: true } }
		expect(preflight(required, { text: 'Hallo', image: null, media: post([video()]) })).toEqual([])
		expect(preflight(required, { text: '', image: null, media: post([video()]) })).toEqual([{ code: 'empty_text', severity: 'confirm' }])
		expect(preflight(rules, { text: '', image: null, media: post([]) }).map((p) => p.code)).toEqual(['empty_post'])
	})

	test('a descriptor without media rules takes one image and nothing else', () => {
		const { media: _media, ...plain } = rules
		expect(preflight(plain, { text: 'Hallo', image: null, media: post([image(), image()]) }).map((p) => p.code)).toEqual(['carousel_too_many'])
		expect(preflight(plain, { text: 'Hallo', image: null, media: post([video()]) }).map((p) => p.code)).toEqual(['video_not_supported'])
	})
})

describe('German messages', () => {
	test('durations name the limit in seconds or minutes, in the singular for one', () => {
		expect(message({ code: 'video_too_long', severity: 'error', values: { count: 252_000, limit: 90_000 } })).toBe('Das Video dauert 4:12 min; Netz nimmt höchstens 90 Sekunden. Kürzen Sie es bitte.')
		expect(message({ code: 'video_too_long', severity: 'error', values: { count: 1_000_000, limit: 900_000 } })).toBe('Das Video dauert 16:40 min; Netz nimmt höchstens 15 Minuten. Kürzen Sie es bitte.')
		expect(message({ code: 'video_too_short', severity: 'error', values: { count: 400, limit: 1_000 } })).toBe('Das Video dauert nur 0:00 min; Netz nimmt Videos ab 1 Sekunde.')
	})

	test('a video over an hour reads in hours, minutes and seconds, never as 241:00 min', () => {
		expect(message({ code: 'video_too_long', severity: 'error', values: { count: 14_460_000, limit: 14_400_000 } })).toBe('Das Video dauert 4:01:00 Std.; Netz nimmt höchstens 240 Minuten. Kürzen Sie es bitte.')
	})

	test('counts take the singular for one', () => {
		expect(message({ code: 'alt_text_missing', severity: 'warning', values: { count: 1, limit: 3 } })).toMatch(/^Ein Bild hat noch keinen Alternativtext für Netz\./)
		expect(message({ code: 'alt_text_missing', severity: 'warning', values: { count: 2, limit: 3 } })).toMatch(/^2 Bilder haben noch keinen Alternativtext für Netz\./)
		expect(message({ code: 'document_too_many_pages', severity: 'error', values: { count: 320, limit: 300 } })).toBe('Das Dokument hat 320 Seiten; Netz nimmt höchstens 300.')
	})

	test('sizes, ratios, frame rates and formats read as the user knows them', () => {
		expect(message({ code: 'document_too_large', severity: 'error', values: { count: 120 * 1024 * 1024, limit: 100 * 1024 * 1024 } })).toBe('Das Dokument ist 120 MB groß; Netz nimmt höchstens 100 MB.')
		expect(message({ code: 'video_too_large', severity: 'error', values: { count: 1.5 * 1024 ** 3, limit: 1024 ** 3 } })).toBe('Das Video ist 1.5 GB groß; Netz nimmt höchstens 1 GB.')
		expect(message({ code: 'video_fps', severity: 'error', values: { count: 120, limit: 60 } })).toBe('Das Video hat eine Bildrate von 120 fps; Netz nimmt 24 bis 60 fps.')
		expect(message({ code: 'video_codec', severity: 'error' })).toContain('(erlaubt: MP4 mit H.264)')
		const reel = { ...rules, media: { ...media, video: { ...media.video!, ratio: { min: 9 / 16, max: 9 / 16 }, minFps: null } } }
		expect(message({ code: 'video_ratio', severity: 'error' }, reel)).toContain('Seitenverhältnis 0.56 (Breite durch Höhe, z. B. 1080 × 1920 Pixel)')
		expect(message({ code: 'video_fps', severity: 'error', values: { count: 120, limit: 60 } }, reel)).toContain('höchstens 60 fps')
		expect(message({ code: 'document_format', severity: 'error' })).toContain('(erlaubt: PDF)')
	})

	test('the first comment names why: no comments at all, or only on organization pages', () => {
		expect(message({ code: 'first_comment_not_supported', severity: 'error' })).toContain('nur auf Unternehmensseiten')
		expect(message({ code: 'first_comment_not_supported', severity: 'error' }, { ...rules, media: { ...media, firstComment: null } })).toContain('keinen ersten Kommentar')
	})

	test('every media code has a German message with all its values filled', () => {
		const all: Array<PreflightCode> = ['carousel_too_many', 'carousel_too_few', 'carousel_mixed', 'carousel_aspects', 'video_not_supported', 'video_too_long', 'video_too_short', 'video_too_large', 'video_ratio', 'video_fps', 'video_codec', 'document_not_supported', 'document_format', 'document_too_large', 'document_too_many_pages', 'alt_text_missing', 'alt_text_too_long', 'first_comment_not_supported']
		for (const code of all) {
			for (const count of [1, 7]) {
				const text = message({ code, severity: 'error', values: { count, limit: 5_000 } })
				expect(text, code).toContain('Netz')
				expect(text, code).not.toMatch(/\{\{|\}\}/)
			}
		}
	})
})
