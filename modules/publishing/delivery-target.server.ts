import { firstCommentFor, imageFor, mediaFor, textFor } from '#modules/content/index.ts'
import type { ProcessedMedia } from '#modules/media/index.ts'
import type { Loaded } from './delivery-batches.server.ts'
import { descriptorOf } from './descriptor.ts'
import { networkImages } from './network-images.server.ts'
import { processedVideos, withVariant } from './processed-videos.server.ts'
import type { Platform, PublishContent, PublishMedia, PublishTarget } from './ports.ts'
import type { Delivery, PublisherContext } from './publisher-context.server.ts'
import { targetOf } from './tokens.server.ts'

/** `firstComment`: the comment sent under the post once it is published (channel > network > base), null for none. */
export type DeliveryTarget = { target: PublishTarget; tokenId: string; content: PublishContent; title: string; imageUrl: string | null; firstComment: string | null }

type DeliveryPost = NonNullable<Loaded['post']>

/** The delivery's error while a video or document of its post is still being prepared: tried again later, not failed. */
export const MEDIA_PROCESSING = 'media_processing'

/** Loads what the call needs; a missing account or page fails the delivery with a German reason. */
export async function deliveryTarget(ctx: PublisherContext, delivery: Delivery, preloaded?: Loaded): Promise<DeliveryTarget | { error: string }> {
	const { post, page } = preloaded ?? (await ctx.batches.load(delivery))
	if (!post) return { error: 'not_found' }
	const platform = delivery.platform as Platform
	if (!page) return { error: 'not_connected' }
	if (page.token_status !== 'active') return { error: 'reconnect_required' }
	const items = mediaFor(post, platform)
	const processed = await processedVideos(ctx.db, post.userId, items)
	const unready = items.map((item) => withVariant(item, processed).state).find((state) => state !== 'ready')
	if (unready) return { error: unready === 'failed' ? 'media_failed' : MEDIA_PROCESSING }
	const media = await networkImages(ctx.files ?? null, descriptorOf(ctx.descriptors, platform), items, publishMediaOf(post, platform, ctx.appUrl, processed), post.carouselFit, ctx.appUrl)
	return {
		tokenId: page.token_id,
		title: post.title,
		target: targetOf(ctx.box, page),
		// aiLabelled: the post's AI label with 'auto' resolved (content's aiLabelled, ADR 0060).
		content: { text: textFor(post.content, platform, page.page_row_id), imageUrl: media.find((item) => item.kind === 'image')?.url ?? null, media, aiGenerated: post.aiLabelled },
		imageUrl: imageFor(post, platform),
		firstComment: firstCommentFor(post.content, platform, page.page_row_id),
	}
}

/** The post's items for this network (mediaFor: its own rows, else the common ones), in order, with absolute URLs and alt text; a video as its processed variant. */
export function publishMediaOf(post: DeliveryPost, platform: Platform, appUrl: string, processed: ReadonlyMap<string, ProcessedMedia> = new Map()): Array<PublishMedia> {
	return mediaFor(post, platform).map((stored): PublishMedia => {
		const item = withVariant(stored, processed)
		const url = absoluteUrl(appUrl, item.url)!
		if (item.kind === 'document') return { kind: 'document', url, title: item.title ?? post.title, altText: null, pages: item.pages, sizeBytes: item.sizeBytes }
		if (item.kind === 'video') {
			return { kind: 'video', url, altText: item.altText, coverUrl: absoluteUrl(appUrl, item.coverUrl), coverAtMs: item.coverAtMs, width: item.width, height: item.height, durationMs: item.durationMs, sizeBytes: item.sizeBytes, contentType: item.contentType }
		}
		return { kind: 'image', url, altText: item.altText, width: item.width, height: item.height }
	})
}

function absoluteUrl(appUrl: string, url: string | null) {
	if (!url) return null
	return url.startsWith('/') ? `${appUrl}${url}` : url
}
