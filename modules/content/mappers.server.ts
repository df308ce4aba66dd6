import { sql, type Selectable } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import { aiLabelled } from './ai-label.ts'
import { textsGeneratedSql } from './text-origin.server.ts'
import { aiLabelOf, carouselFitOf, isRegistered, POST_ORIGINS, type Platform, type PostOrigin, type PostPlatform, type PostStatus, type RegisteredPlatforms } from './platforms.ts'
import { parseContent } from './post-content.ts'
import { imagesOfRows, mediaViews, type PostMediaRow } from './post-media.ts'
import { draftMediaJsonSql, postMediaJsonSql } from './post-media.server.ts'
import type { DraftView, PostView } from './views.ts'

const postFields = [
	'id', 'title', 'content', 'platform', 'status', 'scheduled_at', 'time_zone', 'published_at', 'networks_without_media', 'ai_label', 'carousel_fit', 'post_type',
	'created_at', 'updated_at', 'origin', 'engagement_views', 'engagement_likes', 'engagement_shares', 'engagement_comments', 'brand_id',
] as const

/** A post's media in its own row (one subquery per post of the statement, no query per post). Reads `posts.id`: the table unaliased. */
const postMedia = postMediaJsonSql(sql.ref('posts.id')).as('media')

/** Whether the post's texts were generated (text_origin, ADR 0067): the AI label's 'auto'. */
const textsGenerated = textsGeneratedSql.as('texts_generated')

/** What toPostView reads of a post: select (or return) these from `posts`. */
export const postColumns = [...postFields, postMedia, textsGenerated] as const

const draftFields = ['id', 'title', 'content', 'platforms', 'networks_without_media', 'page_ids', 'channel_ids', 'brand_id', 'post_type', 'created_at', 'updated_at'] as const

/** A draft's media rows (ADR 0069), as postMedia. Reads `drafts.id`: the table unaliased. */
const draftMedia = draftMediaJsonSql(sql.ref('drafts.id')).as('media')

/** What toDraftView reads of a draft: select (or return) these from `drafts`. */
export const draftColumns = [...draftFields, draftMedia] as const

export type PostRow = Pick<Selectable<DB['posts']>, (typeof postFields)[number]> & { media: Array<PostMediaRow>; texts_generated: boolean }
export type DraftRow = Pick<Selectable<DB['drafts']>, (typeof draftFields)[number]> & { media: Array<PostMediaRow> }

/**
 * The platforms a post goes to: its own, or for 'multiple' the registered platforms its content names
 * (all registered ones when it names none).
 */
export function postPlatforms(registered: RegisteredPlatforms, platform: string, content: string): Array<Platform> {
	const isPlatform = (value: unknown) => isRegistered(registered, value)
	if (isPlatform(platform)) return [platform]
	const named = Object.keys(parseContent(content, isPlatform).platforms)
	return named.length ? named : [...registered]
}

/** A post's media and its AI label, the stored choice and as resolved. */
export function mediaAndLabelOf(registered: RegisteredPlatforms, row: Pick<PostRow, 'media' | 'ai_label' | 'texts_generated'>) {
	const media = mediaViews(registered, row.media)
	const aiLabel = aiLabelOf(row.ai_label)
	return { media, aiLabel, aiLabelled: aiLabelled({ aiLabel, textsGenerated: row.texts_generated, media }) }
}

export function toPostView(registered: RegisteredPlatforms, row: PostRow): PostView {
	return {
		id: row.id,
		title: row.title,
		content: row.content,
		platform: row.platform as PostPlatform,
		platforms: postPlatforms(registered, row.platform, row.content),
		status: row.status as PostStatus,
		scheduledAt: row.scheduled_at?.toISOString() ?? null,
		timeZone: row.time_zone,
		publishedAt: row.published_at?.toISOString() ?? null,
		...imagesOfRows(registered, row.media, row.networks_without_media),
		...mediaAndLabelOf(registered, row),
		carouselFit: carouselFitOf(row.carousel_fit),
		postType: row.post_type,
		origin: (POST_ORIGINS as ReadonlyArray<string>).includes(row.origin) ? (row.origin as PostOrigin) : 'web',
		brandId: row.brand_id,
		createdAt: row.created_at.toISOString(),
		updatedAt: row.updated_at.toISOString(),
		engagement: {
			views: row.engagement_views,
			likes: row.engagement_likes,
			shares: row.engagement_shares,
			comments: row.engagement_comments,
		},
	}
}

/** A jsonb object of platform -> string (images, page ids), with anything else (and unregistered platforms) dropped. */
export function platformMap(registered: RegisteredPlatforms, value: unknown): Partial<Record<Platform, string>> {
	const map: Partial<Record<Platform, string>> = {}
	if (value && typeof value === 'object' && !Array.isArray(value)) {
		for (const [key, entry] of Object.entries(value)) if (isRegistered(registered, key) && typeof entry === 'string') map[key] = entry
	}
	return map
}

/** Each network's image of a draft: its own, else the first row for every network (a media list's), '' for none. */
function draftImages(registered: RegisteredPlatforms, row: Pick<DraftRow, 'platforms' | 'media' | 'networks_without_media'>) {
	const { imageUrl, images } = imagesOfRows(registered, row.media, row.networks_without_media)
	for (const network of row.platforms) if (imageUrl && images[network as Platform] === undefined && isRegistered(registered, network)) images[network] = imageUrl
	return images
}

export function toDraftView(registered: RegisteredPlatforms, row: DraftRow): DraftView {
	return {
		id: row.id,
		title: row.title,
		content: row.content,
		platforms: row.platforms.filter((p) => isRegistered(registered, p)),
		images: draftImages(registered, row),
		media: mediaViews(registered, row.media),
		pageIds: platformMap(registered, row.page_ids),
		channelIds: row.channel_ids,
		brandId: row.brand_id,
		postType: row.post_type,
		createdAt: row.created_at.toISOString(),
		updatedAt: row.updated_at.toISOString(),
	}
}
