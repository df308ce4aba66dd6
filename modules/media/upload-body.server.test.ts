import { Readable } from 'node:stream'
import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { HEAD_BYTES, readUploadBody, UploadCutOffError, UploadTooLargeError } from './upload-body.server.ts'

async function* chunksOf(...parts: Array<Uint8Array | Error>) {
	for (const part of parts) {
		if (part instanceof Error) throw part
		yield part
	}
}

const filled = (length: number, byte: number) => new Uint8Array(length).fill(byte)

async function collect(stream: Readable) {
	const parts: Array<Buffer> = []
	for await (const chunk of stream) parts.push(chunk as Buffer)
	return Buffer.concat(parts)
}

describe('readUploadBody', () => {
	test('reads ahead just enough for the head, then streams the whole body (head first) with its digest', async () => {
		const parts = [filled(1000, 1), filled(5000, 2), filled(3000, 3)]
		const body = await readUploadBody(chunksOf(...parts))
		expect(body.head.byteLength).toBe(HEAD_BYTES)
		expect(body.head[999]).toBe(1)
		expect(body.head[1000]).toBe(2)
		const all = await collect(body.stream({ maxBytes: 9000 }))
		expect(all.equals(Buffer.concat(parts))).toBe(true)
		expect(body.digest()).toEqual({ sha256: createHash('sha256').update(all).digest('hex'), bytes: 9000 })
	})

	test('a body shorter than the head is all head; an empty one has an empty head', async () => {
		const short = await readUploadBody(chunksOf(filled(10, 7)))
		expect([...short.head]).toEqual(Array(10).fill(7))
		expect((await short.bytes(100)).byteLength).toBe(10)
		expect((await readUploadBody(chunksOf())).head.byteLength).toBe(0)
	})

	test('past maxBytes the stream fails with UploadTooLargeError (no byte over the limit passes)', async () => {
		const body = await readUploadBody(chunksOf(filled(4096, 1), filled(4096, 2), filled(4096, 3)))
		await expect(collect(body.stream({ maxBytes: 8192 + 100 }))).rejects.toBeInstanceOf(UploadTooLargeError)
		const again = await readUploadBody(chunksOf(filled(4096, 1), filled(4096, 2)))
		await expect(again.bytes(4096)).rejects.toBeInstanceOf(UploadTooLargeError)
	})

	test('a source that breaks off is an UploadCutOffError, in the head and later', async () => {
		await expect(readUploadBody(chunksOf(filled(10, 1), new Error('ECONNRESET')))).rejects.toBeInstanceOf(UploadCutOffError)
		const body = await readUploadBody(chunksOf(filled(5000, 1), new Error('ECONNRESET')))
		await expect(collect(body.stream({ maxBytes: 1e6 }))).rejects.toBeInstanceOf(UploadCutOffError)
	})
})
