import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { TINY_JPEG } from './videos.ts'

// For tests: our /media/ server as the adapters see it, on a loopback port. It serves generated MP4s of
// any size with byte ranges (Range → 206 and Content-Range), produced chunk by chunk from the offset,
// so a 200 MB video is never one buffer here either; and a small JPEG cover.

export const VIDEO_CHUNK = 64 * 1024

/** A box of `size` bytes in all: its 32-bit size, its type and then `payload` (or zeros). */
function box(type: string, size: number, payload: Buffer = Buffer.alloc(0)) {
	const header = Buffer.alloc(8)
	header.writeUInt32BE(size, 0)
	header.write(type, 4, 'latin1')
	return Buffer.concat([header, payload, Buffer.alloc(Math.max(0, size - 8 - payload.length))])
}

/**
 * The first bytes of a generated video of `size` bytes: 'ftyp', then 'moov' (omitted for a broken one,
 * which the networks' processing refuses), then the header of an 'mdat' box that runs to the end.
 */
function headOf(size: number, playable: boolean) {
	const ftyp = box('ftyp', 24, Buffer.from('isom\0\0\x02\0isomavc1', 'latin1'))
	const moov = playable ? box('moov', 40) : Buffer.alloc(0)
	const before = ftyp.length + moov.length
	// Only the header of the 'mdat' box: its payload is produced as it is sent.
	const mdat = Buffer.alloc(8)
	mdat.writeUInt32BE(size - before, 0)
	mdat.write('mdat', 4, 'latin1')
	return Buffer.concat([ftyp, moov, mdat])
}

/** The cover the host serves. */
export const COVER_JPEG = TINY_JPEG

type Served = { requests: number; bytes: number; ranges: Array<string> }

/** Bytes `start` to `end` (inclusive) of the generated video, as chunks. */
function* bytesOf(head: Buffer, start: number, end: number) {
	for (let at = start; at <= end; at += VIDEO_CHUNK) {
		const last = Math.min(end, at + VIDEO_CHUNK - 1)
		const chunk = Buffer.allocUnsafe(last - at + 1)
		for (let i = 0; i < chunk.length; i++) {
			const offset = at + i
			chunk[i] = offset < head.length ? head[offset]! : (offset * 31 + 7) & 0xff
		}
		yield chunk
	}
}

/**
 * `/video/<bytes>.mp4` (playable) and `/broken/<bytes>.mp4` (no 'moov'), `/cover.jpg`. `served` counts
 * what went out; `url(bytes)` names a video. Use with `await using host = await startVideoHost()`.
 */
export async function startVideoHost() {
	const served: Served = { requests: 0, bytes: 0, ranges: [] }
	const server = http.createServer((req, res) => {
		served.requests += 1
		if (req.url === '/cover.jpg') {
			res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': COVER_JPEG.length })
			return res.end(COVER_JPEG)
		}
		const match = /^\/(video|broken)\/(\d+)\.mp4$/.exec(req.url ?? '')
		if (!match) {
			res.writeHead(404)
			return res.end()
		}
		const size = Number(match[2])
		const head = headOf(size, match[1] === 'video')
		const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '')
		const start = range ? Number(range[1]) : 0
		const end = range ? Math.min(size - 1, range[2] ? Number(range[2]) : size - 1) : size - 1
		if (range && start > end) {
			res.writeHead(416, { 'content-range': `bytes */${size}` })
			return res.end()
		}
		if (range) served.ranges.push(`${start}-${end}`)
		res.writeHead(range ? 206 : 200, {
			'content-type': 'video/mp4',
			'accept-ranges': 'bytes',
			'content-length': end - start + 1,
			...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
		})
		if (req.method === 'HEAD') return res.end()
		const chunks = bytesOf(head, start, end)
		// Written as the client reads (backpressure), never the whole range at once.
		const pump = () => {
			for (;;) {
				const next = chunks.next()
				if (next.done) return res.end()
				served.bytes += next.value.length
				if (!res.write(next.value)) return res.once('drain', pump)
			}
		}
		res.on('error', () => {})
		pump()
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	return {
		base,
		served,
		url: (bytes: number) => `${base}/video/${bytes}.mp4`,
		brokenUrl: (bytes: number) => `${base}/broken/${bytes}.mp4`,
		coverUrl: `${base}/cover.jpg`,
		async [Symbol.asyncDispose]() {
			server.closeAllConnections()
			await new Promise((resolve) => server.close(resolve))
		},
	}
}
