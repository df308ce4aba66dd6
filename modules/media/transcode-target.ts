import type { VideoFacts } from './probe-video.server.ts'
import type { VideoTarget } from './transcode-video.server.ts'

// The one publishable variant of an uploaded video (ADR 0059): a target every registered network's
// descriptor takes, derived from the figures the descriptors name (the smallest of each), never from
// a network's name. Pure: the composition root passes the descriptors' `media.video`.

/** The figures of a network's video rules this reads (PlatformDescriptor.media.video, structurally). */
export type VideoRuleFigures = {
	maxBytes: number
	maxFps: number | null
	maxWidth?: number
	maxHeight?: number
	/** Bits per second of the video stream, where a network names one. */
	maxBitRate?: number
}

/** The variant's target: VideoTarget plus the smallest file any network takes (null: none named). */
export type PublishableTarget = VideoTarget & { maxBytes: number | null }

/** Where no network names a side: Full HD's long side, which every network shows. */
const DEFAULT_MAX_SIDE = 1920
/** Where no network names a rate: what the networks' guides recommend for 1080p (Instagram, LinkedIn: 5–8 Mbit/s). */
const DEFAULT_VIDEO_BIT_RATE = 8_000_000
const AUDIO_BIT_RATE = 128_000
/** A byte budget never pushes the rate below this (the preflight names a file still too large). */
const MIN_VIDEO_BIT_RATE = 500_000
/** Room for the container and rate peaks when a byte limit sets the rate. */
const BYTE_BUDGET_SHARE = 0.9
/** x264's rate control overshoots a short clip's average by a few percent: our own variant still fits. */
const RATE_TOLERANCE = 1.1

export function publishableVideoTarget(rules: ReadonlyArray<VideoRuleFigures | null | undefined>): PublishableTarget {
	const named = rules.filter((rule): rule is VideoRuleFigures => rule != null)
	const smallest = (figures: Array<number | null | undefined>) => {
		const values = figures.filter((figure): figure is number => typeof figure === 'number' && figure > 0)
		return values.length > 0 ? Math.min(...values) : null
	}
	const maxWidth = smallest(named.map((rule) => rule.maxWidth))
	const maxHeight = smallest(named.map((rule) => rule.maxHeight))
	return {
		maxWidth: maxWidth ?? maxHeight ?? DEFAULT_MAX_SIDE,
		maxHeight: maxHeight ?? maxWidth ?? DEFAULT_MAX_SIDE,
		maxFps: smallest(named.map((rule) => rule.maxFps)) ?? undefined,
		videoBitRate: smallest(named.map((rule) => rule.maxBitRate)) ?? DEFAULT_VIDEO_BIT_RATE,
		audioBitRate: AUDIO_BIT_RATE,
		maxBytes: smallest(named.map((rule) => rule.maxBytes)),
	}
}

/** The target's name as stored with the variant: another target (a network added) is another variant. */
export function targetRule(target: PublishableTarget) {
	return `h264-aac-${target.maxWidth}x${target.maxHeight}-${target.maxFps ?? 'any'}fps-${target.videoBitRate}bps-${target.maxBytes ?? 'any'}b`
}

/** The target for one video: its rate lowered so the file stays within the smallest byte limit. */
export function targetFor(target: PublishableTarget, durationSeconds: number): VideoTarget {
	const { maxBytes, ...video } = target
	if (maxBytes === null || !(durationSeconds > 0)) return video
	const budget = Math.floor((maxBytes * 8 * BYTE_BUDGET_SHARE) / durationSeconds) - target.audioBitRate
	return { ...video, videoBitRate: Math.max(MIN_VIDEO_BIT_RATE, Math.min(target.videoBitRate, budget)) }
}

/**
 * An upload every network takes as it is (H.264 in yuv420p, AAC or no sound, upright, within the
 * sides, the rate and the size): only remuxed with its index first, not transcoded.
 */
export function fitsTarget(facts: VideoFacts, target: VideoTarget & { maxBytes: number | null }) {
	const { video, audio } = facts
	const bitRate = facts.bitRate
	return (
		/\bmp4\b|\bmov\b/.test(facts.container) &&
		video.codec === 'h264' &&
		video.pixelFormat === 'yuv420p' &&
		video.rotation === 0 &&
		(audio === null || audio.codec === 'aac') &&
		video.width <= target.maxWidth &&
		video.height <= target.maxHeight &&
		video.fps !== null &&
		(target.maxFps === undefined || video.fps <= target.maxFps + 0.01) &&
		bitRate !== null &&
		bitRate <= (target.videoBitRate + target.audioBitRate) * RATE_TOLERANCE &&
		(target.maxBytes === null || facts.sizeBytes <= target.maxBytes)
	)
}
