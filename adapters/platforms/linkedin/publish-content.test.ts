import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { PDFDocument } from 'pdf-lib'
import { expect, test } from 'vitest'
import { withMedia } from '#modules/publishing/publish-media.ts'
import { startLinkedinSandbox } from './testing.ts'

// The port's publish with a post whose only item is a document (ADR 0055 addendum): the PDF is read from
// its URL and posted through the Documents API; a document beside an image, or a PDF over the
// descriptor's 100 MB as announced, is refused before anything goes to LinkedIn.

/** Serves `body` at every path, announcing `length` (default: its own). */
async function serve(body: Uint8Array, length = body.byteLength) {
	const server = http.createServer((_req, res) => {
		res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': length })
		res.end(length === body.byteLength ? Buffer.from(body) : undefined)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return Object.assign(server, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/media/documents/a.pdf`, [Symbol.asyncDispose]: () => new Promise<void>((r) => server.close(() => r())) })
}

async function pdfOf(pages: number) {
	const pdf = await PDFDocument.create()
	for (let i = 0; i < pages; i += 1) pdf.addPage([200, 200])
	return pdf.save()
}

const documentItem = (url: string) => ({ kind: 'document' as const, url, title: 'Leitfaden', altText: null, pages: 2 })

test('a single document item goes through the Documents API with its title', async () => {
	await using li = await startLinkedinSandbox()
	await using file = await serve(await pdfOf(2))
	const published = await li.adapter().publish(li.target(li.organization), withMedia('Unser Leitfaden', [documentItem(file.url)]), { checkpoint: async () => {} })
	expect(li.router.requests.map((r) => r.route)).toContain('PUT /upload/documents/:id')
	expect(li.store.posts.find((p) => p.id === published.externalId)).toMatchObject({ text: 'Unser Leitfaden', document: { title: 'Leitfaden', pages: 2 } })
})

test('a document beside an image, and a PDF announced over 100 MB, are refused before any request to LinkedIn', async () => {
	await using li = await startLinkedinSandbox()
	await using file = await serve(await pdfOf(1))
	const mixed = withMedia('Gemischt', [{ kind: 'image', url: 'https://bilder.example/a.jpg', altText: null }, documentItem(file.url)])
	await expect(li.adapter().publish(li.target(li.organization), mixed, { checkpoint: async () => {} })).rejects.toMatchObject({ kind: 'invalid_request', code: 'carousel_mixed' }) // the shared check (publish-media.ts) refuses it first
	await using huge = await serve(new Uint8Array(0), 101 * 1024 * 1024)
	await expect(li.adapter().publish(li.target(li.organization), withMedia('Zu groß', [documentItem(huge.url)]), { checkpoint: async () => {} })).rejects.toMatchObject({
		kind: 'invalid_request',
		code: 'document_too_large',
	})
	expect(li.router.requests).toEqual([])
})

/** A valid PDF of `pages` pages padded past `bytes` by an unreferenced raw stream (fast: nothing compressed). */
async function paddedPdf(pages: number, bytes: number) {
	const pdf = await PDFDocument.create()
	for (let i = 0; i < pages; i += 1) pdf.addPage([200, 200])
	pdf.context.register(pdf.context.stream(new Uint8Array(bytes).fill(0x20)))
	return pdf.save({ useObjectStreams: false })
}

test('a PDF over 20 MB (the image fetch’s cap) is streamed from its URL to the upload URL, its length announced, never through mediaFetch', async () => {
	await using li = await startLinkedinSandbox()
	const pdf = await paddedPdf(2, 21 * 1024 * 1024)
	expect(pdf.byteLength).toBeGreaterThan(20 * 1024 * 1024)
	await using file = await serve(pdf)
	const uploads: Array<{ streamed: boolean; length: string | null }> = []
	const recording: typeof fetch = (input, init) => {
		if (String(input).includes('/upload/documents/')) uploads.push({ streamed: init?.body instanceof ReadableStream, length: new Headers(init?.headers).get('content-length') })
		return globalThis.fetch(input, init)
	}
	const adapter = li.adapter({
		fetch: recording,
		mediaFetch: () => Promise.reject(new Error('a document is streamed, not fetched whole')),
		mediaStream: globalThis.fetch,
	})
	const published = await adapter.publish(li.target(li.organization), withMedia('Das ganze Handbuch', [documentItem(file.url)]), { checkpoint: async () => {} })
	expect(uploads).toEqual([{ streamed: true, length: String(pdf.byteLength) }])
	const upload = li.router.requests.find((r) => r.route === 'PUT /upload/documents/:id')!
	expect(upload.body.length).toBe(pdf.byteLength)
	expect(Buffer.compare(upload.body, Buffer.from(pdf))).toBe(0)
	expect(li.store.posts.find((p) => p.id === published.externalId)).toMatchObject({ text: 'Das ganze Handbuch', document: { title: 'Leitfaden', pages: 2 } })
})

test('a streamed file that is no PDF is refused by its first bytes before anything goes to LinkedIn', async () => {
	await using li = await startLinkedinSandbox()
	await using file = await serve(new TextEncoder().encode('<html>kein PDF</html>'))
	await expect(li.adapter({ mediaStream: globalThis.fetch }).publish(li.target(li.organization), withMedia('Falsch', [documentItem(file.url)]), { checkpoint: async () => {} })).rejects.toMatchObject({ kind: 'invalid_request', code: 'document_format' })
	expect(li.router.requests).toEqual([])
})
