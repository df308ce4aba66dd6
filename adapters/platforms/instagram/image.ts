import { PlatformError } from '#modules/publishing/ports.ts'
import { call } from '../http.ts'
import type { AdapterSettings } from '../settings.ts'

const jpegPath = /\.jpe?g$/i
const otherImagePath = /\.(png|webp|gif|heic|heif|avif|bmp|tiff?|svg|mpo|jps)$/i

const jpegOnly = (detail: string) => new PlatformError({ kind: 'invalid_request', code: 'instagram_jpeg_only', message: `Instagram takes JPEG only: ${detail}` })

/**
 * Instagram accepts JPEG only (and fails late, at container creation). Decided before any Graph
 * request: by the URL's extension, or for URLs without one by a HEAD request's content type.
 * An image host that does not answer HEAD gets the benefit of the doubt; Graph will judge.
 */
export async function assertJpeg(settings: Pick<AdapterSettings, 'fetch' | 'timeoutMs'>, imageUrl: string, signal?: AbortSignal) {
	let path: string
	try {
		const url = new URL(imageUrl)
		if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(url.protocol)
		path = url.pathname
	} catch {
		throw new PlatformError({ kind: 'invalid_request', code: 'image_unreachable', message: `not a public image URL: ${imageUrl}` })
	}
	if (jpegPath.test(path)) return
	if (otherImagePath.test(path)) throw jpegOnly(path)
	const type = await headContentType(settings, imageUrl, signal)
	if (type && /^image\//i.test(type) && !/^image\/(jpeg|jpg|pjpeg)\b/i.test(type)) throw jpegOnly(type)
}

async function headContentType(settings: Pick<AdapterSettings, 'fetch' | 'timeoutMs'>, url: string, signal?: AbortSignal) {
	try {
		const result = await call(settings, url, { method: 'HEAD', redirect: 'follow', signal })
		return result.status < 400 ? result.headers.get('content-type') : null
	} catch {
		return null
	}
}
