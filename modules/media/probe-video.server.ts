import { stat } from 'node:fs/promises'
import { z } from 'zod'
import { InputError } from './errors.ts'
import { runTool, toolFailure } from './run-tool.server.ts'
import { UNTRUSTED_INPUT, videoTools, type VideoTools } from './video-tools.server.ts'

/** What ffprobe found in a video file, as the preflight and the transcoder need it. */
export type VideoFacts = {
	/** ffprobe's format name, e.g. 'mov,mp4,m4a,3gp,3g2,mj2' or 'matroska,webm'. */
	container: string
	durationSeconds: number
	sizeBytes: number
	/** Bits per second over the whole file; null when the container does not say. */
	bitRate: number | null
	video: {
		codec: string
		/** As shown, after the rotation (a phone's portrait clip stored as 1920x1080 and rotated is 1080x1920). */
		width: number
		height: number
		fps: number | null
		pixelFormat: string | null
		/** Clockwise degrees a player turns the stored frames: 0, 90, 180 or 270. */
		rotation: number
	}
	audio: { codec: string; sampleRate: number; channels: number } | null
}

/** ffprobe's JSON is at most a few KB per stream; more means a file built to flood us. */
const MAX_PROBE_OUTPUT = 1024 * 1024

const numeric = z.union([z.number(), z.string()]).transform(Number)

const StreamSchema = z.object({
	codec_type: z.string(),
	codec_name: z.string().optional(),
	width: z.number().optional(),
	height: z.number().optional(),
	pix_fmt: z.string().optional(),
	avg_frame_rate: z.string().optional(),
	r_frame_rate: z.string().optional(),
	sample_rate: numeric.optional(),
	channels: z.number().optional(),
	disposition: z.object({ attached_pic: z.number().optional() }).optional(),
	tags: z.object({ rotate: numeric.optional() }).optional(),
	side_data_list: z.array(z.object({ rotation: numeric.optional() })).optional(),
})

const ProbeSchema = z.object({
	format: z.object({
		format_name: z.string(),
		duration: numeric.optional(),
		size: numeric.optional(),
		bit_rate: numeric.optional(),
	}),
	streams: z.array(StreamSchema),
})

type ProbedStream = z.infer<typeof StreamSchema>

/** Reads a video file's facts with ffprobe; anything that is not a readable video is InputError 'video_unreadable'. */
export async function probeVideo(path: string, tools: VideoTools = videoTools()): Promise<VideoFacts> {
	const output = await readProbeJson(path, tools.ffprobe)
	const parsed = ProbeSchema.safeParse(output)
	if (!parsed.success) throw new InputError('video_unreadable', { cause: parsed.error })
	const { format, streams } = parsed.data
	const video = streams.find((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1)
	const audio = streams.find((stream) => stream.codec_type === 'audio')
	const durationSeconds = format.duration ?? Number.NaN
	if (!video?.codec_name || !video.width || !video.height || !(durationSeconds > 0)) throw new InputError('video_unreadable')
	return {
		container: format.format_name,
		durationSeconds,
		sizeBytes: format.size ?? (await stat(path)).size,
		bitRate: format.bit_rate && Number.isFinite(format.bit_rate) ? format.bit_rate : null,
		video: videoFacts(video, video.codec_name, video.width, video.height),
		audio: audio?.codec_name && audio.sample_rate && audio.channels ? { codec: audio.codec_name, sampleRate: audio.sample_rate, channels: audio.channels } : null,
	}
}

async function readProbeJson(path: string, ffprobe: string): Promise<unknown> {
	const args = ['-v', 'error', ...UNTRUSTED_INPUT, '-print_format', 'json', '-show_format', '-show_streams', path]
	const lines: Array<string> = []
	let size = 0
	const controller = new AbortController()
	const run = await runTool(ffprobe, args, {
		signal: controller.signal,
		onLine: (line) => {
			size += line.length + 1
			if (size > MAX_PROBE_OUTPUT) controller.abort()
			else lines.push(line)
		},
	})
	if (run.aborted || run.code !== 0) throw new InputError('video_unreadable', { cause: toolFailure('ffprobe', run) })
	try {
		return JSON.parse(lines.join('\n'))
	} catch (error) {
		throw new InputError('video_unreadable', { cause: error })
	}
}

function videoFacts(stream: ProbedStream, codec: string, width: number, height: number): VideoFacts['video'] {
	const rotation = clockwiseRotation(stream)
	const turned = rotation === 90 || rotation === 270
	return {
		codec,
		width: turned ? height : width,
		height: turned ? width : height,
		fps: frameRate(stream.avg_frame_rate) ?? frameRate(stream.r_frame_rate),
		pixelFormat: stream.pix_fmt ?? null,
		rotation,
	}
}

// The display matrix counts counter-clockwise, the older 'rotate' tag clockwise.
function clockwiseRotation(stream: ProbedStream) {
	const matrix = stream.side_data_list?.find((data) => data.rotation !== undefined)?.rotation
	const degrees = matrix !== undefined ? -matrix : (stream.tags?.rotate ?? 0)
	if (!Number.isFinite(degrees)) return 0
	return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360
}

/** ffprobe's '30000/1001' as 29.97; null for '0/0' and anything unreadable. */
function frameRate(value: string | undefined) {
	const [numerator, denominator] = (value ?? '').split('/').map(Number)
	if (!numerator || !denominator) return null
	const rate = numerator / denominator
	return Number.isFinite(rate) && rate > 0 ? rate : null
}
