import { firstCommentFor, imageFor, textFor } from '#modules/content/index.ts'
import type { Loaded } from './delivery-batches.server.ts'
import type { Platform, PublishContent, PublishTarget } from './ports.ts'
import type { Delivery, PublisherContext } from './publisher-context.server.ts'
import { targetOf } from './tokens.server.ts'

/** `firstComment`: the comment sent under the post once it is published (channel > network > base), null for none. */
export type DeliveryTarget = { target: PublishTarget; tokenId: string; content: PublishContent; title: string; imageUrl: string | null; firstComment: string | null }

/** Loads what the call needs; a missing account or page fails the delivery with a German reason. */
export async function deliveryTarget(ctx: PublisherContext, delivery: Delivery, preloaded?: Loaded): Promise<DeliveryTarget | { error: string }> {
	const { post, page } = preloaded ?? (await ctx.batches.load(delivery))
	if (!post) return { error: 'not_found' }
	const imageUrl = imageFor(post, delivery.platform as Platform)
	if (!page) return { error: 'not_connected' }
	if (page.token_status !== 'active') return { error: 'reconnect_required' }
	return {
		tokenId: page.token_id,
		title: post.title,
		target: targetOf(ctx.box, page),
		content: { text: textFor(post.content, delivery.platform as Platform, page.page_row_id), imageUrl: absoluteUrl(ctx.appUrl, imageUrl) },
		imageUrl,
		firstComment: firstCommentFor(post.content, delivery.platform as Platform, page.page_row_id),
	}
}

function absoluteUrl(appUrl: string, url: string | null) {
	if (!url) return null
	return url.startsWith('/') ? `${appUrl}${url}` : url
}
