import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { createInstance } from 'i18next'
import { PDFDocument } from 'pdf-lib'
import { expect, test } from 'vitest'
import { createLinkedinAdapter } from '#adapters/platforms/linkedin/adapter.ts'
import { linkedin } from '#adapters/platforms/linkedin/index.ts'
import { sandboxOrganization } from '#adapters/platforms/linkedin/sandbox-rest.ts'
import { documentRefusalMessage } from '#app/server/post-document.server.ts'
import postDocumentStrings from '#locales/de/postDocument.json' with { type: 'json' }
import type { PostDocumentView } from '#modules/content/index.ts'
import type { FileStore } from '#modules/core/files.server.ts'
import type { Checkpoint, PublishContent } from '#modules/publishing/ports.ts'
import { withMedia } from '#modules/publishing/publish-media.ts'
import { createMediaFetch, createMediaStream } from '#server/platforms.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

// Issue 39 item 4 end to end below the browser: a post becomes a PDF document (its slides, in the brand's
// look), is edited, and goes to a LinkedIn organization page through the Documents API, its PDF read
// from the app's /media/ URL as a stream (mediaStream, as the composition builds it); a lost answer and a kill are reconciled
// without a second post; an uploaded PDF is attached; a PDF over LinkedIn's 300 pages is refused in German.

const zurich = 'Europe/Zurich'
const text = `Drei Dinge, die unser Team 2026 gelernt hat

Wir haben ein Jahr lang jede Woche ausgewertet, was funktioniert:

- Kurze Texte schlagen lange
- Bilder mit Menschen wirken besser
- Der Dienstagmorgen ist die beste Zeit

Was ist eure Erfahrung? Schreibt es mir in die Kommentare 👇`

/** Serves the file store at /media/<key> on a loopback port: the app's own URL that the adapter fetches the PDF from. */
async function startMediaServer() {
	let files: FileStore | null = null
	const server = http.createServer(async (req, res) => {
		const key = decodeURIComponent((req.url ?? '').replace(/^\/media\//, ''))
		const file = files ? await files.get(key) : null
		if (!file) return void res.writeHead(404).end()
		res.writeHead(200, { 'content-type': file.contentType, 'content-length': file.bytes.byteLength }).end(Buffer.from(file.bytes))
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		serve: (store: FileStore) => void (files = store),
		[Symbol.asyncDispose]: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

async function setup() {
	const t = await createTestDatabase()
	const media = await startMediaServer()
	const h = await publishingHarness(t, undefined, {}, { appUrl: media.url })
	media.serve(h.services.files)
	const { userId } = await h.connectedUser(['linkedin', 'mastodon'])
	const channels = await h.services.publishing.listChannels(userId)
	const organization = channels.find((c) => c.platform === 'linkedin' && c.pageType === 'business')!
	// The adapter as the composition builds it for the sandbox, with the app's safe media fetch.
	const adapter = createLinkedinAdapter(
		{
			...linkedin.sandboxEndpoints(h.sandbox.base, h.sandbox.base),
			clientId: 'sandbox-linkedin',
			clientSecret: 'sandbox-secret',
			sandbox: true,
			fetch,
			mediaFetch: createMediaFetch({ APP_URL: media.url, APP_ENV: 'test', PUBLISH_TIMEOUT_MS: 5000 }),
			mediaStream: createMediaStream({ APP_URL: media.url }),
			userFetch: fetch,
			timeoutMs: 5000,
		},
		{ imagePollIntervalMs: 5, imagePollAttempts: 5 },
	)
	const target = { accountId: 'sandbox', pageId: sandboxOrganization.urn, accessToken: h.li.token }
	async function newPost(channelIds = [organization.id], platform: 'linkedin' | 'mastodon' = 'linkedin') {
		const post = await h.services.content.createPost(userId, { platform, content: { base: text, platforms: {} }, status: 'draft', timeZone: zurich, channelIds })
		return post.id
	}
	/** What the publisher sends for the post's document (its post_media row): an absolute URL, the title, the pages. */
	const contentOf = (document: PostDocumentView): PublishContent =>
		withMedia(text, [{ kind: 'document', url: `${media.url}${document.url}`, title: document.title, altText: null, pages: document.pages, sizeBytes: document.sizeBytes }])
	return {
		t,
		h,
		userId,
		channels,
		adapter,
		target,
		newPost,
		contentOf,
		documents: h.services.postDocuments,
		async [Symbol.asyncDispose]() {
			await h[Symbol.asyncDispose]()
			await media[Symbol.asyncDispose]()
			await t[Symbol.asyncDispose]()
		},
	}
}

async function pdfOf(pages: number) {
	const pdf = await PDFDocument.create()
	for (let i = 0; i < pages; i += 1) pdf.addPage([200, 200])
	return pdf.save()
}

async function germanT() {
	const i18n = createInstance({ resources: { de: { postDocument: postDocumentStrings } }, lng: 'de', ns: ['postDocument'], interpolation: { escapeValue: false } })
	await i18n.init()
	return i18n.getFixedT(null, 'postDocument')
}

test('a post made into a document, a slide edited, published to a LinkedIn page: the feed shows the PDF document with its pages', async () => {
	await using s = await setup()
	const postId = await s.newPost()
	const requestId = randomUUID()
	const made = await s.documents.make(s.userId, { postId, requestId })
	if (!made.ok) throw new Error(JSON.stringify(made))
	expect(made.document).toMatchObject({ source: 'slides', networks: ['linkedin'], url: expect.stringMatching(/^\/media\/documents\/.+\.pdf$/) })
	expect(made.document.slides!.map((slide) => slide.kind)).toEqual(['title', 'content', 'closing'])
	expect(made.document.pages).toBe(made.document.slides!.length)
	// Once per request id: the same answer, no second row or file.
	expect(await s.documents.make(s.userId, { postId, requestId })).toEqual(made)

	// The user edits the second slide and adds one: the new deck replaces the first (its file goes too).
	const edited = [...made.document.slides!]
	edited[1] = { ...edited[1]!, heading: 'Was wir gelernt haben', body: ['Kurze Texte schlagen lange', 'Menschen auf Bildern wirken'] }
	edited.splice(2, 0, { kind: 'content', heading: 'Und noch etwas', body: ['Dienstags um 8 Uhr posten'], list: null })
	const saved = await s.documents.make(s.userId, { postId, requestId: randomUUID(), slides: edited })
	if (!saved.ok) throw new Error(JSON.stringify(saved))
	expect(saved.document).toMatchObject({ pages: 4, slides: edited })
	const rows = await s.t.db.selectFrom('post_media').select(['kind', 'source', 'pages', 'size_bytes', 'networks', 'title', 'file_key']).where('post_id', '=', postId).execute()
	expect(rows).toEqual([{ kind: 'document', source: 'slides', pages: 4, size_bytes: expect.anything(), networks: ['linkedin'], title: saved.document.title, file_key: saved.document.url.slice('/media/'.length) }])
	expect(await s.h.services.files.get(made.document.url.slice('/media/'.length))).toBeNull()
	expect(await s.documents.read(s.userId, postId)).toEqual(saved.document)

	const published = await s.adapter.publish(s.target, s.contentOf(saved.document), { checkpoint: async () => {} })
	const stored = s.h.sandbox.store.posts.find((p) => p.id === published.externalId)!
	expect(stored).toMatchObject({ authorId: sandboxOrganization.urn, document: { title: saved.document.title, pages: 4 } })
	const served = await PDFDocument.load(new Uint8Array(await (await fetch(stored.document!.url)).arrayBuffer()))
	expect(served.getPageCount()).toBe(4)
	expect(await (await fetch(s.h.sandbox.base)).text()).toContain('data-pages="4">PDF-Dokument: <a href="')
})

test('a lost answer to the post is found by its document, and a kill after the upload reuses the document: one post each', async () => {
	await using s = await setup()
	const li = s.h.routers.linkedin!
	const made = await s.documents.make(s.userId, { postId: await s.newPost(), requestId: randomUUID() })
	if (!made.ok) throw new Error(JSON.stringify(made))
	const content = s.contentOf(made.document)

	// LinkedIn creates the post, a proxy answers 504: the reconcile finds it by the checkpointed document URN.
	const since = new Date()
	const checkpoints: Array<Checkpoint> = []
	li.script('POST /rest/posts', [{ pass: true, answer: { status: 504, headers: { 'content-type': 'text/html' }, raw: 'Gateway Timeout' } }])
	await expect(s.adapter.publish(s.target, content, { checkpoint: async (data) => void checkpoints.push(data) })).rejects.toMatchObject({ name: 'PlatformError' })
	li.reset()
	const found = await s.adapter.findPublished!(s.target, content, Object.assign({}, ...checkpoints), since)
	const ours = s.h.sandbox.store.posts.filter((p) => p.document?.urn === checkpoints[0]?.documentUrn)
	expect(ours).toHaveLength(1)
	expect(found).toMatchObject({ externalId: ours[0]!.id })

	// Killed right after the document's URN was checkpointed: the next attempt waits for the same document.
	const killed: Array<Checkpoint> = []
	const crash = s.adapter.publish(s.target, content, {
		checkpoint: async (data) => {
			killed.push(data)
			throw new Error('simulated crash after the checkpoint')
		},
	})
	await expect(crash).rejects.toThrow('simulated crash')
	const again = await s.adapter.publish(s.target, content, { checkpoint: async () => {}, previous: killed[0] })
	expect(li.count('PUT /upload/documents/:id')).toBe(1)
	expect(li.count('POST /rest/posts')).toBe(1)
	expect(s.h.sandbox.store.posts.find((p) => p.id === again.externalId)!.document!.urn).toBe(killed[0]!.documentUrn)
})

test('an uploaded PDF becomes the post’s document and is published with its pages and name', async () => {
	await using s = await setup()
	const postId = await s.newPost()
	const uploaded = await s.h.services.media.upload(s.userId, randomUUID(), { name: 'Jahresbericht 2026.pdf', body: Readable.from([await pdfOf(3)]) })
	if (!uploaded.ok) throw new Error(JSON.stringify(uploaded))
	const attached = await s.documents.attachUploaded(s.userId, { postId, fileKey: uploaded.media.key, requestId: randomUUID() })
	if (!attached.ok) throw new Error(JSON.stringify(attached))
	expect(attached.document).toMatchObject({ source: 'upload', pages: 3, title: 'Jahresbericht 2026', networks: ['linkedin'], slides: null, url: uploaded.media.url })

	const published = await s.adapter.publish(s.target, s.contentOf(attached.document), { checkpoint: async () => {} })
	expect(s.h.sandbox.store.posts.find((p) => p.id === published.externalId)).toMatchObject({ document: { title: 'Jahresbericht 2026', pages: 3 } })
	expect(await (await fetch(s.h.sandbox.base)).text()).toContain('data-pages="3">PDF-Dokument: <a href="')

	// Another user's file, a post without a network taking documents: refused, nothing written.
	const other = await s.h.connectedUser(['linkedin'])
	expect(await s.documents.attachUploaded(other.userId, { postId, fileKey: uploaded.media.key, requestId: randomUUID() })).toEqual({ ok: false, error: 'not_found' })
	const mastodon = s.channels.find((c) => c.platform === 'mastodon')!
	const elsewhere = await s.newPost([mastodon.id], 'mastodon')
	expect(await s.documents.attachUploaded(s.userId, { postId: elsewhere, fileKey: uploaded.media.key, requestId: randomUUID() })).toEqual({ ok: false, error: 'no_document_network' })
})

test('an uploaded PDF over 20 MB (the safe media fetch’s cap) is streamed from /media/ to LinkedIn and published', async () => {
	await using s = await setup()
	const postId = await s.newPost()
	const pdf = await PDFDocument.create()
	for (let i = 0; i < 2; i += 1) pdf.addPage([200, 200])
	// Padding in an unreferenced raw stream: a valid PDF of 21 MB, made in well under a second.
	pdf.context.register(pdf.context.stream(new Uint8Array(21 * 1024 * 1024).fill(0x20)))
	const bytes = await pdf.save({ useObjectStreams: false })
	const uploaded = await s.h.services.media.upload(s.userId, randomUUID(), { name: 'Handbuch.pdf', body: Readable.from([bytes]) })
	if (!uploaded.ok) throw new Error(JSON.stringify(uploaded))
	const attached = await s.documents.attachUploaded(s.userId, { postId, fileKey: uploaded.media.key, requestId: randomUUID() })
	if (!attached.ok) throw new Error(JSON.stringify(attached))
	expect(attached.document).toMatchObject({ pages: 2, sizeBytes: bytes.byteLength })
	// The safe media fetch the adapter read it through before gives up on it (20 MB): why documents are streamed.
	const url = s.contentOf(attached.document).media![0]!.url
	await expect(createMediaFetch({ APP_URL: url, APP_ENV: 'test', PUBLISH_TIMEOUT_MS: 5000 })(url).then((r) => r.arrayBuffer())).rejects.toThrow()

	const published = await s.adapter.publish(s.target, s.contentOf(attached.document), { checkpoint: async () => {} })
	expect(s.h.sandbox.store.posts.find((p) => p.id === published.externalId)).toMatchObject({ document: { title: 'Handbuch', pages: 2 } })
	const upload = s.h.routers.linkedin!.requests.find((r) => r.route === 'PUT /upload/documents/:id')!
	expect(Buffer.compare(upload.body, Buffer.from(bytes))).toBe(0)
})

test('a PDF over LinkedIn’s 300 pages and a slide with too much text are refused in German, with the figures', async () => {
	await using s = await setup()
	const postId = await s.newPost()
	const t = await germanT()
	const uploaded = await s.h.services.media.upload(s.userId, randomUUID(), { name: 'Zu lang.pdf', body: Readable.from([await pdfOf(301)]) })
	if (!uploaded.ok) throw new Error(JSON.stringify(uploaded))
	const refused = await s.documents.attachUploaded(s.userId, { postId, fileKey: uploaded.media.key, requestId: randomUUID() })
	expect(refused).toEqual({ ok: false, error: 'document_too_many_pages', pages: 301, limit: 300, network: 'LinkedIn' })
	if (refused.ok) return
	expect(documentRefusalMessage(t, refused)).toBe('Das PDF hat 301 Seiten; LinkedIn nimmt höchstens 300 Seiten.')
	expect(documentRefusalMessage(t, { ok: false, error: 'document_too_large', size: 150 * 1024 * 1024, limit: 100 * 1024 * 1024, network: 'LinkedIn' })).toBe(
		'Das PDF ist 150 MB groß; LinkedIn nimmt höchstens 100 MB.',
	)

	const long = Array.from({ length: 12 }, (_, i) => `${i + 1}. ${'Sehr langer Satz mit vielen Wörtern, '.repeat(15).trim()}`)
	const tooLong = await s.documents.make(s.userId, { postId, requestId: randomUUID(), slides: [{ kind: 'title', heading: 'Titel', body: [], list: null }, { kind: 'content', heading: 'Zu viel', body: long, list: 'number' }] })
	expect(tooLong).toEqual({ ok: false, error: 'slide_too_long', slide: 2 })
	if (!tooLong.ok) expect(documentRefusalMessage(t, tooLong)).toBe('Folie 2 enthält zu viel Text. Bitte kürzen Sie sie oder verteilen Sie den Text auf zwei Folien.')
	expect(await s.t.db.selectFrom('post_media').select('id').where('post_id', '=', postId).execute()).toEqual([])
})
