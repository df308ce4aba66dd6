// SECURITY.md §1.5 (ASVS 5.1.1, 5.2.1, 5.2.2, 5.3.1, 5.3.2, 1.3.4, 3.2.1, 14.2.8): every upload field
// of the app, through its route: judged by content (magic bytes and decoding), never by name or
// declared type; refused above its size with a German message; SVG with scripts refused, or for
// the logo sanitised and rasterised; images re-encoded, so metadata and anything appended to the file
// are gone; stored under server-made random keys; served with nosniff, a sandbox CSP and, unless an
// image, audio or video, as a download.
//
// The checks inside the modules, not repeated here: modules/media/*.test.ts (sniffing,
// documents with zip-bomb limits, images with pixel floods and EXIF orientation, WAV parsing),
// modules/agents/agents.test.ts ("brand logo", the SVG sanitiser), tests/integration/admin-models.test.ts
// (preview by content), modules/generation/model-tests.test.ts (reference content and size).
import fs from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import { LOGO_MAX_BYTES } from '#modules/agents/schema.ts'
import { createSecretBox } from '#modules/core/crypto.server.ts'
import { sniff } from '#modules/media/sniff.ts'
import { AUDIO_MAX_BYTES, DOCUMENT_MAX_BYTES, IMAGE_MAX_BYTES } from '#modules/media/kinds.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { samples } from './support/files.ts'
import { createHarness, type CallResult, type Harness, type TestUser } from './support/harness.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

/** The file inputs of the UI and the form fields they post: a new file input needs its checks here. */
const FILE_INPUTS: Record<string, Array<string>> = {
	'app/components/creator/file-field.tsx': ['image', 'document'],
	'app/components/agents/logo-uploader.tsx': ['logo'],
	'app/components/catalog/model-test-page.tsx': ['reference'],
	'app/components/admin/model-form-fields.tsx': ['preview'],
	'app/components/posts/csv-import-dialog.tsx': ['file'],
	// No form field: the raw file is the body of POST /api/media (app/components/posts/media-upload.ts),
	// judged by its content; the editor then saves the stored key in its hidden 'media' field.
	'app/components/posts/media-strip.tsx': ['(body of /api/media: image, video)'],
	// 'PDF hochladen': the raw file to /api/media (use-pdf-upload.ts), then its key as 'fileKey' of
	// POST /posts/:id/dokument, intent 'attach' (the pages counted, the networks' limits checked).
	'app/components/posts/document/document-dialog.tsx': ['(body of /api/media: PDF)', 'fileKey'],
}

const MARKER = 'GEHEIM-MARKER-GPS'
let t: TestDatabase
let h: Harness
let user: TestUser
let admin: TestUser
let tagged: Uint8Array
let appended: Uint8Array

beforeAll(async () => {
	t = await createTestDatabase()
	h = await createHarness(t.db)
	user = await h.user()
	admin = await h.user({ admin: true })
	await t.db.updateTable('profiles').set({ credits_remaining: 10_000 }).execute()
	// A JPEG with personal metadata, and a PNG with an HTML page appended (a polyglot).
	tagged = new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } }).jpeg().withExif({ IFD0: { Artist: MARKER } }).toBuffer())
	appended = new Uint8Array([...samples.png, ...new TextEncoder().encode(`<html><script>alert("${MARKER}")</script></html>`)])
})

afterAll(async () => {
	for (let i = 0; i < 100; i++) {
		const open = await t.db.selectFrom('model_tests').select('id').where('status', 'in', ['pending', 'running']).execute()
		if (open.length === 0) break
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	await h?.[Symbol.asyncDispose]()
	await t?.[Symbol.asyncDispose]()
})

const file = (bytes: Uint8Array, name: string, type: string) => new File([bytes as BlobPart], name, { type })
const oversized = (limit: number) => {
	const bytes = new Uint8Array(limit + 1)
	bytes.set(samples.png.subarray(0, 16))
	return bytes
}

/** The stored file behind a /media/ URL, read through the route that serves it. */
async function served(url: string) {
	const answer = await h.call('/media/*', { params: { '*': url.replace(/^\/media\//, '') } })
	const stored = await h.services.files.get(url.replace(/^\/media\//, ''))
	return { answer, bytes: stored?.bytes ?? new Uint8Array(0) }
}

/** What an accepted image upload must look like when it is served. */
async function expectCleanImage(url: string, original: Uint8Array) {
	expect(url).toMatch(/^\/media\/[a-z-]+\/[0-9a-f-]{36}\.(jpg|png|webp)$/)
	const { answer, bytes } = await served(url)
	expect(answer.status).toBe(200)
	expect(answer.headers.get('content-type')).toMatch(/^image\/(jpeg|png|webp)$/)
	expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
	expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
	expect(['png', 'jpeg', 'webp']).toContain(sniff(bytes))
	// Decoded and encoded again: what was appended to the file or kept in its metadata is gone.
	expect(bytes.byteLength).toBeLessThanOrEqual(Math.max(original.byteLength, 64 * 1024))
	expect(Buffer.from(bytes).includes(MARKER)).toBe(false)
	expect(Buffer.from(bytes).includes('<script')).toBe(false)
}

test('every file input of the UI is covered by this file', async () => {
	const root = path.join(import.meta.dirname, '../..')
	const found: Array<string> = []
	for (const entry of await fs.readdir(path.join(root, 'app'), { recursive: true })) {
		if (!entry.endsWith('.tsx')) continue
		const source = await fs.readFile(path.join(root, 'app', entry), 'utf8')
		// The shared German upload button (ui/file-button.tsx) is counted where it is used.
		if (entry === path.join('components', 'ui', 'file-button.tsx')) continue
		if (/type="file"|type: 'file'|<FileButton\b/.test(source)) found.push(`app/${entry}`)
	}
	expect(found.sort()).toEqual(Object.keys(FILE_INPUTS).sort())
})

describe('Meine Posts: CSV file (/posts/csv-import)', () => {
	const preview = (csv: File) => h.call('/posts/csv-import', { cookie: user.cookie, form: { intent: 'preview', file: csv } })

	test('a picture named .csv, a file over 2 MB and an empty file are refused in German; a real CSV is read', async () => {
		const picture = await preview(file(samples.png, 'posts.csv', 'text/csv'))
		expect(picture.status).toBe(400)
		expect(picture.text).toMatch(/CSV/)
		const big = await preview(file(new TextEncoder().encode(`text;netzwerke\n${'a'.repeat(2 * 1024 * 1024)};x\n`), 'gross.csv', 'text/csv'))
		expect(big.status).toBe(413)
		expect((await preview(file(new Uint8Array(0), 'leer.csv', 'text/csv'))).status).toBe(400)
		const ok = await preview(file(new TextEncoder().encode('text;netzwerke;datum;zeit\nFrisches Brot;Mastodon;;\n'), 'posts.csv', 'text/csv'))
		expect(ok.status).toBe(200)
		expect(ok.text).toContain('Frisches Brot')
	})
})

describe('creator: image (/api/generations)', () => {
	const generate = (image: File) =>
		h.call('/api/generations', { cookie: user.cookie, form: { requestId: randomUUID(), kind: 'image-prompt', platforms: 'instagram', agentId: '', prompt: 'Unser Brot', image } })
	const outcome = (r: CallResult) => (JSON.parse(r.text.trim().split('\n').at(-1)!) as { outcome: { ok: boolean; code?: string; images?: Record<string, string> } }).outcome

	test('a PNG named .txt is taken as the image it is; stored re-encoded, without metadata', async () => {
		const named = outcome(await generate(file(samples.png, 'notiz.txt', 'text/plain')))
		expect(named.ok).toBe(true)
		await expectCleanImage(named.images!.instagram!, samples.png)
		const withExif = outcome(await generate(file(tagged, 'ferien.jpg', 'image/jpeg')))
		await expectCleanImage(withExif.images!.instagram!, tagged)
		const polyglot = outcome(await generate(file(appended, 'bild.png', 'image/png')))
		await expectCleanImage(polyglot.images!.instagram!, appended)
	})

	test('HTML or an SVG with scripts named .png, and over 10 MB, are refused', async () => {
		expect(outcome(await generate(file(samples.html, 'bild.png', 'image/png')))).toMatchObject({ ok: false, code: 'image_type' })
		expect(outcome(await generate(file(samples.svgWithScript, 'bild.png', 'image/png')))).toMatchObject({ ok: false, code: 'image_type' })
		expect(outcome(await generate(file(oversized(IMAGE_MAX_BYTES), 'gross.png', 'image/png')))).toMatchObject({ ok: false, code: 'image_too_large' })
	})
})

describe("a post's own media, streamed (/api/media)", () => {
	const upload = (bytes: Uint8Array, name: string, type: string) =>
		h.call('/api/media', { cookie: user.cookie, body: new Uint8Array(bytes), headers: { 'Content-Type': type, 'X-File-Name': encodeURIComponent(name), 'X-Request-Id': randomUUID() } })
	const urlOf = (r: CallResult) => (r.data as { url: string }).url

	test('a PNG named .txt is taken as the image it is; stored re-encoded, without metadata or what was appended', async () => {
		const named = await upload(samples.png, 'notiz.txt', 'text/plain')
		expect(named.status).toBe(201)
		await expectCleanImage(urlOf(named), samples.png)
		await expectCleanImage(urlOf(await upload(tagged, 'ferien.jpg', 'image/jpeg')), tagged)
		await expectCleanImage(urlOf(await upload(appended, 'bild.png', 'image/png')), appended)
	})

	test('HTML or an SVG with scripts named .png or .mp4 are refused by content (415); over 10 MB an image is refused (413)', async () => {
		for (const [bytes, name] of [[samples.html, 'bild.png'], [samples.svgWithScript, 'bild.png'], [samples.html, 'reel.mp4'], [samples.zip, 'folien.pdf']] as const) {
			const refused = await upload(bytes, name, 'video/mp4')
			expect(refused.status, name).toBe(415)
			expect(refused.data).toMatchObject({ ok: false, code: 'media_type' })
		}
		expect(await upload(oversized(IMAGE_MAX_BYTES), 'gross.png', 'image/png')).toMatchObject({ status: 413, data: { code: 'image_too_large' } })
	})

	test('a PDF is kept as it is and served as a download under the sandbox policy', async () => {
		const stored = await upload(samples.pdfHeader, 'folien.pdf', 'application/pdf')
		expect(stored.status).toBe(201)
		expect(urlOf(stored)).toMatch(/^\/media\/documents\/[0-9a-f-]{36}\.pdf$/)
		const { answer } = await served(urlOf(stored))
		expect(answer.headers.get('content-disposition')).toBe('attachment')
		expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
		expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
	})
})

describe("a post's PDF document: uploaded (/api/media), then attached (/posts/:id/dokument)", () => {
	const upload = (bytes: Uint8Array, name: string, type: string, cookie = user.cookie) =>
		h.call('/api/media', { cookie, body: new Uint8Array(bytes), headers: { 'Content-Type': type, 'X-File-Name': encodeURIComponent(name), 'X-Request-Id': randomUUID() } })
	const attach = (postId: string, fileKey: string) => h.call('/posts/:id/dokument', { cookie: user.cookie, params: { id: postId }, form: { intent: 'attach', requestId: randomUUID(), fileKey } })
	const keyOf = (r: CallResult) => (r.data as { key: string }).key
	const nextWeek = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' }).format(new Date(Date.now() + 8 * 86_400_000))

	/** A planned LinkedIn post of the user (LinkedIn takes documents); the account made once. */
	let account: Promise<unknown> | null = null
	async function linkedinPost() {
		account ??= linkedinAccount()
		await account
		const post = await h.services.content.createScheduledPost(user.id, randomUUID(), { platform: 'linkedin', content: { base: 'Frisches Brot', platforms: {} } }, { date: nextWeek(), time: '09:00', timeZone: 'Europe/Zurich' })
		if (!post.ok) throw new Error(post.error)
		return post.post.id
	}
	async function linkedinAccount() {
		const token = await t.db
			.insertInto('social_tokens')
			.values({ user_id: user.id, platform: 'linkedin', account_id: `acct-${randomUUID()}`, account_name: 'Konto', access_token_encrypted: createSecretBox(h.env.APP_SECRET).seal('access'), sandbox: true, status: 'active' })
			.returning('id')
			.executeTakeFirstOrThrow()
		await t.db.insertInto('channels').values({ user_id: user.id, social_token_id: token.id, platform: 'linkedin', page_id: `urn:li:person:${randomUUID()}`, page_name: 'Seite', is_default: true }).execute()
	}

	test('a PDF named .png is taken as the document it is, under a server-made key; served as a download; attached with its pages', async () => {
		const pdf = await PDFDocument.create()
		for (let i = 0; i < 2; i++) pdf.addPage([200, 200])
		const stored = await upload(await pdf.save(), 'bericht.png', 'image/png')
		expect(stored.status).toBe(201)
		expect(stored.data).toMatchObject({ ok: true, kind: 'document' })
		expect(keyOf(stored)).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/)
		const { answer } = await served(`/media/${keyOf(stored)}`)
		expect(answer.headers.get('content-disposition')).toBe('attachment')
		const attached = await attach(await linkedinPost(), keyOf(stored))
		expect(attached.status, attached.text).toBe(200)
		expect(attached.data).toMatchObject({ ok: true, document: { source: 'upload', pages: 2, networks: ['linkedin'] } })
	})

	test('an image or a file that only starts like a PDF is not attached as a document; HTML named .pdf is refused on upload', async () => {
		const postId = await linkedinPost()
		// The dialog refuses an image already (kind 'image'); the route too: no upload of kind post_document under that key.
		const image = await upload(samples.png, 'folien.pdf', 'application/pdf')
		expect(image.data).toMatchObject({ ok: true, kind: 'image' })
		expect(await attach(postId, keyOf(image))).toMatchObject({ status: 404, data: { ok: false } })
		const header = await upload(samples.pdfHeader, 'kaputt.pdf', 'application/pdf')
		expect(header.status).toBe(201)
		expect(await attach(postId, keyOf(header))).toMatchObject({ status: 422, data: { ok: false, message: 'Die Datei ist kein lesbares PDF.' } })
		expect(await upload(samples.html, 'folien.pdf', 'application/pdf')).toMatchObject({ status: 415, data: { ok: false, code: 'media_type' } })
		// Another user's PDF: not found, as if it did not exist.
		const other = await h.user()
		const theirs = await upload(samples.pdfHeader, 'fremd.pdf', 'application/pdf', other.cookie)
		expect(await attach(postId, keyOf(theirs))).toMatchObject({ status: 404, data: { ok: false } })
		expect(await t.db.selectFrom('post_media').select('id').where('post_id', '=', postId).where('kind', '=', 'document').execute()).toEqual([])
	})
})

describe('creator: document and recording (/api/generations)', () => {
	const send = (fields: Record<string, string | File>) =>
		h.call('/api/generations', { cookie: user.cookie, form: { requestId: randomUUID(), platforms: 'linkedin', agentId: '', prompt: '', notes: '', ...fields } })
	const outcome = (r: CallResult) => (JSON.parse(r.text.trim().split('\n').at(-1)!) as { outcome: { ok: boolean; code?: string } }).outcome

	test('a document is judged by content: text named .pdf is read as text, an image named .pdf is refused, over 20 MB too', async () => {
		expect(outcome(await send({ kind: 'pdf-notes', document: file(samples.text, 'bericht.pdf', 'application/pdf') }))).toMatchObject({ ok: true })
		expect(outcome(await send({ kind: 'pdf-notes', document: file(samples.png, 'bericht.pdf', 'application/pdf') }))).toMatchObject({ ok: false, code: 'document_type' })
		expect(outcome(await send({ kind: 'pdf-notes', document: file(oversized(DOCUMENT_MAX_BYTES), 'gross.pdf', 'application/pdf') }))).toMatchObject({ ok: false, code: 'document_too_large' })
	})

	test('a recording must be a WAV by content; over 25 MB it is refused; a body over 32 MB is refused before it is read', async () => {
		const image = file(samples.png, 'b.png', 'image/png')
		expect(outcome(await send({ kind: 'audio-image', audio: file(samples.png, 'aufnahme.wav', 'audio/wav'), image }))).toMatchObject({ ok: false, code: 'audio_type' })
		const large = new Uint8Array(AUDIO_MAX_BYTES + 1)
		large.set(samples.wav.subarray(0, 44))
		expect(outcome(await send({ kind: 'audio-image', audio: file(large, 'aufnahme.wav', 'audio/wav'), image }))).toMatchObject({ ok: false, code: 'audio_too_large' })
		const tooBig = await send({ kind: 'pdf-notes', document: file(new Uint8Array(33 * 1024 * 1024), 'riesig.pdf', 'application/pdf') })
		expect(tooBig.status).toBe(413)
		expect(outcome(tooBig)).toEqual({ ok: false, code: 'request_too_large' })
	})
})

describe('agent logo (/agent, upload-logo)', () => {
	test('PNG named .txt and JPEG with metadata are re-encoded; an SVG with scripts is sanitised and stored as a PNG', async () => {
		for (const [bytes, name] of [
			[samples.png, 'logo.txt'],
			[tagged, 'logo.jpg'],
			[appended, 'logo.png'],
			[samples.svgWithScript, 'logo.svg'],
		] as const) {
			const agent = await h.services.agents.createPreset(user.id, 'Logo', randomUUID())
			if (!agent.ok) throw new Error(agent.error)
			const answer = await h.call('/agent', { cookie: user.cookie, form: { intent: 'upload-logo', agentId: agent.agent.id, logo: file(bytes, name, 'application/octet-stream') } })
			expect(answer.status, name).toBe(200)
			const url = (answer.data as { logoUrl: string }).logoUrl
			await expectCleanImage(url, bytes)
			if (name.endsWith('.svg')) expect(sniff((await served(url)).bytes)).toBe('png')
			await h.services.agents.deletePreset(user.id, agent.agent.id)
		}
	})

	test('HTML named .png and a logo over 5 MB are refused with the German message', async () => {
		const agent = await h.services.agents.createPreset(user.id, 'Logo', randomUUID())
		if (!agent.ok) throw new Error(agent.error)
		const html = await h.call('/agent', { cookie: user.cookie, form: { intent: 'upload-logo', agentId: agent.agent.id, logo: file(samples.html, 'logo.png', 'image/png') } })
		expect(html.status).toBe(400)
		expect(html.data).toMatchObject({ ok: false, notice: { title: 'Ungültiges Dateiformat' } })
		const large = await h.call('/agent', { cookie: user.cookie, form: { intent: 'upload-logo', agentId: agent.agent.id, logo: file(oversized(LOGO_MAX_BYTES), 'logo.png', 'image/png') } })
		expect(large.status).toBe(413)
		expect(JSON.stringify(large.data)).toMatch(/zu groß/i)
		await h.services.agents.deletePreset(user.id, agent.agent.id)
	})

})

describe('model test reference image (/model-test)', () => {
	const run = (reference: File) => h.call('/model-test', { cookie: user.cookie, form: { models: 'flux-schnell', category: 'image', prompt: 'Ein Brot', reference } })
	const storedReference = async () =>
		(await t.db.selectFrom('uploads').select('storage_key').where('user_id', '=', user.id).where('kind', '=', 'reference_image').orderBy('created_at', 'desc').executeTakeFirstOrThrow()).storage_key

	test('a PNG named .txt, a JPEG with metadata and a PNG with HTML appended are stored re-encoded', async () => {
		for (const [bytes, name] of [
			[samples.png, 'referenz.txt'],
			[tagged, 'referenz.jpg'],
			[appended, 'referenz.png'],
		] as const) {
			const answer = await run(file(bytes, name, 'text/plain'))
			expect(answer.status, name).toBe(200)
			await expectCleanImage(`/media/${await storedReference()}`, bytes)
		}
	})

	test('HTML or SVG named .png, and over 10 MB, are refused with the German message', async () => {
		for (const bytes of [samples.html, samples.svgWithScript]) {
			const answer = await run(file(bytes, 'referenz.png', 'image/png'))
			expect(answer.status).toBe(400)
			expect(answer.data).toMatchObject({ ok: false, notice: { type: 'error' } })
		}
		const large = await run(file(oversized(IMAGE_MAX_BYTES), 'gross.png', 'image/png'))
		expect(large.status).toBe(400)
		expect(JSON.stringify(large.data)).toContain('Die Datei ist zu groß.')
	})
})

describe('admin: model preview (/admin/models)', () => {
	const save = (preview: File) =>
		h.call('/admin/models', {
			cookie: admin.cookie,
			form: { intent: 'save', requestId: randomUUID(), name: 'Vorschau-Test', model_id: `vorschau-${randomUUID().slice(0, 8)}`, category: 'image', provider: 'local', credits_cost: '2', api_parameters: '{}', preview },
		})

	test('a PNG named .txt, a JPEG with metadata and a PNG with HTML appended are stored re-encoded', async () => {
		for (const [bytes, name] of [
			[samples.png, 'vorschau.txt'],
			[tagged, 'vorschau.jpg'],
			[appended, 'vorschau.png'],
		] as const) {
			const answer = await save(file(bytes, name, 'text/plain'))
			expect(answer.status, name).toBe(200)
			const id = (answer.data as { saved: string }).saved
			const row = await t.db.selectFrom('ai_models').select('preview_image_url').where('id', '=', id).executeTakeFirstOrThrow()
			await expectCleanImage(row.preview_image_url!, bytes)
		}
	})

	test('HTML or SVG with scripts named .png, and over 10 MB, are refused with the form message', async () => {
		for (const bytes of [samples.html, samples.svgWithScript, oversized(IMAGE_MAX_BYTES)]) {
			const answer = await save(file(bytes, 'vorschau.png', 'image/png'))
			expect(answer.status).toBe(400)
			expect(answer.data).toMatchObject({ ok: false, notice: { type: 'error' } })
		}
	})
})

test('stored files are served safely: images inline, everything else as a download, never as a page of this origin', async () => {
	const cases = [
		['images/zeigen.png', samples.png, 'image/png', 'inline'],
		['uploads/seite.svg', samples.svgWithScript, 'image/svg+xml', 'attachment'],
		['uploads/seite.txt', samples.html, 'text/plain; charset=utf-8', 'attachment'],
		['uploads/bericht.pdf', samples.pdfHeader, 'application/pdf', 'attachment'],
	] as const
	for (const [key, bytes, type, disposition] of cases) {
		await h.services.files.put(key, bytes, type)
		const answer = await h.call('/media/*', { params: { '*': key } })
		expect(answer.headers.get('content-disposition'), key).toBe(disposition)
		expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
		expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
	}
	// Keys are checked before the store is asked: no traversal, no odd names.
	for (const key of ['../secret.txt', 'images/../../etc/passwd', 'Bild.PNG', 'images/x.html', 'x.png']) {
		expect((await h.call('/media/*', { params: { '*': key } })).status, key).toBe(404)
	}
})
