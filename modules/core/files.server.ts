// The FileStore port: uploaded and generated files (images, recordings, documents, logos).
// adapters/storage/local-disk is the default (under the data folder); an S3-compatible store fits
// the same interface. Files are served publicly at /media/<key> (keys are unguessable), because
// Instagram and the other networks fetch post images by URL.

import type { Readable } from 'node:stream'

export type StoredFile = { bytes: Uint8Array; contentType: string }

/**
 * A byte range of a stored file, both ends inclusive (as HTTP's Range: bytes=start-end); no end: to
 * the file's end; `suffix`: the last that many bytes (bytes=-n).
 */
export type ByteRange = { start: number; end?: number } | { suffix: number }

/** A stored file (or a slice of it) as a stream: `bytes` is the slice's length, `total` the whole file's. */
export type StoredFileStream = { body: Readable; contentType: string; bytes: number; total: number; range: { start: number; end: number } }

export interface FileStore {
	/** Small files only: the whole file in memory. */
	put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
	get(key: string): Promise<StoredFile | null>
	/**
	 * Stores a file of any size from a stream with bounded memory. All or nothing: an aborted or failed
	 * upload leaves no file (and replaces no earlier one). Resolves with the number of bytes stored.
	 */
	putStream(key: string, body: Readable, contentType: string, options?: { signal?: AbortSignal }): Promise<{ bytes: number }>
	/** Reads a file (or a range of it) as a stream; null when there is no such file. A range past the end is a RangeNotSatisfiableError. */
	getStream(key: string, range?: ByteRange): Promise<StoredFileStream | null>
	delete(key: string): Promise<void>
}

/** The asked range starts at or past the file's end (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
	readonly total: number
	constructor(total: number) {
		super(`range not satisfiable (file has ${total} bytes)`)
		this.name = 'RangeNotSatisfiableError'
		this.total = total
	}
}

/**
 * Clamps a range to a file of `total` bytes; throws RangeNotSatisfiableError when it starts past the
 * end (or is an empty suffix, or asks anything of an empty file).
 */
export function resolveRange(range: ByteRange | undefined, total: number) {
	if (range && 'suffix' in range) {
		if (!Number.isSafeInteger(range.suffix) || range.suffix < 0) throw new Error('invalid byte range')
		if (range.suffix === 0 || total === 0) throw new RangeNotSatisfiableError(total)
		return { start: Math.max(0, total - range.suffix), end: total - 1 }
	}
	const start = range?.start ?? 0
	if (!Number.isSafeInteger(start) || start < 0 || (range?.end !== undefined && (!Number.isSafeInteger(range.end) || range.end < start))) throw new Error('invalid byte range')
	if (range && start >= total) throw new RangeNotSatisfiableError(total)
	const end = Math.min(range?.end ?? total - 1, total - 1)
	return { start, end }
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
