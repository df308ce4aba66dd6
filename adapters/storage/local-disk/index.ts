import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { contentTypeOfKey, isFileKey, type FileStore } from '#modules/core/files.server.ts'

/** Files under `<root>/<key>`; written to a temporary name first and renamed, so readers never see half a file. */
export function createLocalDiskStore(root: string): FileStore {
	const resolved = path.resolve(root)
	function fileOf(key: string) {
		if (!isFileKey(key)) throw new Error(`invalid file key: ${key}`)
		const file = path.resolve(resolved, key)
		if (!file.startsWith(resolved + path.sep)) throw new Error(`invalid file key: ${key}`)
		return file
	}
	return {
		async put(key, bytes) {
			const file = fileOf(key)
			await fs.mkdir(path.dirname(file), { recursive: true })
			const temp = `${file}.${randomUUID()}.tmp`
			await fs.writeFile(temp, bytes)
			await fs.rename(temp, file)
		},
		async get(key) {
			if (!isFileKey(key)) return null
			try {
				const bytes = await fs.readFile(fileOf(key))
				return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: contentTypeOfKey(key) }
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
				throw error
			}
		},
		async delete(key) {
			await fs.rm(fileOf(key), { force: true })
		},
	}
}
