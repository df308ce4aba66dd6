import type { AiLabel, CarouselFit, Platform, PostOrigin, PostPlatform, PostStatus } from './platforms.ts'

// What the web layer receives: plain JSON-safe objects, ISO strings for instants.
export type PostView = {
	id: string
	title: string
	content: string
	platform: PostPlatform
	platforms: Array<Platform>
	status: PostStatus
	scheduledAt: string | null
	timeZone: string
	publishedAt: string | null
	imageUrl: string | null
	/** The image per platform where they differ (Instagram 1:1, the others 16:9); imageUrl otherwise. */
	images: Partial<Record<Platform, string>>
	/** Its media in order (post_media): what imageUrl and images are a view of. */
	media: Array<PostMediaView>
	/** Whether the post is marked as made with AI ('auto': when any text or item was generated). */
	aiLabel: AiLabel
	/** The label resolved: 'on', 'off', or for 'auto' whether any text or item was generated (aiLabelled). */
	aiLabelled: boolean
	/** A carousel on a network that shows every item in the first one's aspect: cropped or padded to it (ADR 0065). */
	carouselFit: CarouselFit
	postType: string
	/** Where the post was made (web, api, mcp, csv); the card names the last three. */
	origin: PostOrigin
	/** The brand it belongs to (its channels are this brand's). */
	brandId: string
	createdAt: string
	updatedAt: string
	engagement: { views: number; likes: number; shares: number; comments: number }
}

/** One item of a post's media, in order. */
export type PostMediaView = {
	id: string
	kind: 'image' | 'video' | 'document'
	url: string
	/** The networks it is for; null: every network of the post without items of its own. */
	networks: Array<Platform> | null
	altText: string | null
	aiGenerated: boolean
	width: number | null
	height: number | null
	/** The file's type (MIME) where known, e.g. 'image/jpeg', 'video/mp4', 'application/pdf'. */
	contentType: string | null
	sizeBytes: number | null
	/** Videos: their length. */
	durationMs: number | null
	/** Documents: their page count. */
	pages: number | null
	/** Videos: the cover frame (a JPEG) and where it was taken. */
	coverUrl: string | null
	coverAtMs: number | null
	/** 'ready' unless a video or document is still being processed ('processing') or could not be ('failed'). */
	state: 'processing' | 'ready' | 'failed'
	/** Documents: the title shown above the pages (null: the post's title). */
	title: string | null
}

/** A post as the calendar reads it: what its chip shows, at its plan or publication time. */
export type CalendarEntry = {
	id: string
	title: string
	platform: PostPlatform
	status: 'scheduled' | 'published'
	at: Date
}

/** What a chip's hover card adds, read when it opens. */
export type CalendarPreview = {
	/** The start of the base text (120 characters). */
	excerpt: string
	imageUrl: string | null
	/** The start of the first comment (120 characters); null when the post has none. */
	firstComment: string | null
	/** Whether the post is labelled as made with AI (aiLabelled: 'auto' from generated texts and items): the hover card shows 'KI'. */
	aiLabelled: boolean
}

export type DraftView = {
	id: string
	title: string
	content: string
	platforms: Array<Platform>
	/** Each network's first image ('' for none), a view of `media` as for posts. */
	images: Partial<Record<Platform, string>>
	/** Its media in order (post_media rows of the draft, ADR 0069); the post it becomes takes them over. */
	media: Array<PostMediaView>
	/** The connected page chosen per platform. */
	pageIds: Partial<Record<Platform, string>>
	/** The channels chosen (empty: each network's default channel of the brand) and the draft's brand. */
	channelIds: Array<string>
	brandId: string
	postType: string
	createdAt: string
	updatedAt: string
}

/** request_conflict: the request id was already used for another operation or other input. */
export type ContentError = 'not_found' | 'published_locked' | 'invalid_transition' | 'request_conflict' | 'preflight' | 'invalid_media' | `schedule:${string}`

/** preflight: a network would refuse the post; invalid_media: the media list given (ADR 0061); `reasons` says why, in German. */
export type ContentResult<T = object> = ({ ok: true } & T) | { ok: false; error: ContentError; reasons?: Array<string> }
