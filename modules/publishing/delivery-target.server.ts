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
		content: { text: textFor(post.content, platform, page.page_row_id), imageUrl: media[0]?.url ?? null, media },
		imageUrl: imageFor(post, platform),
		firstComment: firstCommentFor(post.content, platform, page.page_row_id),
	}
}

/**
 * The post's items for this network, in order, with absolute URLs. Today a post has at most one image
 * per network and no alt text; when post_media lands, this reads its list (alt text included).
 */
export function publishMediaOf(post: DeliveryPost, platform: Platform, appUrl: string): Array<PublishMedia> {
	const url = absoluteUrl(appUrl, imageFor(post, platform))
	return url ? [{ kind: 'image', url, altText: null }] : []
}

function absoluteUrl(appUrl: string, url: string | null) {
	if (!url) return null
	return url.startsWith('/') ? `${appUrl}${url}` : url
}
