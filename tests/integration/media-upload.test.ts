// POST /api/media (app/routes/api.media.ts, modules/media/uploads.server.ts) over HTTP through React
// Router's adapter behind the server's middleware: a post's own image, video or PDF streamed into the
// file store, judged by its first bytes, limited while streaming, a video probed after storing;
// once per request id. On the local disk and on S3 (the fake); the limits are small here (the
// descriptors' figures, 1 GB for videos, are checked on their own).
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { platformModules } from '#adapters/platforms/index.ts'
import { createMediaUploads, videoTools } from '#modules/media/index.ts'
import type { Services } from '#modules/services.ts'
import { uploadLimits } from '#server/compose.ts'
import { startS3Fake, type S3Fake } from '#tests/fakes/s3.ts'
import { createHarness, type Harness, type TestUser } from '#tests/security/support/harness.ts'
import type { SecureServer } from '#tests/security/support/http.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { noisePng, testClip } from '#tests/support/media-samples.ts'
import { startRouteServer } from '#tests/support/route-server.ts'
import { waitFor } from '#tests/support/wait.ts'

vi.mock('lucide-react', async () => (await import('#tests/security/support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('#tests/security/support/harness.ts')).uiStub())

const MiB = 1024 * 1024
const s3Keys = { accessKeyId: 'AKIAPOSTWERKTEST0001', secretAccessKey: 'geheim/Schluessel+fuer+den+Test0123456789' }
// Videos over one S3 part (8 MiB), so an upload cut off after its first part is seen too.
const LIMITS = { videoMaxBytes: 12 * MiB, documentMaxBytes: 2 * MiB }

let clip: Uint8Array<ArrayBuffer>
let png: Uint8Array<ArrayBuffer>

beforeAll(async () => {
	;[clip, png] = await Promise.all([testClip({ size: '320x240', seconds: 2 }), noisePng(820, 820)])
})

test('the limits are the largest figures of the descriptors: videos 1 GB, PDFs 100 MB', () => {
	expect(uploadLimits(platformModules.map((module) => module.descriptor))).toEqual({ videoMaxBytes: 1024 * MiB, documentMaxBytes: 100 * MiB })
})

describe.each([
	['local disk', false],
	['S3 (fake)', true],
])('/api/media on %s', (_name, onS3) => {
	let t: TestDatabase
	let h: Harness
	let s3: S3Fake | null = null
	let server: SecureServer
	let user: TestUser
	let tempDir: string

	beforeAll(async () => {
		t = await createTestDatabase()
		if (onS3) s3 = await startS3Fake({ bucket: 'postwerk-media', ...s3Keys })
		const env: Record<string, string> = s3 ? { S3_ENDPOINT: s3.url, S3_BUCKET: 'postwerk-media', S3_ACCESS_KEY_ID: s3Keys.accessKeyId, S3_SECRET_ACCESS_KEY: s3Keys.secretAccessKey } : {}
		h = await createHarness(t.db, { env })
		tempDir = path.join(h.dataDir, 'tmp', 'uploads')
		const services: Services = { ...h.services, media: createMediaUploads({ db: t.db, files: h.services.files, limits: LIMITS, tools: () => videoTools(), tempDir }) }
		server = await startRouteServer({ services, info: () => h.info() }, [
			{ id: 'routes/api.media', path: 'api/media', file: 'routes/api.media.ts' },
			{ id: 'routes/media.$', path: 'media/*', file: 'routes/media.$.ts' },
		])
		user = await h.user()
	})

	afterAll(async () => {
		await server?.close()
		await s3?.close()
		await h?.[Symbol.asyncDispose]()
		await t?.[Symbol.asyncDispose]()
	})

	type Upload = { body: BodyInit; name?: string; requestId?: string; type?: string; cookie?: string | null; headers?: Record<string, string> }
	async function upload({ body, name = 'datei', requestId = randomUUID(), type = 'application/octet-stream', cookie = user.cookie, headers = {} }: Upload) {
		const response = await fetch(`${server.url}/api/media`, {
			method: 'POST',
			headers: { 'Content-Type': type, 'X-Request-Id': requestId, 'X-File-Name': encodeURIComponent(name), ...(cookie ? { Cookie: cookie } : {}), ...headers },
			body,
			redirect: 'manual',
			duplex: 'half',
		} as RequestInit)
		const text = await response.text()
		return { status: response.status, json: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : null, response }
	}

	/** A body sent in chunks without Content-Length (as a browser streams a File it does not measure first). */
	function chunked(parts: Array<Uint8Array>) {
		return new ReadableStream<Uint8Array>({
			pull(controller) {
				const next = parts.shift()
				if (next) controller.enqueue(next)
				else controller.close()
			},
		})
	}

	async function storedKeys() {
		if (s3) return [...s3.objects.keys()].map((key) => key.replace(/^postwerk-media\//, ''))
		const root = path.join(h.dataDir, 'files')
		const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
		return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
	}
	const uploadsOf = () => t.db.selectFrom('uploads').select(['kind', 'storage_key', 'byte_size', 'content_type', 'original_name']).where('user_id', '=', user.id).orderBy('created_at').execute()
	const tempFiles = () => fs.readdir(tempDir).catch(() => [])
	const copiedBytes = async () => {
		const [copy] = await tempFiles()
		return copy ? (await fs.stat(path.join(tempDir, copy)).catch(() => ({ size: 0 }))).size : 0
	}

	test('a 2 MB image: stored as a JPEG without metadata, with its size; served at its url', async () => {
		expect(png.byteLength).toBeGreaterThan(2 * 1000 * 1000)
		const { status, json } = await upload({ body: png, name: 'Bäckerei.png', type: 'image/png' })
		expect(status).toBe(201)
		expect(json).toMatchObject({ ok: true, kind: 'image', contentType: 'image/jpeg', width: 820, height: 820, durationMs: null })
		expect(json!.key).toMatch(/^images\/[0-9a-f-]{36}\.jpg$/)
		expect(json!.url).toBe(`/media/${json!.key as string}`)
		const served = await fetch(`${server.url}${json!.url as string}`)
		expect(served.headers.get('content-type')).toBe('image/jpeg')
		expect((await served.arrayBuffer()).byteLength).toBe(json!.bytes)
		expect(await uploadsOf()).toContainEqual({ kind: 'post_image', storage_key: json!.key, byte_size: json!.bytes, content_type: 'image/jpeg', original_name: 'Bäckerei.png' })
	})

	test('a short MP4 (streamed in chunks): stored byte for byte, probed (width, height, duration), its copy for ffprobe removed', async () => {
		const parts = Array.from({ length: Math.ceil(clip.byteLength / 7000) }, (_, i) => clip.subarray(i * 7000, (i + 1) * 7000))
		const { status, json } = await upload({ body: chunked(parts), name: 'reel.mp4', type: 'video/mp4' })
		expect(status).toBe(201)
		expect(json).toMatchObject({ ok: true, kind: 'video', contentType: 'video/mp4', bytes: clip.byteLength, width: 320, height: 240 })
		expect(json!.durationMs).toBeGreaterThanOrEqual(1900)
		expect(json!.durationMs).toBeLessThanOrEqual(2100)
		expect(json!.key).toMatch(/^videos\/[0-9a-f-]{36}\.mp4$/)
		const served = await fetch(`${server.url}${json!.url as string}`, { headers: { Range: 'bytes=0-' } })
		expect(served.status).toBe(206)
		expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(clip))).toBe(true)
		expect(await tempFiles()).toEqual([])
	})

	test('a PDF: stored as it is', async () => {
		const pdf = new TextEncoder().encode(`%PDF-1.4\n${'% Folie\n'.repeat(2000)}%%EOF\n`)
		const { status, json } = await upload({ body: pdf, name: 'folien.pdf', type: 'application/pdf' })
		expect(status).toBe(201)
		expect(json).toMatchObject({ ok: true, kind: 'document', contentType: 'application/pdf', bytes: pdf.byteLength, width: null, height: null, durationMs: null })
		expect(json!.key).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/)
	})

	test('a text file renamed to .mp4: refused in German (415) by its first bytes, nothing stored', async () => {
		const before = await storedKeys()
		const rows = (await uploadsOf()).length
		const { status, json } = await upload({ body: 'Das ist kein Video, nur ein paar Zeilen Text.\n'.repeat(500), name: 'urlaub.mp4', type: 'video/mp4' })
		expect(status).toBe(415)
		expect(json).toEqual({ ok: false, code: 'media_type', message: 'Bitte wählen Sie ein Bild (PNG, JPG, WEBP oder GIF), ein Video (MP4, MOV oder WebM) oder ein PDF.' })
		expect(await storedKeys()).toEqual(before)
		expect(await uploadsOf()).toHaveLength(rows)
	})

	test("a file that starts like an MP4 but is none: stored, probed, refused with video_unreadable's German text and deleted", async () => {
		const before = await storedKeys()
		const fake = Buffer.concat([clip.subarray(0, 32), randomBytes(200_000)])
		const { status, json } = await upload({ body: fake, name: 'kaputt.mp4' })
		expect(status).toBe(422)
		expect(json).toEqual({ ok: false, code: 'video_unreadable', message: 'Die Datei konnte nicht als Video gelesen werden. Bitte wählen Sie ein Video im Format MP4, MOV oder WebM.' })
		expect(await storedKeys()).toEqual(before)
		expect(await tempFiles()).toEqual([])
	})

	test('over the limit while streaming (no Content-Length): 413 in German, no file, no copy, no record', async () => {
		const before = await storedKeys()
		const rows = (await uploadsOf()).length
		const parts = [clip, ...Array.from({ length: 13 }, () => randomBytes(MiB))]
		const { status, json, response } = await upload({ body: chunked(parts), name: 'zu-gross.mp4' })
		expect(status).toBe(413)
		expect(response.headers.get('connection')).toBe('close')
		expect(json).toEqual({ ok: false, code: 'video_too_large', message: 'Bitte wählen Sie ein Video bis 12 MB.' })
		expect(await storedKeys()).toEqual(before)
		expect(await uploadsOf()).toHaveLength(rows)
		expect(await tempFiles()).toEqual([])
		if (s3) expect(s3.uploads.size).toBe(0)
	})

	test('a declared Content-Length over the limit: 413 before the rest is read; a PDF over its limit too', async () => {
		const before = await storedKeys()
		const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3 * MiB)])
		const { status, json } = await upload({ body: pdf, name: 'gross.pdf' })
		expect(status).toBe(413)
		expect(json).toMatchObject({ code: 'pdf_too_large', message: 'Bitte wählen Sie ein PDF bis 2 MB.' })
		const image = Buffer.concat([png, randomBytes(9 * MiB)])
		expect(await upload({ body: image })).toMatchObject({ status: 413, json: { code: 'image_too_large', message: 'Bitte wählen Sie ein Bild unter 10MB.' } })
		expect(await storedKeys()).toEqual(before)
	})

	test('once per request id: the same upload twice (in a row and at once) is one file and one record with equal answers; other bytes: 409', async () => {
		const requestId = randomUUID()
		const before = (await storedKeys()).length
		const first = await upload({ body: clip, requestId })
		const again = await upload({ body: clip, requestId })
		expect(first.status).toBe(201)
		expect(again).toMatchObject({ status: 201, json: first.json })
		const parallelId = randomUUID()
		const both = await Promise.all([upload({ body: clip, requestId: parallelId }), upload({ body: clip, requestId: parallelId })])
		expect(both[0].json).toEqual(both[1].json)
		expect(await storedKeys()).toHaveLength(before + 2)
		const conflict = await upload({ body: png, requestId })
		expect(conflict).toMatchObject({ status: 409, json: { ok: false, code: 'request_conflict' } })
		expect(await storedKeys()).toHaveLength(before + 2)
	})

	test('the client goes away mid-upload (past the first S3 part): nothing stored, the copy for ffprobe removed', async () => {
		const before = await storedKeys()
		const abortedBefore = s3?.aborted.length ?? 0
		const request = http.request(`${server.url}/api/media`, { method: 'POST', headers: { Cookie: user.cookie, 'X-Request-Id': randomUUID(), 'Content-Type': 'video/mp4' } })
		request.on('error', () => {})
		request.write(clip)
		request.write(randomBytes(10 * MiB))
		let copied = 0
		await waitFor(async () => (copied = await copiedBytes()) >= 9 * MiB && (!s3 || s3.uploads.size > 0), {
			what: 'the upload is under way (on S3: its multipart upload begun)',
			describe: () => `copy ${copied} bytes, S3 requests ${s3?.requests.map((r) => r.action).join(' ')}`,
		})
		request.destroy()
		await waitFor(async () => (await tempFiles()).length === 0 && JSON.stringify(await storedKeys()) === JSON.stringify(before) && (!s3 || s3.uploads.size === 0), {
			what: 'the aborted upload is cleaned up',
			describe: () => `S3 requests ${s3?.requests.map((r) => r.action).join(' ')}, open uploads ${s3?.uploads.size}`,
		})
		if (s3) expect(s3.aborted.length).toBe(abortedBefore + 1)
	})

	test('signed out: no upload (redirected to sign-in); no request id or an empty body: 400; another origin: 403', async () => {
		const before = await storedKeys()
		expect((await upload({ body: clip, cookie: null })).status).toBe(302)
		expect((await upload({ body: clip, requestId: 'kein-uuid' })).status).toBe(400)
		expect((await upload({ body: new Uint8Array(0) })).status).toBe(400)
		expect((await upload({ body: clip, headers: { Origin: 'https://boese.example', 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403)
		expect(await storedKeys()).toEqual(before)
	})
})
