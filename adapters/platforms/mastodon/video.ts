import { randomBytes } from 'node:crypto'
import type { PublishVideo } from '#modules/publishing/ports.ts'
import type { AdapterSettings } from '../settings.ts'
import { fetchCover, uploadTimeoutMs, videoLength, videoStream, type Cover } from '../video-source.ts'
import { str, type MastodonClient } from './client.ts'
import { mastodonDescriptor } from './descriptor.ts'
import { badResponse, invalid } from './errors.ts'
import type { VideoLimits } from './instance.ts'
import { waitUntilProcessed, type MediaPolling } from './media.ts'

// A video on Mastodon (docs.joinmastodon.org/methods/media): POST /api/v2/media as multipart/form-data
// with `file`, `description` (the alt text) and `thumbnail` (the cover). The instance answers 202 with
// `url: null` while it transcodes in the background; GET /api/v1/media/:id answers 206 until it is
// done, 200 with the `url` then, 422 when processing failed. The file streams from our URL into the
// request body: never whole in memory.

type Upload = { video: PublishVideo; description: string | null }

const VIDEO_TYPE = 'video/mp4'

/** The instance's own video limits where it states them, else the descriptor's; checked before anything is sent. */
export async function checkedVideoSize(settings: AdapterSettings, video: PublishVideo, limits: VideoLimits | null, signal?: AbortSignal) {
	if (limits?.types && !limits.types.includes(VIDEO_TYPE)) throw invalid('video_format', `the instance takes ${limits.types.join(', ') || 'no videos'}`)
	const maxBytes = limits?.maxBytes ?? mastodonDescriptor.media.video?.maxBytes ?? Number.POSITIVE_INFINITY
	const size = await videoLength(settings, video.url, signal)
	if (size > maxBytes) throw invalid('video_too_large', `${size} bytes; the instance takes ${maxBytes}`)
	return size
}

/** Uploads the video with its cover and alt text. Returns the attachment id and whether the instance is still transcoding it. */
export async function uploadVideo(settings: AdapterSettings, client: MastodonClient, server: string, token: string, upload: Upload, size: number, signal?: AbortSignal): Promise<{ id: string; processing: boolean }> {
	const cover = upload.video.coverUrl ? await fetchCover(settings, upload.video.coverUrl, signal) : null
	const file = await videoStream(settings, upload.video.url, signal)
	const body = streamedMultipart(file, upload.description, cover)
	const media = await client.request(server, '/api/v2/media', { method: 'POST', token, raw: body, signal, timeoutMs: uploadTimeoutMs(settings.timeoutMs, size) })
	const id = str(media.id)
	if (!id) throw badResponse('POST /api/v2/media without id')
	return { id, processing: !str(media.url) }
}

/** An earlier attempt's video the instance still holds unattached, processed (200) or processing (206). */
export async function earlierVideo(client: MastodonClient, server: string, token: string, id: string, signal?: AbortSignal) {
	const result = await client.send(server, `/api/v1/media/${encodeURIComponent(id)}`, { token, signal }).catch(() => null)
	return result?.status === 200 || result?.status === 206 ? { id, processing: result.status === 206 } : null
}

/** Waits while the instance transcodes (206), refused for good on 422 ('video_failed'). */
export const waitForVideo = (client: MastodonClient, server: string, token: string, id: string, polling: MediaPolling, signal?: AbortSignal) =>
	waitUntilProcessed(client, server, token, id, polling, signal, 'video')

/**
 * The form as a stream: the description and the thumbnail first (small), then the file's part with
 * the video's bytes passed through as they are read, then the closing boundary.
 */
export function streamedMultipart(file: ReadableStream<Uint8Array>, description: string | null, cover: Cover | null) {
	const boundary = `postwerk-${randomBytes(16).toString('hex')}`
	const encoder = new TextEncoder()
	const fields: Array<Uint8Array> = []
	if (description !== null) {
		fields.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="description"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${description}\r\n`))
	}
	if (cover) {
		const ext = cover.type === 'image/png' ? 'png' : 'jpg'
		fields.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="thumbnail"; filename="titelbild.${ext}"\r\nContent-Type: ${cover.type}\r\n\r\n`), cover.bytes, encoder.encode('\r\n'))
	}
	fields.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="video.mp4"\r\nContent-Type: ${VIDEO_TYPE}\r\n\r\n`))
	const closing = encoder.encode(`\r\n--${boundary}--\r\n`)
	const reader = file.getReader()
	let head = 0
	const stream = new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (head < fields.length) return controller.enqueue(fields[head++]!)
			const next = await reader.read()
			if (next.done) {
				controller.enqueue(closing)
				controller.close()
				return
			}
			controller.enqueue(next.value)
		},
		cancel: (reason) => reader.cancel(reason),
	}, { highWaterMark: 0 })
	return { body: stream, contentType: `multipart/form-data; boundary=${boundary}` }
}
