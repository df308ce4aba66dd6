import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { createLocalDiskStore } from '#adapters/storage/local-disk/index.ts'
import { createS3Store } from '#adapters/storage/s3/index.ts'
import { RangeNotSatisfiableError, type FileStore } from '#modules/core/files.server.ts'
import { startS3Fake, type S3Fake } from '#tests/fakes/s3.ts'
import { bytesOf, digestOf, generatedStream, MiB } from '#tests/support/generated-stream.ts'

// FileStore.putStream/getStream on the local disk and on S3 (the SDK's multipart upload against the
// fake, which checks every request's signature and keeps parts and objects in files).

const keys = { accessKeyId: 'AKIAPOSTWERKTEST0001', secretAccessKey: 'geheim/Schluessel+fuer+den+Test0123456789' }
const key = 'uploads/ab12/video-1.mp4'

type Setup = { store: FileStore; leftovers: () => Promise<Array<string>>; s3: S3Fake | null; [Symbol.asyncDispose]: () => Promise<void> }

async function onDisk(): Promise<Setup> {
	const root = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-files-'))
	return {
		store: createLocalDiskStore(root),
		s3: null,
		// Every file under the root: a finished file, or a temp file left behind.
		leftovers: async () => (await fs.readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))),
		[Symbol.asyncDispose]: () => fs.rm(root, { recursive: true, force: true }),
	}
}

async function onS3(): Promise<Setup> {
	const s3 = await startS3Fake({ bucket: 'postwerk-media', ...keys, region: 'eu-central-2' })
	return {
		store: createS3Store({ endpoint: s3.url, region: 'eu-central-2', bucket: 'postwerk-media', prefix: 'app', ...keys }),
		s3,
		// Objects and multipart uploads still open.
		leftovers: async () => [...s3.objects.keys(), ...[...s3.uploads.values()].map((u) => `upload of ${u.id}`)],
		[Symbol.asyncDispose]: () => s3.close(),
	}
}

describe.each([
	['local disk', onDisk],
	['S3 (multipart)', onS3],
])('%s', (_name, setUp) => {
	test('a 64 MiB generated stream is stored byte for byte; ranges read the right slice', async () => {
		await using t = await setUp()
		const window = { start: 20 * MiB - 7, end: 20 * MiB + 8 }
		const source = generatedStream(64 * MiB, { keep: window })
		expect(await t.store.putStream(key, source.stream, 'video/mp4')).toEqual({ bytes: 64 * MiB })

		const whole = await t.store.getStream(key)
		expect(whole).toMatchObject({ contentType: 'video/mp4', bytes: 64 * MiB, total: 64 * MiB, range: { start: 0, end: 64 * MiB - 1 } })
		expect(await digestOf(whole!.body)).toEqual({ sha256: source.sha256(), bytes: 64 * MiB })

		const slice = await t.store.getStream(key, window)
		expect(slice).toMatchObject({ bytes: 16, total: 64 * MiB, range: window })
		expect(await bytesOf(slice!.body)).toEqual(source.window())

		// Open-ended and past-the-end ranges, a missing key.
		const tail = await t.store.getStream(key, { start: 64 * MiB - 3 })
		expect(tail).toMatchObject({ bytes: 3, range: { start: 64 * MiB - 3, end: 64 * MiB - 1 } })
		expect((await bytesOf(tail!.body)).length).toBe(3)
		await expect(t.store.getStream(key, { start: 64 * MiB })).rejects.toBeInstanceOf(RangeNotSatisfiableError)
		expect(await t.store.getStream('uploads/ab12/fehlt.mp4')).toBeNull()

		// Suffix ranges (bytes=-n): the last n bytes, the whole file when n is larger; -0 is unsatisfiable.
		const last = await t.store.getStream(key, { suffix: 5 })
		expect(last).toMatchObject({ bytes: 5, total: 64 * MiB, range: { start: 64 * MiB - 5, end: 64 * MiB - 1 } })
		expect((await bytesOf(last!.body)).length).toBe(5)
		const all = await t.store.getStream(key, { suffix: 65 * MiB })
		expect(all).toMatchObject({ bytes: 64 * MiB, range: { start: 0, end: 64 * MiB - 1 } })
		all!.body.destroy()
		await expect(t.store.getStream(key, { suffix: 0 })).rejects.toMatchObject({ name: 'RangeNotSatisfiableError', total: 64 * MiB })

		if (t.s3) {
			// Eight 8 MiB parts, the object's multipart ETag, nothing left open.
			const actions = t.s3.requests.map((r) => r.action)
			expect(actions.filter((a) => a === 'UploadPart')).toHaveLength(8)
			expect(actions).toContain('CompleteMultipartUpload')
			expect(t.s3.objects.get(`postwerk-media/app/${key}`)?.etag).toMatch(/^"[0-9a-f]{32}-8"$/)
			expect(t.s3.requests.filter((r) => r.code !== null).map((r) => r.code)).toEqual(['InvalidRange', 'NoSuchKey', 'InvalidRange'])
		}
		await t.store.delete(key)
		expect(await t.leftovers()).toEqual([])
	})

	test('an abort mid-way leaves nothing and keeps the earlier file; so does a failing source', async () => {
		await using t = await setUp()
		const other = 'uploads/ab12/video-2.mp4'
		await t.store.put(key, new Uint8Array([1, 2, 3]), 'video/mp4')

		const controller = new AbortController()
		const aborted = generatedStream(64 * MiB, { onProduced: (bytes) => bytes >= 24 * MiB && controller.abort() })
		await expect(t.store.putStream(key, aborted.stream, 'video/mp4', { signal: controller.signal })).rejects.toThrow()
		expect(aborted.produced()).toBeLessThan(48 * MiB)

		async function* failing() {
			yield Buffer.alloc(MiB, 1)
			yield Buffer.alloc(MiB, 2)
			throw new Error('Verbindung zum Browser abgebrochen')
		}
		const { Readable } = await import('node:stream')
		await expect(t.store.putStream(other, Readable.from(failing()), 'video/mp4')).rejects.toThrow(/abgebrochen/)

		// Only the earlier file is there, unchanged.
		expect([...(await t.store.get(key))!.bytes]).toEqual([1, 2, 3])
		expect(await t.store.get(other)).toBeNull()
		expect(await t.leftovers()).toEqual(t.s3 ? [`postwerk-media/app/${key}`] : [key])
		if (t.s3) expect(t.s3.aborted.length).toBeGreaterThanOrEqual(1)

		// An already aborted signal stores nothing.
		await expect(t.store.putStream(other, generatedStream(MiB).stream, 'video/mp4', { signal: AbortSignal.abort() })).rejects.toThrow()
		expect(await t.store.get(other)).toBeNull()
	})

	test('a small stream (under one part) and an empty one are stored too', async () => {
		await using t = await setUp()
		const small = generatedStream(100_000, { keep: { start: 0, end: 99_999 } })
		expect(await t.store.putStream(key, small.stream, 'video/mp4')).toEqual({ bytes: 100_000 })
		expect(Buffer.from((await t.store.get(key))!.bytes)).toEqual(small.window())
		if (t.s3) expect(t.s3.requests.map((r) => r.action)).not.toContain('CreateMultipartUpload')

		const empty = 'uploads/ab12/leer.txt'
		expect(await t.store.putStream(empty, generatedStream(0).stream, 'text/plain')).toEqual({ bytes: 0 })
		const read = await t.store.getStream(empty)
		expect(read).toMatchObject({ bytes: 0, total: 0 })
		expect((await bytesOf(read!.body)).length).toBe(0)
		await expect(t.store.putStream('../x/y.txt', generatedStream(1).stream, 'text/plain')).rejects.toThrow(/invalid file key/)
	})
})
