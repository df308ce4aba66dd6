import { z } from 'zod'
import { channelTextsOf, firstCommentFor, imageFor, textFor, type ContentService, type Platform } from '#modules/content/index.ts'
import type { PublishingService } from '#modules/publishing/index.ts'

// The post creator opened on ?draft=<id> or ?post=<id>: the user's own draft or post, as the creator edits it.

const id = z.uuid()

export type OpenedPost = {
	editing: { kind: 'draft'; id: string } | { kind: 'post'; id: string; scheduledAt: string | null }
	platforms: Array<Platform>
	texts: Partial<Record<Platform, string>>
	images: Partial<Record<Platform, string>>
	/** The channels chosen for the draft, or those the post's deliveries go to (the creator's channel step shows them). */
	channelIds: Array<string>
	/** Texts of their own for its channels (by id). */
	channelTexts: Record<string, string>
	/** The first comment each platform gets (a channel's own stays as stored: the creator has no field for it). */
	firstComments: Partial<Record<Platform, string>>
	/** A draft's brand (the channel step lists its channels); null for a post (its channels name it). */
	brandId: string | null
}

function textsOf(raw: string, platforms: Array<Platform>) {
	return Object.fromEntries(platforms.map((p) => [p, textFor(raw, p)])) as Partial<Record<Platform, string>>
}

function firstCommentsOf(raw: string, platforms: Array<Platform>) {
	return Object.fromEntries(platforms.flatMap((p) => { const comment = firstCommentFor(raw, p); return comment ? [[p, comment]] : [] })) as Partial<Record<Platform, string>>
}

/** `opened`: the draft or post to edit; `notFound` for an id that is not the user's (another user's included) or no id at all. */
export async function openForEditing(services: { content: ContentService; publishing: Pick<PublishingService, 'deliveryStates'> }, userId: string, wanted: { draftId: string | null; postId: string | null }): Promise<{ opened: OpenedPost | null; notFound: boolean }> {
	const { content, publishing } = services
	if (wanted.draftId !== null) {
		const draft = id.safeParse(wanted.draftId).success ? await content.getDraft(userId, wanted.draftId) : null
		if (!draft) return { opened: null, notFound: true }
		return { opened: { editing: { kind: 'draft', id: draft.id }, platforms: draft.platforms, texts: textsOf(draft.content, draft.platforms), channelTexts: channelTextsOf(draft.content), firstComments: firstCommentsOf(draft.content, draft.platforms), images: draft.images, channelIds: draft.channelIds, brandId: draft.brandId }, notFound: false }
	}
	if (wanted.postId !== null) {
		const post = id.safeParse(wanted.postId).success ? await content.getPost(userId, wanted.postId) : null
		if (!post) return { opened: null, notFound: true }
		const deliveries = (await publishing.deliveryStates(userId, [post.id]))[post.id] ?? []
		return {
			opened: {
				editing: { kind: 'post', id: post.id, scheduledAt: post.status === 'scheduled' ? post.scheduledAt : null },
				platforms: post.platforms,
				texts: textsOf(post.content, post.platforms),
				channelTexts: channelTextsOf(post.content),
				firstComments: firstCommentsOf(post.content, post.platforms),
				images: Object.fromEntries(post.platforms.flatMap((p) => { const url = imageFor(post, p); return url ? [[p, url]] : [] })),
				channelIds: [...new Set(deliveries.flatMap((d) => (d.channelId ? [d.channelId] : [])))],
				brandId: null,
			},
			notFound: false,
		}
	}
	return { opened: null, notFound: false }
}
