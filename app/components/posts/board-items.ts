import type { FirstComment } from '#modules/content/first-comment.ts'
import type { AiLabel, CarouselFit, Platform, PostOrigin } from '#modules/content/platforms.ts'
import { extractText, parseContent, textFor } from '#modules/content/post-content.ts'
import type { DraftView, PostMediaView, PostView } from '#modules/content/views.ts'
import type { ChannelName } from '#app/components/channel-names.tsx'

/**
 * What the page receives of a post: what the card and the editor show (no engagement figures, no post
 * type), the channels of its deliveries not yet out (where the editor's channel picker starts), and the
 * channels it goes to (the card names them).
 */
export type BoardPost = Pick<PostView, 'id' | 'title' | 'content' | 'platform' | 'platforms' | 'status' | 'scheduledAt' | 'publishedAt' | 'imageUrl' | 'media' | 'origin' | 'updatedAt' | 'brandId' | 'aiLabel' | 'carouselFit'> & {
	channelIds: Array<string>
	channels: Array<ChannelName>
	/** The card's 'KI' badge: the label resolved (PostView.aiLabelled, 'auto' from generated texts and items). */
	aiLabelled: boolean
}
/** What the page receives of a draft, and the channels it would go to (the card names them). */
export type BoardDraft = Pick<DraftView, 'id' | 'title' | 'content' | 'platforms' | 'images' | 'pageIds' | 'channelIds' | 'brandId' | 'updatedAt'> & {
	channels: Array<ChannelName>
}

/** The loader's part: only these fields go into the page's data. */
export function boardPost(post: PostView, channelIds: Array<string> = [], channels: ReadonlyArray<ChannelName> = []): BoardPost {
	const { id, title, content, platform, platforms, status, scheduledAt, publishedAt, imageUrl, media, origin, updatedAt, brandId, aiLabel, aiLabelled, carouselFit } = post
	return { id, title, content, platform, platforms, status, scheduledAt, publishedAt, imageUrl, media, origin, updatedAt, brandId, aiLabel, aiLabelled, carouselFit, channelIds, channels: channels.map(({ platform, name }) => ({ platform, name })) }
}

/** A draft, or a post not yet published (planned, or e.g. a CSV import's draft): its editor chooses its channels. */
export function choosesChannels(item: Pick<BoardItem, 'kind' | 'status'>) {
	return item.kind === 'draft' || item.status !== 'published'
}

export function boardDraft(draft: DraftView, channels: ReadonlyArray<ChannelName> = []): BoardDraft {
	const { id, title, content, platforms, images, pageIds, channelIds, brandId, updatedAt } = draft
	return { id, title, content, platforms, images, pageIds, channelIds, brandId, updatedAt, channels: channels.map(({ platform, name }) => ({ platform, name })) }
}

/** One card of the board: a draft (drafts table) or a post, with what the card and the editor need. */
export type BoardItem = {
	kind: 'draft' | 'post'
	id: string
	title: string
	status: 'draft' | 'scheduled' | 'published' | 'review'
	platform: Platform | 'multiple'
	platforms: Array<Platform>
	text: string
	texts: Partial<Record<Platform, string>>
	/** Texts of their own for channels (by channel id); a channel without one takes its network's text. */
	channelTexts: Record<string, string>
	images: Partial<Record<Platform, string>>
	/** A draft's page per network, chosen before channels (a post's deliveries name their channels). */
	pageIds: Partial<Record<Platform, string>>
	/** The channels chosen (a draft: empty for each network's default channel) and the brand they belong to. */
	channelIds: Array<string>
	brandId: string
	imageUrl: string | null
	/** A post's media list in order (the editor's media strip); a draft's images stay in `images`. */
	media: Array<PostMediaView>
	scheduledAt: string | null
	publishedAt: string | null
	updatedAt: string
	/** Where it was made: 'web' (drafts too), or the REST API, an MCP client or a CSV import (the card names these). */
	origin: PostOrigin
	/** The channels a post goes to (its deliveries'), or a draft would go to (its chosen ones, else its brand's defaults). */
	channels: Array<ChannelName>
	/** The comment sent under the post right after it (per network, per channel); undefined: none. */
	firstComment: FirstComment | undefined
	/** A post's AI label ('auto', 'on', 'off'); null for a draft (it has none until it becomes a post). */
	aiLabel: AiLabel | null
	/** Whether the card shows 'KI'. */
	aiLabelled: boolean
	/** A post's carousel made one aspect by cropping or padding (ADR 0065); a draft: 'crop'. */
	carouselFit: CarouselFit
}

/** `fallback`: the platform of a draft that names none (the registry's first). */
export function draftItem(draft: BoardDraft, fallback: Platform): BoardItem {
	const platforms = draft.platforms.length ? draft.platforms : [fallback]
	const parsed = parseContent(draft.content)
	return {
		kind: 'draft',
		id: draft.id,
		title: draft.title,
		status: 'draft',
		platform: platforms.length === 1 ? platforms[0]! : 'multiple',
		platforms,
		text: extractText(draft.content),
		texts: Object.fromEntries(platforms.map((p) => [p, textFor(draft.content, p)])),
		channelTexts: parsed.channels ?? {},
		images: draft.images,
		pageIds: draft.pageIds,
		channelIds: draft.channelIds,
		brandId: draft.brandId,
		imageUrl: platforms.map((p) => draft.images[p]).find(Boolean) ?? null,
		media: [],
		scheduledAt: null,
		publishedAt: null,
		updatedAt: draft.updatedAt,
		origin: 'web',
		channels: draft.channels,
		firstComment: parsed.firstComment,
		aiLabel: null,
		aiLabelled: false,
		carouselFit: 'crop',
	}
}

export function postItem(post: BoardPost): BoardItem {
	const parsed = parseContent(post.content)
	return {
		kind: 'post',
		id: post.id,
		title: post.title,
		status: post.status,
		platform: post.platform,
		platforms: post.platforms,
		text: parsed.base,
		texts: Object.fromEntries(post.platforms.map((p) => [p, parsed.platforms[p] ?? parsed.base])),
		channelTexts: parsed.channels ?? {},
		images: post.imageUrl ? Object.fromEntries(post.platforms.map((p) => [p, post.imageUrl!])) : {},
		pageIds: {},
		channelIds: post.channelIds,
		brandId: post.brandId,
		// A planned draft's images are its networks' own rows (ADR 0069): the card shows the first of them.
		imageUrl: post.imageUrl ?? post.media.find((m) => m.kind === 'image')?.url ?? null,
		media: post.media,
		scheduledAt: post.scheduledAt,
		publishedAt: post.publishedAt,
		updatedAt: post.updatedAt,
		origin: post.origin,
		channels: post.channels,
		firstComment: parsed.firstComment,
		aiLabel: post.aiLabel,
		aiLabelled: post.aiLabelled,
		carouselFit: post.carouselFit,
	}
}

export type Board = { drafts: Array<BoardItem>; scheduled: Array<BoardItem>; published: Array<BoardItem> }

/** Entwürfe (drafts and posts in draft or review), Geplant (soonest first), Veröffentlicht (newest first). */
export function buildBoard(drafts: Array<BoardDraft>, posts: Array<BoardPost>, query: string, fallback: Platform): Board {
	const q = query.toLowerCase()
	const matches = (item: BoardItem) => !q || item.title.toLowerCase().includes(q) || item.text.toLowerCase().includes(q)
	const items = [...drafts.map((d) => draftItem(d, fallback)), ...posts.map(postItem)].filter(matches)
	const by = (key: 'scheduledAt' | 'publishedAt' | 'updatedAt', dir: 1 | -1) => (a: BoardItem, b: BoardItem) => dir * (a[key] ?? '').localeCompare(b[key] ?? '')
	return {
		drafts: items.filter((i) => i.status === 'draft' || i.status === 'review').sort(by('updatedAt', -1)),
		scheduled: items.filter((i) => i.status === 'scheduled').sort(by('scheduledAt', 1)),
		published: items.filter((i) => i.status === 'published').sort(by('publishedAt', -1)),
	}
}
