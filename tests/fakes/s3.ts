// A local stand-in for an S3-compatible object store (path-style: /<bucket>/<key>), for the real
// adapters/storage/s3 pointed at it with `endpoint: fake.url`. It checks every request's AWS
// Signature Version 4 itself (canonical request, string to sign, signing key: its own code, not the
// signing library's), refuses wrong keys and signatures like S3 does (403 with an XML error), checks
// the payload hash against the body. Single PUTs and multipart uploads (CreateMultipartUpload,
// UploadPart, CompleteMultipartUpload, AbortMultipartUpload, as AWS documents them: XML bodies, part
// ETags, the multipart ETag "<md5 of the part md5s>-<n>"), GET with a Range (206), HEAD and DELETE.
// Bodies, parts and objects are files in a temp folder, never whole in memory, so a large upload does
// not grow the test process.
//
// In tests:   await using s3 = await startS3Fake({ bucket: 'postwerk', accessKeyId, secretAccessKey })
//             s3.bytesOf('postwerk/<key>')          // the stored bytes, or null
//             s3.objects.get('postwerk/<key>')      // { file, size, contentType, etag }
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { createReadStream, createWriteStream, readFileSync, type ReadStream } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export type S3FakeObject = { file: string; size: number; contentType: string; etag: string }
export type S3FakePart = { file: string; size: number; md5: Buffer; etag: string }
/** A multipart upload in progress: created, not yet completed or aborted. */
export type S3FakeUpload = { uploadId: string; id: string; contentType: string; parts: Map<number, S3FakePart> }
export type S3FakeRequest = { method: string; path: string; status: number; code: string | null; action: string }

export type S3Fake = {
	url: string
	/** Objects by `<bucket>/<key>`. */
	objects: Map<string, S3FakeObject>
	/** Multipart uploads in progress by upload id. */
	uploads: Map<string, S3FakeUpload>
	/** The ids of aborted multipart uploads. */
	aborted: Array<string>
	requests: Array<S3FakeRequest>
	/** An object's bytes by `<bucket>/<key>` (read from its file), null when there is none. */
	bytesOf: (id: string) => Buffer | null
	close: () => Promise<void>
	[Symbol.asyncDispose]: () => Promise<void>
}

const MAX_SKEW_MS = 15 * 60_000
/** AWS's limit of one PUT (an object or a part): 5 GiB. */
const MAX_OBJECT_BYTES = 5 * 1024 * 1024 * 1024

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
	req: { method: string; rawPath: string; headers: http.IncomingHttpHeaders; body: Buffer | { sha256: string } },
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
	// aws-chunked bodies (STREAMING-…) are what the SDK sends with its default flexible checksums; the
	// adapter turns those off (ADR 0054), so the fake, like several S3-compatible stores, refuses them.
	if (payloadHash.startsWith('STREAMING-')) return refuse('NotImplemented', `aws-chunked uploads (${payloadHash}) are not supported by this fake`, 501)
	const bodyHash = Buffer.isBuffer(req.body) ? sha256Hex(req.body) : req.body.sha256
	if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== bodyHash) return refuse('XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.', 400)

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
	return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${esc(code)}</Code><Message>${esc(message)}</Message><Resource>${esc(resource)}</Resource><RequestId>fake</RequestId></Error>`
}

const esc = (s: string) => s.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`)
const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/'

/** A request's body, streamed to a temp file while hashed (never held in memory). */
type ReceivedBody = { file: string; size: number; sha256: string; md5: Buffer }

function receiveBody(req: http.IncomingMessage, file: string): Promise<ReceivedBody> {
	const sha256 = createHash('sha256')
	const md5 = createHash('md5')
	let size = 0
	const tap = new Transform({
		transform(chunk: Buffer, _encoding, done) {
			size += chunk.length
			sha256.update(chunk)
			md5.update(chunk)
			done(null, chunk)
		},
	})
	return pipeline(req, tap, createWriteStream(file)).then(() => ({ file, size, sha256: sha256.digest('hex'), md5: md5.digest() }))
}

/** The parts listed in a CompleteMultipartUpload body, in the order given. */
function parseCompleteBody(xml: string): Array<{ partNumber: number; etag: string }> | null {
	if (!/<CompleteMultipartUpload[\s>]/.test(xml)) return null
	const parts = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, part]) => ({
		partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part!)?.[1]),
		etag: (/<ETag>([^<]*)<\/ETag>/.exec(part!)?.[1] ?? '').replace(/&quot;|&#34;/g, '"'),
	}))
	return parts.every((p) => Number.isInteger(p.partNumber)) ? parts : null
}

/** A Range header's one range (bytes=a-b, bytes=a-, bytes=-n) on an object of `size` bytes; 'unsatisfiable' past the end. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
	const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '')
	if (!match || (match[1] === '' && match[2] === '')) return null
	if (match[1] === '') {
		const suffix = Number(match[2])
		return suffix === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 }
	}
	const start = Number(match[1])
	if (start >= size) return 'unsatisfiable'
	return { start, end: match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1) }
}

const MIN_PART_BYTES = 5 * 1024 * 1024
const MAX_PART_NUMBER = 10_000

export async function startS3Fake(options: { bucket: string; accessKeyId: string; secretAccessKey: string; region?: string }): Promise<S3Fake> {
	const dir = await mkdtemp(path.join(os.tmpdir(), 's3-fake-'))
	const objects = new Map<string, S3FakeObject>()
	const uploads = new Map<string, S3FakeUpload>()
	const requests: Array<S3FakeRequest> = []
	let sequence = 0
	const nextFile = (kind: string) => path.join(dir, `${kind}-${++sequence}`)

	async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
		const method = req.method ?? 'GET'
		const rawPath = req.url ?? '/'
		const [pathPart, queryPart = ''] = rawPath.split('?', 2) as [string, string?]
		const path_ = decodeURIComponent(pathPart)
		const query = new URLSearchParams(queryPart)
		const action = actionOf(method, query)
		const reply = (status: number, body: string | Buffer | ReadStream = '', headers: Record<string, string> = {}, code: string | null = null) => {
			requests.push({ method, path: path_, status, code, action })
			res.writeHead(status, { 'x-amz-request-id': 'fake', ...headers })
			if (typeof body === 'string' || Buffer.isBuffer(body) || method === 'HEAD') res.end(method === 'HEAD' ? undefined : body)
			else body.pipe(res)
		}
		const error = (status: number, code: string, message: string) => reply(status, xmlError(code, message, path_), { 'content-type': 'application/xml' }, code)
		const xml = (body: string) => reply(200, `<?xml version="1.0" encoding="UTF-8"?>\n${body}`, { 'content-type': 'application/xml' })

		const body = await receiveBody(req, nextFile('body'))
		let kept = false
		try {
			if (body.size > MAX_OBJECT_BYTES) return error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size')
			const verdict = verifySigV4({ method, rawPath, headers: req.headers, body: { sha256: body.sha256 } }, options)
			if (!verdict.ok) return error(verdict.status, verdict.code, verdict.message)

			const [, bucket, ...rest] = path_.split('/')
			const key = rest.join('/')
			if (bucket !== options.bucket) return error(404, 'NoSuchBucket', 'The specified bucket does not exist')
			if (!key) return error(400, 'InvalidRequest', 'An object key is required (path-style: /<bucket>/<key>)')
			const id = `${bucket}/${key}`
			const uploadOf = () => {
				const upload = uploads.get(query.get('uploadId') ?? '')
				return upload && upload.id === id ? upload : null
			}
			const noSuchUpload = () => error(404, 'NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.')

			switch (action) {
				case 'PutObject': {
					replaceObject(id, { file: body.file, size: body.size, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), etag: `"${body.md5.toString('hex')}"` })
					kept = true
					return reply(200, '', { etag: objects.get(id)!.etag })
				}
				case 'CreateMultipartUpload': {
					const uploadId = randomUUID().replaceAll('-', '')
					uploads.set(uploadId, { uploadId, id, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), parts: new Map() })
					return xml(`<InitiateMultipartUploadResult xmlns="${XMLNS}"><Bucket>${esc(bucket)}</Bucket><Key>${esc(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`)
				}
				case 'UploadPart': {
					const upload = uploadOf()
					if (!upload) return noSuchUpload()
					const partNumber = Number(query.get('partNumber'))
					if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) return error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive')
					const previous = upload.parts.get(partNumber)
					if (previous) await rm(previous.file, { force: true })
					upload.parts.set(partNumber, { file: body.file, size: body.size, md5: body.md5, etag: `"${body.md5.toString('hex')}"` })
					kept = true
					return reply(200, '', { etag: upload.parts.get(partNumber)!.etag })
				}
				case 'CompleteMultipartUpload': {
					const upload = uploadOf()
					if (!upload) return noSuchUpload()
					const listed = parseCompleteBody(await readFile(body.file, 'utf8'))
					if (!listed || listed.length === 0) return error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.')
					for (let i = 1; i < listed.length; i++) if (listed[i]!.partNumber <= listed[i - 1]!.partNumber) return error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order. The parts list must be specified in order by part number.')
					const parts = listed.map((p) => ({ listed: p, part: upload.parts.get(p.partNumber) }))
					if (parts.some(({ listed, part }) => !part || part.etag !== listed.etag)) return error(400, 'InvalidPart', "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.")
					if (parts.slice(0, -1).some(({ part }) => part!.size < MIN_PART_BYTES)) return error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.')
					const file = nextFile('object')
					await pipeline(async function* () {
						for (const { part } of parts) yield* createReadStream(part!.file)
					}, createWriteStream(file))
					const etag = `"${createHash('md5').update(Buffer.concat(parts.map(({ part }) => part!.md5))).digest('hex')}-${parts.length}"`
					replaceObject(id, { file, size: parts.reduce((sum, { part }) => sum + part!.size, 0), contentType: upload.contentType, etag })
					await dropUpload(upload)
					return xml(`<CompleteMultipartUploadResult xmlns="${XMLNS}"><Location>http://${esc(String(req.headers.host))}/${esc(id)}</Location><Bucket>${esc(bucket)}</Bucket><Key>${esc(key)}</Key><ETag>${esc(etag)}</ETag></CompleteMultipartUploadResult>`)
				}
				case 'AbortMultipartUpload': {
					const upload = uploadOf()
					if (!upload) return noSuchUpload()
					await dropUpload(upload)
					aborted.push(upload.uploadId)
					return reply(204)
				}
				case 'GetObject':
				case 'HeadObject': {
					const object = objects.get(id)
					if (!object) return method === 'HEAD' ? reply(404, '', {}, 'NoSuchKey') : error(404, 'NoSuchKey', 'The specified key does not exist.')
					const headers = { 'content-type': object.contentType, etag: object.etag, 'accept-ranges': 'bytes', 'last-modified': new Date().toUTCString() }
					const range = parseRange(req.headers.range, object.size)
					if (range === 'unsatisfiable') return method === 'HEAD' ? reply(416, '', {}, 'InvalidRange') : error(416, 'InvalidRange', 'The requested range is not satisfiable')
					if (range) {
						const length = range.end - range.start + 1
						return reply(206, createReadStream(object.file, { start: range.start, end: range.end }), { ...headers, 'content-length': String(length), 'content-range': `bytes ${range.start}-${range.end}/${object.size}` })
					}
					return reply(200, object.size === 0 ? '' : createReadStream(object.file), { ...headers, 'content-length': String(object.size) })
				}
				case 'DeleteObject': {
					const object = objects.get(id)
					objects.delete(id)
					if (object) await rm(object.file, { force: true })
					return reply(204)
				}
				default:
					return error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.')
			}
		} finally {
			if (!kept) await rm(body.file, { force: true })
		}
	}

	function replaceObject(id: string, object: S3FakeObject) {
		const previous = objects.get(id)
		objects.set(id, object)
		if (previous) void rm(previous.file, { force: true })
	}

	async function dropUpload(upload: S3FakeUpload) {
		uploads.delete(upload.uploadId)
		await Promise.all([...upload.parts.values()].map((part) => rm(part.file, { force: true })))
	}

	const aborted: Array<string> = []
	// No keep-alive timeout: the client ends idle connections. A request on a kept-alive connection this
	// server is just closing fails (ECONNRESET) when a loaded machine holds the event loop past 5 s.
	const server = http.createServer({ keepAliveTimeout: 0 }, (req, res) => {
		handle(req, res).catch((failure: unknown) => {
			if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/xml' })
			res.end(xmlError('InternalError', String(failure), req.url ?? '/'))
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	const close = async () => {
		server.closeAllConnections()
		await new Promise<void>((resolve) => server.close(() => resolve()))
		await rm(dir, { recursive: true, force: true })
	}
	const bytesOf = (id: string) => {
		const object = objects.get(id)
		return object ? readFileSync(object.file) : null
	}
	return { url, objects, uploads, aborted, requests, bytesOf, close, [Symbol.asyncDispose]: close }
}

/** The S3 operation a request asks for (the REST API's method and sub-resource). */
function actionOf(method: string, query: URLSearchParams) {
	if (method === 'POST' && query.has('uploads')) return 'CreateMultipartUpload'
	if (method === 'POST' && query.has('uploadId')) return 'CompleteMultipartUpload'
	if (method === 'PUT' && query.has('uploadId')) return 'UploadPart'
	if (method === 'DELETE' && query.has('uploadId')) return 'AbortMultipartUpload'
	if (method === 'PUT') return 'PutObject'
	if (method === 'GET') return 'GetObject'
	if (method === 'HEAD') return 'HeadObject'
	if (method === 'DELETE') return 'DeleteObject'
	return 'Unknown'
}
