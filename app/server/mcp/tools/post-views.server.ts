import type { DraftView, Platform, PostView } from '#modules/content/index.ts'
import { parseContent } from '#modules/content/post-content.ts'
import { livePostStatus, type DeliveryState } from '#modules/publishing/index.ts'

// What the tools answer about drafts and posts: the texts per network instead of the stored content string.

function texts(raw: string, networks: ReadonlyArray<Platform>) {
	const content = parseContent(raw, (key) => networks.includes(key))
	return { text: content.base, texts: Object.fromEntries(networks.map((n) => [n, content.platforms[n] ?? content.base])), firstComment: content.firstComment?.base || null }
}

export function draftOut(draft: DraftView) {
	return { kind: 'draft' as const, id: draft.id, status: 'draft' as const, title: draft.title, networks: draft.platforms, ...texts(draft.content, draft.platforms), images: draft.images, createdAt: draft.createdAt, updatedAt: draft.updatedAt }
}

/** `deliveries`: the post's networks' states ('publishing' while they are being sent now; listed when given). */
export function postOut(post: PostView, deliveries?: ReadonlyArray<DeliveryState>) {
	return {
		kind: 'post' as const,
		id: post.id,
		status: livePostStatus(post.status, deliveries ?? []),
		title: post.title,
		networks: post.platforms,
		...texts(post.content, post.platforms),
		imageUrl: post.imageUrl,
		images: post.images,
		scheduledAt: post.scheduledAt,
		timeZone: post.timeZone,
		publishedAt: post.publishedAt,
		origin: post.origin,
		createdAt: post.createdAt,
		...(deliveries ? { deliveries: deliveries.map((d) => ({ network: d.platform, status: d.status, url: d.url, reason: d.reason })) } : {}),
	}
}
