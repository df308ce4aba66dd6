import { rm, stat } from 'node:fs/promises'
import { probeVideo } from './probe-video.server.ts'
import { runTool, toolFailure } from './run-tool.server.ts'
import { UNTRUSTED_INPUT, videoTools, type VideoTools } from './video-tools.server.ts'

/** Wide enough for every network's cover (Instagram shows 1080 px). */
const COVER_MAX_WIDTH = 1080
/** Where a cover is taken when the user picked none: past a fade-in, inside a short clip. */
const DEFAULT_COVER_SECONDS = 1

export type CoverOptions = { maxWidth?: number; signal?: AbortSignal; tools?: VideoTools }

/**
 * Writes one frame of the video as a JPEG, scaled down to maxWidth. atSeconds null: the first second;
 * a time past the end takes the last frames (ffmpeg would write nothing).
 */
export async function coverFrame(input: string, atSeconds: number | null, output: string, options: CoverOptions = {}): Promise<void> {
	const { maxWidth = COVER_MAX_WIDTH, signal, tools = videoTools() } = options
	const facts = await probeVideo(input, tools)
	const lastStart = Math.max(0, facts.durationSeconds - 0.1)
	const seconds = Math.min(Math.max(0, atSeconds ?? DEFAULT_COVER_SECONDS), lastStart)
	const args = [
		...['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y'],
		...['-ss', seconds.toFixed(3)],
		...UNTRUSTED_INPUT,
		...['-i', input, '-frames:v', '1'],
		...['-vf', `scale=w='min(iw,${maxWidth})':h=-2`, '-q:v', '3', '-f', 'image2', '-update', '1', output],
	]
	const run = await runTool(tools.ffmpeg, args, { signal })
	if (run.aborted || run.code !== 0) {
		await rm(output, { force: true })
		if (run.aborted) throw signal?.reason ?? new DOMException('The cover frame was aborted', 'AbortError')
		throw toolFailure('ffmpeg', run)
	}
	// ffmpeg exits 0 when its seek found no frame to decode, and writes nothing.
	const written = await stat(output).catch(() => null)
	if (!written?.size) throw new Error(`ffmpeg wrote no frame at ${seconds.toFixed(3)} s of ${input}`)
}
