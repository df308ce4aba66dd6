import { rm } from 'node:fs/promises'
import { runTool, toolFailure } from './run-tool.server.ts'
import { UNTRUSTED_INPUT, videoTools, type VideoTools } from './video-tools.server.ts'

/**
 * Copies a video's first video and audio stream into an MP4 with the index at the front (+faststart),
 * without re-encoding: for an upload that every network takes as it is. Other streams and metadata stay behind.
 */
export async function remuxVideo(input: string, output: string, options: { signal?: AbortSignal; tools?: VideoTools } = {}): Promise<void> {
	const { signal, tools = videoTools() } = options
	signal?.throwIfAborted()
	const args = [
		...['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y'],
		...UNTRUSTED_INPUT,
		...['-i', input, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-map_metadata', '-1'],
		...['-movflags', '+faststart', '-f', 'mp4', output],
	]
	const run = await runTool(tools.ffmpeg, args, { signal })
	if (run.aborted || run.code !== 0) {
		await rm(output, { force: true })
		if (run.aborted) throw signal?.reason ?? new DOMException('The remux was aborted', 'AbortError')
		throw toolFailure('ffmpeg', run)
	}
}
