import { setTimeout as sleep } from 'node:timers/promises'
import { PlatformError, type Checkpoint, type PublishContent, type PublishHooks, type PublishTarget, type Published } from '#modules/publishing/ports.ts'
import type { AdapterSettings } from '../settings.ts'
import { encodeUrn, type LinkedinApi } from './api.ts'
import { escapeCommentary, unescapeCommentary } from './escape.ts'
import { imageType } from './image-type.ts'

export const maxCommentaryLength = 3000

export type PublishOptions = { imagePollIntervalMs: number; imagePollAttempts: number }

type Context = { api: LinkedinApi; settings: AdapterSettings; options: PublishOptions }

/** Text post, or text + image via the Images API (initializeUpload, PUT the bytes, status check), then POST /rest/posts. */
export async function publishPost({ api, settings, options }: Context, target: PublishTarget, content: PublishContent, hooks: PublishHooks): Promise<Published> {
	if (content.text.length > maxCommentaryLength) {
		throw new PlatformError({ kind: 'invalid_request', code: 'text_too_long', message: `LinkedIn: ${content.text.length} > ${maxCommentaryLength} characters` })
	}
	const author = target.pageId
	let imageUrn: string | null = null
	if (content.imageUrl) {
		const bytes = await fetchImage(settings, content.imageUrl, hooks.signal)
		imageUrn = await uploadImage(api, target, bytes, hooks.signal)
		await hooks.checkpoint({ imageUrn })
		await waitUntilAvailable({ api, settings, options }, target, imageUrn, hooks.signal)
	}
	const result = await api.request('/rest/posts', target.accessToken, {
		method: 'POST',
		creates: true,
		signal: hooks.signal,
		json: {
			author,
			commentary: escapeCommentary(content.text),
			visibility: 'PUBLIC',
			distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
			lifecycleState: 'PUBLISHED',
			isReshareDisabledByAuthor: false,
			...(imageUrn ? { content: { media: { id: imageUrn } } } : {}),
		},
	})
	const urn = result.headers.get('x-restli-id') ?? (result.json as { id?: string } | null)?.id
	if (!urn) {
		// Created (2xx) but without its id: the post exists, so only a reconcile may look for it.
		throw new PlatformError({ kind: 'unknown_outcome', code: 'bad_response', message: 'LinkedIn created the post but sent no x-restli-id', status: result.status })
	}
	const externalId = decodeURIComponent(urn)
	return { externalId, url: postUrl(settings, externalId) }
}

type LinkedinPost = { id?: string; commentary?: string; createdAt?: number; content?: { media?: { id?: string } } }

const PAGE_SIZE = 50
const MAX_PAGES = 10
// LinkedIn's clock and ours differ; the text match keeps the wider window safe.
const CLOCK_SLACK_MS = 5 * 60_000

/** The author's posts since `since`, newest first, matched on the uploaded image or document, or on the text as a reader sees it. */
export async function findPost(
	{ api, settings }: Pick<Context, 'api' | 'settings'>,
	target: PublishTarget,
	content: PublishContent,
	checkpoint: Checkpoint,
	since: Date,
): Promise<Published | null> {
	const earliest = since.getTime() - CLOCK_SLACK_MS
	const wanted = normalize(content.text)
	for (let page = 0; page < MAX_PAGES; page += 1) {
		const query = `q=author&author=${encodeUrn(target.pageId)}&sortBy=CREATED&count=${PAGE_SIZE}&start=${page * PAGE_SIZE}`
		const found = await api.getJson<{ elements?: Array<LinkedinPost> }>(`/rest/posts?${query}`, target.accessToken, {
			headers: { 'x-restli-method': 'FINDER' },
		})
		const posts = found.elements ?? []
		for (const post of posts) {
			if (!post.id || (post.createdAt ?? 0) < earliest) continue
			const sameMedia = [checkpoint.imageUrn, checkpoint.documentUrn].some((urn) => urn && post.content?.media?.id === urn)
			if (sameMedia || normalize(unescapeCommentary(post.commentary ?? '')) === wanted) return { externalId: post.id, url: postUrl(settings, post.id) }
		}
		const oldest = posts.at(-1)?.createdAt ?? 0
		if (posts.length < PAGE_SIZE || oldest < earliest) return null
	}
	return null
}

/** The public URL of a post; in the sandbox the feed page of the sandbox network, anchored at the post. */
export function postUrl(settings: Pick<AdapterSettings, 'sandbox' | 'authorizeUrl'>, urn: string) {
	if (!settings.sandbox) return `https://www.linkedin.com/feed/update/${urn}`
	// authorizeUrl is <sandbox root>/linkedin/oauth/v2/authorization as the browser reaches it.
	return `${new URL('../../../', settings.authorizeUrl).href}#${urn}`
}

const normalize = (text: string) => text.replace(/\r\n/g, '\n').trim()

async function fetchImage(settings: AdapterSettings, url: string, signal?: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
	const timeout = AbortSignal.timeout(settings.timeoutMs)
	const failed = (kind: 'transient' | 'invalid_request', message: string, status: number | null = null) =>
		new PlatformError({ kind, code: 'image_unreachable', message: `Image ${url}: ${message}`, status })
	let bytes: Uint8Array<ArrayBuffer>
	try {
		const response = await settings.mediaFetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
		if (!response.ok) throw failed(response.status >= 500 || response.status === 429 ? 'transient' : 'invalid_request', `HTTP ${response.status}`, response.status)
		bytes = new Uint8Array(await response.arrayBuffer())
	} catch (error) {
		if (error instanceof PlatformError) throw error
		throw failed('transient', error instanceof Error ? error.message : String(error))
	}
	if (!imageType(bytes)) {
		throw new PlatformError({ kind: 'invalid_request', code: 'image_format', message: `Image ${url}: LinkedIn takes JPEG, PNG or GIF` })
	}
	return bytes
}

async function uploadImage(api: LinkedinApi, target: PublishTarget, bytes: Uint8Array<ArrayBuffer>, signal?: AbortSignal) {
	const init = await api.getJson<{ value?: { uploadUrl?: string; image?: string } }>('/rest/images?action=initializeUpload', target.accessToken, {
		method: 'POST',
		json: { initializeUploadRequest: { owner: target.pageId } },
		signal,
	})
	const { uploadUrl, image } = init.value ?? {}
	if (!uploadUrl || !image) throw new PlatformError({ kind: 'transient', code: 'bad_response', message: 'LinkedIn initializeUpload without uploadUrl or image' })
	// One PUT with the whole image: chunked uploads exist for videos only.
	await api.request(uploadUrl, target.accessToken, {
		method: 'PUT',
		body: bytes,
		headers: { 'content-type': 'application/octet-stream' },
		signal,
	})
	return image
}

async function waitUntilAvailable({ api, options }: Context, target: PublishTarget, imageUrn: string, signal?: AbortSignal) {
	for (let attempt = 0; attempt < options.imagePollAttempts; attempt += 1) {
		let status: string | undefined
		try {
			status = (await api.getJson<{ status?: string }>(`/rest/images/${encodeUrn(imageUrn)}`, target.accessToken, { signal })).status
		} catch (error) {
			// A member token (w_member_social only) may not read images: give LinkedIn one interval instead.
			if (error instanceof PlatformError && error.kind === 'permission_missing') {
				await sleep(options.imagePollIntervalMs)
				return
			}
			throw error
		}
		if (status === 'AVAILABLE') return
		if (status === 'PROCESSING_FAILED') {
			throw new PlatformError({ kind: 'invalid_request', code: 'image_failed', message: `LinkedIn could not process ${imageUrn}` })
		}
		await sleep(options.imagePollIntervalMs)
	}
	throw new PlatformError({ kind: 'transient', code: 'image_processing', message: `LinkedIn is still processing ${imageUrn}` })
}
