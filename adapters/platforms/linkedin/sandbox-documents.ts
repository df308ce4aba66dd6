import { PDFDocument } from 'pdf-lib'
import { json, type FakeResponse, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import { isPdf } from './documents.ts'
import { canActAs, liError, notEnoughPermissions, rest, withToken, type Member } from './sandbox-rest.ts'

// The LinkedIn fake's Documents API, as its documentation describes it: initializeUpload for an owner the
// member may act as, one PUT of the file to the upload URL (a PDF here, judged by its bytes), then
// PROCESSING until the first status read and AVAILABLE after it. A document over 100 MB is refused at
// the upload, one over 300 pages or one that is no readable PDF fails in processing. A post may name
// only an AVAILABLE document of its author; the page count stays with the post for the feed page.

type DocumentStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED'
type SandboxDocument = { owner: string; status: DocumentStatus; bytes: Buffer | null; pages: number | null }

export type PostedDocument = { urn: string; title: string; pages: number; url: string }

export type SandboxDocuments = {
	/** A post's document, or LinkedIn's refusal of it. */
	forPost: (author: string, media: { id?: unknown; title?: unknown }) => PostedDocument | FakeResponse
}

const MAX_BYTES = 100 * 1024 * 1024
const MAX_PAGES = 300
// Document bytes stay in memory only for the feed page's link; the oldest go first above this size.
const MEMORY_BYTES = 128 * 1024 * 1024
const documentUrn = (id: string) => `urn:li:document:${id}`
export const isDocumentUrn = (value: unknown) => typeof value === 'string' && value.startsWith('urn:li:document:')

export function documentRoutes(router: FakeRouter, { base, store }: SandboxContext): SandboxDocuments {
	const documents = new Map<string, SandboxDocument>()
	const idOf = (urn: string) => urn.replace(/^urn:li:document:/, '')

	router.on(
		'POST /rest/documents',
		rest(store, (req, member) => {
			if (req.query.get('action') !== 'initializeUpload') return liError(400, 'Unsupported action')
			const owner = (req.json as { initializeUploadRequest?: { owner?: unknown } } | null)?.initializeUploadRequest?.owner
			if (typeof owner !== 'string') return liError(422, '/initializeUploadRequest/owner :: field is required but not found and has no default value')
			if (!canActAs(member, owner)) return notEnoughPermissions(`documents.ACTION.initializeUpload for ${owner}`)
			const id = store.nextId('D4D10AQsbx')
			documents.set(id, { owner, status: 'WAITING_UPLOAD', bytes: null, pages: null })
			return json(200, { value: { uploadUrlExpiresAt: Date.now() + 3600_000, uploadUrl: `${base}/upload/documents/${id}`, document: documentUrn(id) } })
		}),
	)

	router.on(
		'PUT /upload/documents/:id',
		withToken(store, async (req) => {
			const document = documents.get(req.params.id!)
			if (!document) return liError(404, 'Upload not found')
			if (document.status !== 'WAITING_UPLOAD') return liError(400, 'The document was uploaded already')
			if (req.body.length > MAX_BYTES) return liError(413, 'The file size cannot exceed 100MB')
			if (!isPdf(req.body)) return liError(400, 'The uploaded file is not a supported document')
			document.bytes = req.body
			document.pages = await pageCount(req.body)
			document.status = document.pages !== null && document.pages <= MAX_PAGES ? 'PROCESSING' : 'PROCESSING_FAILED'
			forgetOld(documents)
			return { status: 201 }
		}),
	)

	router.on(
		'GET /rest/documents/:urn',
		rest(store, (req, member) => {
			const id = idOf(req.params.urn!)
			const document = documents.get(id)
			if (!document) return liError(404, `Document ${req.params.urn} not found`)
			if (!mayRead(member, document)) return liError(403, 'Accessing this document resource is forbidden. Please check your permissions for this resource')
			const status = document.status
			// Processing takes until the first look: the adapter must wait for AVAILABLE before posting.
			if (status === 'PROCESSING') document.status = 'AVAILABLE'
			const available = status === 'AVAILABLE'
			return json(200, {
				id: documentUrn(id),
				owner: document.owner,
				status,
				...(available ? { downloadUrl: `${base}/documents/${id}`, downloadUrlExpiresAt: Date.now() + 3600_000 } : {}),
			})
		}),
	)

	router.on('GET /documents/:id', (req) => {
		const bytes = documents.get(req.params.id!)?.bytes
		if (!bytes) return liError(404, 'Document not found')
		return { status: 200, headers: { 'content-type': 'application/pdf', 'cache-control': 'max-age=3600' }, raw: bytes }
	})

	return {
		forPost(author, media) {
			const urn = String(media.id)
			const document = documents.get(idOf(urn))
			if (!document || document.owner !== author) return liError(400, `/content/media/id :: ${urn} is not a valid document of the author`)
			if (document.status !== 'AVAILABLE') return liError(400, `Document ${urn} is ${document.status}`)
			if (typeof media.title !== 'string' || !media.title.trim()) return liError(422, '/content/media/title :: a document post needs a title')
			return { urn, title: media.title, pages: document.pages!, url: `${base}/documents/${idOf(urn)}` }
		},
	}
}

/** Person documents only by their owner; organization documents by the page's admins (the member's scopes say so here). */
const mayRead = (member: Member, document: SandboxDocument) => canActAs(member, document.owner)

async function pageCount(bytes: Buffer): Promise<number | null> {
	try {
		return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount()
	} catch {
		return null
	}
}

function forgetOld(documents: Map<string, SandboxDocument>) {
	let total = 0
	for (const document of documents.values()) total += document.bytes?.length ?? 0
	for (const document of documents.values()) {
		if (total <= MEMORY_BYTES) break
		total -= document.bytes?.length ?? 0
		// The document stays postable; only its file link on the feed page goes.
		document.bytes = null
	}
}
