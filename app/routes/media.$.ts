import { Readable } from 'node:stream'
import type { Route } from './+types/media.$'
import { servicesContext } from '#app/context.ts'
import { matchesEtag, requestedRange } from '#app/server/byte-range.server.ts'
import { isFileKey, RangeNotSatisfiableError, type StoredFileStream } from '#modules/core/files.server.ts'

// Stored files (generated and uploaded images, recordings, videos, documents) by their unguessable
// key. Public on purpose: the networks fetch post images and videos by URL (with ranges, as browsers'
// <video> do). Never rendered as a document of this origin. The server leaves CSP and nosniff on
// /media/ to this route (server/security.ts OWN_POLICY_PATHS). Streamed from the file store: a
// 1 GB video is never in memory. Files are immutable under their key, so the key is the ETag.
const policy = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'; sandbox" }
// no-transform: the compression in front (server/web.ts) must not encode a file whose ranges and
// length are the stored bytes'.
const caching = { 'Cache-Control': 'public, max-age=31536000, immutable, no-transform', 'Accept-Ranges': 'bytes' }

const INLINE = /^(image\/(jpeg|png|webp|gif)|audio\/wav|video\/(mp4|webm))$/

export async function loader({ params, request, context }: Route.LoaderArgs) {
	const key = params['*'] ?? ''
	if (!isFileKey(key)) return notFound()
	const files = context.get(servicesContext).files
	// A key's characters ([a-z0-9./-]) are all allowed in an entity tag.
	const etag = `"${key}"`
	// Preconditions before ranges (RFC 9110 §13.2.2): a client that has the file gets 304, whatever it asks.
	const notModified = matchesEtag(request.headers.get('If-None-Match'), etag)
	const range = !notModified && request.method === 'GET' && ifRangeHolds(request.headers.get('If-Range'), etag) ? requestedRange(request.headers.get('Range')) : null
	let file: StoredFileStream | null
	try {
		file = await files.getStream(key, range ?? undefined)
	} catch (error) {
		if (!(error instanceof RangeNotSatisfiableError)) throw error
		return new Response(null, { status: 416, headers: { ...policy, 'Accept-Ranges': 'bytes', 'Content-Range': `bytes */${error.total}` } })
	}
	if (!file) return notFound()
	const headers = { ...caching, ETag: etag, ...policy }
	if (notModified) {
		file.body.destroy()
		return new Response(null, { status: 304, headers })
	}
	const fileHeaders = {
		...headers,
		'Content-Type': file.contentType,
		'Content-Length': String(file.bytes),
		'Content-Disposition': INLINE.test(file.contentType) ? 'inline' : 'attachment',
		...(range ? { 'Content-Range': `bytes ${file.range.start}-${file.range.end}/${file.total}` } : {}),
	}
	if (request.method === 'HEAD') {
		file.body.destroy()
		return new Response(null, { status: 200, headers: fileHeaders })
	}
	return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, { status: range ? 206 : 200, headers: fileHeaders })
}

/** If-Range (RFC 9110 §13.1.5): the range holds only while the client's copy is this file (strong ETag; a date never matches: no Last-Modified is sent). */
function ifRangeHolds(header: string | null, etag: string) {
	return header === null || header.trim() === etag
}

function notFound() {
	return new Response('Nicht gefunden', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...policy } })
}
