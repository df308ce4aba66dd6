import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { byteCounter } from '../byte-counter.ts'
import { contentTypeOfKey, isFileKey, resolveRange, type FileStore } from '#modules/core/files.server.ts'

/**
 * Files under `<root>/<key>`; written to a temporary name in the same folder, fsync'd and renamed,
 * so readers never see half a file and a failed or aborted write leaves neither file nor temp file.
 */
export function createLocalDiskStore(root: string): FileStore {
	const resolved = path.resolve(root)
	function fileOf(key: string) {
		if (!isFileKey(key)) throw new Error(`invalid file key: ${key}`)
		const file = path.resolve(resolved, key)
		if (!file.startsWith(resolved + path.sep)) throw new Error(`invalid file key: ${key}`)
		return file
	}

	/** Runs `write` against a fresh temp file beside `file`, then makes it durable and renames it into place. */
	async function writeAtomically(file: string, write: (temp: string) => Promise<void>) {
		await fs.mkdir(path.dirname(file), { recursive: true })
		const temp = `${file}.${randomUUID()}.tmp`
		try {
			await write(temp)
			const handle = await fs.open(temp, 'r+')
			try {
				await handle.sync()
			} finally {
				await handle.close()
			}
			await fs.rename(temp, file)
		} catch (error) {
			await fs.rm(temp, { force: true })
			throw error
		}
	}

	return {
		async put(key, bytes) {
			const file = fileOf(key)
			await writeAtomically(file, (temp) => fs.writeFile(temp, bytes))
		},
		async get(key) {
			if (!isFileKey(key)) return null
			try {
				const bytes = await fs.readFile(fileOf(key))
				return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: contentTypeOfKey(key) }
			} catch (error) {
				if (isMissing(error)) return null
				throw error
			}
		},
		async putStream(key, body, _contentType, options) {
			const file = fileOf(key)
			const counter = byteCounter()
			await writeAtomically(file, (temp) => pipeline(body, counter.stream, createWriteStream(temp, { flags: 'wx' }), { signal: options?.signal }))
			return { bytes: counter.count() }
		},
		async getStream(key, range) {
			if (!isFileKey(key)) return null
			const file = fileOf(key)
			// Opened once: a rename over the key while streaming keeps serving the file that was opened.
			let handle: fs.FileHandle
			try {
				handle = await fs.open(file, 'r')
			} catch (error) {
				if (isMissing(error)) return null
				throw error
			}
			try {
				const total = (await handle.stat()).size
				const slice = resolveRange(range, total)
				const bytes = slice.end - slice.start + 1
				// createReadStream's `end` is inclusive, so an empty file cannot be asked for by range.
				if (bytes === 0) await handle.close()
				const body = bytes === 0 ? Readable.from([]) : createReadStream('', { fd: handle, start: slice.start, end: slice.end })
				return { body, contentType: contentTypeOfKey(key), bytes, total, range: slice }
			} catch (error) {
				await handle.close()
				throw error
			}
		},
		async delete(key) {
			await fs.rm(fileOf(key), { force: true })
		},
	}
}

function isMissing(error: unknown) {
	return (error as NodeJS.ErrnoException).code === 'ENOENT'
}
