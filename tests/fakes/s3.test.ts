import { createHash } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, GetObjectCommand, HeadObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3'
import { describe, expect, test } from 'vitest'
import { startS3Fake, verifySigV4 } from './s3.ts'

// The fake's verifier against AWS's own worked example (S3 docs, "Signature calculations for the
// Authorization header: transferring payload in a single chunk", GET Object), so the fake does not
// merely agree with the signing library the adapter uses.
const example = {
	method: 'GET',
	rawPath: '/test.txt',
	headers: {
		host: 'examplebucket.s3.amazonaws.com',
		range: 'bytes=0-9',
		'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
		'x-amz-date': '20130524T000000Z',
		authorization:
			'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
	},
	body: Buffer.alloc(0),
}
const keys = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' }
const at = Date.UTC(2013, 4, 24, 0, 1)

test("AWS's documented GET Object signature verifies", () => {
	expect(verifySigV4(example, keys, at)).toEqual({ ok: true })
})

test('any change is refused: another secret, header, path, an old date', () => {
	expect(verifySigV4(example, { ...keys, secretAccessKey: 'x' }, at)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' })
	expect(verifySigV4({ ...example, headers: { ...example.headers, range: 'bytes=0-99' } }, keys, at)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' })
	expect(verifySigV4({ ...example, rawPath: '/test2.txt' }, keys, at)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' })
	expect(verifySigV4(example, keys, at + 20 * 60_000)).toMatchObject({ ok: false, code: 'RequestTimeTooSkewed' })
	expect(verifySigV4(example, { ...keys, accessKeyId: 'AKIAOTHER' }, at)).toMatchObject({ ok: false, code: 'InvalidAccessKeyId' })
	expect(verifySigV4({ ...example, headers: { ...example.headers, authorization: undefined } }, keys, at)).toMatchObject({ ok: false, code: 'AccessDenied' })
})

test('a body given by its sha256 verifies like the body; aws-chunked payloads are refused', () => {
	const empty = { sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' }
	expect(verifySigV4({ ...example, body: empty }, keys, at)).toEqual({ ok: true })
	expect(verifySigV4({ ...example, body: { sha256: '0'.repeat(64) } }, keys, at)).toMatchObject({ ok: false, code: 'XAmzContentSHA256Mismatch' })
	const chunked = { ...example.headers, 'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER' }
	expect(verifySigV4({ ...example, headers: chunked }, keys, at)).toMatchObject({ ok: false, status: 501, code: 'NotImplemented' })
})

describe('multipart uploads, ranges and HEAD as AWS documents them (through the SDK)', () => {
	const fakeKeys = { accessKeyId: 'AKIAPOSTWERKTEST0001', secretAccessKey: 'geheim' }
	const Bucket = 'b'
	const Key = 'uploads/ab/film.mp4'
	const part = (fill: number, size = 5 * 1024 * 1024) => Buffer.alloc(size, fill)
	const clientOf = (url: string) =>
		new S3Client({ endpoint: url, region: 'us-east-1', forcePathStyle: true, credentials: fakeKeys, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' })

	test('create, parts (on disk, re-sent parts replace), complete: the object, its multipart ETag, 206 ranges, HEAD', async () => {
		await using s3 = await startS3Fake({ bucket: Bucket, ...fakeKeys })
		const client = clientOf(s3.url)
		const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'video/mp4' }))
		const first = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: part(9) }))
		const again = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: part(1) }))
		const second = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 2, Body: Buffer.from('Ende') }))
		expect(first.ETag).toBe(`"${md5(part(9)).toString('hex')}"`)
		// Parts are files, not memory.
		const stored = s3.uploads.get(UploadId!)!.parts
		expect(statSync(stored.get(1)!.file).size).toBe(5 * 1024 * 1024)

		// The ETag of a replaced part no longer completes the upload.
		await expect(client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag: first.ETag }, { PartNumber: 2, ETag: second.ETag }] } }))).rejects.toMatchObject({ name: 'InvalidPart' })
		await expect(client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: [{ PartNumber: 2, ETag: second.ETag }, { PartNumber: 1, ETag: again.ETag }] } }))).rejects.toMatchObject({ name: 'InvalidPartOrder' })
		const done = await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag: again.ETag }, { PartNumber: 2, ETag: second.ETag }] } }))
		expect(done.ETag).toBe(`"${md5(Buffer.concat([md5(part(1)), md5(Buffer.from('Ende'))])).toString('hex')}-2"`)
		expect(s3.uploads.size).toBe(0)
		expect(s3.bytesOf(`${Bucket}/${Key}`)).toEqual(Buffer.concat([part(1), Buffer.from('Ende')]))

		const range = await client.send(new GetObjectCommand({ Bucket, Key, Range: 'bytes=5242878-5242881' }))
		expect(range.$metadata.httpStatusCode).toBe(206)
		expect(range.ContentRange).toBe('bytes 5242878-5242881/5242884')
		expect(Buffer.from(await range.Body!.transformToByteArray())).toEqual(Buffer.from([1, 1, 0x45, 0x6e]))
		const suffix = await client.send(new GetObjectCommand({ Bucket, Key, Range: 'bytes=-3' }))
		expect(Buffer.from(await suffix.Body!.transformToByteArray()).toString()).toBe('nde')
		await expect(client.send(new GetObjectCommand({ Bucket, Key, Range: 'bytes=5242884-' }))).rejects.toMatchObject({ name: 'InvalidRange' })
		const head = await client.send(new HeadObjectCommand({ Bucket, Key }))
		expect(head).toMatchObject({ ContentLength: 5242884, ContentType: 'video/mp4', ETag: done.ETag })
	})

	test('every part but the last must be 5 MiB; an aborted upload is gone with its parts; unknown uploads are refused', async () => {
		await using s3 = await startS3Fake({ bucket: Bucket, ...fakeKeys })
		const client = clientOf(s3.url)
		const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }))
		const small = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: Buffer.from('klein') }))
		const last = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 2, Body: Buffer.from('x') }))
		await expect(client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag: small.ETag }, { PartNumber: 2, ETag: last.ETag }] } }))).rejects.toMatchObject({ name: 'EntityTooSmall' })

		const partFiles = [...s3.uploads.get(UploadId!)!.parts.values()].map((p) => p.file)
		await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }))
		expect(s3.aborted).toEqual([UploadId])
		expect(s3.uploads.size).toBe(0)
		expect(partFiles.some((file) => existsSync(file))).toBe(false)
		await expect(client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 3, Body: Buffer.from('y') }))).rejects.toMatchObject({ name: 'NoSuchUpload' })
		await expect(client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag: small.ETag }] } }))).rejects.toMatchObject({ name: 'NoSuchUpload' })
		expect(s3.objects.size).toBe(0)
	})

	test('a part signed with another secret is refused and not kept', async () => {
		await using s3 = await startS3Fake({ bucket: Bucket, ...fakeKeys })
		const { UploadId } = await clientOf(s3.url).send(new CreateMultipartUploadCommand({ Bucket, Key }))
		const forger = new S3Client({ endpoint: s3.url, region: 'us-east-1', forcePathStyle: true, credentials: { ...fakeKeys, secretAccessKey: 'falsch' }, requestChecksumCalculation: 'WHEN_REQUIRED' })
		await expect(forger.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: part(7) }))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' })
		expect(s3.uploads.get(UploadId!)!.parts.size).toBe(0)
	})
})

const md5 = (data: Buffer) => createHash('md5').update(data).digest()
