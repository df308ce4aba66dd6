import { expect, test } from 'vitest'
import type { ProcessedMedia } from '#modules/media/index.ts'
import { publishMediaOf } from './delivery-target.server.ts'
import { withVariant } from './processed-videos.server.ts'

const made = (over: Partial<ProcessedMedia> = {}): ProcessedMedia => ({
	key: 'videos/film.mp4',
	state: 'ready',
	progress: 100,
	errorCode: null,
	variantUrl: '/media/videos/variants/film.mp4',
	coverUrl: '/media/videos/covers/film.jpg',
	thumbnailUrl: '/media/videos/thumbnails/film.jpg',
	coverAtMs: null,
	durationMs: 12_000,
	width: 1080,
	height: 1920,
	...over,
})
const video = { id: 'v', kind: 'video' as const, url: '/media/videos/film.mp4', networks: null, altText: 'Ein Bäcker formt Brot', aiGenerated: false, width: null, height: null, contentType: 'video/quicktime', sizeBytes: 9_000_000, durationMs: null, pages: null, coverUrl: null, coverAtMs: null, state: 'ready' as const, title: null }
const post = { id: 'p', userId: 'u', title: 'Film', content: '{}', imageUrl: null, images: {}, status: 'scheduled', aiLabel: 'auto' as const, aiLabelled: false, carouselFit: 'crop' as const, media: [video] }

test('a video goes out as its processed variant with the cover and figures the job made', () => {
	const processed = new Map([['videos/film.mp4', made()]])
	expect(publishMediaOf(post, 'mastodon', 'https://app.example', processed)).toEqual([
		{
			kind: 'video',
			url: 'https://app.example/media/videos/variants/film.mp4',
			altText: 'Ein Bäcker formt Brot',
			coverUrl: 'https://app.example/media/videos/covers/film.jpg',
			coverAtMs: null,
			width: 1080,
			height: 1920,
			durationMs: 12_000,
			sizeBytes: 9_000_000,
			contentType: 'video/mp4',
		},
	])
})

test('a video the job has not made yet is processing; a failed one failed; an unknown upload stays as stored', () => {
	expect(withVariant(video, new Map([['videos/film.mp4', made({ state: 'processing', variantUrl: null })]])).state).toBe('processing')
	expect(withVariant(video, new Map([['videos/film.mp4', made({ state: 'ready', variantUrl: null })]])).state).toBe('processing')
	expect(withVariant(video, new Map([['videos/film.mp4', made({ state: 'failed' })]])).state).toBe('failed')
	expect(withVariant(video, new Map())).toBe(video)
	const image = { ...video, kind: 'image' as const, url: '/media/images/a.jpg' }
	expect(withVariant(image, new Map([['images/a.jpg', made({ key: 'images/a.jpg' })]]))).toBe(image)
})
