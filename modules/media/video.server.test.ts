// Issue 39, item 1: the shipped ffmpeg probes, transcodes and cover-frames clips it makes itself.
import { execFile } from 'node:child_process'
import { mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { coverFrame } from './cover-frame.server.ts'
import { InputError } from './errors.ts'
import { imageSize } from './image-size.ts'
import { probeVideo } from './probe-video.server.ts'
import { transcodeVideo, type VideoTarget } from './transcode-video.server.ts'
import { videoTools } from './video-tools.server.ts'

const run = promisify(execFile)
const tools = videoTools()
let dir = ''

const clip = (name: string) => path.join(dir, name)

/** A test clip made by the shipped ffmpeg from its built-in sources. */
async function makeClip(name: string, { size, seconds, audio = true, extra = [] }: { size: string; seconds: number; audio?: boolean; extra?: Array<string> }) {
	const sources = ['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=30`, ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440'] : [])]
	const codecs = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(audio ? ['-c:a', 'aac'] : [])]
	await run(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...sources, '-t', String(seconds), ...codecs, ...extra, clip(name)])
}

const TARGET: VideoTarget = { maxWidth: 320, maxHeight: 320, maxFps: 25, videoBitRate: 500_000, audioBitRate: 64_000 }

beforeAll(async () => {
	dir = await mkdtemp(path.join(tmpdir(), 'postwerk-video-'))
	await Promise.all([
		makeClip('landscape.mp4', { size: '640x360', seconds: 2 }),
		makeClip('portrait.mp4', { size: '360x640', seconds: 2 }),
		makeClip('silent.mp4', { size: '640x360', seconds: 2, audio: false }),
		makeClip('long.mp4', { size: '1280x720', seconds: 20 }),
	])
	// The rotation goes into the display matrix only when the stream is copied, not while encoding.
	await run(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-i', clip('landscape.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', clip('rotated.mp4')])
	await writeFile(clip('notes.txt'), 'Das ist kein Video, nur ein paar Zeilen Text.\n'.repeat(50))
}, 30_000)

afterAll(async () => {
	await rm(dir, { recursive: true, force: true })
})

test('FFMPEG_PATH and FFPROBE_PATH replace the shipped binaries', () => {
	expect(tools.ffmpeg).toMatch(/@ffmpeg-installer/)
	expect(tools.ffprobe).toMatch(/@ffprobe-installer/)
	expect(videoTools({ FFMPEG_PATH: '/usr/bin/ffmpeg', FFPROBE_PATH: '/usr/bin/ffprobe' })).toEqual({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' })
})

describe('probeVideo', () => {
	test('a landscape clip with sound', async () => {
		const facts = await probeVideo(clip('landscape.mp4'))
		expect(facts.container).toContain('mp4')
		expect(facts.durationSeconds).toBeCloseTo(2, 0)
		expect(facts.sizeBytes).toBe((await stat(clip('landscape.mp4'))).size)
		expect(facts.bitRate).toBeGreaterThan(0)
		expect(facts.video).toEqual({ codec: 'h264', width: 640, height: 360, fps: 30, pixelFormat: 'yuv420p', rotation: 0 })
		expect(facts.audio).toMatchObject({ codec: 'aac', sampleRate: 44100, channels: 1 })
	})

	test('a portrait clip, and one without sound', async () => {
		expect((await probeVideo(clip('portrait.mp4'))).video).toMatchObject({ width: 360, height: 640 })
		expect((await probeVideo(clip('silent.mp4'))).audio).toBeNull()
	})

	test('a rotated clip (a phone held upright) reports its shown size and its rotation', async () => {
		// This muxer writes rotate=90 as a matrix ffprobe reads as 90° counter-clockwise: 270° clockwise.
		expect((await probeVideo(clip('rotated.mp4'))).video).toMatchObject({ width: 360, height: 640, rotation: 270 })
	})

	test('a text file is refused as video_unreadable', async () => {
		const refusal = await probeVideo(clip('notes.txt')).catch((error: unknown) => error)
		expect(refusal).toBeInstanceOf(InputError)
		expect((refusal as InputError).code).toBe('video_unreadable')
	})
})

describe('transcodeVideo', () => {
	test('fits 320 px as H.264 High, AAC, the moov atom before mdat, progress rising to 1', async () => {
		const output = clip('landscape-320.mp4')
		const progress: Array<number> = []
		await transcodeVideo(clip('landscape.mp4'), output, TARGET, { onProgress: (fraction) => progress.push(fraction) })
		const facts = await probeVideo(output)
		expect(facts.video).toMatchObject({ codec: 'h264', width: 320, height: 180, pixelFormat: 'yuv420p', fps: 25 })
		expect(facts.audio?.codec).toBe('aac')
		expect(await topLevelBoxes(output)).toEqual(expect.arrayContaining(['moov', 'mdat']))
		const boxes = await topLevelBoxes(output)
		expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'))
		expect(progress.length).toBeGreaterThan(0)
		expect(progress.every((value, index) => index === 0 || value > progress[index - 1]!)).toBe(true)
		expect(progress.at(-1)).toBe(1)
	})

	test('portrait keeps its aspect in even dimensions, a silent clip stays silent', async () => {
		await transcodeVideo(clip('portrait.mp4'), clip('portrait-320.mp4'), TARGET)
		expect((await probeVideo(clip('portrait-320.mp4'))).video).toMatchObject({ width: 180, height: 320 })
		await transcodeVideo(clip('silent.mp4'), clip('silent-320.mp4'), { ...TARGET, maxWidth: 301, maxHeight: 301 })
		const silent = await probeVideo(clip('silent-320.mp4'))
		expect(silent.video.width % 2).toBe(0)
		expect(silent.video.height % 2).toBe(0)
		expect(silent.audio).toBeNull()
	})

	test('a rotated clip comes out upright', async () => {
		await transcodeVideo(clip('rotated.mp4'), clip('rotated-320.mp4'), TARGET)
		expect((await probeVideo(clip('rotated-320.mp4'))).video).toMatchObject({ width: 180, height: 320, rotation: 0 })
	})

	test('a maximum duration cuts the output', async () => {
		await transcodeVideo(clip('landscape.mp4'), clip('cut.mp4'), { ...TARGET, maxDurationSeconds: 1 })
		expect((await probeVideo(clip('cut.mp4'))).durationSeconds).toBeCloseTo(1, 0)
	})

	test('an abort mid-way leaves no output and no ffmpeg', async () => {
		const output = clip('aborted.mp4')
		const controller = new AbortController()
		const started = transcodeVideo(clip('long.mp4'), output, { ...TARGET, maxWidth: 1280, maxHeight: 1280 }, {
			signal: controller.signal,
			onProgress: (fraction) => fraction > 0.05 && controller.abort(),
		})
		await expect(started).rejects.toMatchObject({ name: 'AbortError' })
		await expect(stat(output)).rejects.toMatchObject({ code: 'ENOENT' })
		expect(await processesWriting(output)).toEqual([])
	}, 15_000)

	test('a text file is refused before ffmpeg runs', async () => {
		await expect(transcodeVideo(clip('notes.txt'), clip('notes.mp4'), TARGET)).rejects.toMatchObject({ code: 'video_unreadable' })
	})
})

describe('coverFrame', () => {
	test('a JPEG of the first second, scaled to the width', async () => {
		await coverFrame(clip('landscape.mp4'), null, clip('cover.jpg'), { maxWidth: 320 })
		const bytes = new Uint8Array(await readFile(clip('cover.jpg')))
		expect(imageSize(bytes)).toEqual({ width: 320, height: 180 })
	})

	test('a time past the end still gives a frame', async () => {
		await coverFrame(clip('portrait.mp4'), 60, clip('late.jpg'))
		expect(imageSize(new Uint8Array(await readFile(clip('late.jpg'))))).toEqual({ width: 360, height: 640 })
	})
})

/** The types of an MP4's top-level boxes in file order (enough of each header to walk them). */
async function topLevelBoxes(file: string) {
	const handle = await open(file)
	try {
		const { size } = await handle.stat()
		const header = Buffer.alloc(16)
		const types: Array<string> = []
		for (let at = 0; at + 8 <= size; ) {
			await handle.read(header, 0, 16, at)
			const short = header.readUInt32BE(0)
			types.push(header.toString('latin1', 4, 8))
			const length = short === 1 ? Number(header.readBigUInt64BE(8)) : short === 0 ? size - at : short
			if (length < 8) break
			at += length
		}
		return types
	} finally {
		await handle.close()
	}
}

/** Processes whose command line names the file (none once an aborted transcode is cleaned up). */
async function processesWriting(file: string) {
	const { stdout } = await run('ps', ['-eo', 'pid=,args=']).catch(() => ({ stdout: '' }))
	return stdout.split('\n').filter((line) => line.includes(file))
}
