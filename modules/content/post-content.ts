import { isPlatformId } from '#modules/core/platform-id.ts'
import { isUuid } from '#modules/core/uuid.ts'
import { firstCommentOf, keepChannelComments, readFirstComment, withoutEmpty, type FirstComment } from './first-comment.ts'
import type { Platform } from './platforms.ts'

// Pure and shared with the browser. A post's content is plain text or a JSON string
// { base, platforms: { <id>: '...', ... }, channels?: { <channel id>: '...' } } with a text per platform
// and, optionally, a text of its own for a channel (issue 38: the shop's account says it differently
// than the owner's). A channel's text wins over its network's, which wins over the base. A first
// comment (`firstComment`, see first-comment.ts) is kept beside the texts, only when set.

export type PostContent = {
	base: string
	platforms: Partial<Record<Platform, string>>
	/** Texts of their own for channels (by channel id); a channel without one takes its network's text. */
	channels?: Record<string, string>
	/** The comment sent under the post right after it (per network, per channel); absent: none. */
	firstComment?: FirstComment
}

/**
 * `isPlatform` decides which keys are platform texts: by default any key shaped like a platform id (the
 * browser and lookups of one platform's text); the server passes the registry's check where the keys
 * decide where a post goes.
 */
export function parseContent(raw: string | null | undefined, isPlatform: (key: string) => boolean = isPlatformId): PostContent {
	const text = raw ?? ''
	const json = tryJson(text)
	if (json && typeof json === 'object' && !Array.isArray(json)) {
		const record = json as Record<string, unknown>
		const platforms: Partial<Record<Platform, string>> = {}
		const map = record.platforms
		if (map && typeof map === 'object' && !Array.isArray(map)) {
			for (const [key, value] of Object.entries(map as Record<string, unknown>)) {
				if (isPlatform(key) && typeof value === 'string') platforms[key] = value
			}
		}
		const channels = channelTexts(record.channels)
		const base = firstString(record, ['base', 'content', 'text', 'message'])
		const firstComment = readFirstComment(record.firstComment, isPlatform)
		if (base !== null || Object.keys(platforms).length > 0) {
			return { base: base ?? Object.values(platforms)[0] ?? '', platforms, ...(channels ? { channels } : {}), ...(firstComment ? { firstComment } : {}) }
		}
	}
	return { base: text, platforms: {} }
}

/** Stores plain text when there are no per-platform or per-channel texts, the JSON form otherwise. */
export function serializeContent(content: PostContent): string {
	const platforms = Object.fromEntries(Object.entries(content.platforms).filter(([, v]) => typeof v === 'string'))
	const channels = channelTexts(content.channels)
	const firstComment = withoutEmpty(content.firstComment)
	if (Object.keys(platforms).length === 0 && !channels && !firstComment) return content.base
	return JSON.stringify({ base: content.base, platforms, ...(channels ? { channels } : {}), ...(firstComment ? { firstComment } : {}) })
}

/** The content with texts of their own only for `channelIds` (a channel no longer chosen loses its text). */
export function keepChannelTexts(content: PostContent, channelIds: ReadonlyArray<string>): PostContent {
	const { channels, firstComment, ...rest } = content
	const kept = Object.entries(channels ?? {}).filter(([id]) => channelIds.includes(id))
	const comment = keepChannelComments(firstComment, channelIds)
	return { ...rest, ...(kept.length ? { channels: Object.fromEntries(kept) } : {}), ...(comment ? { firstComment: comment } : {}) }
}

/**
 * A saved edit over the stored content: the edit's texts, and the stored keys it does not own (an edit
 * without the `firstComment` key keeps the stored comment; with it, even undefined, replaces it). With
 * `textChannels` (the channels an editor showed) the edit's channel texts replace only theirs: a channel
 * the editor did not show (one already published) keeps its text. Without, the edit's replace all.
 */
export function editedContent(stored: PostContent, edit: PostContent, textChannels?: ReadonlyArray<string>): PostContent {
	const { channels: storedChannels, ...rest } = stored
	const { channels: editedChannels, ...texts } = edit
	const kept = textChannels ? Object.entries(storedChannels ?? {}).filter(([id]) => !textChannels.includes(id)) : []
	const channels = { ...Object.fromEntries(kept), ...editedChannels }
	return { ...rest, ...texts, ...(Object.keys(channels).length ? { channels } : {}) }
}

/** The channel texts of a stored or sent map: string values under channel ids; null when there are none. */
function channelTexts(map: unknown): Record<string, string> | null {
	if (!map || typeof map !== 'object' || Array.isArray(map)) return null
	const entries = Object.entries(map as Record<string, unknown>).filter((entry): entry is [string, string] => isUuid(entry[0]) && typeof entry[1] === 'string')
	return entries.length ? Object.fromEntries(entries) : null
}

/** The text shown for a post: from base, content, text or message of JSON content, else the raw text. */
export function extractText(raw: string | null | undefined) {
	return parseContent(raw).base
}

/** The text a network gets; with `channelId`, that channel's own text when it has one. */
export function textFor(raw: string | null | undefined, platform: Platform, channelId?: string | null) {
	const content = parseContent(raw)
	return (channelId ? content.channels?.[channelId] : undefined) ?? content.platforms[platform] ?? content.base
}

/** The first comment a network's channel gets (channel > network > base), or null when the post has none for it. */
export function firstCommentFor(raw: string | null | undefined | PostContent, platform: Platform, channelId?: string | null) {
	return firstCommentOf((typeof raw === 'object' && raw !== null ? raw : parseContent(raw)).firstComment, platform, channelId)
}

/** The channels' texts of their own (by channel id); empty when none has one. */
export function channelTextsOf(raw: string | null | undefined): Record<string, string> {
	return parseContent(raw).channels ?? {}
}

/** A channel's text of its own, or undefined when it takes its network's. */
export function channelTextOf(raw: string | null | undefined, channelId: string) {
	return parseContent(raw).channels?.[channelId]
}

/** Cuts at `max` characters and adds an ellipsis when the text was longer. */
export function truncate(text: string, max: number) {
	const clean = text.replace(/\s+/g, ' ').trim()
	return clean.length > max ? `${clean.slice(0, max)}…` : clean
}

/** A title from the first 50 characters plus an ellipsis; null when the text is empty (callers use a generic name). */
export function titleFromText(text: string) {
	const clean = text.replace(/\s+/g, ' ').trim()
	return clean ? truncate(clean, 50) : null
}

function tryJson(text: string): unknown {
	const trimmed = text.trim()
	if (!trimmed.startsWith('{')) return null
	try {
		return JSON.parse(trimmed)
	} catch {
		return null
	}
}

function firstString(record: Record<string, unknown>, keys: Array<string>) {
	for (const key of keys) {
		const value = record[key]
		if (typeof value === 'string') return value
	}
	return null
}

/**
 * The image `platform` gets from a post: its own entry in `images` ('' stands for "none": each
 * network's variant keeps its own image or none), else the post's one image (a post planned with a
 * single image for all, e.g. through the API or a CSV row).
 */
export function imageFor(post: { imageUrl: string | null; images: Partial<Record<Platform, string>> }, platform: Platform): string | null {
	const own = post.images[platform]
	return own === undefined ? post.imageUrl : own || null
}

/** Each chosen platform's own image, '' for none (so no platform falls back to another one's image). */
export function ownImages(platforms: ReadonlyArray<Platform>, images: Partial<Record<Platform, string>>): Partial<Record<Platform, string>> {
	return Object.fromEntries(platforms.map((p) => [p, images[p] ?? '']))
}

/**
 * The items `platform` gets from a post's media, in order: the rows naming the network replace the
 * common rows (networks null) for it; a network the post sends without media ('' in `images`) gets none.
 * imageFor is this list's first image while callers still read one URL.
 */
export function mediaFor<T extends { networks: ReadonlyArray<string> | null }>(post: { media: ReadonlyArray<T>; images: Partial<Record<Platform, string>> }, platform: Platform): Array<T> {
	if (post.images[platform] === '') return []
	const own = post.media.filter((item) => item.networks?.includes(platform))
	return own.length ? own : post.media.filter((item) => item.networks === null)
}
