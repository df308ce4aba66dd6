import { createHash } from 'node:crypto'
import aws4 from 'aws4'
import { contentTypeOfKey, isFileKey, type FileStore } from '#modules/core/files.server.ts'

// The FileStore port on any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Ceph, ...):
// PUT, GET and DELETE of one object, signed with AWS Signature Version 4 (the `aws4` package).
// Path-style addressing (`<endpoint>/<bucket>/<key>`) works with every such store, also with
// buckets whose names contain dots and with endpoints on a plain IP address or port.

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
	/** Timeout of one request in ms (default 30 s). */
	timeoutMs?: number
	fetch?: typeof fetch
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

const sha256Hex = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex')

export function createS3Store(config: S3Config): FileStore {
	const endpoint = new URL(config.endpoint)
	if (endpoint.protocol !== 'https:' && endpoint.protocol !== 'http:') throw new Error('S3_ENDPOINT must be an http(s) URL')
	const basePath = endpoint.pathname.replace(/\/+$/, '')
	const prefix = normalisePrefix(config.prefix ?? '')
	const doFetch = config.fetch ?? fetch
	const timeoutMs = config.timeoutMs ?? 30_000

	function objectPath(key: string) {
		if (!isFileKey(key)) throw new Error(`invalid file key: ${key}`)
		// Keys and prefixes are lower-case letters, digits, dashes, dots and slashes: nothing to escape.
		return `${basePath}/${encodeURIComponent(config.bucket)}/${prefix}${key}`
	}

	async function request(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Uint8Array, contentType?: string) {
		const path = objectPath(key)
		const headers: Record<string, string> = { 'X-Amz-Content-Sha256': sha256Hex(body ?? '') }
		if (body) headers['Content-Type'] = contentType ?? 'application/octet-stream'
		const signed = aws4.sign(
			{ host: endpoint.host, path, method, service: 's3', region: config.region, headers, body: body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : undefined },
			{ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
		)
		const sent: Record<string, string> = {}
		for (const [name, value] of Object.entries(signed.headers ?? {})) {
			// fetch sets Host itself (signed with the same value: the endpoint's host and port).
			if (value === undefined || /^host$/i.test(name)) continue
			sent[name] = String(value)
		}
		return doFetch(`${endpoint.protocol}//${endpoint.host}${path}`, {
			method,
			headers: sent,
			body: body as BodyInit | undefined,
			signal: AbortSignal.timeout(timeoutMs),
		})
	}

	async function failure(response: Response, action: string) {
		const text = await response.text().catch(() => '')
		const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? `HTTP${response.status}`
		const message = /<Message>([^<]{1,300})<\/Message>/.exec(text)?.[1] ?? response.statusText
		return new S3Error(response.status, code, `S3 ${action} failed: ${response.status} ${code}${message ? ` (${message})` : ''}`)
	}

	return {
		async put(key, bytes, contentType) {
			const response = await request('PUT', key, bytes, contentType)
			if (!response.ok) throw await failure(response, 'PUT')
			await response.body?.cancel()
		},
		async get(key) {
			if (!isFileKey(key)) return null
			const response = await request('GET', key)
			if (response.status === 404) {
				await response.body?.cancel()
				return null
			}
			if (!response.ok) throw await failure(response, 'GET')
			const bytes = new Uint8Array(await response.arrayBuffer())
			// The type follows the key, as on the local disk: whatever metadata the bucket holds, a
			// .jpg is served as an image and never as HTML.
			return { bytes, contentType: contentTypeOfKey(key) }
		},
		async delete(key) {
			const response = await request('DELETE', key)
			// S3 answers 204 for a missing key too; some compatible stores answer 404.
			if (!response.ok && response.status !== 404) throw await failure(response, 'DELETE')
			await response.body?.cancel()
		},
	}
}

function normalisePrefix(prefix: string) {
	const trimmed = prefix.replace(/^\/+|\/+$/g, '')
	if (!trimmed) return ''
	if (!/^[a-z0-9][a-z0-9._-]{0,63}(\/[a-z0-9][a-z0-9._-]{0,63}){0,3}$/.test(trimmed)) throw new Error('S3_PREFIX may hold lower-case letters, digits, dots, dashes and slashes')
	return `${trimmed}/`
}
