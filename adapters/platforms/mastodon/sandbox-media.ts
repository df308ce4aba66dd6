import { Readable } from 'node:stream'
import { Busboy } from '@fastify/busboy'
import { json, type FakeRequest, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import { isPlayableMp4, receiveUpload, type ReceivedUpload } from '../sandbox/videos.ts'
import { authorize, error, instanceRoute, notFound } from './sandbox-shared.ts'

// POST /api/v2/media answers 202 with `url: null` while the instance processes the file in the
// background; GET /api/v1/media/:id answers 206 until it is done, then 200 with the `url`
// (docs.joinmastodon.org/methods/media). Bytes stay in memory for the feed page; the oldest go first.
// The form is read as it arrives: a video (MP4 or WebM, up to video_size_limit) is counted, not kept
// when large; it processes for one read more than an image, and one without its index ('moov') fails
// in processing (422 on GET /api/v1/media/:id, as when the instance's ffmpeg gives up). A `thumbnail`
// (JPEG or PNG) becomes the video's preview_url.

export type SandboxMedia = {
	id: string
	host: string
	kind: 'image' | 'video'
	type: string
	/** Null for a video too large to keep. */
	bytes: Buffer | null
	size: number
	pendingPolls: number
	url: string
	description: string | null
	attached: boolean
	failed: boolean
	thumbnail: Buffer | null
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']
export const IMAGE_SIZE_LIMIT = 16 * 1024 * 1024
export const VIDEO_TYPES = ['video/mp4', 'video/webm']
export const VIDEO_SIZE_LIMIT = 99 * 1024 * 1024
const KEEP_VIDEO_BYTES = 16 * 1024 * 1024
/** MediaAttachment::MAX_DESCRIPTION_LENGTH (characters). */
export const DESCRIPTION_LIMIT = 1500
const MEMORY_BYTES = 64 * 1024 * 1024

/** The type an image's first bytes say it is; null for anything else. */
function sniff(bytes: Buffer) {
	if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
	if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png'
	if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif'
	if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp'
	return null
}

export function attachmentJson(media: Pick<SandboxMedia, 'id' | 'url' | 'description' | 'kind' | 'thumbnail'>, ready: boolean) {
	const preview = media.kind === 'image' ? media.url : media.thumbnail ? `${media.url}/thumbnail` : null
	return { id: media.id, type: media.kind, url: ready ? media.url : null, preview_url: preview, remote_url: null, preview_remote_url: null, text_url: null, meta: {}, description: media.description, blurhash: null }
}

/** What a video's first bytes say it is; null for anything else. */
function sniffVideo(head: Buffer) {
	if (head.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4'
	if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'video/webm'
	return null
}

type UploadForm = { file: (ReceivedUpload & { type: string }) | null; thumbnail: ReceivedUpload | null; description: string | null; broken: boolean }

/** The multipart form read as it streams: `file` and `thumbnail` counted (kept while small), `description` as text. */
async function readForm(req: FakeRequest): Promise<UploadForm> {
	const form: UploadForm = { file: null, thumbnail: null, description: null, broken: false }
	let parser: ReturnType<typeof Busboy>
	try {
		parser = Busboy({ headers: { 'content-type': req.headers['content-type'] ?? '' } })
	} catch {
		for await (const _ of req.stream!);
		return { ...form, broken: true }
	}
	const files: Array<Promise<void>> = []
	parser.on('field', (name: string, value: string) => {
		if (name === 'description') form.description = value
	})
	parser.on('file', (name: string, stream: Readable, _filename: string, _encoding: string, type: string) => {
		if (name === 'file') files.push(receiveUpload(stream, KEEP_VIDEO_BYTES).then((received) => void (form.file = { ...received, type })))
		else if (name === 'thumbnail') files.push(receiveUpload(stream, 10 * 1024 * 1024).then((received) => void (form.thumbnail = received)))
		else stream.resume()
	})
	await new Promise<void>((resolve) => {
		parser.on('finish', resolve)
		parser.on('error', () => {
			form.broken = true
			resolve()
		})
		Readable.from(req.stream!).pipe(parser)
	})
	await Promise.all(files)
	return form
}

/** `processingPolls`: how many reads answer 206 before the image is ready (default 1). */
export function addMediaRoutes(router: FakeRouter, { base, store }: SandboxContext, processingPolls = 1) {
	const media = new Map<string, SandboxMedia>()

	function forgetOld() {
		let total = [...media.values()].reduce((sum, m) => sum + (m.bytes?.length ?? 0), 0)
		for (const [id, m] of media) {
			if (total <= MEMORY_BYTES) break
			media.delete(id)
			total -= m.bytes?.length ?? 0
		}
	}

	instanceRoute(
		router,
		'POST /api/v2/media',
		async (req, host) => {
			const refused = authorize(store, req, host)
			const form = await readForm(req)
			if (refused) return refused
			const { file } = form
			if (!file || form.broken) return error(422, "Validation failed: File can't be blank")
			const alt = form.description ? form.description : null
			if (alt && [...alt].length > DESCRIPTION_LIMIT) return error(422, `Validation failed: Description is too long (maximum is ${DESCRIPTION_LIMIT} characters)`)
			const videoType = sniffVideo(file.head)
			const imageType = file.kept ? sniff(file.kept) : null
			const id = store.nextId('2200')
			const url = `${base}/host/${host}/system/media_attachments/${id}`
			let entry: SandboxMedia
			if (videoType) {
				if (!VIDEO_TYPES.includes(file.type || videoType)) return error(422, 'Validation failed: File content type is invalid, File is invalid')
				if (file.bytes > VIDEO_SIZE_LIMIT) return error(422, `Validation failed: File file size must be less than ${VIDEO_SIZE_LIMIT / 1024 / 1024} MB`)
				const thumbnail = form.thumbnail?.kept ?? null
				if (form.thumbnail && !(thumbnail && sniff(thumbnail) && ['image/jpeg', 'image/png'].includes(sniff(thumbnail)!))) return error(422, 'Validation failed: Thumbnail content type is invalid')
				// A video is transcoded in the background: it is still processing at the first read or two.
				const failed = videoType === 'video/mp4' && !isPlayableMp4(file)
				entry = { id, host, kind: 'video', type: videoType, bytes: file.kept, size: file.bytes, pendingPolls: processingPolls + 1, url, description: alt, attached: false, failed, thumbnail }
			} else {
				if (!imageType || !IMAGE_TYPES.includes(file.type || imageType)) return error(422, 'Validation failed: File content type is invalid, File is invalid')
				if (file.bytes > IMAGE_SIZE_LIMIT) return error(422, 'Validation failed: File file size must be less than 16 MB')
				entry = { id, host, kind: 'image', type: imageType, bytes: file.kept, size: file.bytes, pendingPolls: processingPolls, url, description: alt, attached: false, failed: false, thumbnail: null }
			}
			media.set(id, entry)
			forgetOld()
			return entry.pendingPolls > 0 ? json(202, attachmentJson(entry, false)) : json(200, attachmentJson(entry, true))
		},
		{ streamed: true },
	)

	instanceRoute(router, 'GET /api/v1/media/:id', (req, host) => {
		const refused = authorize(store, req, host)
		if (refused) return refused
		// Mastodon reads only the account's unattached media here (status_id: nil).
		const entry = media.get(req.params.id!)
		if (!entry || entry.host !== host || entry.attached) return notFound()
		if (entry.pendingPolls > 0) {
			entry.pendingPolls -= 1
			return json(206, attachmentJson(entry, false))
		}
		if (entry.failed) return error(422, 'Error processing video: the file could not be transcoded')
		return json(200, attachmentJson(entry, true))
	})

	instanceRoute(router, 'GET /system/media_attachments/:id', (req, host) => {
		const entry = media.get(req.params.id!)
		if (!entry?.bytes || entry.host !== host) return notFound()
		return { status: 200, headers: { 'content-type': entry.type, 'cache-control': 'max-age=3600' }, raw: entry.bytes }
	})

	instanceRoute(router, 'GET /system/media_attachments/:id/thumbnail', (req, host) => {
		const entry = media.get(req.params.id!)
		if (!entry?.thumbnail || entry.host !== host) return notFound()
		return { status: 200, headers: { 'content-type': sniff(entry.thumbnail) ?? 'image/jpeg', 'cache-control': 'max-age=3600' }, raw: entry.thumbnail }
	})

	return {
		/** A finished unattached upload of this instance, 'processing', or null when there is none. */
		attachable(host: string, id: string): SandboxMedia | 'processing' | null {
			const entry = media.get(id)
			if (!entry || entry.host !== host || entry.attached || (entry.failed && entry.pendingPolls <= 0)) return null
			return entry.pendingPolls > 0 ? 'processing' : entry
		},
		/** Attached to a status: no other status can take it, and /api/v1/media no longer shows it. */
		attach(entries: Array<SandboxMedia>) {
			for (const entry of entries) entry.attached = true
		},
	}
}
