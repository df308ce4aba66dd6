import type { Platform } from '#modules/core/platform-id.ts'
import { countText, type CountingKind } from './counting.ts'

// Pure and shared with the browser: what a social platform *is*, as plain data. Each platform folder
// (adapters/platforms/<id>/) exports one descriptor next to its adapter; the server hands the list to
// the modules (through publishing) and to the browser (the root loader's data, usePlatforms()).
// Nothing outside the folder names a platform id. See docs/decisions/0010-platform-descriptors.md.

export { PLATFORM_ID_PATTERN, isPlatformId, type Platform } from '#modules/core/platform-id.ts'

/** Which generated text a platform gets: one text is written per group (and charged once). */
export type TextGroup = 'long' | 'short'
export const TEXT_GROUPS: ReadonlyArray<TextGroup> = ['long', 'short']

/** The aspects images are generated in (one image per aspect, shared by the platforms that use it). */
export type ImageAspect = '1:1' | '16:9'
export const IMAGE_ASPECTS: ReadonlyArray<ImageAspect> = ['1:1', '16:9']

export type PostFormat = 'text' | 'image' | 'carousel' | 'video' | 'document'

/** How an account is connected: the OAuth consent in a popup, an instance name first (then OAuth), or a handle and an app password. */
export type ConnectKind = 'oauth-popup' | 'instance-oauth' | 'handle-app-password'

/**
 * How a token stays valid: 'refresh-token' only with a refresh token (without one the account is
 * reconnected when the token runs out), 'access-token' by exchanging the token itself, 'none': it does not expire.
 */
export type RefreshKind = 'refresh-token' | 'access-token' | 'none'

/** The configuration names a platform reads, after its prefix (e.g. LINKEDIN_ + CLIENT_ID). */
export type EnvSetting = 'clientId' | 'clientSecret' | 'apiBase' | 'authorizeUrl' | 'tokenUrl' | 'version' | 'enabled' | 'directoryUrl'
export const ENV_DEFAULT_NAMES: Record<EnvSetting, string> = {
	directoryUrl: 'DIRECTORY_URL',
	clientId: 'CLIENT_ID',
	clientSecret: 'CLIENT_SECRET',
	apiBase: 'API_BASE',
	authorizeUrl: 'AUTHORIZE_URL',
	tokenUrl: 'TOKEN_URL',
	version: 'VERSION',
	enabled: 'ENABLED',
}

/** Settings for a self-hosted test network only: ignored (with a log line) when APP_ENV=production. */
export const DEVELOPMENT_SETTINGS: ReadonlyArray<EnvSetting> = ['directoryUrl']

/** What makes a platform talk to the real network instead of the sandbox, unless the descriptor says otherwise. */
export const DEFAULT_REQUIRED_SETTINGS: ReadonlyArray<EnvSetting> = ['clientId', 'clientSecret']

/** What a post's media item is (post_media.kind, ADR 0053). */
export type MediaKind = 'image' | 'video' | 'document'

/** What a channel publishes as (channels.page_type): a member's own profile or an organization's page. */
export type PageType = 'personal' | 'business'

/** Width divided by height, from `min` to `max` (both included). */
export type RatioRange = { min: number; max: number }

/** Several images (or videos) in one post: Instagram's carousel, LinkedIn's multi-image post, four images on Bluesky. */
export type CarouselRules = {
	/** The fewest items a post of several takes (a single item is an ordinary image or video post). */
	minItems: number
	/** The most items in one post; the same figure as `images.maxCount`. */
	maxItems: number
	/** Images and videos together in one post. */
	mixed: boolean
	/** The network shows every item in the first one's aspect (the others are cropped to it). */
	sameAspect: boolean
}

/** What a video must be for the network to take it (as published: a Reel where the network publishes videos as Reels). */
export type VideoRules = {
	maxBytes: number
	minDurationMs: number
	/** null: the network states no limit. */
	maxDurationMs: number | null
	ratio: RatioRange
	/** Frames per second; null: no limit stated. */
	minFps: number | null
	maxFps: number | null
	/** Video codecs by ffprobe's codec_name ('h264', 'hevc', 'vp9', 'av1'). */
	codecs: ReadonlyArray<string>
	/** The file's type (MIME), e.g. 'video/mp4', 'video/quicktime'. */
	containers: ReadonlyArray<string>
	maxWidth?: number
	maxHeight?: number
}

/** A document post (LinkedIn's PDF carousel). */
export type DocumentRules = {
	maxBytes: number
	maxPages: number
	/** The file types (MIME) it takes. */
	types: ReadonlyArray<string>
}

/**
 * Who may get a first comment right after the post: 'all' channels, only 'organizations' (channels
 * whose page type is 'business'), or null: the network's API does not let us comment.
 */
export type FirstCommentReach = 'all' | 'organizations' | null

/** What the network takes beyond text and a single image (ADR 0053); a single image's limits stay in `images`. */
export type MediaRules = {
	/** Several items in one post; null: one item at most. */
	carousel: CarouselRules | null
	/** null: no videos. */
	video: VideoRules | null
	/** null: no documents. */
	document: DocumentRules | null
	/** The longest alt text per item, in Unicode code points; null: the network takes none (none is sent). */
	altText: { maxLength: number } | null
	firstComment: FirstCommentReach
	/** The network has a flag for AI-generated media that the adapter sets (Instagram's is_ai_generated). */
	aiFlag: boolean
}

/** One limit on a post's text: at most `limit` in the network's `counting`. */
export type TextLimit = { limit: number; counting: CountingKind }

export type PlatformDescriptor = {
	id: Platform
	/** The network's name (brand names are not translated; locales/de/posts.json `platforms.<id>` may override). */
	name: string
	/** The short mark drawn in the brand colour (PlatformMark). */
	badge: string
	color: {
		/** The mark's CSS background (a colour or gradient). */
		brand: string
		/** A Radix colour scale for calendar chips. */
		scale: string
	}
	text: {
		/** The limit the editor's counter shows, in `counting`. */
		limit: number
		counting: CountingKind
		/** Further limits the text must keep as well, each in its own counting (e.g. UTF-8 bytes beside graphemes). */
		moreLimits?: ReadonlyArray<TextLimit>
		group: TextGroup
		/** The writing style shown on the creator's card and given to the writers. */
		style: string
		/** The range the writers aim for. */
		hashtags: { min: number; max: number }
		/** The most hashtags the network accepts; null: no limit. */
		maxHashtags: number | null
		/** The most links a post may carry; null: no limit. */
		maxLinks: number | null
	}
	images: {
		/** The aspect the generator makes for this platform. */
		generate: ImageAspect
		/** Accepted width/height ratios. */
		ratio: { min: number; max: number }
		formats: ReadonlyArray<string>
		maxBytes: number
		/** Width × height; null: no limit known. */
		maxPixels: number | null
		maxCount: number
		/** No text-only posts (Instagram). */
		required: boolean
	}
	/** Carousels, video, documents, alt text, the first comment and the AI flag: what the preflight checks a post's media against. */
	media: MediaRules
	/** What the network can publish (later issues use more than text and image). */
	formats: ReadonlyArray<PostFormat>
	/** Configuration: `${prefix}_${names[setting] ?? ENV_DEFAULT_NAMES[setting]}`. Platforms of one app share a prefix. */
	env: {
		prefix: string
		names?: Partial<Record<EnvSetting, string>>
		/**
		 * The settings that switch the platform to the real network (default DEFAULT_REQUIRED_SETTINGS).
		 * Networks without app keys (the app registers itself per server, or users sign in with an app
		 * password) name ['enabled']: <PREFIX>_ENABLED=true.
		 */
		required?: ReadonlyArray<EnvSetting>
	}
	connect: ConnectKind
	refresh: RefreshKind
	/** What the network allows an account (checked when a post is planned or published now). */
	account?: {
		/** The most posts one channel (an account, a page) may publish in a rolling window, where the network states it: a daily cap, refused at planning per channel. */
		quota?: { posts: number; hours: number }
		/**
		 * The scopes a grant needs to publish, per page type ('*': any page). Checked only where the
		 * network reports the granted scopes (an empty list: unknown, not refused).
		 */
		publishScopes?: Partial<Record<string, ReadonlyArray<string>>>
	}
}

/** What the browser gets of a descriptor (the root loader's data): no configuration names. */
export type PlatformView = Omit<PlatformDescriptor, 'env' | 'refresh'>

export function toPlatformView({ env: _env, refresh: _refresh, ...view }: PlatformDescriptor): PlatformView {
	return view
}

/** The descriptor of `id` in `list`, or null (an unknown id: a removed platform, or input from outside). */
export function descriptorOf<D extends PlatformView>(list: ReadonlyArray<D>, id: string): D | null {
	return list.find((d) => d.id === id) ?? null
}

export function platformIds(list: ReadonlyArray<PlatformView>): Array<Platform> {
	return list.map((d) => d.id)
}

/** The length of `text` as `descriptor`'s network counts it. */
export function countFor(descriptor: Pick<PlatformDescriptor, 'text'>, text: string) {
	return countText(descriptor.text.counting, text)
}

/** Every limit the text must keep: the counter's first, then the descriptor's further ones. */
export function textLimitsOf(descriptor: Pick<PlatformDescriptor, 'text'>): Array<TextLimit> {
	return [{ limit: descriptor.text.limit, counting: descriptor.text.counting }, ...(descriptor.text.moreLimits ?? [])]
}

export function isOverLimit(descriptor: Pick<PlatformDescriptor, 'text'>, text: string) {
	return textLimitsOf(descriptor).some((rule) => countText(rule.counting, text) > rule.limit)
}

/** Which texts are written for `platforms` (in TEXT_GROUPS order): one per group. */
export function textGroupsOf(list: ReadonlyArray<PlatformView>, platforms: ReadonlyArray<Platform>): Array<TextGroup> {
	const used = new Set(platforms.flatMap((id) => descriptorOf(list, id)?.text.group ?? []))
	return TEXT_GROUPS.filter((group) => used.has(group))
}

/** Which images are generated for `platforms` (in IMAGE_ASPECTS order): one per aspect. */
export function imageAspectsOf(list: ReadonlyArray<PlatformView>, platforms: ReadonlyArray<Platform>): Array<ImageAspect> {
	const used = new Set(platforms.flatMap((id) => descriptorOf(list, id)?.images.generate ?? []))
	return IMAGE_ASPECTS.filter((aspect) => used.has(aspect))
}
