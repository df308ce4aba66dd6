import type { Facet } from '@atproto/api'
import { countText } from '#modules/publishing/counting.ts'
import { isOverLimit } from '#modules/publishing/descriptor.ts'
import { PlatformError, type Checkpoint, type PublishContent, type Published, type PublishHooks, type PublishMedia, type PublishTarget } from '#modules/publishing/ports.ts'
import { altTextFor, checkedMedia } from '#modules/publishing/publish-media.ts'
import type { AdapterSettings } from '../settings.ts'
import { str, type Json, type Xrpc } from './client.ts'
import { blueskyDescriptor } from './descriptor.ts'
import { badResponse, failure } from './errors.ts'
import { isDid, resolvePds } from './identity.ts'
import { downloadImage } from './image.ts'
import { nextTid } from './tid.ts'
import { videoEmbed, type VideoPolling } from './video.ts'

export const POST_COLLECTION = 'app.bsky.feed.post'
/** Without the delivery's saved key (hooks.previous), a resend within this window reuses the key of the attempt whose outcome was unknown. */
const RESEND_WINDOW_MS = 10 * 60_000
const LIST_PAGES = 3
const CLOCK_SLACK_MS = 2 * 60_000
const MENTION = 'app.bsky.richtext.facet#mention'

export const normalize = (text: unknown) => (typeof text === 'string' ? text.replace(/\r\n/g, '\n').trim() : '')

/** The record key of an at:// URI (at://did/collection/rkey), or null. */
export function rkeyOf(uri: string) {
	const match = /^at:\/\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(uri)
	return match ? { did: match[1]!, collection: match[2]!, rkey: match[3]! } : null
}

export function checkText(text: string) {
	const length = countText('graphemes', text)
	const bytes = Buffer.byteLength(text)
	if (isOverLimit(blueskyDescriptor, text)) {
		throw failure('invalid_request', 'text_too_long', `${length} graphemes / ${bytes} bytes, over the descriptor's limits`)
	}
}

export type PublishContext = { settings: AdapterSettings; xrpc: Xrpc; polling?: VideoPolling }

/** A video job's reads: every two seconds for five minutes, then a retry reads the same job. */
const defaultPolling: VideoPolling = { videoPollIntervalMs: 2_000, videoPollAttempts: 150 }

/** Publishing a post and finding it again (ADAPTERS.md, Bluesky): a record key chosen before createRecord. */
export function createPosts({ settings, xrpc, polling = defaultPolling }: PublishContext) {
	/** Record keys of attempts with an unknown outcome, by account and content (this process only). */
	const pending = new Map<string, { rkey: string; until: number }>()
	const pendingKey = (target: PublishTarget, content: PublishContent) => `${target.accountId}\n${content.media.map((item) => item.url).join(' ')}\n${normalize(content.text)}`

	const pdsOf = async (target: PublishTarget) => target.server ?? (await resolvePds(xrpc, target.accountId))
	const postUrl = (did: string, rkey: string) => `${settings.authorizeUrl.replace(/\/+$/, '')}/profile/${did}/post/${rkey}`

	/** Links, hashtags and mentions as facets (UTF-8 byte ranges); a mention that does not resolve stays plain text. */
	async function facetsOf(pds: string, text: string): Promise<Array<Facet> | undefined> {
		const { RichText } = await import('@atproto/api')
		const rich = new RichText({ text })
		await rich.detectFacets(await xrpc.agent(pds))
		const facets = (rich.facets ?? []).filter((facet) => facet.features.every((f) => f.$type !== MENTION || isDid((f as { did?: unknown }).did)))
		return facets.length ? facets : undefined
	}

	/**
	 * app.bsky.embed.images: every image downloaded and checked first (nothing is uploaded when one is
	 * refused), then each uploaded as a blob, with its alt text and aspect ratio, in the post's order.
	 * A blob is not a post: uploading it again after a crash only leaves an unused one behind.
	 */
	async function imagesEmbed(pds: string, target: PublishTarget, media: Array<PublishMedia>, signal?: AbortSignal) {
		const downloaded = []
		for (const item of media) downloaded.push({ item, image: await downloadImage(settings, item.url, signal) })
		const images: Array<Json> = []
		for (const { item, image } of downloaded) {
			const uploaded = await xrpc.call(pds, 'com.atproto.repo.uploadBlob', { method: 'POST', token: target.accessToken, headers: { 'content-type': image.mimeType }, body: image.bytes, signal })
			if (!uploaded.blob || typeof uploaded.blob !== 'object') throw badResponse('uploadBlob without blob')
			images.push({ alt: altTextFor(blueskyDescriptor, item) ?? '', image: uploaded.blob, aspectRatio: { width: image.width, height: image.height } })
		}
		return { $type: 'app.bsky.embed.images', images }
	}

	async function getRecord(pds: string, target: PublishTarget, rkey: string): Promise<Json | null> {
		try {
			return await xrpc.get(pds, 'com.atproto.repo.getRecord', { repo: target.accountId, collection: POST_COLLECTION, rkey }, { token: target.accessToken })
		} catch (error) {
			if (error instanceof PlatformError && error.code === 'not_found') return null
			throw error
		}
	}

	function published(target: PublishTarget, record: Json): Published {
		const uri = str(record.uri)
		const key = uri ? rkeyOf(uri) : null
		if (!uri || !key) throw badResponse(`a record without an at:// uri: ${uri}`)
		return { externalId: uri, url: postUrl(target.accountId, key.rkey) }
	}

	/** After a conflict or a server error: the record under our key, when it is there and is this post. */
	async function existing(pds: string, target: PublishTarget, content: PublishContent, rkey: string) {
		const record = await getRecord(pds, target, rkey).catch(() => null)
		const value = record?.value as Json | undefined
		return record && normalize(value?.text) === normalize(content.text) ? published(target, record) : null
	}

	return {
		postUrl,
		pdsOf,

		async publish(target: PublishTarget, content: PublishContent, hooks: PublishHooks): Promise<Published> {
			const { signal } = hooks
			checkText(content.text)
			const media = checkedMedia(blueskyDescriptor, content)
			const pds = await pdsOf(target)
			const record: Json = { $type: POST_COLLECTION, text: content.text, createdAt: new Date().toISOString(), langs: ['de'] }
			const facets = await facetsOf(pds, content.text)
			if (facets) record.facets = facets
			const video = media.find((item) => item.kind === 'video')
			// A post embeds up to four images or one video; checkedMedia refused a video beside images.
			if (video) record.embed = await videoEmbed({ settings, xrpc, polling }, pds, target, video, hooks)
			else if (media.length) record.embed = await imagesEmbed(pds, target, media, signal)

			for (const [stale, entry] of pending) if (entry.until <= Date.now()) pending.delete(stale)
			const key = pendingKey(target, content)
			const rkey = hooks.previous?.rkey ?? pending.get(key)?.rkey ?? nextTid()
			await hooks.checkpoint({ rkey })
			try {
				const created = await xrpc.post(pds, 'com.atproto.repo.createRecord', { repo: target.accountId, collection: POST_COLLECTION, rkey, record }, { token: target.accessToken, creates: true, signal })
				pending.delete(key)
				return published(target, created)
			} catch (error) {
				if (!(error instanceof PlatformError)) throw error
				// A resend of a post that did arrive: the key is taken by it.
				const conflict = error.status === 409 || /RecordAlreadyExists|already exists/i.test(error.message)
				if (conflict || error.code === 'server_error') {
					const found = await existing(pds, target, content, rkey)
					if (found) {
						pending.delete(key)
						return found
					}
				}
				if (error.kind === 'unknown_outcome') pending.set(key, { rkey, until: Date.now() + RESEND_WINDOW_MS })
				else pending.delete(key)
				throw error
			}
		},

		/** By the record key when one was saved (exact), else the same text among the account's recent posts. */
		async findPublished(target: PublishTarget, content: PublishContent, checkpoint: Checkpoint, since: Date): Promise<Published | null> {
			const pds = await pdsOf(target)
			if (checkpoint.rkey) {
				const record = await getRecord(pds, target, checkpoint.rkey)
				return record ? published(target, record) : null
			}
			const wanted = normalize(content.text)
			const from = since.getTime() - CLOCK_SLACK_MS
			let cursor: string | null = null
			let match: Published | null = null
			for (let page = 0; page < LIST_PAGES; page++) {
				const query: Record<string, string> = { repo: target.accountId, collection: POST_COLLECTION, limit: '50' }
				if (cursor) query.cursor = cursor
				const body = await xrpc.get(pds, 'com.atproto.repo.listRecords', query, { token: target.accessToken })
				const records = Array.isArray(body.records) ? (body.records as Array<Json>) : []
				let older = false
				for (const item of records) {
					const value = (item.value ?? {}) as Json
					const createdAt = Date.parse(str(value.createdAt) ?? '')
					if (!(createdAt >= from)) {
						older = true
						continue
					}
					if (value.reply || normalize(value.text) !== wanted || embeddedImages(value) !== content.media.length) continue
					// Newest first: the last match is the oldest one in the window, ours.
					match = published(target, item)
				}
				cursor = str(body.cursor)
				if (older || !cursor || !records.length) break
			}
			return match
		},
	}
}

export type Posts = ReturnType<typeof createPosts>

/** The items a post record embeds: its images, or its one video. */
function embeddedImages(value: Json) {
	const embed = value.embed as Json | undefined
	if (embed?.$type === 'app.bsky.embed.video') return 1
	return Array.isArray(embed?.images) ? embed.images.length : 0
}
