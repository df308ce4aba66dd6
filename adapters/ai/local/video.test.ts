import { describe, expect, it } from 'vitest'
import { sniff } from '#modules/media/sniff.ts'
import { AiError, type VideoRequest } from '#modules/ai/ports.ts'
import { createLocalVideo, localVideoSize } from './video.ts'

function request(overrides: Partial<VideoRequest> = {}): VideoRequest {
	return {
		model: 'local-video',
		parameters: {},
		prompt: 'Fünf Tipps für erfolgreiche KI-Projekte im Mittelstand: so gelingt der Einstieg.',
		aspectRatio: '16:9',
		resolution: '720p',
		durationSeconds: 1,
		imageUrl: null,
		...overrides,
	}
}

// A tiny ISO BMFF reader: the boxes the checks need (ftyp, mvhd, tkhd, stsz).

type Box = { type: string; start: number; end: number }

const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl'])

function boxes(bytes: Uint8Array, start = 0, end = bytes.length): Array<Box> {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	const found: Array<Box> = []
	let offset = start
	while (offset + 8 <= end) {
		let size = view.getUint32(offset)
		const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8))
		let header = 8
		if (size === 1) {
			size = Number(view.getBigUint64(offset + 8))
			header = 16
		} else if (size === 0) {
			size = end - offset
		}
		if (size < header || offset + size > end) throw new Error(`broken box ${type} at ${offset}`)
		found.push({ type, start: offset + header, end: offset + size })
		if (containers.has(type)) found.push(...boxes(bytes, offset + header, offset + size))
		offset += size
	}
	return found
}

function mp4Info(bytes: Uint8Array) {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	const all = boxes(bytes)
	const find = (type: string) => {
		const box = all.find((b) => b.type === type)
		if (!box) throw new Error(`no ${type} box`)
		return box
	}
	const mvhd = find('mvhd')
	const v1 = bytes[mvhd.start] === 1
	const timescale = view.getUint32(mvhd.start + (v1 ? 20 : 12))
	const duration = v1 ? Number(view.getBigUint64(mvhd.start + 24)) : view.getUint32(mvhd.start + 16)
	// tkhd ends with width and height as 16.16 fixed point (in version 0 and 1 alike).
	const tkhd = find('tkhd')
	const width = view.getUint32(tkhd.end - 8) / 65536
	const height = view.getUint32(tkhd.end - 4) / 65536
	const stsz = find('stsz')
	const samples = view.getUint32(stsz.start + 8)
	return { seconds: duration / timescale, width, height, samples, types: all.map((b) => b.type) }
}

function isMp4(bytes: Uint8Array) {
	return String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp'
}

describe('localVideoSize', () => {
	it('keeps the requested aspect ratio at no more than 480 px on the short side, in even numbers', () => {
		expect(localVideoSize('16:9', '1080p')).toEqual({ width: 854, height: 480 })
		expect(localVideoSize('9:16', '720p')).toEqual({ width: 480, height: 854 })
		expect(localVideoSize('1:1', '480p')).toEqual({ width: 480, height: 480 })
		expect(localVideoSize('4:3', '4k')).toEqual({ width: 640, height: 480 })
		expect(localVideoSize('3:4', '1280x720')).toEqual({ width: 480, height: 640 })
		expect(localVideoSize('16:9', '360p')).toEqual({ width: 640, height: 360 })
		// Very wide: the long side is capped as well, the ratio kept.
		expect(localVideoSize('21:9', '720p')).toEqual({ width: 854, height: 366 })
		// Unreadable values fall back to 16:9 and 720p (then capped).
		expect(localVideoSize('auto', 'hd')).toEqual({ width: 854, height: 480 })
		for (const ratio of ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9', '2.39:1', '1:4']) {
			for (const resolution of ['240p', '360p', '480p', '540p', '720p', '1080p']) {
				const { width, height } = localVideoSize(ratio, resolution)
				expect(width % 2, `${ratio} ${resolution}`).toBe(0)
				expect(height % 2, `${ratio} ${resolution}`).toBe(0)
				expect(Math.min(width, height)).toBeLessThanOrEqual(480)
			}
		}
	})
})

describe('createLocalVideo', () => {
	it('renders an H.264 MP4 of the requested aspect ratio and leaves no process handlers behind', async () => {
		const before = [process.listeners('uncaughtException').length, process.listeners('unhandledRejection').length]
		const video = createLocalVideo({ fps: 12 })
		const result = await video.generate(request({ aspectRatio: '16:9', resolution: '1080p', durationSeconds: 2 }))
		// The Emscripten build of the encoder registers global handlers on load; they are removed again.
		expect([process.listeners('uncaughtException').length, process.listeners('unhandledRejection').length]).toEqual(before)

		expect(result.contentType).toBe('video/mp4')
		expect(result.bytes).toBeInstanceOf(Uint8Array)
		expect(isMp4(result.bytes)).toBe(true)
		// What the model test checks before it stores a clip.
		expect(sniff(result.bytes)).toBe('mp4')
		// Two seconds of a moving title card: tens of kilobytes, not a few bytes and not megabytes.
		expect(result.bytes.byteLength).toBeGreaterThan(10_000)
		expect(result.bytes.byteLength).toBeLessThan(2_000_000)
		const info = mp4Info(result.bytes)
		expect(info.types).toEqual(expect.arrayContaining(['ftyp', 'moov', 'mdat', 'trak', 'tkhd', 'stsd']))
		expect(info).toMatchObject({ width: 854, height: 480, samples: 24 })
		expect(info.seconds).toBeCloseTo(2, 1)
	})

	it('honours portrait, square and 4:3 aspect ratios', async () => {
		const video = createLocalVideo({ fps: 6 })
		for (const [aspectRatio, width, height] of [
			['9:16', 480, 854],
			['1:1', 480, 480],
			['4:3', 640, 480],
		] as const) {
			const result = await video.generate(request({ aspectRatio, durationSeconds: 1 }))
			expect(isMp4(result.bytes)).toBe(true)
			expect(mp4Info(result.bytes), aspectRatio).toMatchObject({ width, height, samples: 6 })
		}
	})

	it('cuts the duration at maxSeconds (10 s by default)', async () => {
		const short = await createLocalVideo({ fps: 12, maxSeconds: 2 }).generate(request({ aspectRatio: '1:1', durationSeconds: 30 }))
		expect(mp4Info(short.bytes)).toMatchObject({ samples: 24 })
		expect(mp4Info(short.bytes).seconds).toBeCloseTo(2, 1)

		const started = performance.now()
		const long = await createLocalVideo().generate(request({ aspectRatio: '16:9', durationSeconds: 60 }))
		const info = mp4Info(long.bytes)
		console.info(`local video: 10 s 854×480 at 12 fps in ${Math.round(performance.now() - started)} ms, ${long.bytes.byteLength} bytes`)
		expect(info).toMatchObject({ width: 854, height: 480, samples: 120 })
		expect(info.seconds).toBeCloseTo(10, 1)
	})

	it('stops with AiError aborted when the signal fires, and renders again afterwards', async () => {
		const video = createLocalVideo()

		const aborted = new AbortController()
		aborted.abort()
		const early = await video.generate(request({ signal: aborted.signal })).catch((error: unknown) => error)
		expect(early).toBeInstanceOf(AiError)
		expect(early).toMatchObject({ kind: 'transient', code: 'aborted' })

		const controller = new AbortController()
		setTimeout(() => controller.abort(), 100)
		const midway = await video.generate(request({ durationSeconds: 10, signal: controller.signal })).catch((error: unknown) => error)
		// Stopped between frames: had it rendered the ten seconds of frames, the video would have come back.
		expect(midway).toMatchObject({ name: 'AiError', kind: 'transient', code: 'aborted' })

		const after = await video.generate(request({ durationSeconds: 1 }))
		expect(mp4Info(after.bytes)).toMatchObject({ width: 854, height: 480, samples: 12 })
	})

	it('renders clips in parallel without mixing them up', async () => {
		const video = createLocalVideo({ fps: 8 })
		const [wide, tall] = await Promise.all([
			video.generate(request({ aspectRatio: '16:9', durationSeconds: 1, prompt: 'Erster Clip' })),
			video.generate(request({ aspectRatio: '9:16', durationSeconds: 2, prompt: 'Zweiter Clip' })),
		])
		expect(mp4Info(wide.bytes)).toMatchObject({ width: 854, height: 480, samples: 8 })
		expect(mp4Info(tall.bytes)).toMatchObject({ width: 480, height: 854, samples: 16 })
	})

	it('copes with an empty or emoji-only prompt and odd request values', async () => {
		const video = createLocalVideo({ fps: 4 })
		const result = await video.generate(request({ prompt: '🚀🚀 ', aspectRatio: 'auto', resolution: '', durationSeconds: Number.NaN }))
		expect(isMp4(result.bytes)).toBe(true)
		// NaN falls back to 5 s.
		expect(mp4Info(result.bytes)).toMatchObject({ width: 854, height: 480, samples: 20 })
	})
})
