import { PlatformError, type Checkpoint, type PublishContent, type PublishHooks, type PublishTarget, type Published } from '#modules/publishing/ports.ts'
import { altTextFor, checkedMedia } from '#modules/publishing/publish-media.ts'
import type { AdapterSettings } from '../settings.ts'
import { encodeUrn, type LinkedinApi } from './api.ts'
import { linkedinDescriptor } from './descriptor.ts'
import { escapeCommentary, unescapeCommentary } from './escape.ts'
import { uploadedImages } from './images.ts'

export const maxCommentaryLength = 3000

export type PublishOptions = { imagePollIntervalMs: number; imagePollAttempts: number }

export type Context = { api: LinkedinApi; settings: AdapterSettings; options: PublishOptions }

/**
 * Text post, or its images through the Images API (initializeUpload, PUT the bytes, status check),
 * then POST /rest/posts: one image as content.media with its altText, 2–20 as content.multiImage.
 */
export async function publishPost({ api, settings, options }: Context, target: PublishTarget, content: PublishContent, hooks: PublishHooks): Promise<Published> {
	if (content.text.length > maxCommentaryLength) {
		throw new PlatformError({ kind: 'invalid_request', code: 'text_too_long', message: `LinkedIn: ${content.text.length} > ${maxCommentaryLength} characters` })
	}
	const author = target.pageId
	const media = checkedMedia(linkedinDescriptor, content)
	const urns = await uploadedImages({ api, settings, options }, target, media, hooks)
	const images = urns.map((id, n) => {
		const altText = altTextFor(linkedinDescriptor, media[n]!)
		return altText ? { id, altText } : { id }
	})
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
			...(images.length === 1 ? { content: { media: images[0] } } : images.length ? { content: { multiImage: { images } } } : {}),
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

type LinkedinPost = { id?: string; commentary?: string; createdAt?: number; content?: { media?: { id?: string }; multiImage?: { images?: Array<{ id?: string }> } } }

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
			const firstImage = checkpoint.imageUrn ?? checkpoint.imageUrns?.split(',')[0]
			const postedMedia = post.content?.media?.id ?? post.content?.multiImage?.images?.[0]?.id
			const sameMedia = [firstImage, checkpoint.documentUrn].some((urn) => urn && postedMedia === urn)
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
