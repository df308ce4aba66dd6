import { expect, test } from 'vitest'
import { verifySigV4 } from './s3.ts'

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
