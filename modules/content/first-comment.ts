import { isPlatformId } from '#modules/core/platform-id.ts'
import { isUuid } from '#modules/core/uuid.ts'
import type { Platform } from './platforms.ts'

// Pure and shared with the browser. A post's first comment (issue 39 item 5, ADR 0053): sent under the
// post right after it, in the same delivery. Kept in the post's content JSON as `firstComment`, only
// when set, resolved like the text: a channel's own comment, else its network's, else the base.

export type FirstComment = {
	base: string
	platforms: Partial<Record<Platform, string>>
	/** Comments of their own for channels (by channel id). */
	channels?: Record<string, string>
}

/** The first comment of a stored or sent `firstComment` value; a string is the comment for all; undefined when none is set. */
export function readFirstComment(value: unknown, isPlatform: (key: string) => boolean = isPlatformId): FirstComment | undefined {
	if (typeof value === 'string') return value.trim() ? { base: value, platforms: {} } : undefined
	if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined
	const record = value as Record<string, unknown>
	const base = typeof record.base === 'string' ? record.base : ''
	const platforms = Object.fromEntries(stringEntries(record.platforms).filter(([key]) => isPlatform(key))) as Partial<Record<Platform, string>>
	const channels = Object.fromEntries(stringEntries(record.channels).filter(([key]) => isUuid(key)))
	return withoutEmpty({ base, platforms, ...(Object.keys(channels).length ? { channels } : {}) })
}

/** The comment as stored: undefined when it says nothing anywhere (a post without a first comment stays as it was). */
export function withoutEmpty(comment: FirstComment | undefined): FirstComment | undefined {
	if (!comment) return undefined
	const filled = (map: Record<string, string | undefined> | undefined) => Object.fromEntries(Object.entries(map ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== ''))
	const platforms = filled(comment.platforms) as Partial<Record<Platform, string>>
	const channels = filled(comment.channels)
	const base = comment.base.trim() ? comment.base : ''
	if (!base && !Object.keys(platforms).length && !Object.keys(channels).length) return undefined
	return { base, platforms, ...(Object.keys(channels).length ? { channels } : {}) }
}

/** The first comment a network's channel gets: the channel's own, else its network's, else the base; null for none. */
export function firstCommentOf(comment: FirstComment | undefined, platform: string, channelId?: string | null): string | null {
	if (!comment) return null
	const text = (channelId ? comment.channels?.[channelId] : undefined) ?? comment.platforms[platform as Platform] ?? comment.base
	return text.trim() ? text : null
}

/** The comment with channel comments only for `channelIds` (a channel no longer chosen loses its own). */
export function keepChannelComments(comment: FirstComment | undefined, channelIds: ReadonlyArray<string>): FirstComment | undefined {
	if (!comment?.channels) return comment
	const { channels, ...rest } = comment
	return withoutEmpty({ ...rest, channels: Object.fromEntries(Object.entries(channels).filter(([id]) => channelIds.includes(id))) })
}

function stringEntries(map: unknown): Array<[string, string]> {
	if (!map || typeof map !== 'object' || Array.isArray(map)) return []
	return Object.entries(map as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
}

/** The comment a short summary shows (the base, else the first network's or channel's own); null when none is set. */
export function anyFirstComment(comment: FirstComment | undefined): string | null {
	if (!comment) return null
	const texts = [comment.base, ...Object.values(comment.platforms), ...Object.values(comment.channels ?? {})]
	return texts.find((text): text is string => typeof text === 'string' && text.trim() !== '') ?? null
}
