import { firstCommentFor, imageFor, textFor } from '#modules/content/index.ts'
import type { Loaded } from './delivery-batches.server.ts'
import type { Platform, PublishContent, PublishMedia, PublishTarget } from './ports.ts'
import type { Delivery, PublisherContext } from './publisher-context.server.ts'
import { targetOf } from './tokens.server.ts'

/** `firstComment`: the comment sent under the post once it is published (channel > network > base), null for none. */
export type DeliveryTarget = { target: PublishTarget; tokenId: string; content: PublishContent; title: string; imageUrl: string | null; firstComment: string | null }

type DeliveryPost = NonNullable<Loaded['post']>

/** Loads what the call needs; a missing account or page fails the delivery with a German reason. */
export async function deliveryTarget(ctx: PublisherContext, delivery: Delivery, preloaded?: Loaded): Promise<DeliveryTarget | { error: string }> {
	const { post, page } = preloaded ?? (await ctx.batches.load(delivery))
	if (!post) return { error: 'not_found' }
	const platform = delivery.platform as Platform
	if (!page) return { error: 'not_connected' }
	if (page.token_status !== 'active') return { error: 'reconnect_required' }
	const media = publishMediaOf(post, platform, ctx.appUrl)
	return {
		tokenId: page.token_id,
		title: post.title,
		target: targetOf(ctx.box, page),
		// aiLabelled: the post's AI label with 'auto' resolved (content's aiLabelled, ADR 0060).
		content: { text: textFor(post.content, platform, page.page_row_id), imageUrl: media[0]?.url ?? null, media, aiGenerated: post.aiLabelled },
		imageUrl: imageFor(post, platform),
		firstComment: firstCommentFor(post.content, platform, page.page_row_id),
	}
}

/**
 * The post's items for this network, in order, with absolute URLs. Today a post sends at most one image
 * per network, with the alt text of its post_media row (ADR 0060); the carousel slice sends the whole list.
 */
export function publishMediaOf(post: DeliveryPost, platform: Platform, appUrl: string): Array<PublishMedia> {
	const image = imageFor(post, platform)
	const url = absoluteUrl(appUrl, image)
	const altText = post.media.find((item) => item.kind === 'image' && item.url === image)?.altText ?? null
	return url ? [{ kind: 'image', url, altText }] : []
}

function absoluteUrl(appUrl: string, url: string | null) {
	if (!url) return null
	return url.startsWith('/') ? `${appUrl}${url}` : url
}
