import { createHash } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import { Readable } from 'node:stream'

// The body of an upload as it arrives: its first bytes read ahead (to judge the file by content
// before the rest is accepted), then the rest passed on chunk by chunk with its size limited, its
// SHA-256 computed and, where a tool must read a file (ffprobe), copied to a local file on the way.

/** Enough of a file to tell what it is (sniff.ts looks at a few bytes; MP4's box, WebP's RIFF header). */
export const HEAD_BYTES = 4096

/** The body went past its kind's limit while streaming. */
export class UploadTooLargeError extends Error {
	constructor() {
		super('upload too large')
		this.name = 'UploadTooLargeError'
	}
}

/** The body ended in an error before its end (the client went away, the connection broke). */
export class UploadCutOffError extends Error {
	constructor(cause: unknown) {
		super('upload cut off', { cause })
		this.name = 'UploadCutOffError'
	}
}

export type UploadBody = {
	/** The first bytes (all of them when the body is shorter than HEAD_BYTES). */
	head: Uint8Array
	/** The whole body (the head first) as a stream, at most `maxBytes`, or it fails with UploadTooLargeError. */
	stream: (options: { maxBytes: number; copyTo?: FileHandle }) => Readable
	/** Reads the whole body into memory, at most `maxBytes` (small files only: images). */
	bytes: (maxBytes: number) => Promise<Uint8Array>
	/** The SHA-256 (hex) and length of what has passed; complete once the stream has ended. */
	digest: () => { sha256: string; bytes: number }
	/** Stops reading (a refused upload): cancels the source. */
	discard: () => Promise<void>
}

export async function readUploadBody(source: AsyncIterable<Uint8Array>): Promise<UploadBody> {
	const iterator = source[Symbol.asyncIterator]()
	const chunks = {
		next: () => iterator.next().catch((error: unknown) => Promise.reject(new UploadCutOffError(error))),
		return: () => iterator.return?.().catch(() => undefined),
	}
	const headChunks: Array<Uint8Array> = []
	let headLength = 0
	let ended = false
	while (headLength < HEAD_BYTES) {
		const next = await chunks.next()
		if (next.done) {
			ended = true
			break
		}
		headChunks.push(next.value)
		headLength += next.value.byteLength
	}
	const head = Buffer.concat(headChunks)
	const hash = createHash('sha256')
	let passed = 0
	let digest = ''

	async function* limited(maxBytes: number, copyTo?: FileHandle) {
		const take = async (chunk: Uint8Array) => {
			passed += chunk.byteLength
			if (passed > maxBytes) throw new UploadTooLargeError()
			hash.update(chunk)
			if (copyTo) await copyTo.write(chunk)
			return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
		}
		if (head.byteLength > 0) yield await take(head)
		while (!ended) {
			const next = await chunks.next()
			if (next.done) break
			yield await take(next.value)
		}
		digest = hash.digest('hex')
	}

	return {
		head: head.subarray(0, HEAD_BYTES),
		stream: ({ maxBytes, copyTo }) => Readable.from(limited(maxBytes, copyTo), { objectMode: false }),
		async bytes(maxBytes) {
			const parts: Array<Buffer> = []
			for await (const chunk of limited(maxBytes)) parts.push(chunk)
			return Buffer.concat(parts)
		},
		digest: () => ({ sha256: digest, bytes: passed }),
		async discard() {
			if (!ended) await chunks.return()
		},
	}
}
