// /media/<key> (app/routes/media.$.ts) over HTTP through React Router's Express adapter behind the
// server's middleware: streamed from the file store with ranges (RFC 9110 §14), as browsers' <video>
// and the networks that fetch a video by URL ask for it, on the local disk and on S3 (the fake).
import { randomBytes, randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { startS3Fake, type S3Fake } from '#tests/fakes/s3.ts'
import { createHarness, type Harness } from '#tests/security/support/harness.ts'
import type { SecureServer } from '#tests/security/support/http.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { startRouteServer } from '#tests/support/route-server.ts'

vi.mock('lucide-react', async () => (await import('#tests/security/support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('#tests/security/support/harness.ts')).uiStub())

const s3Keys = { accessKeyId: 'AKIAPOSTWERKTEST0001', secretAccessKey: 'geheim/Schluessel+fuer+den+Test0123456789' }
const SIZE = 3 * 1024 * 1024 + 17

describe.each([
	['local disk', false],
	['S3 (fake)', true],
])('/media on %s', (_name, onS3) => {
	let t: TestDatabase
	let h: Harness
	let s3: S3Fake | null = null
	let server: SecureServer
	const video = `videos/${randomUUID()}.mp4`
	const text = `documents/${randomUUID()}.txt`
	const bytes = randomBytes(SIZE)

	beforeAll(async () => {
		t = await createTestDatabase()
		if (onS3) s3 = await startS3Fake({ bucket: 'postwerk-media', ...s3Keys })
		const env: Record<string, string> = s3 ? { S3_ENDPOINT: s3.url, S3_BUCKET: 'postwerk-media', S3_ACCESS_KEY_ID: s3Keys.accessKeyId, S3_SECRET_ACCESS_KEY: s3Keys.secretAccessKey } : {}
		h = await createHarness(t.db, { env })
		await h.services.files.putStream(video, Readable.from([bytes.subarray(0, SIZE / 2), bytes.subarray(SIZE / 2)]), 'video/mp4')
		await h.services.files.put(text, new TextEncoder().encode('Hallo Welt, '.repeat(200)), 'text/plain; charset=utf-8')
		server = await startRouteServer(h, [{ id: 'routes/media.$', path: 'media/*', file: 'routes/media.$.ts' }])
	})

	afterAll(async () => {
		await server?.close()
		await s3?.close()
		await h?.[Symbol.asyncDispose]()
		await t?.[Symbol.asyncDispose]()
	})

	const get = (key: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${server.url}/media/${key}`, { method, headers })
	const bodyOf = async (response: Response) => Buffer.from(await response.arrayBuffer())

	test('the whole file: 200, its length, Accept-Ranges, the ETag of its key, the sandbox policy, not compressed', async () => {
		const response = await get(video)
		expect(response.status).toBe(200)
		expect(Object.fromEntries(response.headers)).toMatchObject({
			'content-type': 'video/mp4',
			'content-length': String(SIZE),
			'accept-ranges': 'bytes',
			etag: `"${video}"`,
			'cache-control': 'public, max-age=31536000, immutable, no-transform',
			'content-security-policy': "default-src 'none'; sandbox",
			'x-content-type-options': 'nosniff',
			'content-disposition': 'inline',
		})
		expect((await bodyOf(response)).equals(bytes)).toBe(true)
		// A compressible type is sent as stored too (fetch asks for gzip and br).
		const plain = await get(text)
		expect(plain.headers.get('content-encoding')).toBeNull()
		expect(plain.headers.get('content-length')).toBe('2400')
		expect(plain.headers.get('content-disposition')).toBe('attachment')
	})

	test.each([
		['bytes=a-b', 'bytes=100-199', 100, 199],
		['bytes=a- (to the end)', `bytes=${SIZE - 10}-`, SIZE - 10, SIZE - 1],
		['bytes=-n (the last n)', 'bytes=-500', SIZE - 500, SIZE - 1],
		['an end past the file (clamped)', `bytes=0-${SIZE + 1000}`, 0, SIZE - 1],
		['a suffix longer than the file (all of it)', `bytes=-${SIZE * 2}`, 0, SIZE - 1],
		['one byte', 'bytes=0-0', 0, 0],
	])('%s: 206 with Content-Range and exactly those bytes', async (_what, range, start, end) => {
		const response = await get(video, { Range: range })
		expect(response.status).toBe(206)
		expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${SIZE}`)
		expect(response.headers.get('content-length')).toBe(String(end - start + 1))
		expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
		expect((await bodyOf(response)).equals(bytes.subarray(start, end + 1))).toBe(true)
	})

	test.each([
		['a start past the end', `bytes=${SIZE}-`],
		['an empty suffix', 'bytes=-0'],
	])('%s: 416 with Content-Range bytes */total', async (_what, range) => {
		const response = await get(video, { Range: range })
		expect(response.status).toBe(416)
		expect(response.headers.get('content-range')).toBe(`bytes */${SIZE}`)
		expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
		expect((await bodyOf(response)).length).toBe(0)
	})

	test.each([
		['several ranges', 'bytes=0-9,20-29'],
		['another unit', 'items=0-9'],
		['a malformed range', 'bytes=9-0'],
	])('%s: the whole file (200)', async (_what, range) => {
		const response = await get(video, { Range: range })
		expect(response.status).toBe(200)
		expect(response.headers.get('content-range')).toBeNull()
		expect((await bodyOf(response)).length).toBe(SIZE)
	})

	test('HEAD: the headers of the whole file, no body', async () => {
		const response = await get(video, {}, 'HEAD')
		expect(response.status).toBe(200)
		expect(response.headers.get('content-length')).toBe(String(SIZE))
		expect(response.headers.get('accept-ranges')).toBe('bytes')
		expect(response.headers.get('etag')).toBe(`"${video}"`)
		expect((await bodyOf(response)).length).toBe(0)
	})

	test('If-None-Match with the ETag: 304 without a body (a range asked beside it too); another ETag: 200', async () => {
		const asked: Array<Record<string, string>> = [{ 'If-None-Match': `"${video}"` }, { 'If-None-Match': `W/"x", "${video}"`, Range: 'bytes=0-9' }, { 'If-None-Match': '*' }]
		for (const headers of asked) {
			const response = await get(video, headers)
			expect(response.status).toBe(304)
			expect(response.headers.get('etag')).toBe(`"${video}"`)
			expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
			expect((await bodyOf(response)).length).toBe(0)
		}
		expect((await get(video, { 'If-None-Match': '"images/anders.jpg"' })).status).toBe(200)
	})

	test('If-Range: the range while the ETag matches, else the whole file', async () => {
		expect((await get(video, { Range: 'bytes=0-9', 'If-Range': `"${video}"` })).status).toBe(206)
		const stale = await get(video, { Range: 'bytes=0-9', 'If-Range': '"images/anders.jpg"' })
		expect(stale.status).toBe(200)
		expect((await bodyOf(stale)).length).toBe(SIZE)
	})

	test('an unknown file and a key that is none: 404 with the policy', async () => {
		for (const key of [`videos/${randomUUID()}.mp4`, '..%2Fsecret.txt']) {
			const response = await get(key, { Range: 'bytes=0-9' })
			expect(response.status).toBe(404)
			expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
		}
	})

	test('a client that stops reading mid-file leaves the server serving the next request', async () => {
		const controller = new AbortController()
		const response = await fetch(`${server.url}/media/${video}`, { signal: controller.signal })
		const reader = response.body!.getReader()
		await reader.read()
		controller.abort()
		await expect(reader.read()).rejects.toThrow()
		const again = await get(video, { Range: 'bytes=-4' })
		expect((await bodyOf(again)).equals(bytes.subarray(SIZE - 4))).toBe(true)
	})
})
