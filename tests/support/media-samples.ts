// Files to upload in tests: a real short MP4 made by the shipped ffmpeg from its built-in test
// source (as modules/media's video tests make theirs), and a PNG of noise of about a given size.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { videoTools } from '#modules/media/index.ts'

const run = promisify(execFile)

/** A `seconds` long H.264/AAC MP4 of `size` (e.g. '320x240') with its index (moov) first, as bytes. */
export async function testClip(options: { size?: string; seconds?: number } = {}) {
	const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-clip-'))
	const file = path.join(dir, 'clip.mp4')
	try {
		const sources = ['-f', 'lavfi', '-i', `testsrc=size=${options.size ?? '320x240'}:rate=30`, '-f', 'lavfi', '-i', 'sine=frequency=440']
		const codecs = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart']
		await run(videoTools().ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...sources, '-t', String(options.seconds ?? 2), ...codecs, file])
		return new Uint8Array(await fs.readFile(file))
	} finally {
		await fs.rm(dir, { recursive: true, force: true })
	}
}

/** A PNG of random pixels (it does not compress): about 3 bytes per pixel. */
export async function noisePng(width: number, height: number) {
	return new Uint8Array(await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer())
}

/** An ISO BMFF 'free' box header announcing `payload` bytes of free space after it (a box a reader skips). */
export function freeBoxHeader(payload: number) {
	const header = Buffer.alloc(8)
	header.writeUInt32BE(payload + 8, 0)
	header.write('free', 4, 'latin1')
	return header
}
