import type { MediaRules, PlatformDescriptor } from './descriptor.ts'
import type { PreflightCode, PreflightProblem } from './preflight-types.ts'
import { aspectLabel } from '#modules/media/image-fit.ts'

// Pure and shared with the browser: which German message a preflight problem reads as
// (locales/de/publishing.json `preflight.<key>`) and the values it is filled with, numbers written
// as the user reads them. The server fills the template itself, the browser through i18next.

type Rules = Pick<PlatformDescriptor, 'images'> & { media?: MediaRules }

export type PreflightWording = {
	/** The message's key under `preflight.`: the code, a variant where the wording differs, and the plural form of {{count}}. */
	key: string
	values: Record<string, string>
}

const MB = 1024 * 1024
const GB = 1024 * MB
const decimal = (value: number, digits = 2) => value.toLocaleString('de-CH', { maximumFractionDigits: digits })
const plurals = new Intl.PluralRules('de')

/** Bytes as "120 MB" or "1 GB" (binary units, as the networks state them). */
const size = (bytes: number) => (bytes >= GB ? `${decimal(bytes / GB, 1)} GB` : `${decimal(bytes / MB, 1)} MB`)

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** A video's length as a German reader writes it: "4:12 min" under an hour, "4:01:00 Std." from an hour on. */
export function spokenDuration(ms: number) {
	const total = Math.round(ms / 1000)
	const hours = Math.floor(total / 3600)
	const minutes = Math.floor((total % 3600) / 60)
	const seconds = total % 60
	return hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(seconds)} Std.` : `${minutes}:${twoDigits(seconds)} min`
}

/** A duration limit in the unit a person names it in: whole minutes from two minutes on, else seconds. */
const durationUnit = (ms: number) => (ms >= 120_000 && ms % 60_000 === 0 ? { variant: 'minutes', count: ms / 60_000 } : { variant: 'seconds', count: Math.round(ms / 100) / 10 })

const CONTAINER_NAMES: Record<string, string> = { 'video/mp4': 'MP4', 'video/quicktime': 'MOV', 'video/webm': 'WebM', 'video/mpeg': 'MPEG' }
const CODEC_NAMES: Record<string, string> = { h264: 'H.264', hevc: 'HEVC (H.265)', vp8: 'VP8', vp9: 'VP9', av1: 'AV1' }
const DOCUMENT_NAMES: Record<string, string> = {
	'application/pdf': 'PDF',
	'application/vnd.ms-powerpoint': 'PPT',
	'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
	'application/msword': 'DOC',
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
}
const names = (list: ReadonlyArray<string>, known: Record<string, string>) => list.map((entry) => known[entry] ?? entry.replace(/^\w+\//, '').toUpperCase()).join(', ')

/** The codes whose message names {{count}}: their keys end in the plural form (_one, _other). */
const COUNTED = new Set<PreflightCode>([
	'text_too_long',
	'text_too_many_bytes',
	'too_many_hashtags',
	'too_many_links',
	'image_too_large',
	'image_too_many_pixels',
	'carousel_too_many',
	'carousel_too_few',
	'video_too_long',
	'video_too_short',
	'document_too_many_pages',
	'alt_text_missing',
	'alt_text_too_long',
])

/** The values of the image problems' messages (the figures scaled to MB and megapixels). */
function imageValues(images: Rules['images'], problem: PreflightProblem) {
	const scale = problem.code === 'image_too_large' ? MB : problem.code === 'image_too_many_pixels' ? 1_000_000 : 1
	return {
		count: problem.values ? decimal(problem.values.count / scale, scale === 1 ? 0 : 1) : '',
		limit: problem.values ? decimal(problem.values.limit / scale, scale === 1 ? 0 : 1) : '',
		formats: images.formats.map((f) => f.replace(/^image\//, '').toUpperCase()).join(', '),
		ratioMin: decimal(images.ratio.min),
		ratioMax: decimal(images.ratio.max),
	}
}

type Special = { variant?: string; count?: number; values: Record<string, string> }

/** The wording of the media problems whose figures are not plain counts: durations, sizes, ratios, frame rates, formats. */
function mediaWording(media: MediaRules, problem: PreflightProblem): Special | null {
	const { video, document } = media
	const figures = problem.values
	switch (problem.code) {
		case 'video_too_long':
		case 'video_too_short': {
			const unit = durationUnit(figures?.limit ?? 0)
			return { variant: unit.variant, count: unit.count, values: { duration: spokenDuration(figures?.count ?? 0), count: decimal(unit.count, 1) } }
		}
		case 'video_too_large':
		case 'document_too_large':
			return { values: { size: size(figures?.count ?? 0), limitSize: size(figures?.limit ?? 0) } }
		case 'video_ratio': {
			if (!video) return null
			const exact = Math.abs(video.ratio.max - video.ratio.min) < 0.005
			const example = `1080 × ${Math.round(1080 / video.ratio.min)}`
			return { variant: exact ? 'exact' : undefined, values: { ratioMin: decimal(video.ratio.min), ratioMax: decimal(video.ratio.max), exampleSize: example } }
		}
		case 'video_fps': {
			if (!video) return null
			const variant = video.minFps === null ? 'max' : video.maxFps === null ? 'min' : undefined
			return { variant, values: { fps: decimal(figures?.count ?? 0), fpsMin: decimal(video.minFps ?? 0), fpsMax: decimal(video.maxFps ?? 0) } }
		}
		case 'video_codec':
			return video ? { values: { containers: names(video.containers, CONTAINER_NAMES), codecs: names(video.codecs, CODEC_NAMES) } } : null
		case 'document_format':
			return document ? { values: { documentTypes: names(document.types, DOCUMENT_NAMES) } } : null
		case 'carousel_too_many':
		case 'carousel_too_few':
			// Keys ending in _many or _few would read as plural forms of another key (i18next's suffixes).
			return { variant: 'items', values: {} }
		case 'carousel_aspects':
			return { variant: problem.fit === 'pad' ? 'pad' : undefined, values: { aspect: aspectLabel(problem.aspect ?? 1) } }
		case 'first_comment_not_supported':
			return { variant: media.firstComment === 'organizations' ? 'organizations' : undefined, values: {} }
		default:
			return null
	}
}

/** The German message of a problem on one network: its key and values. `platform`: the network's (or channel's) name. */
export function preflightWording(descriptor: Rules, problem: PreflightProblem, platform: string): PreflightWording {
	const special = descriptor.media ? mediaWording(descriptor.media, problem) : null
	const values = { platform, ...imageValues(descriptor.images, problem), ...special?.values }
	const base = special?.variant ? `${problem.code}_${special.variant}` : problem.code
	const count = special?.count ?? problem.values?.count
	const key = COUNTED.has(problem.code) && count !== undefined ? `${base}_${plurals.select(count)}` : base
	return { key, values }
}

