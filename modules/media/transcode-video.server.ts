import { rm } from 'node:fs/promises'
import { probeVideo } from './probe-video.server.ts'
import { runTool, toolFailure } from './run-tool.server.ts'
import { UNTRUSTED_INPUT, videoTools, type VideoTools } from './video-tools.server.ts'

/** What a network accepts; the output fits inside it with the input's aspect kept. */
export type VideoTarget = {
	maxWidth: number
	maxHeight: number
	/** Frames per second at most; a slower input keeps its rate. */
	maxFps?: number
	/** Bits per second. */
	videoBitRate: number
	audioBitRate: number
	/** Longer inputs are cut here. */
	maxDurationSeconds?: number
}

export type TranscodeOptions = {
	/** 0..1, rising, ending at 1 on success. */
	onProgress?: (fraction: number) => void
	/** Stops ffmpeg and removes the partial output; the promise rejects with the signal's reason. */
	signal?: AbortSignal
	tools?: VideoTools
}

/**
 * Transcodes a video file to an MP4 every network takes: H.264 High in yuv420p, AAC, the index at the
 * front (+faststart), scaled down to fit the target in even dimensions. Files only, streamed by ffmpeg.
 */
export async function transcodeVideo(input: string, output: string, target: VideoTarget, options: TranscodeOptions = {}): Promise<void> {
	const { onProgress, signal, tools = videoTools() } = options
	signal?.throwIfAborted()
	const facts = await probeVideo(input, tools)
	const durationSeconds = Math.min(facts.durationSeconds, target.maxDurationSeconds ?? Infinity)
	const reportProgress = progressReporter(durationSeconds, onProgress)
	const run = await runTool(tools.ffmpeg, transcodeArgs(input, output, target, facts.video.fps), { signal, onLine: reportProgress })
	if (run.aborted || run.code !== 0) {
		await rm(output, { force: true })
		if (run.aborted) throw signal?.reason ?? new DOMException('The transcode was aborted', 'AbortError')
		throw toolFailure('ffmpeg', run)
	}
	reportProgress('out_time_us=Infinity')
}

function transcodeArgs(input: string, output: string, target: VideoTarget, inputFps: number | null) {
	const filters = [fitScale(target.maxWidth, target.maxHeight), 'setsar=1']
	if (target.maxFps && (inputFps === null || inputFps > target.maxFps)) filters.push(`fps=fps=${target.maxFps}`)
	return [
		...['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y', '-progress', 'pipe:1'],
		...UNTRUSTED_INPUT,
		...['-i', input],
		...(target.maxDurationSeconds ? ['-t', String(target.maxDurationSeconds)] : []),
		...['-map', '0:v:0', '-map', '0:a:0?', '-vf', filters.join(',')],
		...['-c:v', 'libx264', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
		...['-b:v', String(target.videoBitRate), '-maxrate', String(target.videoBitRate), '-bufsize', String(target.videoBitRate * 2)],
		...['-c:a', 'aac', '-b:a', String(target.audioBitRate)],
		...['-movflags', '+faststart', '-f', 'mp4', output],
	]
}

/**
 * Scales down (never up) to fit the box, both sides even (yuv420p needs that). The shipped ffmpeg
 * predates the scale filter's force_divisible_by, hence the expressions.
 */
function fitScale(maxWidth: number, maxHeight: number) {
	const factor = `min(1,min(${maxWidth}/iw,${maxHeight}/ih))`
	return `scale=w='max(2,trunc(${factor}*iw/2)*2)':h='max(2,trunc(${factor}*ih/2)*2)'`
}

/** Turns ffmpeg's -progress lines into a rising 0..1; out_time_us=Infinity reports the end. */
function progressReporter(durationSeconds: number, onProgress: ((fraction: number) => void) | undefined) {
	let reported = 0
	return (line: string) => {
		if (!onProgress || !line.startsWith('out_time_us=')) return
		const microseconds = Number(line.slice('out_time_us='.length))
		if (Number.isNaN(microseconds)) return
		const fraction = Math.min(1, microseconds / 1e6 / durationSeconds)
		if (fraction <= reported) return
		reported = fraction
		onProgress(fraction)
	}
}
