import { expect, test } from 'vitest'
import type { VideoFacts } from './probe-video.server.ts'
import { fitsTarget, publishableVideoTarget, targetFor, targetRule } from './transcode-target.ts'

const MB = 1024 * 1024
const rules = (overrides: Array<Partial<Parameters<typeof publishableVideoTarget>[0][number]>>) => overrides.map((rule) => ({ maxBytes: 1024 * MB, maxFps: null, ...rule }))

test('the smallest figure each rule names; one named side stands for both; none named: 1920 px, 8 Mbit/s', () => {
	expect(publishableVideoTarget(rules([{ maxWidth: 1920, maxFps: 60 }, { maxFps: 30, maxBytes: 99 * MB }, {}]))).toEqual({
		maxWidth: 1920,
		maxHeight: 1920,
		maxFps: 30,
		videoBitRate: 8_000_000,
		audioBitRate: 128_000,
		maxBytes: 99 * MB,
	})
	expect(publishableVideoTarget(rules([{ maxWidth: 1280, maxHeight: 2000, maxBitRate: 5_000_000 }, { maxHeight: 1600 }]))).toMatchObject({ maxWidth: 1280, maxHeight: 1600, videoBitRate: 5_000_000 })
	expect(publishableVideoTarget([null, undefined])).toMatchObject({ maxWidth: 1920, maxHeight: 1920, maxFps: undefined, maxBytes: null })
})

test('a long video gets a lower rate to stay within the smallest byte limit, never below 500 kbit/s', () => {
	const target = publishableVideoTarget(rules([{ maxBytes: 100 * MB }]))
	expect(targetFor(target, 30).videoBitRate).toBe(8_000_000)
	const tenMinutes = targetFor(target, 600).videoBitRate
	expect(tenMinutes).toBeLessThan(8_000_000)
	expect(((tenMinutes + target.audioBitRate) * 600) / 8).toBeLessThanOrEqual(100 * MB)
	expect(targetFor(target, 10 * 3600).videoBitRate).toBe(500_000)
	expect(targetRule(target)).toBe(`h264-aac-1920x1920-anyfps-8000000bps-${100 * MB}b`)
})

const facts = (overrides: { video?: Partial<VideoFacts['video']> } & Partial<Omit<VideoFacts, 'video'>> = {}): VideoFacts => ({
	container: 'mov,mp4,m4a,3gp,3g2,mj2',
	durationSeconds: 10,
	sizeBytes: 5 * MB,
	bitRate: 4_000_000,
	audio: { codec: 'aac', sampleRate: 44100, channels: 2 },
	...overrides,
	video: { codec: 'h264', width: 1080, height: 1920, fps: 30, pixelFormat: 'yuv420p', rotation: 0, ...overrides.video },
})

test('fits: H.264 yuv420p with AAC or no sound, upright, within the box, the rate, the frame rate and the bytes', () => {
	const target = { ...targetFor(publishableVideoTarget(rules([{ maxFps: 60, maxBytes: 100 * MB }])), 10), maxBytes: 100 * MB }
	expect(fitsTarget(facts(), target)).toBe(true)
	expect(fitsTarget(facts({ audio: null }), target)).toBe(true)
	expect(fitsTarget(facts({ container: 'matroska,webm' }), target)).toBe(false)
	expect(fitsTarget(facts({ video: { codec: 'hevc' } }), target)).toBe(false)
	expect(fitsTarget(facts({ video: { pixelFormat: 'yuv444p' } }), target)).toBe(false)
	expect(fitsTarget(facts({ video: { rotation: 90 } }), target)).toBe(false)
	expect(fitsTarget(facts({ audio: { codec: 'opus', sampleRate: 48000, channels: 2 } }), target)).toBe(false)
	expect(fitsTarget(facts({ video: { width: 2160, height: 3840 } }), target)).toBe(false)
	expect(fitsTarget(facts({ video: { fps: 120 } }), target)).toBe(false)
	expect(fitsTarget(facts({ bitRate: 20_000_000 }), target)).toBe(false)
	expect(fitsTarget(facts({ bitRate: null }), target)).toBe(false)
	expect(fitsTarget(facts({ sizeBytes: 101 * MB }), target)).toBe(false)
})
