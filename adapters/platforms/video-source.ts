import { imageMimeType } from '#modules/media/sniff.ts'
import { PlatformError } from '#modules/publishing/ports.ts'
import type { AdapterSettings } from './settings.ts'

// A post's video as the adapters read it (ADR 0058): from our /media/<key> URL, which serves byte
// ranges, as a stream or one bounded part at a time. Never the whole file in memory: a 500 MB video
// passes through in chunks. The cover (a small JPEG) is read whole.

export type VideoSettings = Pick<AdapterSettings, 'mediaFetch' | 'mediaStream' | 'timeoutMs'>

/** The slowest upload rate an upload's deadline allows for (bytes per second) beyond the usual timeout. */
const MIN_UPLOAD_RATE = 512 * 1024

/** The time an upload of `bytes` may take: the request timeout plus the bytes at the slowest rate allowed. */
export const uploadTimeoutMs = (timeoutMs: number, bytes: number) => timeoutMs + Math.ceil((bytes / MIN_UPLOAD_RATE) * 1000)

const fetcherOf = (settings: VideoSettings) => settings.mediaStream ?? settings.mediaFetch

function unreachable(url: string, message: string, status: number | null = null) {
	const kind = status === null || status >= 500 || status === 429 ? 'transient' : 'invalid_request'
	return new PlatformError({ kind, code: 'video_unreachable', message: `Video ${url}: ${message}`, status })
}

/**
 * One GET of the video (a byte range when given). The timeout covers the answer's head only: the body
 * streams as long as the caller reads it (its own deadline and `signal` end it).
 */
async function get(settings: VideoSettings, url: string, signal: AbortSignal | undefined, range?: { first: number; last: number }): Promise<Response> {
	const headTimeout = new AbortController()
	const timer = setTimeout(() => headTimeout.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), settings.timeoutMs)
	try {
		const response = await fetcherOf(settings)(url, {
			headers: range ? { range: `bytes=${range.first}-${range.last}` } : {},
			signal: signal ? AbortSignal.any([signal, headTimeout.signal]) : headTimeout.signal,
		})
		if (!response.ok) {
			await response.body?.cancel().catch(() => {})
			throw unreachable(url, `HTTP ${response.status}`, response.status)
		}
		if (range && response.status !== 206) {
			await response.body?.cancel().catch(() => {})
			throw unreachable(url, `no byte range served (HTTP ${response.status})`, 400)
		}
		return response
	} catch (error) {
		if (error instanceof PlatformError) throw error
		throw unreachable(url, error instanceof Error ? error.message : String(error))
	} finally {
		clearTimeout(timer)
	}
}

/** The video's size in bytes, from the total of a one-byte range (Content-Range: bytes 0-0/<size>). */
export async function videoLength(settings: VideoSettings, url: string, signal?: AbortSignal): Promise<number> {
	const response = await get(settings, url, signal, { first: 0, last: 0 })
	await response.body?.cancel().catch(() => {})
	const total = Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1])
	if (!Number.isSafeInteger(total) || total <= 0) throw unreachable(url, 'no size in Content-Range', 400)
	return total
}

/** The whole video as a stream (for a network that takes it in one request). */
export async function videoStream(settings: VideoSettings, url: string, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
	const response = await get(settings, url, signal)
	if (!response.body) throw unreachable(url, 'empty answer', 400)
	return response.body
}

/** Bytes `first` to `last` (inclusive) of the video: one part of a chunked upload, a few MB at most. */
export async function videoPart(settings: VideoSettings, url: string, first: number, last: number, signal?: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
	const response = await get(settings, url, signal, { first, last })
	const bytes = new Uint8Array(await response.arrayBuffer())
	if (bytes.length !== last - first + 1) throw unreachable(url, `range ${first}-${last} answered ${bytes.length} bytes`)
	return bytes
}

export type Cover = { bytes: Uint8Array<ArrayBuffer>; type: 'image/jpeg' | 'image/png' }

/** The cover frame the user picked (JPEG or PNG by its bytes), read whole through the media fetcher. */
export async function fetchCover(settings: Pick<AdapterSettings, 'mediaFetch' | 'timeoutMs'>, url: string, signal?: AbortSignal): Promise<Cover> {
	const timeout = AbortSignal.timeout(settings.timeoutMs)
	let bytes: Uint8Array<ArrayBuffer>
	try {
		const response = await settings.mediaFetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
		if (!response.ok) throw unreachable(url, `cover: HTTP ${response.status}`, response.status)
		bytes = new Uint8Array(await response.arrayBuffer())
	} catch (error) {
		if (error instanceof PlatformError) throw error
		throw unreachable(url, `cover: ${error instanceof Error ? error.message : String(error)}`)
	}
	const type = imageMimeType(bytes)
	if (type !== 'image/jpeg' && type !== 'image/png') throw new PlatformError({ kind: 'invalid_request', code: 'image_format', message: `Cover ${url}: JPEG or PNG only` })
	return { bytes, type }
}
