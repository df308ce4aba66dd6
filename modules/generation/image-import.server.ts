import { randomUUID } from 'node:crypto'
import type { Db } from '#modules/core/db.server.ts'
import { mediaPath, type FileStore } from '#modules/core/files.server.ts'
import { InputError, readImage, WebReadError, type WebReader } from '#modules/media/index.ts'

export type ImageImportResult = { ok: true; url: string } | { ok: false; error: 'not_image' | 'unreachable'; message: string | null }

/**
 * An image from a user-given URL (CSV import) as the app's own file: fetched through the SSRF-safe
 * fetcher, judged by its content (a raster image, re-encoded as JPEG without metadata), stored and
 * listed in the user's uploads as a post image. `message`: the fetcher's German reason.
 */
export async function importImageFromUrl(deps: { db: Db; web: WebReader; files: FileStore }, userId: string, url: string, signal?: AbortSignal): Promise<ImageImportResult> {
	let bytes: Uint8Array
	try {
		bytes = (await deps.web.image(url, signal)).bytes
	} catch (error) {
		if (error instanceof WebReadError || (error as Error)?.name === 'WebReadError') return { ok: false, error: 'unreachable', message: (error as Error).message || null }
		throw error
	}
	let jpeg: Uint8Array
	try {
		jpeg = (await readImage({ name: 'image', bytes })).jpeg
	} catch (error) {
		if (error instanceof InputError || (error as Error)?.name === 'InputError') return { ok: false, error: 'not_image', message: null }
		throw error
	}
	const key = `images/${randomUUID()}.jpg`
	await deps.files.put(key, jpeg, 'image/jpeg')
	await deps.db.insertInto('uploads').values({ user_id: userId, kind: 'post_image', storage_key: key, content_type: 'image/jpeg', byte_size: jpeg.byteLength }).execute()
	return { ok: true, url: mediaPath(key) }
}
