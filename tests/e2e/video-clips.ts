import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { videoTools } from '#modules/media/index.ts'

// Videos for the browser tests (ADR 0063), made by the shipped ffmpeg from its built-in test source.

const run = promisify(execFile)

type ClipOptions = { name: string; size: string; seconds: number; fps: number; pixelFormat?: 'yuv420p' | 'yuv444p' }

/** An H.264/AAC MP4 as a file for a file chooser. yuv444p (a camera's chroma) makes the job transcode it, so its progress shows. */
export async function videoClip({ name, size, seconds, fps, pixelFormat = 'yuv420p' }: ClipOptions) {
	const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-e2e-clip-'))
	const file = path.join(dir, name)
	try {
		const sources = ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${fps}`, '-f', 'lavfi', '-i', 'sine=frequency=440']
		const codecs = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', pixelFormat, '-c:a', 'aac', '-movflags', '+faststart']
		await run(videoTools().ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...sources, '-t', String(seconds), ...codecs, file])
		return { name, mimeType: 'video/mp4', buffer: await fs.readFile(file) }
	} finally {
		await fs.rm(dir, { recursive: true, force: true })
	}
}
