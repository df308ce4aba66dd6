import { randomBytes } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import { PlatformError, type AccountLimits } from '#modules/publishing/ports.ts'
import { imageMimeType } from '#modules/media/sniff.ts'
import type { AdapterSettings } from '../settings.ts'
import { str, type MastodonClient } from './client.ts'
import { mastodonDescriptor } from './descriptor.ts'
import { badResponse, invalid, mastodonError } from './errors.ts'

/**
 * pollIntervalMs: the longest wait between two reads of a processing upload (the first is FIRST_POLL_MS);
 * maxPollMs for an image, videoMaxPollMs (default five minutes) for a video, which the instance transcodes.
 */
export type MediaPolling = { pollIntervalMs: number; maxPollMs: number; videoMaxPollMs?: number }
const FIRST_POLL_MS = 250

type Image = { bytes: Uint8Array<ArrayBuffer>; type: string }

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' }

/** The post's image through settings.mediaFetch (the SSRF-safe fetcher: a refused address answers 403), checked against the instance's limits. */
export async function downloadImage(settings: Pick<AdapterSettings, 'mediaFetch' | 'timeoutMs'>, url: string, limits: AccountLimits | null, signal?: AbortSignal): Promise<Image> {
	const timeout = AbortSignal.timeout(settings.timeoutMs)
	const unavailable = (kind: 'transient' | 'invalid_request', message: string, status: number | null = null) =>
		new PlatformError({ kind, code: 'image_unavailable', message: `Image ${url}: ${message}`, status })
	let bytes: Uint8Array<ArrayBuffer>
	try {
		const response = await settings.mediaFetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
		if (!response.ok) throw unavailable(response.status >= 500 || response.status === 429 ? 'transient' : 'invalid_request', `HTTP ${response.status}`, response.status)
		bytes = new Uint8Array(await response.arrayBuffer())
	} catch (error) {
		if (error instanceof PlatformError) throw error
		throw unavailable('transient', error instanceof Error ? error.message : String(error))
	}
	// By the content: an image host's content-type is not trusted.
	const type = imageMimeType(bytes)
	const formats = limits?.imageFormats?.length ? limits.imageFormats : mastodonDescriptor.images.formats
	if (!type || !formats.includes(type)) throw invalid('image_format', `${url} is ${type ?? 'no known image'}; the instance takes ${formats.join(', ')}`)
	const maxBytes = Math.min(mastodonDescriptor.images.maxBytes, limits?.imageMaxBytes ?? Number.POSITIVE_INFINITY)
	if (bytes.length > maxBytes) throw invalid('image_too_large', `${url} has ${bytes.length} bytes; the instance takes ${maxBytes}`)
	return { bytes, type }
}

/**
 * The upload as multipart/form-data bytes. Built here rather than as FormData: a FormData of Node's
 * global fetch is not one to the undici package's fetch the safe fetcher uses (it would send "[object FormData]").
 */
export function multipart(image: Image, description: string | null = null) {
	const boundary = `postwerk-${randomBytes(16).toString('hex')}`
	const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bild.${EXTENSIONS[image.type] ?? 'bin'}"\r\nContent-Type: ${image.type}\r\n\r\n`
	const alt = description === null ? '' : `\r\n--${boundary}\r\nContent-Disposition: form-data; name="description"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${description}`
	const body = new Uint8Array(Buffer.concat([Buffer.from(head), image.bytes, Buffer.from(`${alt}\r\n--${boundary}--\r\n`)]))
	return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

/**
 * POST /api/v2/media with the alt text as `description`: 200 when the instance processed the image at
 * once, 202 while it works on it in the background; then GET /api/v1/media/:id answers 206 until the
 * attachment has its `url`.
 */
export async function uploadImage(client: MastodonClient, server: string, token: string, upload: { image: Image; description: string | null }, polling: MediaPolling, signal?: AbortSignal): Promise<string> {
	const media = await client.request(server, '/api/v2/media', { method: 'POST', token, raw: multipart(upload.image, upload.description), signal })
	const id = str(media.id)
	if (!id) throw badResponse('POST /api/v2/media without id')
	if (str(media.url)) return id
	return waitUntilProcessed(client, server, token, id, polling, signal)
}

/** Reads an upload until it has its `url` (200); 206 while processing, 422 when it failed. */
export async function waitUntilProcessed(client: MastodonClient, server: string, token: string, id: string, polling: MediaPolling, signal?: AbortSignal, kind: 'image' | 'video' = 'image'): Promise<string> {
	const maxPollMs = kind === 'video' ? (polling.videoMaxPollMs ?? 5 * 60_000) : polling.maxPollMs
	const deadline = Date.now() + maxPollMs
	// A small image is usually ready within a fraction of a second: the first read comes soon, the
	// wait doubles up to pollIntervalMs (a fixed 2 s made every post with an image wait 2 s per read).
	let wait = Math.min(FIRST_POLL_MS, polling.pollIntervalMs)
	for (;;) {
		if (Date.now() + wait > deadline) {
			throw new PlatformError({ kind: 'transient', code: `${kind}_processing`, message: `Mastodon media ${id} still processing after ${maxPollMs} ms` })
		}
		await delay(wait, undefined, { signal }).catch(() => {
			throw new PlatformError({ kind: 'transient', code: 'network', message: `Mastodon: stopped while the ${kind} was processing` })
		})
		wait = Math.min(wait * 2, polling.pollIntervalMs)
		const result = await client.send(server, `/api/v1/media/${encodeURIComponent(id)}`, { token, signal })
		if (result.status === 206) continue
		if (result.status === 422) throw new PlatformError({ kind: 'invalid_request', code: `${kind}_failed`, message: `Mastodon media ${id}: ${result.text.slice(0, 200)}`, status: 422 })
		if (result.status !== 200) throw mastodonError(result)
		if (str((result.json as { url?: unknown } | null)?.url)) return id
	}
}

/** Whether an earlier attempt's upload can still be attached: the instance shows it (unattached) with its `url`. */
export async function stillUnattached(client: MastodonClient, server: string, token: string, id: string, signal?: AbortSignal) {
	const result = await client.send(server, `/api/v1/media/${encodeURIComponent(id)}`, { token, signal }).catch(() => null)
	return result?.status === 200 && Boolean(str((result.json as { url?: unknown } | null)?.url))
}
