import { PDFDocument } from 'pdf-lib'
import { expect, test } from 'vitest'
import type { Checkpoint, PublishHooks } from '#modules/publishing/ports.ts'
import { contentOf } from '#modules/publishing/publish-media.ts'
import publishing from '#locales/de/publishing.json'
import { linkedinApi } from './api.ts'
import { publishDocumentPost } from './document-post.ts'
import { uploadDocument } from './documents.ts'
import { linkedinErrorCodes } from './errors.ts'
import { startLinkedinSandbox } from './testing.ts'

type Sandbox = Awaited<ReturnType<typeof startLinkedinSandbox>>

async function pdfOf(pages: number) {
	const pdf = await PDFDocument.create()
	for (let i = 0; i < pages; i += 1) pdf.addPage([200, 200])
	return pdf.save()
}

const context = (li: Sandbox) => ({ api: linkedinApi(li.settings()), settings: li.settings(), options: { imagePollIntervalMs: 5, imagePollAttempts: 3 } })
const recording = (checkpoints: Array<Checkpoint>, previous?: Checkpoint): PublishHooks => ({ checkpoint: async (data) => void checkpoints.push(data), previous })
const versioned = (token: string) => ({ authorization: `Bearer ${token}`, 'linkedin-version': '202601', 'x-restli-protocol-version': '2.0.0' })

test('a document post: initializeUpload, PUT the PDF, poll PROCESSING then AVAILABLE, post with content.media {id, title}; the URN is checkpointed before the wait', async () => {
	await using li = await startLinkedinSandbox()
	const checkpoints: Array<Checkpoint> = []
	const pdf = await pdfOf(3)
	const published = await publishDocumentPost(context(li), li.target(li.organization), { text: 'Unser Jahr in 3 Folien', title: 'Jahresrückblick 2026', pdf }, recording(checkpoints))

	expect(li.router.requests.map((r) => r.route)).toEqual(['POST /rest/documents', 'PUT /upload/documents/:id', 'GET /rest/documents/:urn', 'GET /rest/documents/:urn', 'POST /rest/posts'])
	const [init, upload, , , post] = li.router.requests
	expect(init!.query.get('action')).toBe('initializeUpload')
	expect(init!.json).toEqual({ initializeUploadRequest: { owner: li.organization } })
	expect(Buffer.compare(upload!.body, Buffer.from(pdf))).toBe(0)
	const documentUrn = checkpoints[0]?.documentUrn
	expect(documentUrn).toMatch(/^urn:li:document:/)
	expect(checkpoints).toEqual([{ documentUrn }])
	expect((post!.json as { content: unknown }).content).toEqual({ media: { id: documentUrn, title: 'Jahresrückblick 2026' } })

	const stored = li.store.posts.find((p) => p.id === published.externalId)!
	expect(stored).toMatchObject({ authorId: li.organization, text: 'Unser Jahr in 3 Folien', imageUrl: null, document: { urn: documentUrn, title: 'Jahresrückblick 2026', pages: 3 } })
	const served = await fetch(stored.document!.url)
	expect(served.headers.get('content-type')).toBe('application/pdf')
	expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), Buffer.from(pdf))).toBe(0)
	// The posts finder shows the document as LinkedIn does, so a reconcile can match it.
	const listed = await fetch(`${li.base}/linkedin/rest/posts?q=author&author=${encodeURIComponent(li.organization)}`, { headers: versioned(li.token) })
	expect(((await listed.json()) as { elements: Array<{ content?: unknown }> }).elements[0]!.content).toEqual({ media: { id: documentUrn, title: 'Jahresrückblick 2026' } })
	expect(await (await fetch(li.base)).text()).toContain('data-pages="3">PDF-Dokument: <a href="')
})

test('only a PDF goes up: other bytes are refused before any request, and by the upload URL', async () => {
	await using li = await startLinkedinSandbox()
	const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
	await expect(uploadDocument(linkedinApi(li.settings()), li.target(li.person), png)).rejects.toMatchObject({ kind: 'invalid_request', code: 'document_format' })
	expect(li.router.requests).toEqual([])

	const init = await fetch(`${li.base}/linkedin/rest/documents?action=initializeUpload`, {
		method: 'POST',
		headers: { ...versioned(li.token), 'content-type': 'application/json' },
		body: JSON.stringify({ initializeUploadRequest: { owner: li.person } }),
	})
	const { value } = (await init.json()) as { value: { uploadUrl: string } }
	expect((await fetch(value.uploadUrl, { method: 'PUT', headers: { authorization: `Bearer ${li.token}` }, body: png })).status).toBe(400)
})

test('a PDF LinkedIn cannot process fails the post as invalid_request; one still processing after the polls is transient', async () => {
	await using li = await startLinkedinSandbox()
	const broken = new TextEncoder().encode('%PDF-1.7\nkein echtes PDF')
	await expect(publishDocumentPost(context(li), li.target(li.person), { text: 'x', title: 'Kaputt', pdf: broken }, recording([]))).rejects.toMatchObject({
		kind: 'invalid_request',
		code: 'document_failed',
	})
	expect(li.router.count('POST /rest/posts')).toBe(0)

	li.router.script('GET /rest/documents/:urn', [{ status: 200, body: { status: 'PROCESSING' } }])
	await expect(publishDocumentPost(context(li), li.target(li.person), { text: 'x', title: 'Langsam', pdf: await pdfOf(1) }, recording([]))).rejects.toMatchObject({
		kind: 'transient',
		code: 'document_processing',
	})
	expect(li.router.count('POST /rest/posts')).toBe(0)
})

test('the retry after "still processing" waits for the checkpointed document instead of uploading it again', async () => {
	await using li = await startLinkedinSandbox()
	const checkpoints: Array<Checkpoint> = []
	li.router.script('GET /rest/documents/:urn', [{ status: 200, body: { status: 'PROCESSING' } }])
	const content = { text: 'Geduld', title: 'Folien', pdf: await pdfOf(2) }
	await expect(publishDocumentPost(context(li), li.target(li.person), content, recording(checkpoints))).rejects.toMatchObject({ code: 'document_processing' })
	const previous = checkpoints[0]!
	li.router.reset()

	const again: Array<Checkpoint> = []
	const published = await publishDocumentPost(context(li), li.target(li.person), content, recording(again, previous))
	expect(li.router.count('POST /rest/documents')).toBe(0)
	expect(again).toEqual([])
	expect(li.store.posts.find((p) => p.id === published.externalId)?.document).toMatchObject({ urn: previous.documentUrn, pages: 2 })
})

test('after a lost answer the reconcile finds the document post by its checkpointed URN', async () => {
	await using li = await startLinkedinSandbox()
	li.router.script('POST /rest/posts', [{ pass: true, answer: { status: 504, body: { message: 'Gateway Timeout' } } }])
	const checkpoints: Array<Checkpoint> = []
	const since = new Date()
	const lost = publishDocumentPost(context(li), li.target(li.person), { text: 'Folien zum Jahr', title: 'Folien', pdf: await pdfOf(2) }, recording(checkpoints))
	await expect(lost).rejects.toMatchObject({ kind: 'unknown_outcome' })
	// Matched by the document, not the text: here the text differs on purpose.
	const found = await li.adapter().findPublished(li.target(li.person), contentOf('anders'), checkpoints[0]!, since)
	expect(found?.externalId).toBe(li.store.posts[0]!.id)
})

test("the fake refuses posts naming an unknown document, one still processing, another author's, or one without a title", async () => {
	await using li = await startLinkedinSandbox()
	const api = linkedinApi(li.settings())
	const ready = await uploadDocument(api, li.target(li.person), await pdfOf(1))
	await fetch(`${li.base}/linkedin/rest/documents/${encodeURIComponent(ready)}`, { headers: versioned(li.token) })
	const processing = await uploadDocument(api, li.target(li.person), await pdfOf(1))
	const post = (author: string, media: Record<string, unknown>) =>
		fetch(`${li.base}/linkedin/rest/posts`, {
			method: 'POST',
			headers: { ...versioned(li.token), 'content-type': 'application/json' },
			body: JSON.stringify({ author, commentary: 'Folien', visibility: 'PUBLIC', distribution: { feedDistribution: 'MAIN_FEED' }, lifecycleState: 'PUBLISHED', content: { media } }),
		}).then((response) => response.status)

	expect(await post(li.person, { id: 'urn:li:document:D4D10AQunbekannt', title: 'x' })).toBe(400)
	expect(await post(li.person, { id: processing, title: 'x' })).toBe(400)
	expect(await post(li.organization, { id: ready, title: 'x' })).toBe(400)
	expect(await post(li.person, { id: ready })).toBe(422)
	expect(await post(li.person, { id: ready, title: 'Folien' })).toBe(201)
	expect(li.store.posts).toHaveLength(1)
})

test('every document error code has a German reason', () => {
	for (const code of linkedinErrorCodes.filter((c) => c.startsWith('document_'))) {
		expect([code, typeof (publishing.reasons as Record<string, string>)[code]]).toEqual([code, 'string'])
	}
})
