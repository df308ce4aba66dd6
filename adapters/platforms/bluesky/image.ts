import sharp from 'sharp'
import { imageMimeType } from '#modules/media/sniff.ts'
import { PlatformError } from '#modules/publishing/ports.ts'
import type { AdapterSettings } from '../settings.ts'
import { blueskyDescriptor } from './descriptor.ts'
import { failure } from './errors.ts'

export type PostImage = { bytes: Uint8Array<ArrayBuffer>; mimeType: 'image/jpeg' | 'image/png'; width: number; height: number }

/** JPEG or PNG by the content (an image host's content type is not trustworthy); null for anything else. */
export function imageType(bytes: Uint8Array): PostImage['mimeType'] | null {
	const type = imageMimeType(bytes)
	return type === 'image/jpeg' || type === 'image/png' ? type : null
}

/**
 * Downloads a post image through `mediaFetch` (the safe fetcher: a refused address answers 403) and
 * checks what Bluesky takes: JPEG or PNG, at most 1,000,000 bytes. Width and height are read from the
 * bytes (as displayed, after EXIF rotation) for the embed's aspectRatio.
 */
export async function downloadImage(settings: Pick<AdapterSettings, 'mediaFetch' | 'timeoutMs'>, url: string, signal?: AbortSignal): Promise<PostImage> {
	const timeout = AbortSignal.timeout(settings.timeoutMs)
	let bytes: Uint8Array<ArrayBuffer>
	try {
		const response = await settings.mediaFetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
		if (!response.ok) {
			const retry = response.status >= 500 || response.status === 429
			throw failure(retry ? 'transient' : 'invalid_request', 'image_unavailable', `image ${url}: HTTP ${response.status}`, { status: response.status })
		}
		bytes = new Uint8Array(await response.arrayBuffer())
	} catch (error) {
		if (error instanceof PlatformError) throw error
		throw failure('transient', 'image_unavailable', `image ${url}: ${error instanceof Error ? error.message : String(error)}`)
	}
	const mimeType = imageType(bytes)
	if (!mimeType) throw failure('invalid_request', 'image_format', `image ${url}: JPEG or PNG only`)
	if (bytes.length > blueskyDescriptor.images.maxBytes) throw failure('invalid_request', 'image_too_large', `image ${url}: ${bytes.length} bytes, at most ${blueskyDescriptor.images.maxBytes}`)
	const { width, height } = await dimensions(bytes).catch(() => {
		throw failure('invalid_request', 'image_format', `image ${url}: not a readable ${mimeType}`)
	})
	return { bytes, mimeType, width, height }
}

async function dimensions(bytes: Uint8Array) {
	const meta = await sharp(bytes, { failOn: 'error' }).metadata()
	const width = meta.autoOrient?.width ?? meta.width
	const height = meta.autoOrient?.height ?? meta.height
	if (!width || !height) throw new Error('no dimensions')
	return { width, height }
}
