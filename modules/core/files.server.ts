// The FileStore port: uploaded and generated files (images, recordings, documents, logos).
// adapters/storage/local-disk is the default (under the data folder); an S3-compatible store fits
// the same interface. Files are served publicly at /media/<key> (keys are unguessable), because
// Instagram and the other networks fetch post images by URL.

export type StoredFile = { bytes: Uint8Array; contentType: string }

export interface FileStore {
	put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
	get(key: string): Promise<StoredFile | null>
	delete(key: string): Promise<void>
}

/** Keys: lower-case segments of letters, digits, dashes and dots, ending in a known extension. */
export const FILE_KEY = /^(?:[a-z0-9][a-z0-9-]{0,63}\/){1,4}[a-z0-9][a-z0-9.-]{0,127}\.(jpg|png|webp|gif|svg|wav|mp3|m4a|pdf|txt|doc|docx|mp4|webm)$/

const CONTENT_TYPES: Record<string, string> = {
	jpg: 'image/jpeg',
	png: 'image/png',
	webp: 'image/webp',
	gif: 'image/gif',
	svg: 'image/svg+xml',
	wav: 'audio/wav',
	mp3: 'audio/mpeg',
	m4a: 'audio/mp4',
	pdf: 'application/pdf',
	txt: 'text/plain; charset=utf-8',
	doc: 'application/msword',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	mp4: 'video/mp4',
	webm: 'video/webm',
}

export function isFileKey(key: string) {
	return FILE_KEY.test(key) && !key.includes('..')
}

export function contentTypeOfKey(key: string) {
	const ext = key.slice(key.lastIndexOf('.') + 1)
	return CONTENT_TYPES[ext] ?? 'application/octet-stream'
}

/** The app-relative URL a stored file is served at. */
export function mediaPath(key: string) {
	return `/media/${key}`
}

/** The key of an app-relative or absolute /media/ URL of this app, else null. */
export function keyOfMediaUrl(url: string, appUrl: string) {
	const path = url.startsWith('/') ? url : url.startsWith(`${appUrl}/`) ? url.slice(appUrl.length) : null
	if (!path?.startsWith('/media/')) return null
	const key = path.slice('/media/'.length)
	return isFileKey(key) ? key : null
}
