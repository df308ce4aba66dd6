import { json, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import { authorize, error, instanceRoute, notFound } from './sandbox-shared.ts'

// POST /api/v2/media answers 202 with `url: null` while the instance processes the file in the
// background; GET /api/v1/media/:id answers 206 until it is done, then 200 with the `url`
// (docs.joinmastodon.org/methods/media). Bytes stay in memory for the feed page; the oldest go first.

export type SandboxMedia = { id: string; host: string; type: string; bytes: Buffer; pendingPolls: number; url: string; description: string | null; attached: boolean }

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']
export const IMAGE_SIZE_LIMIT = 16 * 1024 * 1024
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

export function attachmentJson(media: Pick<SandboxMedia, 'id' | 'url' | 'description'>, ready: boolean) {
	return { id: media.id, type: 'image', url: ready ? media.url : null, preview_url: media.url, remote_url: null, preview_remote_url: null, text_url: null, meta: {}, description: media.description, blurhash: null }
}

/** `processingPolls`: how many reads answer 206 before the image is ready (default 1). */
export function addMediaRoutes(router: FakeRouter, { base, store }: SandboxContext, processingPolls = 1) {
	const media = new Map<string, SandboxMedia>()

	function forgetOld() {
		let total = [...media.values()].reduce((sum, m) => sum + m.bytes.length, 0)
		for (const [id, m] of media) {
			if (total <= MEMORY_BYTES) break
			media.delete(id)
			total -= m.bytes.length
		}
	}

	instanceRoute(router, 'POST /api/v2/media', async (req, host) => {
		const refused = authorize(store, req, host)
		if (refused) return refused
		let file: FormDataEntryValue | null = null
		let description: FormDataEntryValue | null = null
		try {
			const form = await new Response(new Uint8Array(req.body), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData()
			file = form.get('file')
			description = form.get('description')
		} catch {
			// not multipart: refused below like a missing file
		}
		if (!file || typeof file === 'string') return error(422, "Validation failed: File can't be blank")
		const bytes = Buffer.from(await file.arrayBuffer())
		const type = sniff(bytes)
		if (!type || !IMAGE_TYPES.includes(file.type || type)) return error(422, 'Validation failed: File content type is invalid, File is invalid')
		if (bytes.length > IMAGE_SIZE_LIMIT) return error(422, 'Validation failed: File file size must be less than 16 MB')
		const alt = typeof description === 'string' && description ? description : null
		if (alt && [...alt].length > DESCRIPTION_LIMIT) return error(422, `Validation failed: Description is too long (maximum is ${DESCRIPTION_LIMIT} characters)`)
		const id = store.nextId('2200')
		const entry: SandboxMedia = { id, host, type, bytes, pendingPolls: processingPolls, url: `${base}/host/${host}/system/media_attachments/${id}`, description: alt, attached: false }
		media.set(id, entry)
		forgetOld()
		return entry.pendingPolls > 0 ? json(202, attachmentJson(entry, false)) : json(200, attachmentJson(entry, true))
	})

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
		return json(200, attachmentJson(entry, true))
	})

	instanceRoute(router, 'GET /system/media_attachments/:id', (req, host) => {
		const entry = media.get(req.params.id!)
		if (!entry || entry.host !== host) return notFound()
		return { status: 200, headers: { 'content-type': entry.type, 'cache-control': 'max-age=3600' }, raw: entry.bytes }
	})

	return {
		/** A finished unattached upload of this instance, 'processing', or null when there is none. */
		attachable(host: string, id: string): SandboxMedia | 'processing' | null {
			const entry = media.get(id)
			if (!entry || entry.host !== host || entry.attached) return null
			return entry.pendingPolls > 0 ? 'processing' : entry
		},
		/** Attached to a status: no other status can take it, and /api/v1/media no longer shows it. */
		attach(entries: Array<SandboxMedia>) {
			for (const entry of entries) entry.attached = true
		},
	}
}
