import { describe, expect, test } from 'vitest'
import type { PlatformDescriptor } from '#modules/publishing/descriptor.ts'
import { mediaPreflight, type PreflightMedia, type PreflightMediaItem } from '#modules/publishing/media-preflight.ts'
import { preflight } from '#modules/publishing/preflight.ts'
import { preflightMessage } from '#modules/publishing/preflight.server.ts'
import { platformModules } from './index.ts'

// The media preflight against every registered network's descriptor, and the cases of issue 39 with
// the German messages as the user reads them.

const byId = (id: string) => platformModules.find((m) => m.descriptor.id === id)!.descriptor
const MB = 1024 * 1024
const base = { type: null, width: null, height: null, bytes: null, durationMs: null, fps: null, pages: null, altText: null }

/** An image the network takes: its first format, an aspect inside its range, small, described. */
function fittingImage(d: PlatformDescriptor): PreflightMediaItem {
	const ratio = Math.max(d.images.ratio.min, Math.min(1, d.images.ratio.max))
	return { ...base, kind: 'image', type: d.images.formats[0]!, width: Math.round(1000 * ratio), height: 1000, bytes: 1000, altText: 'Ein frisches Brot auf dem Tisch' }
}

/** A video the network takes (its video rules must exist): in the middle of every range. */
function fittingVideo(d: PlatformDescriptor): PreflightMediaItem {
	const rules = d.media.video!
	const ratio = Math.max(rules.ratio.min, Math.min(9 / 16, rules.ratio.max))
	const fps = Math.max(rules.minFps ?? 0, Math.min(30, rules.maxFps ?? 30))
	return { ...base, kind: 'video', type: rules.containers[0]!, codec: rules.codecs[0]!, width: Math.round(1920 * ratio), height: 1920, bytes: MB, durationMs: Math.max(rules.minDurationMs, 5_000), fps }
}

const pdf = (over: Partial<PreflightMediaItem> = {}): PreflightMediaItem => ({ ...base, kind: 'document', type: 'application/pdf', bytes: MB, pages: 10, ...over })
const post = (items: Array<PreflightMediaItem>, over: Partial<PreflightMedia> = {}): PreflightMedia => ({ items, firstComment: null, channelKind: 'personal', ...over })
const codes = (d: PlatformDescriptor, items: Array<PreflightMediaItem>, over: Partial<PreflightMedia> = {}) => mediaPreflight(d, post(items, over)).map((p) => p.code)
/** The German messages of a post's media problems on `d`, as planning and the publish job word them. */
const messages = (d: PlatformDescriptor, items: Array<PreflightMediaItem>, over: Partial<PreflightMedia> = {}) => mediaPreflight(d, post(items, over)).map((p) => preflightMessage(d, p))

describe.each(platformModules.map((m) => [m.descriptor.id, m.descriptor] as const))('%s', (_id, d) => {
	test('a described image passes; a carousel up to the network’s maximum passes, one more is refused', () => {
		expect(codes(d, [fittingImage(d)])).toEqual([])
		const { carousel } = d.media
		const most = carousel?.maxItems ?? 1
		expect(codes(d, Array.from({ length: most }, () => fittingImage(d)))).toEqual([])
		expect(codes(d, Array.from({ length: most + 1 }, () => fittingImage(d)))).toEqual(['carousel_too_many'])
	})

	test('a video within the rules passes, one over the duration or size is refused; none where the network takes none', () => {
		const rules = d.media.video
		if (!rules) {
			expect(codes(d, [{ ...base, kind: 'video', type: 'video/mp4', durationMs: 5_000 }])).toEqual(['video_not_supported'])
			return
		}
		expect(codes(d, [fittingVideo(d)])).toEqual([])
		if (rules.maxDurationMs !== null) expect(codes(d, [{ ...fittingVideo(d), durationMs: rules.maxDurationMs + 1_000 }])).toEqual(['video_too_long'])
		expect(codes(d, [{ ...fittingVideo(d), bytes: rules.maxBytes + 1 }])).toEqual(['video_too_large'])
		expect(codes(d, [{ ...fittingVideo(d), codec: 'mpeg2video' }])).toEqual(['video_codec'])
	})

	test('a document passes only where the network takes documents', () => {
		expect(codes(d, [pdf()])).toEqual(d.media.document ? [] : ['document_not_supported'])
	})

	test('alt text: missing is a warning, over the network’s length is refused, where the network takes it', () => {
		const missing = mediaPreflight(d, post([{ ...fittingImage(d), altText: null }]))
		const tooLong = codes(d, [{ ...fittingImage(d), altText: 'a'.repeat((d.media.altText?.maxLength ?? 10) + 1) }])
		if (d.media.altText) {
			expect(missing).toEqual([{ code: 'alt_text_missing', severity: 'warning', values: { count: 1, limit: 1 }, items: [0] }])
			expect(tooLong).toEqual(['alt_text_too_long'])
		} else expect([missing, tooLong]).toEqual([[], []])
	})

	test('a first comment goes to an organization page wherever the network comments', () => {
		expect(codes(d, [fittingImage(d)], { firstComment: 'Mehr dazu im Link', channelKind: 'business' })).toEqual(d.media.firstComment ? [] : ['first_comment_not_supported'])
	})
})

test('the networks’ formats and flags (ADR 0053, ADAPTERS.md)', () => {
	const summary = Object.fromEntries(
		platformModules.map(({ descriptor: d }) => [d.id, [d.media.carousel?.maxItems ?? 1, d.media.video !== null, d.media.document !== null, d.media.firstComment, d.media.aiFlag]]),
	)
	expect(summary).toEqual({
		linkedin: [20, true, true, 'organizations', false],
		facebook: [10, true, false, 'all', false],
		instagram: [10, true, false, 'all', true],
		threads: [20, true, false, 'all', false],
		bluesky: [4, true, false, 'all', false],
		mastodon: [4, true, false, 'all', false],
	})
	expect(byId('linkedin').media.document).toMatchObject({ maxBytes: 100 * MB, maxPages: 300 })
	// Page videos, not Reels (ADR 0067): 1 s to 240 min, 9:16 to 16:9.
	expect(byId('facebook').media.video).toMatchObject({ minDurationMs: 1_000, maxDurationMs: 240 * 60_000, ratio: { min: 9 / 16, max: 16 / 9 }, minFps: null, maxFps: null })
	expect(byId('mastodon').media.altText).toEqual({ maxLength: 1500 })
})

describe('the cases of issue 39, in German', () => {
	test('an 11-item Instagram carousel is refused, a 10-item one accepted', () => {
		const instagram = byId('instagram')
		const square = { ...fittingImage(instagram), width: 1080, height: 1080 }
		expect(messages(instagram, Array.from({ length: 11 }, () => square))).toEqual(['Dieser Post hat 11 Bilder oder Videos; Instagram nimmt höchstens 10 pro Post. Entfernen Sie bitte einige.'])
		expect(messages(instagram, Array.from({ length: 10 }, () => square))).toEqual([])
		// Images and Reels together are a carousel there.
		expect(codes(instagram, [square, { ...fittingVideo(instagram), width: 1080, height: 1080 }])).toEqual([])
	})

	test('a Facebook page video: landscape or portrait and minutes long it goes; over 240 minutes or wider than 16:9 it is refused', () => {
		const facebook = byId('facebook')
		const video = fittingVideo(facebook)
		expect(messages(facebook, [{ ...video, durationMs: 252_000 }])).toEqual([])
		expect(messages(facebook, [{ ...video, width: 1920, height: 1080 }])).toEqual([])
		expect(messages(facebook, [{ ...video, width: 1080, height: 1920, durationMs: 30_000 }])).toEqual([])
		expect(messages(facebook, [{ ...video, durationMs: 241 * 60_000 }])).toEqual(['Das Video dauert 4:01:00 Std.; Facebook nimmt höchstens 240 Minuten. Kürzen Sie es bitte.'])
		expect(messages(facebook, [{ ...video, width: 2560, height: 1080 }])).toEqual(['Das Seitenverhältnis des Videos passt nicht zu Facebook (Breite durch Höhe zwischen 0.56 und 1.78). Wählen Sie bitte ein anderes Video.'])
	})

	test('a LinkedIn PDF over 100 MB and 300 pages is refused', () => {
		expect(messages(byId('linkedin'), [pdf({ bytes: 120 * MB, pages: 320 })])).toEqual([
			'Das Dokument ist 120 MB groß; LinkedIn nimmt höchstens 100 MB.',
			'Das Dokument hat 320 Seiten; LinkedIn nimmt höchstens 300.',
		])
		expect(messages(byId('linkedin'), [pdf({ bytes: 100 * MB, pages: 300 })])).toEqual([])
	})

	test('five images on Bluesky are refused, four accepted; a video beside images is not', () => {
		const bluesky = byId('bluesky')
		expect(messages(bluesky, Array.from({ length: 5 }, () => fittingImage(bluesky)))).toEqual(['Dieser Post hat 5 Bilder oder Videos; Bluesky nimmt höchstens 4 pro Post. Entfernen Sie bitte einige.'])
		expect(codes(bluesky, Array.from({ length: 4 }, () => fittingImage(bluesky)))).toEqual([])
		expect(codes(bluesky, [fittingImage(bluesky), fittingVideo(bluesky)])).toEqual(['carousel_mixed'])
	})

	test('a document where the network takes none', () => {
		expect(messages(byId('mastodon'), [pdf()])).toEqual(['Mastodon nimmt keine Dokumente. Entfernen Sie das Dokument bitte.'])
	})

	test('alt text missing (a warning) and too long on Mastodon', () => {
		const mastodon = byId('mastodon')
		const image = fittingImage(mastodon)
		expect(messages(mastodon, [{ ...image, altText: '' }, image])).toEqual(['Ein Bild hat noch keinen Alternativtext für Mastodon. Beschreiben Sie bitte kurz, was darauf zu sehen ist.'])
		expect(messages(mastodon, [{ ...image, altText: 'ü'.repeat(1501) }])).toEqual([
			// Thousands grouped as the other figures are (de-CH: 1’501).
			`Ein Alternativtext hat ${(1501).toLocaleString('de-CH')} Zeichen; Mastodon nimmt höchstens ${(1500).toLocaleString('de-CH')}. Kürzen Sie ihn bitte.`,
		])
		const missing = preflight(mastodon, { text: 'Hallo', image: null, media: post([{ ...image, altText: null }]) })
		expect(missing.map((p) => p.severity)).toEqual(['warning'])
	})

	test('a first comment on a LinkedIn member is refused, on a LinkedIn page and a Threads profile it goes', () => {
		const linkedin = byId('linkedin')
		const image = fittingImage(linkedin)
		expect(messages(linkedin, [image], { firstComment: 'Den Link finden Sie im Kommentar', channelKind: 'personal' })).toEqual([
			'LinkedIn erlaubt den ersten Kommentar nur auf Unternehmensseiten, nicht auf persönlichen Profilen. Entfernen Sie den Kommentar für diesen Kanal bitte.',
		])
		expect(codes(linkedin, [image], { firstComment: 'Den Link finden Sie im Kommentar', channelKind: 'business' })).toEqual([])
		expect(codes(byId('threads'), [fittingImage(byId('threads'))], { firstComment: 'Eine Antwort', channelKind: 'personal' })).toEqual([])
	})
})
