import { expect, test } from 'vitest'
import { instagramDescriptor } from './instagram/descriptor.ts'
import { blueskyDescriptor } from './bluesky/descriptor.ts'
import { carouselAspect, imageChanges } from '#modules/publishing/image-plan.ts'
import { mediaPreflight, type PreflightMediaItem } from '#modules/publishing/media-preflight.ts'
import { preflight } from '#modules/publishing/preflight.ts'
import { preflightMessage } from '#modules/publishing/preflight.server.ts'

const image = (width: number, height: number, contentType = 'image/jpeg', sizeBytes = 100_000) => ({ kind: 'image', width, height, contentType, sizeBytes })
const square = image(1000, 1000)
const landscape = image(1600, 900)
const portrait = image(1080, 1920)

test("a carousel on a network that shows every item in the first one's aspect: the first's, clamped; none elsewhere or for one item", () => {
	expect(carouselAspect(instagramDescriptor, [square, landscape, portrait])).toBe(1)
	expect(carouselAspect(instagramDescriptor, [portrait, square])).toBe(0.8)
	expect(carouselAspect(instagramDescriptor, [square])).toBeNull()
	expect(carouselAspect(blueskyDescriptor, [square, landscape])).toBeNull()
})

test('each image is cropped or padded to that aspect as the post chose; a PNG or a too-large file is converted', () => {
	expect(imageChanges(instagramDescriptor, [square, landscape, portrait], 'crop')).toEqual([
		{ aspect: 1, reshape: null, convert: false },
		{ aspect: 1, reshape: 'crop', convert: false },
		{ aspect: 1, reshape: 'crop', convert: false },
	])
	expect(imageChanges(instagramDescriptor, [square, landscape], 'pad').map((change) => change?.reshape)).toEqual([null, 'pad'])
	expect(imageChanges(instagramDescriptor, [image(1000, 1000, 'image/png'), image(1000, 1000, 'image/jpeg', 9_000_000)], 'crop').map((change) => change?.convert)).toEqual([true, true])
	// A single portrait beyond Instagram's 4:5 is brought into its range; Bluesky keeps any aspect.
	expect(imageChanges(instagramDescriptor, [portrait], 'crop')).toEqual([{ aspect: 0.8, reshape: 'crop', convert: false }])
	expect(imageChanges(blueskyDescriptor, [square, landscape], 'crop').map((change) => change?.reshape)).toEqual([null, null])
	expect(imageChanges(instagramDescriptor, [square, { kind: 'video', width: 1080, height: 1920, contentType: 'video/mp4', sizeBytes: 1 }], 'crop')[1]).toBeNull()
})

const item = (width: number, height: number, over: Partial<PreflightMediaItem> = {}): PreflightMediaItem => ({ kind: 'image', type: 'image/jpeg', width, height, bytes: 100_000, durationMs: null, fps: null, pages: null, altText: 'Brot', ...over })

test("Instagram's carousel aspect is told, not refused: 'wird zugeschnitten' or 'aufgefüllt', with the first one's aspect", () => {
	const media = (carouselFit: 'crop' | 'pad') => ({ items: [item(1080, 1350), item(1600, 900), item(1000, 1000)], firstComment: null, channelKind: null, carouselFit })
	const [cropped] = mediaPreflight(instagramDescriptor, media('crop'))
	expect(cropped).toMatchObject({ code: 'carousel_aspects', severity: 'warning', items: [1, 2] })
	expect(preflightMessage(instagramDescriptor, cropped!)).toBe('Instagram zeigt alle Bilder eines Karussells im Format des ersten (4:5); die anderen werden beim Veröffentlichen mittig darauf zugeschnitten.')
	const [padded] = mediaPreflight(instagramDescriptor, media('pad'))
	expect(preflightMessage(instagramDescriptor, padded!)).toBe('Instagram zeigt alle Bilder eines Karussells im Format des ersten (4:5); die anderen werden beim Veröffentlichen darauf aufgefüllt, nichts wird abgeschnitten.')
})

test('a stored image is converted when sent: its format, bytes and aspect are not refused; an outside one still is', () => {
	const png = item(1080, 1920, { type: 'image/png', bytes: 20_000_000 })
	const judged = (convertible: boolean) => mediaPreflight(instagramDescriptor, { items: [{ ...png, convertible }], firstComment: null, channelKind: null }).map((p) => p.code)
	expect(judged(true)).toEqual([])
	expect(judged(false)).toEqual(['image_format', 'image_ratio', 'image_too_large'])
})

test('the single-image preflight (a card, the creator) does not refuse a stored image either; it still needs one where required', () => {
	const png = { type: 'image/png', width: 1080, height: 1920, bytes: 20_000_000 }
	expect(preflight(instagramDescriptor, { text: 'Brot', image: { ...png, convertible: true } })).toEqual([])
	expect(preflight(instagramDescriptor, { text: 'Brot', image: png }).map((p) => p.code)).toEqual(['image_format', 'image_ratio', 'image_too_large'])
	expect(preflight(instagramDescriptor, { text: 'Brot', image: null }).map((p) => p.code)).toEqual(['image_required'])
})
