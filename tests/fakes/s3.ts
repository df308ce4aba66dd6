// A local stand-in for an S3-compatible object store (path-style: /<bucket>/<key>), for the real
// adapters/storage/s3 pointed at it with `endpoint: fake.url`. It checks every request's AWS
// Signature Version 4 itself (canonical request, string to sign, signing key: its own code, not the
// signing library's), refuses wrong keys and signatures like S3 does (403 with an XML error), checks
// the payload hash against the body, and keeps the objects in memory.
//
// In tests:   await using s3 = await startS3Fake({ bucket: 'postwerk', accessKeyId, secretAccessKey })
//             s3.objects.get('postwerk/<key>')      // { bytes, contentType }
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type S3FakeObject = { bytes: Buffer; contentType: string }
export type S3FakeRequest = { method: string; path: string; status: number; code: string | null }

export type S3Fake = {
	url: string
	/** Objects by `<bucket>/<key>`. */
	objects: Map<string, S3FakeObject>
	requests: Array<S3FakeRequest>
	close: () => Promise<void>
	[Symbol.asyncDispose]: () => Promise<void>
}

const MAX_SKEW_MS = 15 * 60_000
const MAX_OBJECT_BYTES = 50 * 1024 * 1024

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest()

/** RFC 3986 encoding as SigV4 wants it (S3: the path is encoded once, slashes kept). */
function uriEncode(value: string, keepSlash: boolean) {
	let out = ''
	for (const byte of Buffer.from(value, 'utf8')) {
		const c = String.fromCharCode(byte)
		if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) out += c
		else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
	}
	return out
}

function canonicalQuery(search: URLSearchParams) {
	return [...search.entries()]
		.map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
		.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
		.map(([k, v]) => `${k}=${v}`)
		.join('&')
}

type Verdict = { ok: true } | { ok: false; status: number; code: string; message: string }

/** Verifies the Authorization header of a SigV4-signed request against the known key pair. */
export function verifySigV4(
	req: { method: string; rawPath: string; headers: http.IncomingHttpHeaders; body: Buffer },
	keys: { accessKeyId: string; secretAccessKey: string; region?: string },
	now = Date.now(),
): Verdict {
	const refuse = (code: string, message: string, status = 403): Verdict => ({ ok: false, status, code, message })
	const auth = String(req.headers.authorization ?? '')
	const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth)
	if (!match) return refuse('AccessDenied', 'Missing or malformed AWS4-HMAC-SHA256 authorization')
	const [, accessKeyId, day, region, signedHeaderList, signature] = match as unknown as [string, string, string, string, string, string]
	if (accessKeyId !== keys.accessKeyId) return refuse('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.')
	if (keys.region && region !== keys.region) return refuse('AuthorizationHeaderMalformed', `the region '${region}' is wrong; expecting '${keys.region}'`, 400)
	const amzDate = String(req.headers['x-amz-date'] ?? '')
	const parsed = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate)
	if (!parsed || !amzDate.startsWith(day)) return refuse('AccessDenied', 'X-Amz-Date missing or not matching the credential scope')
	const at = Date.UTC(+parsed[1]!, +parsed[2]! - 1, +parsed[3]!, +parsed[4]!, +parsed[5]!, +parsed[6]!)
	if (Math.abs(now - at) > MAX_SKEW_MS) return refuse('RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.')
	const signedHeaders = signedHeaderList.split(';')
	if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date') || !signedHeaders.includes('x-amz-content-sha256')) {
		return refuse('AccessDenied', 'host, x-amz-date and x-amz-content-sha256 must be signed')
	}
	const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '')
	if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(req.body)) return refuse('XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.', 400)

	const [pathPart, queryPart = ''] = req.rawPath.split('?', 2) as [string, string?]
	const canonicalUri = uriEncode(decodeURIComponent(pathPart), true)
	const canonicalHeaders = signedHeaders
		.map((name) => {
			const value = req.headers[name]
			const text = Array.isArray(value) ? value.join(',') : (value ?? '')
			return `${name}:${String(text).trim().replace(/\s+/g, ' ')}\n`
		})
		.join('')
	const canonicalRequest = [req.method, canonicalUri, canonicalQuery(new URLSearchParams(queryPart)), canonicalHeaders, signedHeaderList, payloadHash].join('\n')
	const scope = `${day}/${region}/s3/aws4_request`
	const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n')
	const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day), region), 's3'), 'aws4_request')
	const expected = Buffer.from(createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex'))
	const given = Buffer.from(signature)
	if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
		return refuse('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.')
	}
	return { ok: true }
}

function xmlError(code: string, message: string, resource: string) {
	const esc = (s: string) => s.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`)
	return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${esc(code)}</Code><Message>${esc(message)}</Message><Resource>${esc(resource)}</Resource><RequestId>fake</RequestId></Error>`
}

export async function startS3Fake(options: { bucket: string; accessKeyId: string; secretAccessKey: string; region?: string }): Promise<S3Fake> {
	const objects = new Map<string, S3FakeObject>()
	const requests: Array<S3FakeRequest> = []

	// No keep-alive timeout: the client ends idle connections. A request on a kept-alive connection this
	// server is just closing fails (ECONNRESET) when a loaded machine holds the event loop past 5 s.
	const server = http.createServer({ keepAliveTimeout: 0 }, (req, res) => {
		const chunks: Array<Buffer> = []
		let size = 0
		req.on('data', (chunk: Buffer) => {
			size += chunk.length
			if (size <= MAX_OBJECT_BYTES) chunks.push(chunk)
		})
		req.on('end', () => {
			const method = req.method ?? 'GET'
			const rawPath = req.url ?? '/'
			const path = decodeURIComponent(rawPath.split('?')[0]!)
			const reply = (status: number, body: string | Buffer = '', headers: Record<string, string> = {}, code: string | null = null) => {
				requests.push({ method, path, status, code })
				res.writeHead(status, { 'x-amz-request-id': 'fake', ...headers })
				res.end(method === 'HEAD' ? undefined : body)
			}
			const error = (status: number, code: string, message: string) => reply(status, xmlError(code, message, path), { 'content-type': 'application/xml' }, code)

			if (size > MAX_OBJECT_BYTES) return error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size')
			const body = Buffer.concat(chunks)
			const verdict = verifySigV4({ method, rawPath, headers: req.headers, body }, options)
			if (!verdict.ok) return error(verdict.status, verdict.code, verdict.message)

			const [, bucket, ...rest] = path.split('/')
			const key = rest.join('/')
			if (bucket !== options.bucket) return error(404, 'NoSuchBucket', 'The specified bucket does not exist')
			if (!key) return error(400, 'InvalidRequest', 'An object key is required (path-style: /<bucket>/<key>)')
			const id = `${bucket}/${key}`
			if (method === 'PUT') {
				objects.set(id, { bytes: body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') })
				return reply(200, '', { etag: `"${createHash('md5').update(body).digest('hex')}"` })
			}
			if (method === 'GET' || method === 'HEAD') {
				const object = objects.get(id)
				if (!object) return error(404, 'NoSuchKey', 'The specified key does not exist.')
				return reply(200, object.bytes, { 'content-type': object.contentType, 'content-length': String(object.bytes.length) })
			}
			if (method === 'DELETE') {
				objects.delete(id)
				return reply(204)
			}
			return error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.')
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
	return { url, objects, requests, close, [Symbol.asyncDispose]: close }
}
