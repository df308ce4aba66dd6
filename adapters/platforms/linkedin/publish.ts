import { PlatformError, type Checkpoint, type PublishContent, type PublishHooks, type PublishMedia, type PublishTarget, type Published } from '#modules/publishing/ports.ts'
import { altTextFor, checkedMedia } from '#modules/publishing/publish-media.ts'
import type { AdapterSettings } from '../settings.ts'
import { encodeUrn, type LinkedinApi } from './api.ts'
import { linkedinDescriptor } from './descriptor.ts'
import { escapeCommentary, unescapeCommentary } from './escape.ts'
import { uploadedImages } from './images.ts'
import { uploadedVideo } from './videos.ts'

export const maxCommentaryLength = 3000

/** Video polling defaults to five minutes (videos.ts); a retry after that waits for the same video. */
export type PublishOptions = { imagePollIntervalMs: number; imagePollAttempts: number; videoPollIntervalMs?: number; videoPollAttempts?: number }

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
	const postContent = await contentOf({ api, settings, options }, target, content.text, media, hooks)
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
			...(postContent ? { content: postContent } : {}),
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

/**
 * The post's content: a video as content.media {id, title} (alone: LinkedIn's posts carry one video and
 * nothing beside it), one image as content.media {id, altText}, 2–20 as content.multiImage; null for text.
 */
async function contentOf(ctx: Context, target: PublishTarget, text: string, media: Array<PublishMedia>, hooks: PublishHooks) {
	const video = media.find((item) => item.kind === 'video')
	// checkedMedia (publish-content.ts) refused a video beside other items: it is the only one.
	if (video) {
		return { media: { id: await uploadedVideo(ctx, target, video, hooks), title: videoTitle(text) } }
	}
	const urns = await uploadedImages(ctx, target, media, hooks)
	const images = urns.map((id, n) => {
		const altText = altTextFor(linkedinDescriptor, media[n]!)
		return altText ? { id, altText } : { id }
	})
	if (!images.length) return null
	return images.length === 1 ? { media: images[0] } : { multiImage: { images } }
}

const MAX_VIDEO_TITLE = 100

/** A video's title (LinkedIn shows it with the video; a post has none of its own): the text's first line, shortened. */
export function videoTitle(text: string) {
	const line = text.split('\n').map((part) => part.trim()).find(Boolean) ?? ''
	const points = [...line]
	if (!points.length) return 'Video'
	return points.length <= MAX_VIDEO_TITLE ? points.join('') : `${points.slice(0, MAX_VIDEO_TITLE - 1).join('')}…`
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
			const sameMedia = [firstImage, checkpoint.documentUrn, checkpoint.videoUrn].some((urn) => urn && postedMedia === urn)
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
