import { livePostStatus, type ChannelView, type DeliveryStatusView } from '#modules/publishing/index.ts'
import type { DraftView, PostView } from '#modules/content/index.ts'
import { isRegistered, type RegisteredPlatforms } from '#modules/content/platforms.ts'
import { parseContent } from '#modules/content/post-content.ts'

// The module views as the REST API shows them: a post's text for all networks and each network's own.

function textsOf(registered: RegisteredPlatforms, content: string) {
	const parsed = parseContent(content, (key) => isRegistered(registered, key))
	return { text: parsed.base, texts: parsed.platforms as Record<string, string>, channelTexts: parsed.channels ?? {} }
}

/** `deliveries`: the post's networks' states ('publishing' while they are being sent now). */
export function apiPost(registered: RegisteredPlatforms, post: PostView, deliveries: ReadonlyArray<{ status: string }>) {
	return {
		id: post.id,
		title: post.title,
		...textsOf(registered, post.content),
		firstComment: parseContent(post.content).firstComment?.base || null,
		networks: post.platforms,
		status: livePostStatus(post.status, deliveries),
		scheduledAt: post.scheduledAt,
		timeZone: post.timeZone,
		publishedAt: post.publishedAt,
		imageUrl: post.imageUrl,
		images: post.images as Record<string, string>,
		media: post.media,
		aiLabel: post.aiLabel,
		aiLabelled: post.aiLabelled,
		carouselFit: post.carouselFit,
		origin: post.origin,
		createdAt: post.createdAt,
		updatedAt: post.updatedAt,
		engagement: post.engagement,
	}
}

export function apiDelivery(delivery: DeliveryStatusView) {
	return { id: delivery.id, network: delivery.platform, channel: delivery.channelId, status: delivery.status, reason: delivery.reason, url: delivery.url, firstComment: delivery.firstComment }
}

/** A channel as GET /channels lists it. */
export function apiChannel(channel: ChannelView) {
	return {
		id: channel.id,
		network: channel.platform,
		name: channel.pageName,
		type: channel.pageType as 'personal' | 'business',
		brand: channel.brandId,
		default: channel.isDefault,
		state: channel.problem ?? ('connected' as const),
		followers: channel.followerCount,
	}
}

/** The channels of a post's deliveries (in their order), named as the user's channels are. */
export function apiPostChannels(deliveries: ReadonlyArray<DeliveryStatusView>, channels: ReadonlyArray<ChannelView>) {
	const byId = new Map(channels.map((c) => [c.id, c]))
	// A delivery without a channel of its own goes to its network's default channel (ADR 0044).
	const defaults = (network: string) => channels.filter((c) => c.platform === network && c.isDefault)
	return deliveries.flatMap((d) => {
		const channel = d.channelId ? byId.get(d.channelId) : defaults(d.platform).length === 1 ? defaults(d.platform)[0] : undefined
		return channel ? [{ id: channel.id, network: channel.platform, name: channel.pageName }] : []
	})
}

export function apiDraft(registered: RegisteredPlatforms, draft: DraftView) {
	return {
		id: draft.id,
		title: draft.title,
		...textsOf(registered, draft.content),
		networks: draft.platforms,
		images: draft.images as Record<string, string>,
		media: draft.media,
		createdAt: draft.createdAt,
		updatedAt: draft.updatedAt,
	}
}
