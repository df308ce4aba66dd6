import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from 'vitest'
import { createS3Store, S3Error } from '#adapters/storage/s3/index.ts'
import { createFileStore } from '#adapters/storage/index.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { startS3Fake } from '#tests/fakes/s3.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'

// The S3 FileStore adapter with real HTTP against the local fake, which checks every request's
// Signature V4 with its own code and keeps the objects in memory.

const keys = { accessKeyId: 'AKIAPOSTWERKTEST0001', secretAccessKey: 'geheim/Schluessel+fuer+den+Test0123456789' }
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 0xff, 0xd9])

test('put, get and delete an object; a missing object is null', async () => {
	await using s3 = await startS3Fake({ bucket: 'postwerk-media', ...keys, region: 'eu-central-2' })
	const store = createS3Store({ endpoint: s3.url, region: 'eu-central-2', bucket: 'postwerk-media', ...keys })
	const key = 'generated/0f3c/bild-1.jpg'

	expect(await store.get(key)).toBeNull()
	await store.put(key, jpeg, 'image/jpeg')
	// Path-style: /<bucket>/<key>, the bytes and type as sent.
	expect(s3.bytesOf(`postwerk-media/${key}`)).toEqual(Buffer.from(jpeg))
	expect(s3.objects.get(`postwerk-media/${key}`)?.contentType).toBe('image/jpeg')
	const file = await store.get(key)
	expect(file?.contentType).toBe('image/jpeg')
	expect([...file!.bytes]).toEqual([...jpeg])

	// Overwrite keeps one object.
	await store.put(key, new Uint8Array([1, 2, 3]), 'image/jpeg')
	expect([...(await store.get(key))!.bytes]).toEqual([1, 2, 3])

	// The served type follows the key (like the local disk), not what the bucket was told.
	await store.put(key, jpeg, 'text/html')
	expect((await store.get(key))?.contentType).toBe('image/jpeg')

	await store.delete(key)
	expect(await store.get(key)).toBeNull()
	expect(s3.objects.size).toBe(0)
	// Deleting again is fine (S3 answers 204 for a missing key).
	await store.delete(key)
	expect(s3.requests.every((r) => r.code === null || r.code === 'NoSuchKey')).toBe(true)
})

test('a key prefix is kept in the object path (one bucket for several apps)', async () => {
	await using s3 = await startS3Fake({ bucket: 'shared', ...keys })
	const store = createS3Store({ endpoint: `${s3.url}/`, region: 'us-east-1', bucket: 'shared', prefix: '/postwerk/prod/', ...keys })
	await store.put('uploads/a1/notiz.txt', new TextEncoder().encode('Grüezi'), 'text/plain; charset=utf-8')
	expect([...s3.objects.keys()]).toEqual(['shared/postwerk/prod/uploads/a1/notiz.txt'])
	const file = await store.get('uploads/a1/notiz.txt')
	expect(new TextDecoder().decode(file!.bytes)).toBe('Grüezi')
	expect(file!.contentType).toBe('text/plain; charset=utf-8')
	expect(() => createS3Store({ endpoint: s3.url, region: 'us-east-1', bucket: 'shared', prefix: '../x', ...keys })).toThrow(/S3_PREFIX/)
})

test('wrong credentials are refused: wrong secret (SignatureDoesNotMatch), unknown key id, wrong region', async () => {
	await using s3 = await startS3Fake({ bucket: 'postwerk-media', ...keys, region: 'eu-central-2' })
	const key = 'generated/0f3c/bild-2.jpg'
	const good = createS3Store({ endpoint: s3.url, region: 'eu-central-2', bucket: 'postwerk-media', ...keys })
	await good.put(key, jpeg, 'image/jpeg')

	const wrongSecret = createS3Store({ endpoint: s3.url, region: 'eu-central-2', bucket: 'postwerk-media', accessKeyId: keys.accessKeyId, secretAccessKey: 'falsch' })
	await expect(wrongSecret.put('generated/0f3c/fremd.jpg', jpeg, 'image/jpeg')).rejects.toMatchObject({ name: 'S3Error', status: 403, code: 'SignatureDoesNotMatch' })
	// A refused read is an error, never "not there".
	await expect(wrongSecret.get(key)).rejects.toBeInstanceOf(S3Error)
	await expect(wrongSecret.delete(key)).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' })

	const unknownKey = createS3Store({ endpoint: s3.url, region: 'eu-central-2', bucket: 'postwerk-media', accessKeyId: 'AKIAUNBEKANNT', secretAccessKey: keys.secretAccessKey })
	await expect(unknownKey.get(key)).rejects.toMatchObject({ status: 403, code: 'InvalidAccessKeyId' })

	const wrongRegion = createS3Store({ endpoint: s3.url, region: 'us-east-1', bucket: 'postwerk-media', ...keys })
	await expect(wrongRegion.get(key)).rejects.toMatchObject({ code: 'AuthorizationHeaderMalformed' })

	// Nothing was written or deleted by the refused requests.
	expect([...s3.objects.keys()]).toEqual([`postwerk-media/${key}`])
	expect(s3.requests.filter((r) => r.status === 403)).toHaveLength(4)
})

test('a tampered body is refused by the payload hash; an invalid key never leaves the process', async () => {
	await using s3 = await startS3Fake({ bucket: 'b', ...keys })
	// A proxy on the way that swaps the body of every PUT after it was signed.
	await using proxy = await startTamperingProxy(s3.url)
	const store = createS3Store({ endpoint: proxy.url, region: 'us-east-1', bucket: 'b', ...keys })
	await expect(store.put('uploads/a1/x.png', new Uint8Array([1, 2, 3]), 'image/png')).rejects.toMatchObject({ code: 'XAmzContentSHA256Mismatch' })
	await expect(store.put('../etc/passwd.txt', jpeg, 'text/plain')).rejects.toThrow(/invalid file key/)
	expect(await store.get('../etc/passwd.txt')).toBeNull()
	expect(s3.objects.size).toBe(0)
})

async function startTamperingProxy(target: string) {
	const server = http.createServer((req, res) => {
		req.resume()
		req.on('end', () => {
			const body = req.method === 'PUT' ? Buffer.from([9, 9, 9]) : Buffer.alloc(0)
			const headers = { ...req.headers, 'content-length': String(body.length) }
			delete headers['transfer-encoding']
			delete headers.expect
			const forwarded = http.request(`${target}${req.url}`, { method: req.method, headers }, (answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers)
				answer.pipe(res)
			})
			forwarded.end(body)
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const close = () => new Promise<void>((resolve) => {
		server.closeAllConnections()
		server.close(() => resolve())
	})
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, [Symbol.asyncDispose]: close }
}

test('the composition picks S3 when S3_BUCKET is set, the local disk otherwise; incomplete S3 settings fail fast', async () => {
	await using s3 = await startS3Fake({ bucket: 'postwerk-media', ...keys })
	const env = readEnv({ APP_SECRET: 'x'.repeat(32), DATA_DIR: '.data/s3-test', S3_ENDPOINT: s3.url, S3_BUCKET: 'postwerk-media', S3_ACCESS_KEY_ID: keys.accessKeyId, S3_SECRET_ACCESS_KEY: keys.secretAccessKey })
	expect(env.s3).toMatchObject({ endpoint: s3.url, bucket: 'postwerk-media', region: 'us-east-1' })
	const store = createFileStore({ s3: env.s3, localRoot: '.data/s3-test/files' })
	await store.put('logos/ab/logo.png', jpeg, 'image/png')
	expect(s3.objects.has('postwerk-media/logos/ab/logo.png')).toBe(true)

	expect(readEnv({ APP_SECRET: 'x'.repeat(32), DATA_DIR: '.data/s3-test' }).s3).toBeNull()
	expect(() => readEnv({ APP_SECRET: 'x'.repeat(32), DATA_DIR: '.data/s3-test', S3_BUCKET: 'postwerk-media' })).toThrow(/S3_ACCESS_KEY_ID/)
})

test('the composition root hands the modules the S3 store when S3_* are set', async () => {
	await using t = await createTestDatabase()
	await using s3 = await startS3Fake({ bucket: 'postwerk-media', ...keys, region: 'eu-central-2' })
	const { services } = testServices(t.db, { S3_ENDPOINT: s3.url, S3_REGION: 'eu-central-2', S3_BUCKET: 'postwerk-media', S3_ACCESS_KEY_ID: keys.accessKeyId, S3_SECRET_ACCESS_KEY: keys.secretAccessKey, S3_PREFIX: 'app' })
	await services.files.put('generated/ab/bild.jpg', jpeg, 'image/jpeg')
	expect([...s3.objects.keys()]).toEqual(['postwerk-media/app/generated/ab/bild.jpg'])
	expect((await services.files.get('generated/ab/bild.jpg'))?.contentType).toBe('image/jpeg')
})
