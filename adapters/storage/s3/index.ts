import { pipeline, type Readable } from 'node:stream'
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { byteCounter } from '../byte-counter.ts'
import { contentTypeOfKey, isFileKey, RangeNotSatisfiableError, resolveRange, type ByteRange, type FileStore } from '#modules/core/files.server.ts'

// The FileStore port on any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Ceph, ...)
// through the AWS SDK: S3Client for single objects, lib-storage's Upload for streams (multipart).
// Path-style addressing (`<endpoint>/<bucket>/<key>`) works with every such store, also with
// buckets whose names contain dots and with endpoints on a plain IP address or port.
// ADR 0054: why the SDK's default flexible checksums are turned off ('WHEN_REQUIRED').

export type S3Config = {
	/** Base URL of the store, e.g. https://s3.eu-central-2.amazonaws.com, http://127.0.0.1:9000 (MinIO), https://<account>.r2.cloudflarestorage.com */
	endpoint: string
	/** The signing region ('us-east-1' for MinIO's default, 'auto' for R2). */
	region: string
	bucket: string
	accessKeyId: string
	secretAccessKey: string
	/** Optional key prefix inside the bucket (e.g. 'postwerk/'), so one bucket can serve several apps. */
	prefix?: string
	/** Timeout of one request in ms (default 30 s): the socket's idle time, so a long part upload that moves is not cut. */
	timeoutMs?: number
}

/** A refused or failed store request; `code` is the store's own error code (e.g. SignatureDoesNotMatch). */
export class S3Error extends Error {
	readonly status: number
	readonly code: string
	constructor(status: number, code: string, message: string) {
		super(message)
		this.name = 'S3Error'
		this.status = status
		this.code = code
	}
}

/**
 * Parts of a streamed upload: 8 MiB, two in flight. lib-storage also holds the part being filled and its
 * copy, so up to about five part sizes of a stream are in memory (ADR 0054; 29-54 MiB measured).
 */
export const S3_PART_BYTES = 8 * 1024 * 1024
export const S3_PARTS_IN_FLIGHT = 2

export function createS3Store(config: S3Config): FileStore {
	const endpoint = new URL(config.endpoint)
	if (endpoint.protocol !== 'https:' && endpoint.protocol !== 'http:') throw new Error('S3_ENDPOINT must be an http(s) URL')
	const prefix = normalisePrefix(config.prefix ?? '')
	const timeoutMs = config.timeoutMs ?? 30_000
	const client = new S3Client({
		endpoint: endpoint.href.replace(/\/+$/, ''),
		region: config.region,
		forcePathStyle: true,
		// Only the given keys: never a profile, instance role or AWS_* variable of the machine.
		credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
		// The SDK's default since 2025 (CRC32 on every upload, aws-chunked bodies with trailers) is
		// refused by several S3-compatible stores; checksums only where the API requires one.
		requestChecksumCalculation: 'WHEN_REQUIRED',
		responseChecksumValidation: 'WHEN_REQUIRED',
		requestHandler: { requestTimeout: timeoutMs, connectionTimeout: timeoutMs },
	})
	const bucket = config.bucket

	function objectKey(key: string) {
		if (!isFileKey(key)) throw new Error(`invalid file key: ${key}`)
		return `${prefix}${key}`
	}

	/** Runs one SDK call; a store's refusal becomes an S3Error with its status and code. */
	async function call<T>(action: string, run: () => Promise<T>): Promise<T> {
		try {
			return await run()
		} catch (error) {
			throw asS3Error(error, action)
		}
	}

	async function head(key: string) {
		try {
			const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
			return { total: head.ContentLength ?? 0 }
		} catch (error) {
			if (statusOf(error) === 404) return null
			throw asS3Error(error, 'HEAD')
		}
	}

	return {
		async put(key, bytes, contentType) {
			await call('PUT', () => client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength })))
		},
		async get(key) {
			if (!isFileKey(key)) return null
			const object = await getObject(key, undefined)
			if (!object) return null
			const bytes = await call('GET', () => (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray())
			// The type follows the key, as on the local disk: whatever metadata the bucket holds, a
			// .jpg is served as an image and never as HTML.
			return { bytes, contentType: contentTypeOfKey(key) }
		},
		async putStream(key, body, contentType, options) {
			const signal = options?.signal
			signal?.throwIfAborted()
			const counter = byteCounter()
			// Errors of either side destroy both; Upload reads the counter.
			pipeline(body, counter.stream, () => {})
			// Abort by failing the stream: Upload then stops reading, lets the parts in flight end and
			// aborts the multipart upload before done() rejects (its own abort() rejects at once and
			// aborts the upload in the background, which would leave the caller racing it).
			const onAbort = () => counter.stream.destroy(signal?.reason instanceof Error ? signal.reason : abortError())
			signal?.addEventListener('abort', onAbort, { once: true })
			try {
				const upload = new Upload({
					client,
					params: { Bucket: bucket, Key: objectKey(key), Body: counter.stream, ContentType: contentType },
					partSize: S3_PART_BYTES,
					queueSize: S3_PARTS_IN_FLIGHT,
					leavePartsOnError: false,
				})
				await call('upload', () => upload.done())
			} finally {
				signal?.removeEventListener('abort', onAbort)
			}
			return { bytes: counter.count() }
		},
		async getStream(key, range) {
			if (!isFileKey(key)) return null
			const asked = range ? rangeHeader(range) : undefined
			let object
			try {
				object = await getObject(key, asked)
			} catch (error) {
				if (error instanceof S3Error && error.status === 416) {
					const found = await head(key)
					if (!found) return null
					throw new RangeNotSatisfiableError(found.total)
				}
				throw error
			}
			if (!object) return null
			const bytes = object.ContentLength ?? 0
			const whole = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(object.ContentRange ?? '')
			const total = whole ? Number(whole[3]) : bytes
			const start = whole ? Number(whole[1]) : 0
			return { body: object.Body as Readable, contentType: contentTypeOfKey(key), bytes, total, range: { start, end: start + bytes - 1 } }
		},
		async delete(key) {
			try {
				await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
			} catch (error) {
				// S3 answers 204 for a missing key too; some compatible stores answer 404.
				if (statusOf(error) !== 404) throw asS3Error(error, 'DELETE')
			}
		},
	}

	async function getObject(key: string, range: string | undefined) {
		try {
			return await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), Range: range }))
		} catch (error) {
			if (statusOf(error) === 404 && codeOf(error) !== 'NoSuchBucket') return null
			throw asS3Error(error, 'GET')
		}
	}
}

function statusOf(error: unknown) {
	return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined
}

function codeOf(error: unknown) {
	return error instanceof S3ServiceException ? error.name : undefined
}

function asS3Error(error: unknown, action: string) {
	if (error instanceof S3Error || !(error instanceof S3ServiceException)) return error
	const status = error.$metadata.httpStatusCode ?? 0
	const code = error.name && error.name !== 'Unknown' ? error.name : `HTTP${status}`
	const message = error.message && error.message !== 'UnknownError' ? error.message : ''
	return new S3Error(status, code, `S3 ${action} failed: ${status} ${code}${message ? ` (${message})` : ''}`)
}

function abortError() {
	return Object.assign(new Error('upload aborted'), { name: 'AbortError' })
}

function normalisePrefix(prefix: string) {
	const trimmed = prefix.replace(/^\/+|\/+$/g, '')
	if (!trimmed) return ''
	if (!/^[a-z0-9][a-z0-9._-]{0,63}(\/[a-z0-9][a-z0-9._-]{0,63}){0,3}$/.test(trimmed)) throw new Error('S3_PREFIX may hold lower-case letters, digits, dots, dashes and slashes')
	return `${trimmed}/`
}

/** HTTP's Range header for a range, refusing a malformed one before asking (S3 answers 416 for one past the end, as for an empty suffix). */
function rangeHeader(range: ByteRange) {
	if ('suffix' in range) {
		if (!Number.isSafeInteger(range.suffix) || range.suffix < 0) throw new Error('invalid byte range')
		return `bytes=-${range.suffix}`
	}
	resolveRange(range, Number.MAX_SAFE_INTEGER)
	return `bytes=${range.start}-${range.end ?? ''}`
}
