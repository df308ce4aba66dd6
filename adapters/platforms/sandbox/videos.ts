import { createHash } from 'node:crypto'
import type { FakeResponse } from './fake-http.ts'

// What the sandbox networks do with an uploaded video (ADR 0058): read it as it arrives, count and
// hash it, and keep the bytes only while they are small, so a test's 200 MB upload never sits in
// memory. Kept videos are served for the feed page's <video>; the oldest go first above a budget.

export type ReceivedUpload = {
	bytes: number
	sha256: string
	/** The whole file while it stayed within `keepBytes`, else null (counted, not kept). */
	kept: Buffer | null
	/** The first bytes, to judge the format by. */
	head: Buffer
	/** An MP4's top-level boxes in order ('ftyp', 'moov', 'mdat', …), as far as they parse; empty for anything else. */
	boxes: Array<string>
}

const HEAD_BYTES = 16

/** Reads an upload to its end; past `maxBytes` it keeps reading (the client is not cut off mid-request) and reports the size. */
export async function receiveUpload(stream: AsyncIterable<Buffer>, keepBytes: number, walker: BoxWalker = boxWalker()): Promise<ReceivedUpload> {
	const hash = createHash('sha256')
	let chunks: Array<Buffer> | null = []
	let head = Buffer.alloc(0)
	let bytes = 0
	for await (const chunk of stream) {
		hash.update(chunk)
		walker.push(chunk)
		bytes += chunk.length
		if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)])
		if (chunks && bytes <= keepBytes) chunks.push(chunk)
		else chunks = null
	}
	return { bytes, sha256: hash.digest('hex'), kept: chunks ? Buffer.concat(chunks) : null, head, boxes: walker.boxes }
}

const MAX_BOXES = 32

/** Follows an MP4's top-level box headers (32-bit size and type, or size 1 with a 64-bit size) while the bytes pass. */
export type BoxWalker = ReturnType<typeof boxWalker>

/** One walker per file: a file uploaded in parts (in order) passes each part through the same walker. */
export function boxWalker() {
	const boxes: Array<string> = []
	let next = 0
	let offset = 0
	let pending = Buffer.alloc(0)
	let broken = false
	return {
		boxes,
		push(chunk: Buffer) {
			const base = offset
			offset += chunk.length
			while (!broken && boxes.length < MAX_BOXES) {
				if (!pending.length && next >= offset) return
				// A header that began in an earlier chunk continues at this one's start.
				const from = pending.length ? 0 : next - base
				pending = Buffer.concat([pending, chunk.subarray(from, from + 16 - pending.length)])
				if (pending.length < 8) return
				const size32 = pending.readUInt32BE(0)
				if (size32 === 1 && pending.length < 16) return
				const type = pending.subarray(4, 8).toString('latin1')
				const size = size32 === 1 ? Number(pending.readBigUInt64BE(8)) : size32
				if (!/^[a-z0-9 ]{4}$/i.test(type) || size < (size32 === 1 ? 16 : 8)) {
					broken = true
					return
				}
				boxes.push(type)
				next += size
				pending = Buffer.alloc(0)
			}
		},
	}
}

/** A video the networks' processing would take: an MP4 with its 'moov' (the index) at the top level. */
export const isPlayableMp4 = (upload: Pick<ReceivedUpload, 'head' | 'boxes'>) => isMp4(upload.head) && upload.boxes.includes('moov')

/** A JPEG's first bytes and end marker: a cover or a generated thumbnail as the fakes judge and serve it. */
export const TINY_JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex')

/** An MP4 (ISO base media file) by its first box: 'ftyp' at byte 4. */
export const isMp4 = (head: Buffer) => head.length >= 8 && head.subarray(4, 8).toString('latin1') === 'ftyp'

/** The kept videos of one fake, by id, at most `budget` bytes in all. */
export class KeptVideos {
	private readonly files = new Map<string, { bytes: Buffer; type: string }>()
	private readonly budget: number
	constructor(budget = 64 * 1024 * 1024) {
		this.budget = budget
	}

	keep(id: string, bytes: Buffer | null, type = 'video/mp4') {
		if (!bytes) return
		this.files.set(id, { bytes, type })
		let total = 0
		for (const file of this.files.values()) total += file.bytes.length
		for (const [key, file] of this.files) {
			if (total <= this.budget) break
			total -= file.bytes.length
			this.files.delete(key)
		}
	}

	has(id: string) {
		return this.files.has(id)
	}

	serve(id: string): FakeResponse {
		const file = this.files.get(id)
		if (!file) return { status: 404, body: { error: 'not found' } }
		return { status: 200, headers: { 'content-type': file.type, 'cache-control': 'max-age=3600' }, raw: file.bytes }
	}
}
