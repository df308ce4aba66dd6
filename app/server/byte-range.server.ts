import type { ByteRange } from '#modules/core/files.server.ts'

// HTTP range requests (RFC 9110 §14) for /media/<key>: one range is served as 206, several as the
// whole file (a server may ignore a Range header; a video player asks for one range at a time).

/**
 * The one byte range a Range header asks for; null: serve the whole file (no header, a syntax this
 * server ignores as RFC 9110 §14.2 allows, another unit, or several ranges).
 */
export function requestedRange(header: string | null): ByteRange | null {
	if (header === null) return null
	const match = /^bytes=\s*(\d*)-(\d*)\s*$/i.exec(header)
	if (!match) return null
	const [, first = '', last = ''] = match
	if (first === '' && last === '') return null
	if (first === '') return toInteger(last) === null ? null : { suffix: toInteger(last)! }
	const start = toInteger(first)
	const end = last === '' ? undefined : toInteger(last)
	if (start === null || end === null || (end !== undefined && end < start)) return null
	return end === undefined ? { start } : { start, end }
}

/** A decimal of at most 15 digits (any file size fits; more is no size at all), else null. */
function toInteger(digits: string) {
	return digits.length <= 15 ? Number(digits) : null
}

/** An If-None-Match (or If-Range) header names `etag` (weak comparison for If-None-Match, as RFC 9110 §13.1.2 says). */
export function matchesEtag(header: string | null, etag: string) {
	if (header === null) return false
	if (header.trim() === '*') return true
	return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
