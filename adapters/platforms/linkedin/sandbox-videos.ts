import { randomBytes } from 'node:crypto'
import { json, type FakeResponse, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import type { SandboxVideo } from '../sandbox/store.ts'
import { boxWalker, isPlayableMp4, KeptVideos, receiveUpload, type BoxWalker } from '../sandbox/videos.ts'
import { imageType } from './image-type.ts'
import { canActAs, liError, notEnoughPermissions, rest, withToken } from './sandbox-rest.ts'

// The LinkedIn fake's Videos API, as its documentation describes it: initializeUpload for an owner the
// member may act as, with fileSizeBytes (at most 500 MB) and uploadThumbnail; the file in 4 MB parts,
// one PUT per upload instruction of exactly its byte range, each answered with an ETag; the thumbnail
// in one PUT; finalizeUpload with the upload token and every part's ETag in order. Then PROCESSING for
// the first two status reads and AVAILABLE after them, or PROCESSING_FAILED for a file that is no MP4 with its index (moov).
// A post may name only an AVAILABLE video of its author. Parts are read as they arrive and kept only
// while the video is small (the feed page plays those).

type VideoStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED'
type Part = { firstByte: number; lastByte: number; etag: string | null }
type SandboxLinkedinVideo = {
	owner: string
	status: VideoStatus
	size: number
	parts: Array<Part>
	uploadToken: string
	thumbnail: 'expected' | 'none' | Buffer
	head: Buffer
	walker: BoxWalker
	kept: Array<Buffer> | null
	/** Status reads left before processing ends. */
	pollsLeft: number
}

export type SandboxVideos = {
	/** A post's video (content.media with a video URN), or LinkedIn's refusal of it. */
	forPost: (author: string, media: { id?: unknown; title?: unknown }) => SandboxVideo | FakeResponse
}

const MAX_BYTES = 500 * 1024 * 1024
export const PART_BYTES = 4 * 1024 * 1024
const KEEP_BYTES = 16 * 1024 * 1024
const POLLS_WHILE_PROCESSING = 2
const videoUrn = (id: string) => `urn:li:video:${id}`
export const isVideoUrn = (value: unknown) => typeof value === 'string' && value.startsWith('urn:li:video:')

export function videoRoutes(router: FakeRouter, { base, store }: SandboxContext): SandboxVideos {
	const videos = new Map<string, SandboxLinkedinVideo>()
	const files = new KeptVideos()
	const idOf = (urn: string) => urn.replace(/^urn:li:video:/, '')

	router.on(
		'POST /rest/videos',
		rest(store, (req, member) => {
			const action = req.query.get('action')
			if (action === 'initializeUpload') return initialize(req.json, member)
			if (action === 'finalizeUpload') return finalize(req.json, member)
			return liError(400, 'Unsupported action')
		}),
	)

	function initialize(body: unknown, member: Parameters<typeof canActAs>[0]) {
		const request = (body as { initializeUploadRequest?: Record<string, unknown> } | null)?.initializeUploadRequest
		const owner = request?.owner
		if (typeof owner !== 'string') return liError(422, '/initializeUploadRequest/owner :: field is required but not found and has no default value')
		const size = request!.fileSizeBytes
		if (!Number.isSafeInteger(size) || (size as number) <= 0) return liError(422, '/initializeUploadRequest/fileSizeBytes :: field is required and must be a positive long')
		if ((size as number) > MAX_BYTES) return liError(400, 'The file size cannot exceed 500MB')
		if (!canActAs(member, owner)) return notEnoughPermissions(`videos.ACTION.initializeUpload for ${owner}`)
		const id = store.nextId('C5F10AQsbx')
		const parts: Array<Part> = []
		for (let first = 0; first < (size as number); first += PART_BYTES) parts.push({ firstByte: first, lastByte: Math.min(first + PART_BYTES, size as number) - 1, etag: null })
		const uploadToken = parts.length > 1 ? randomBytes(12).toString('hex') : ''
		const withThumbnail = request!.uploadThumbnail === true
		videos.set(id, { owner, status: 'WAITING_UPLOAD', size: size as number, parts, uploadToken, thumbnail: withThumbnail ? 'expected' : 'none', head: Buffer.alloc(0), walker: boxWalker(), kept: [], pollsLeft: POLLS_WHILE_PROCESSING })
		return json(200, {
			value: {
				uploadUrlsExpireAt: Date.now() + 3600_000,
				video: videoUrn(id),
				uploadInstructions: parts.map((part, n) => ({ uploadUrl: `${base}/upload/videos/${id}/${n}`, firstByte: part.firstByte, lastByte: part.lastByte })),
				uploadToken,
				...(withThumbnail ? { thumbnailUploadUrl: `${base}/upload/videos/${id}/thumbnail` } : {}),
			},
		})
	}

	function finalize(body: unknown, member: Parameters<typeof canActAs>[0]) {
		const request = (body as { finalizeUploadRequest?: { video?: unknown; uploadToken?: unknown; uploadedPartIds?: unknown } } | null)?.finalizeUploadRequest
		const video = videos.get(idOf(String(request?.video)))
		if (!video) return liError(404, `Video ${String(request?.video)} not found`)
		if (!canActAs(member, video.owner)) return notEnoughPermissions('videos.ACTION.finalizeUpload')
		if (video.status !== 'WAITING_UPLOAD') return liError(400, 'The upload was finalized already')
		if (request!.uploadToken !== video.uploadToken) return liError(400, '/finalizeUploadRequest/uploadToken :: does not match the upload')
		const ids = request!.uploadedPartIds
		const expected = video.parts.map((part) => part.etag)
		if (expected.some((etag) => etag === null)) return liError(400, 'Not every part of the video was uploaded')
		if (!Array.isArray(ids) || ids.length !== expected.length || ids.some((id, n) => id !== expected[n])) return liError(400, '/finalizeUploadRequest/uploadedPartIds :: must list every part’s ETag in order')
		if (video.thumbnail === 'expected') return liError(400, 'The thumbnail was announced but not uploaded')
		video.status = isPlayableMp4({ head: video.head, boxes: video.walker.boxes }) ? 'PROCESSING' : 'PROCESSING_FAILED'
		const id = idOf(String(request!.video))
		files.keep(id, video.kept ? Buffer.concat(video.kept) : null)
		video.kept = null
		return { status: 200, body: {} }
	}

	router.onStream(
		'PUT /upload/videos/:id/:part',
		withToken(store, async (req) => {
			const video = videos.get(req.params.id!)
			if (!video) return drained(req.stream, liError(404, 'Upload not found'))
			if (req.params.part === 'thumbnail') {
				const received = await receiveUpload(req.stream!, 10 * 1024 * 1024)
				if (video.thumbnail !== 'expected' && !Buffer.isBuffer(video.thumbnail)) return liError(400, 'No thumbnail was announced for this video')
				if (!received.kept || !imageType(received.kept)) return liError(400, 'The thumbnail is not a supported image')
				video.thumbnail = received.kept
				return { status: 201 }
			}
			const part = video.parts[Number(req.params.part)]
			if (!part || video.status !== 'WAITING_UPLOAD') return drained(req.stream, liError(400, 'No such part to upload'))
			// The file's boxes are followed across its parts, which the documentation has uploaded in order.
			const inOrder = video.parts.slice(0, Number(req.params.part)).every((earlier) => earlier.etag !== null) && part.etag === null
			const received = await receiveUpload(req.stream!, KEEP_BYTES, inOrder ? video.walker : boxWalker())
			const expected = part.lastByte - part.firstByte + 1
			if (received.bytes !== expected) return liError(400, `The part must have ${expected} bytes, not ${received.bytes}`)
			if (part.firstByte === 0) video.head = received.head
			if (video.kept && received.kept && video.size <= KEEP_BYTES) video.kept[Number(req.params.part)] = received.kept
			else video.kept = null
			part.etag = `"${received.sha256.slice(0, 32)}"`
			return { status: 200, headers: { etag: part.etag } }
		}),
	)

	router.on(
		'GET /rest/videos/:urn',
		rest(store, (req, member) => {
			const id = idOf(req.params.urn!)
			const video = videos.get(id)
			if (!video) return liError(404, `Video ${req.params.urn} not found`)
			if (!canActAs(member, video.owner)) return liError(403, 'Accessing this video resource is forbidden. Please check your permissions for this resource')
			const status = video.status
			// Processing lasts the first reads: the adapter must wait for AVAILABLE before posting.
			if (status === 'PROCESSING' && --video.pollsLeft <= 0) video.status = 'AVAILABLE'
			return json(200, {
				id: videoUrn(id),
				owner: video.owner,
				status,
				...(status === 'AVAILABLE' ? { downloadUrl: `${base}/videos/${id}`, downloadUrlExpiresAt: Date.now() + 3600_000, ...(Buffer.isBuffer(video.thumbnail) ? { thumbnail: `${base}/videos/${id}/thumbnail` } : {}) } : {}),
			})
		}),
	)

	router.on('GET /videos/:id', (req) => files.serve(req.params.id!))
	router.on('GET /videos/:id/thumbnail', (req) => {
		const thumbnail = videos.get(req.params.id!)?.thumbnail
		if (!Buffer.isBuffer(thumbnail)) return liError(404, 'Thumbnail not found')
		return { status: 200, headers: { 'content-type': imageType(thumbnail)!, 'cache-control': 'max-age=3600' }, raw: thumbnail }
	})

	return {
		forPost(author, media) {
			const urn = String(media.id)
			const id = idOf(urn)
			const video = videos.get(id)
			if (!video || video.owner !== author) return liError(400, `/content/media/id :: ${urn} is not a valid video of the author`)
			if (video.status !== 'AVAILABLE') return liError(400, `Video ${urn} is ${video.status}`)
			if (media.title !== undefined && typeof media.title !== 'string') return liError(400, '/content/media/title :: must be a string')
			const poster = Buffer.isBuffer(video.thumbnail) ? `${base}/videos/${id}/thumbnail` : null
			return { kind: 'video', id: urn, url: files.has(id) ? `${base}/videos/${id}` : null, poster, alt: '', bytes: video.size, ...(typeof media.title === 'string' ? { title: media.title } : {}) }
		},
	}
}

/** An answer without reading the upload: its bytes are read and dropped first, so the client is not cut off. */
function drained(stream: AsyncIterable<Buffer> | undefined, response: FakeResponse): Promise<FakeResponse> {
	return (async () => {
		if (stream) for await (const _ of stream);
		return response
	})()
}
