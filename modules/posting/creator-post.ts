import type { Platform } from '#modules/content/index.ts'
import type { PostContent } from '#modules/content/post-content.ts'
import { ownImages } from '#modules/content/index.ts'
import { withoutEmpty } from '#modules/content/first-comment.ts'

// What the post creator sends (parsed by its route from the form): the chosen networks with their
// texts and images, the chosen channels, the idea (prompt), and the draft or post being edited. The
// creator's use cases (choose-creator-channels first, then save-creator-draft, schedule-creator-post,
// publish-creator-post) take it.

/** A chosen channel and its network (whose text and image it sends). */
export type CreatorChannel = { id: string; platform: Platform }

export type CreatorPost = {
	platforms: Array<Platform>
	texts: Partial<Record<Platform, string>>
	/** The first comment per platform (ADR 0062); a platform without one gets none. */
	firstComments?: Partial<Record<Platform, string>>
	images: Partial<Record<Platform, string>>
	/** A model test's video (/media/videos/…, ADR 0068): the post's one item for every network instead of the images. */
	video?: string | null
	prompt: string
	/** The user's generation that wrote the texts (checked where they are stored): the post's or drafts' text origin (ADR 0067). */
	generationId?: string | null
	editing: { kind: 'draft' | 'post'; id: string } | null
	/** The channels the post goes to (checked by chooseCreatorChannels); none: each network's default channel of the brand. */
	channels?: Array<CreatorChannel>
	/** Texts of their own for chosen channels (by id); a channel without one takes its network's text. */
	channelTexts?: Record<string, string>
	/** The brand a new post or draft goes to (the chosen channels', else the switcher's choice, ADR 0047); left out: the user's first. */
	brandId?: string
}

/** One post for all chosen platforms: the first platform's text as base, each platform's own text named, each channel's own text. */
export function postContent(c: CreatorPost): PostContent {
	const base = c.texts[c.platforms[0]!] ?? ''
	return { base, platforms: c.platforms.length > 1 ? Object.fromEntries(c.platforms.map((p) => [p, c.texts[p] ?? ''])) : {}, ...ownChannelTexts(c), ...creatorFirstComment(c) }
}

export function draftContent(c: CreatorPost): PostContent {
	return { base: c.texts[c.platforms[0]!] ?? '', platforms: Object.fromEntries(c.platforms.map((p) => [p, c.texts[p] ?? ''])), ...ownChannelTexts(c), ...creatorFirstComment(c) }
}

/**
 * The content's first comment from the creator's one per platform: the same for every chosen platform
 * is the base (the editor shows it as 'for all networks'), otherwise each platform's own; undefined when all are empty.
 */
export function creatorFirstComment(c: Pick<CreatorPost, 'platforms' | 'firstComments'>): Pick<PostContent, 'firstComment'> {
	const comments = c.platforms.map((p) => c.firstComments?.[p] ?? '')
	const same = comments.every((comment) => comment === comments[0])
	const firstComment = withoutEmpty(same ? { base: comments[0] ?? '', platforms: {} } : { base: '', platforms: Object.fromEntries(c.platforms.map((p, i) => [p, comments[i]!])) })
	// The key also when there is none: an opened post edited to have no comment loses its stored one.
	return { firstComment }
}

/** Each chosen platform's own image, '' for one without (it gets none, not another platform's). */
export const chosenImages = (c: CreatorPost) => ownImages(c.platforms, c.images)

/** The first chosen platform's image (the platforms come in the registry's order). */
export const firstImage = (c: CreatorPost) => c.platforms.map((p) => c.images[p]).find(Boolean)

/** Each chosen platform as the post would send it: its text and its own image (or none). */
export const creatorTargets = (c: CreatorPost) =>
	c.platforms.map((platform) => ({
		platform,
		text: c.texts[platform] ?? '',
		imageUrl: c.video ? null : (c.images[platform] ?? null),
		firstComment: c.firstComments?.[platform]?.trim() ? c.firstComments[platform]! : null,
		// The video's figures are not known before its processing: the job judges them again (ADR 0064).
		...(c.video ? { media: [{ kind: 'video' as const, url: c.video, altText: null, width: null, height: null, contentType: null, sizeBytes: null, durationMs: null, pages: null }] } : {}),
	}))

/** The chosen channels' ids (of one network, when given). */
export const channelIdsOf = (c: CreatorPost, platform?: Platform) => (c.channels ?? []).filter((ch) => !platform || ch.platform === platform).map((ch) => ch.id)

/** The channels' texts of their own (checked by chooseCreatorChannels), as the content's `channels`; with `platform` only its chosen channels'. */
export function ownChannelTexts(c: CreatorPost, platform?: Platform): Pick<PostContent, 'channels'> {
	const ids = platform ? channelIdsOf(c, platform) : null
	const own = Object.entries(c.channelTexts ?? {}).filter(([id]) => !ids || ids.includes(id))
	return own.length ? { channels: Object.fromEntries(own) } : {}
}

/** The new post's input as the creator makes it ('Planen', 'Jetzt posten'): one delivery per chosen channel. */
export const newCreatorPost = (c: CreatorPost) => ({
	platform: c.platforms.length === 1 ? c.platforms[0]! : ('multiple' as const),
	content: postContent(c),
	imageUrl: firstImage(c) ?? null,
	images: chosenImages(c),
	// The video by its stored key: content checks it is the user's upload in the writing statement.
	...(c.video ? { media: [{ fileKey: c.video.slice('/media/'.length) }] } : {}),
	aiPrompt: c.prompt || null,
	generationId: c.generationId ?? null,
	...(c.channels?.length ? { channelIds: channelIdsOf(c) } : {}),
	brandId: c.brandId,
})
