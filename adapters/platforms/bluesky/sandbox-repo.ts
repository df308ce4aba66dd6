import { json, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxComment, SandboxPost } from '../sandbox/store.ts'
import { onXrpc } from './sandbox-identity.ts'
import { invalidVideoEmbed, postedVideo } from './sandbox-video.ts'
import {
	bearer,
	cidOf,
	graphemes,
	handleOf,
	MAX_GRAPHEMES,
	MAX_IMAGE_BYTES,
	MAX_TEXT_BYTES,
	PDS_HOST,
	repoDid,
	verifySession,
	xrpcError,
	type BlueskyFakeContext,
} from './sandbox-shared.ts'

const POST = 'app.bsky.feed.post'
const TID = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/
const TID_ALPHABET = '234567abcdefghijklmnopqrstuvwxyz'
const MAX_BLOB_BYTES = 5 * 1024 * 1024
const KEPT_BLOBS = 50
const FACET_FEATURES = new Set(['app.bsky.richtext.facet#link', 'app.bsky.richtext.facet#mention', 'app.bsky.richtext.facet#tag'])

type Json = Record<string, unknown>

/** A record of the repo: a published post or one of the account's replies (both app.bsky.feed.post). */
export type RepoRecord = { uri: string; did: string; rkey: string; cid: string; value: Json; post: SandboxPost | null; comment: SandboxComment | null }

let lastMicros = 0
const tid = () => {
	lastMicros = Math.max(Date.now() * 1000, lastMicros + 1)
	return tidAt(lastMicros)
}

/** A TID (atproto.com/specs/tid) for a time in microseconds, clock id 0. */
export function tidAt(micros: number) {
	let value = BigInt(micros) << 10n
	let out = ''
	for (let i = 0; i < 13; i++) {
		out = TID_ALPHABET[Number(value & 31n)]! + out
		value >>= 5n
	}
	return out
}

export const uriOf = (did: string, rkey: string) => `at://${did}/${POST}/${rkey}`

/** The record behind an at:// URI: a post or a reply of the store, with the full value when this run wrote it. */
export function findRecord(context: BlueskyFakeContext, uri: string): RepoRecord | null {
	const match = /^at:\/\/([^/]+)\/app\.bsky\.feed\.post\/([^/]+)$/.exec(uri)
	if (!match) return null
	const post = context.store.posts.find((p) => p.platform === 'bluesky' && p.id === uri) ?? null
	const comment = post ? null : context.store.findComment('bluesky', uri)
	if (!post && !comment) return null
	const kept = context.state.records.get(uri)
	const text = post?.text ?? comment!.text
	const createdAt = post?.createdAt ?? comment!.createdAt
	return { uri, did: match[1]!, rkey: match[2]!, cid: kept?.cid ?? cidOf(uri, text), value: kept?.value ?? { $type: POST, text, createdAt }, post, comment }
}

/** Why a post record is invalid, as the PDS's lexicon validation words it; null when it is valid. */
function invalidPost(context: BlueskyFakeContext, record: Json): string | null {
	if (record.$type !== POST) return 'Invalid $type: must be app.bsky.feed.post'
	if (typeof record.text !== 'string') return 'Record must have the property "text"'
	if (graphemes(record.text) > MAX_GRAPHEMES) return `Record/text must not be longer than ${MAX_GRAPHEMES} graphemes`
	if (Buffer.byteLength(record.text) > MAX_TEXT_BYTES) return `Record/text must not be longer than ${MAX_TEXT_BYTES} characters`
	if (typeof record.createdAt !== 'string' || Number.isNaN(Date.parse(record.createdAt))) return 'Record/createdAt must be an valid atproto datetime'
	const bytes = Buffer.byteLength(record.text)
	if (record.facets !== undefined) {
		if (!Array.isArray(record.facets)) return 'Record/facets must be an array'
		for (const [i, facet] of (record.facets as Array<Json>).entries()) {
			const index = (facet?.index ?? {}) as { byteStart?: unknown; byteEnd?: unknown }
			const { byteStart, byteEnd } = index
			if (!Number.isInteger(byteStart) || !Number.isInteger(byteEnd) || (byteStart as number) < 0 || (byteEnd as number) <= (byteStart as number) || (byteEnd as number) > bytes) {
				return `Record/facets/${i}/index must be a byte range within the text`
			}
			const features = facet.features
			if (!Array.isArray(features) || !features.length || !features.every((f: Json) => FACET_FEATURES.has(String(f?.$type)))) return `Record/facets/${i}/features is invalid`
		}
	}
	if (record.embed !== undefined && (record.embed as Json)?.$type === 'app.bsky.embed.video') return invalidVideoEmbed(context, record.embed as Json)
	if (record.embed !== undefined) {
		const embed = record.embed as Json
		if (embed?.$type !== 'app.bsky.embed.images') return 'Record/embed: the sandbox takes app.bsky.embed.images and app.bsky.embed.video only'
		const images = embed.images
		if (!Array.isArray(images) || images.length < 1 || images.length > 4) return 'Record/embed/images must have 1 to 4 elements'
		for (const [i, image] of (images as Array<Json>).entries()) {
			if (typeof image.alt !== 'string') return `Record/embed/images/${i} must have the property "alt"`
			const blob = image.image as { $type?: unknown; ref?: { $link?: unknown }; mimeType?: unknown; size?: unknown } | undefined
			const stored = typeof blob?.ref?.$link === 'string' ? context.state.blobs.get(blob.ref.$link) : undefined
			if (blob?.$type !== 'blob' || !stored) return `Could not find blob: ${String(blob?.ref?.$link)}`
			if (!/^image\/(jpeg|png|webp|gif)$/.test(stored.mimeType)) return `Record/embed/images/${i}/image mime type (${stored.mimeType}) is not accepted`
			if (stored.size > MAX_IMAGE_BYTES) return `Record/embed/images/${i}/image file too large (${stored.size} bytes), maximum ${MAX_IMAGE_BYTES}`
			const ratio = image.aspectRatio as { width?: unknown; height?: unknown } | undefined
			if (ratio !== undefined && !((ratio.width as number) > 0 && (ratio.height as number) > 0 && Number.isInteger(ratio.width) && Number.isInteger(ratio.height))) {
				return `Record/embed/images/${i}/aspectRatio must have positive integer width and height`
			}
		}
	}
	return null
}

function sniff(bytes: Buffer) {
	if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
	if (bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return 'image/png'
	if (bytes.subarray(0, 3).toString('latin1') === 'GIF') return 'image/gif'
	if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp'
	return 'application/octet-stream'
}

/** The account's repo (com.atproto.repo.*): blobs, creating posts and replies, reading records. */
export function addRepoRoutes(router: FakeRouter, context: BlueskyFakeContext) {
	const { store, state, base } = context
	const root = base.replace(/\/[^/]+$/, '')

	onXrpc(router, 'POST', 'com.atproto.repo.uploadBlob', (req) => {
		const did = verifySession(context, bearer(req), 'access')
		if (typeof did !== 'string') return did
		if (!req.body.length) return xrpcError(400, 'InvalidRequest', 'Request body is empty')
		if (req.body.length > MAX_BLOB_BYTES) return xrpcError(400, 'BlobTooLarge', `This file is too large. It is ${req.body.length} bytes but the maximum size is ${MAX_BLOB_BYTES} bytes.`)
		const mimeType = sniff(req.body)
		const cid = cidOf('blob', req.body.toString('base64'))
		state.blobs.set(cid, { mimeType, size: req.body.length, bytes: req.body })
		while (state.blobs.size > KEPT_BLOBS) state.blobs.delete(state.blobs.keys().next().value!)
		return json(200, { blob: { $type: 'blob', ref: { $link: cid }, mimeType, size: req.body.length } })
	})

	onXrpc(router, 'GET', 'com.atproto.sync.getBlob', (req) => {
		const blob = state.blobs.get(req.query.get('cid') ?? '')
		if (!blob?.bytes) return xrpcError(400, 'BlobNotFound', 'Blob not found')
		return { status: 200, headers: { 'content-type': blob.mimeType, 'cache-control': 'no-store' }, raw: blob.bytes }
	})

	onXrpc(router, 'POST', 'com.atproto.repo.createRecord', (req) => {
		const did = verifySession(context, bearer(req), 'access')
		if (typeof did !== 'string') return did
		const body = (req.json ?? {}) as { repo?: string; collection?: string; rkey?: unknown; record?: Json; validate?: unknown }
		const repo = repoDid(context, body.repo)
		if (!repo) return xrpcError(400, 'InvalidRequest', `Could not find repo: ${String(body.repo)}`)
		if (repo !== did) return xrpcError(401, 'AuthenticationRequired', 'Authentication Required')
		if (body.collection !== POST) return xrpcError(400, 'InvalidRequest', 'The sandbox stores app.bsky.feed.post records only')
		if (body.rkey !== undefined && (typeof body.rkey !== 'string' || !TID.test(body.rkey))) return xrpcError(400, 'InvalidRequest', `Invalid record key: ${String(body.rkey)}`)
		const record = body.record && typeof body.record === 'object' ? body.record : {}
		const invalid = invalidPost(context, record)
		if (invalid) return xrpcError(400, 'InvalidRequest', `Invalid app.bsky.feed.post record: ${invalid}`)
		const rkey = (body.rkey as string | undefined) ?? tid()
		const uri = uriOf(did, rkey)
		if (findRecord(context, uri)) return xrpcError(409, 'RecordAlreadyExists', `Record already exists: ${uri}`)
		const text = record.text as string
		const reply = record.reply as { root?: { uri?: unknown }; parent?: { uri?: unknown } } | undefined
		if (reply) {
			const rootPost = findRecord(context, String(reply.root?.uri))
			const parent = findRecord(context, String(reply.parent?.uri))
			if (!rootPost?.post || !parent) return xrpcError(400, 'InvalidRequest', 'Invalid app.bsky.feed.post record: Record/reply must name an existing root and parent')
			store.addComment({ id: uri, platform: 'bluesky', postId: rootPost.uri, parentId: parent.post ? null : parent.uri, authorId: did, authorName: handleOf(context, did), text })
		} else {
			const embedded = ((record.embed as Json | undefined)?.images ?? []) as Array<{ alt: string; image: { ref: { $link: string } } }>
			const images = embedded.map((image) => ({ url: `${base}/host/${PDS_HOST}/xrpc/com.atproto.sync.getBlob?did=${encodeURIComponent(did)}&cid=${image.image.ref.$link}`, alt: image.alt }))
			const video = postedVideo(context, did, record.embed as Json | undefined)
			store.addPost({ id: uri, platform: 'bluesky', authorId: did, text, imageUrl: images[0]?.url ?? null, ...(images.length || video ? { images: video ? [video] : images } : {}), url: `${base}/app/profile/${did}/post/${rkey}` })
		}
		const cid = cidOf(uri, text)
		state.records.set(uri, { cid, value: record })
		return json(200, { uri, cid, commit: { cid: cidOf('commit', uri), rev: tid() }, validationStatus: 'valid' })
	})

	onXrpc(router, 'GET', 'com.atproto.repo.getRecord', (req) => {
		const did = repoDid(context, req.query.get('repo'))
		const collection = req.query.get('collection')
		const rkey = req.query.get('rkey') ?? ''
		const uri = `at://${did ?? req.query.get('repo')}/${collection}/${rkey}`
		const found = did && collection === POST ? findRecord(context, uri) : null
		if (!found) return xrpcError(400, 'RecordNotFound', `Could not locate record: ${uri}`)
		return json(200, { uri: found.uri, cid: found.cid, value: found.value })
	})

	// Newest first (by record key, i.e. time) unless reverse=true; the cursor is the last record key.
	onXrpc(router, 'GET', 'com.atproto.repo.listRecords', (req) => {
		const did = repoDid(context, req.query.get('repo'))
		if (!did) return xrpcError(400, 'InvalidRequest', `Could not find repo: ${req.query.get('repo')}`)
		if (req.query.get('collection') !== POST) return json(200, { records: [] })
		const limit = Math.min(100, Math.max(1, Number(req.query.get('limit')) || 50))
		const reverse = req.query.get('reverse') === 'true'
		const cursor = req.query.get('cursor')
		const uris = [...store.posts.filter((p) => p.platform === 'bluesky' && p.authorId === did).map((p) => p.id), ...store.comments.filter((c) => c.platform === 'bluesky' && c.authorId === did).map((c) => c.id)]
		const all = uris
			.flatMap((uri) => findRecord(context, uri) ?? [])
			.sort((a, b) => (reverse ? a.rkey.localeCompare(b.rkey) : b.rkey.localeCompare(a.rkey)))
			.filter((r) => !cursor || (reverse ? r.rkey > cursor : r.rkey < cursor))
		const page = all.slice(0, limit)
		return json(200, { records: page.map((r) => ({ uri: r.uri, cid: r.cid, value: r.value })), ...(all.length > limit ? { cursor: page.at(-1)!.rkey } : {}) })
	})

	// The post links (bsky.app/profile/<did>/post/<rkey> on the real network) open the sandbox's feed page at the post.
	router.on('GET /app/profile/:did/post/:rkey', (req) => ({ status: 302, headers: { location: `${root}/#${encodeURIComponent(uriOf(req.params.did!, req.params.rkey!))}` } }))
}
