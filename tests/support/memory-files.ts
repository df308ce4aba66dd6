// A FileStore in memory for unit tests: the files in `files` (by key), streams buffered whole.
import { buffer } from 'node:stream/consumers'
import { Readable } from 'node:stream'
import { resolveRange, type FileStore, type StoredFile } from '#modules/core/files.server.ts'

export function memoryFileStore(files = new Map<string, StoredFile>()): FileStore & { files: Map<string, StoredFile> } {
	return {
		files,
		async put(key, bytes, contentType) {
			files.set(key, { bytes, contentType })
		},
		async get(key) {
			return files.get(key) ?? null
		},
		async putStream(key, body, contentType, options) {
			options?.signal?.throwIfAborted()
			const bytes = new Uint8Array(await buffer(body))
			options?.signal?.throwIfAborted()
			files.set(key, { bytes, contentType })
			return { bytes: bytes.byteLength }
		},
		async getStream(key, range) {
			const file = files.get(key)
			if (!file) return null
			const slice = resolveRange(range, file.bytes.byteLength)
			const bytes = file.bytes.subarray(slice.start, slice.end + 1)
			return { body: Readable.from([Buffer.from(bytes)]), contentType: file.contentType, bytes: bytes.byteLength, total: file.bytes.byteLength, range: slice }
		},
		async delete(key) {
			files.delete(key)
		},
	}
}
