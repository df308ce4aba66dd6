import { sql, type RawBuilder } from 'kysely'
import type { Db, DbOrTrx, Trx } from '#modules/core/db.server.ts'
import { notifyChange, notifyChangesSql } from '#modules/core/live-events.server.ts'
import posts from '#locales/de/posts.json' with { type: 'json' }
import { logPostScheduled } from './activity.server.ts'
import { emitPostsScheduled } from './scheduled-event.server.ts'
import { mediaAndLabelOf, platformMap, postColumns, postPlatforms, toPostView } from './mappers.server.ts'
import { carouselFitOf, isRegistered, POST_ORIGINS, type AiLabel, type CarouselFit, type Platform, type PostOrigin, type PostPlatform, type RegisteredPlatforms } from './platforms.ts'
import { editedContent, parseContent, serializeContent, type PostContent } from './post-content.ts'
import { imagesOfRows, postImageRows, type PostMediaRow } from './post-media.ts'
import { copyPostMedia, moveDraftMedia, postMediaJsonSql, writePostImages } from './post-media.server.ts'
import type { MediaItemInput } from './media-items.ts'
import { writeNewPostMedia, type SetPostMediaDeps } from './set-post-media.server.ts'
import { postTitle } from './post-title.ts'
import { editedTextOrigin, newTextOrigin, textsGeneratedSql, type TextOriginInput } from './text-origin.server.ts'
import { retargetPost } from './retarget-post.server.ts'
import { PlanRefused, type BrandDirectory, type DeliveryPlanner, type MediaOrigins, type PlannedChannel } from './ports.ts'
import type { ContentResult, PostView } from './views.ts'

export type PostInput = TextOriginInput & {
	/** With channelIds: a channel that is not (or no longer) the user's is left out instead of refused (a draft's earlier choice). */
	dropGoneChannels?: boolean
	/** The id to keep (a draft that becomes a post keeps its id); else a new one. */
	id?: string
	platform: PostPlatform
	content: PostContent
	status: 'draft' | 'review' | 'scheduled'
	scheduledAt?: Date | null
	timeZone: string
	imageUrl?: string | null
	/** An image per platform; imageUrl (the display image) defaults to the first of them. */
	images?: Partial<Record<Platform, string>>
	/** Whether the post is marked as made with AI (default 'auto'). */
	aiLabel?: AiLabel
	postType?: string
	aiPrompt?: string | null
	/** The connected page per platform for the deliveries (already checked to be the user's). */
	pageIds?: Partial<Record<Platform, string>>
	/**
	 * The channels the post goes to (ids of the user's channels; issue 38). Given, they decide the
	 * deliveries (one per channel) and their networks must be the post's networks; left out, each
	 * network of the post goes to its brand's default channel.
	 */
	channelIds?: ReadonlyArray<string>
	/** The brand the post belongs to (one of the user's); left out: the user's first brand. */
	brandId?: string
	/** 'Jetzt posten': every delivery is due now (the post stays a draft until a network confirms it). */
	dueNow?: boolean
	/** The post's media list in order (REST, MCP; ADR 0061): replaces imageUrl and images. Needs insertPost's `mediaDeps`. */
	media?: ReadonlyArray<MediaItemInput>
	/** Where the post was made: the pages (default), the REST API, an MCP client or a CSV import. */
	origin?: PostOrigin
	/** The draft (of the same id, user and brand) whose media rows become the post's (draftToPost, ADR 0069): replaces imageUrl and images. */
	mediaOfDraft?: string
}

/** A new post's images: `imageUrl` (by default the first of `images`) for every network without one of its own. */
export function newPostImages(input: Pick<PostInput, 'imageUrl' | 'images'>) {
	return { imageUrl: (input.imageUrl ?? Object.values(input.images ?? {}).find(Boolean)) || null, images: input.images ?? {} }
}

/** The posts row of a new post (its images are rows of post_media: writePostImages). */
export function newPostRow(userId: string, input: PostInput) {
	return {
		...(input.id ? { id: input.id } : {}),
		user_id: userId,
		title: postTitle(input.content),
		content: serializeContent(input.content),
		platform: input.platform,
		status: input.status,
		scheduled_at: input.status === 'scheduled' ? (input.scheduledAt ?? null) : null,
		time_zone: input.timeZone,
		networks_without_media: postImageRows(null, input.images ?? {}).networksWithoutMedia,
		ai_label: input.aiLabel ?? 'auto',
		post_type: input.postType ?? 'ai-generated',
		ai_prompt: input.aiPrompt ?? null,
		origin: input.origin ?? 'web',
	}
}

/** The brand a post is written into: the one asked for (refused unless the user's), else that of its first channel, else the trigger's (the user's first). */
async function brandFor(trx: Trx, brands: BrandDirectory, userId: string, input: PostInput, channels: ReadonlyArray<PlannedChannel>) {
	if (input.brandId === undefined) return channels[0]?.brandId
	if (!(await brands.ownsBrand(trx, userId, input.brandId))) throw new PlanRefused([posts.brandUnknown])
	return input.brandId
}

/**
 * Inserts a post with its deliveries: one per channel when `channelIds` names them (their networks
 * become the post's), else one per network of the post (see PlanInput).
 */
export async function insertPost(trx: Trx, planner: DeliveryPlanner, brands: BrandDirectory, origins: MediaOrigins, registered: RegisteredPlatforms, userId: string, input: PostInput, mediaDeps?: SetPostMediaDeps) {
	const channels = input.channelIds?.length ? await planner.channels(trx, { userId, channelIds: input.channelIds, gone: input.dropGoneChannels ? 'drop' : 'refuse' }) : []
	const brandId = await brandFor(trx, brands, userId, input, channels)
	const values = newPostRow(userId, channels.length ? forChannels(registered, input, channels) : input)
	const content = values.content
	const row = await trx
		.insertInto('posts')
		.values({ ...values, ...newTextOrigin(origins, userId, input), ...(brandId ? { brand_id: brandId } : {}) })
		.returning(postColumns)
		.executeTakeFirstOrThrow()
	if (input.media) {
		if (!mediaDeps) throw new Error('insertPost: a media list needs mediaDeps')
		row.media = await writeNewPostMedia(trx, mediaDeps, userId, row.id, input.media)
	} else if (input.mediaOfDraft) {
		row.media = await moveDraftMedia(trx, input.mediaOfDraft, row.id)
	} else {
		const media = await writePostImages(trx, origins, [{ postId: row.id, ...newPostImages(input), origin: values.origin as PostOrigin }], { replace: false })
		row.media = media.get(row.id) ?? []
	}
	await planner.plan(trx, {
		postId: row.id,
		userId,
		platforms: postPlatforms(registered, row.platform, content),
		pageIds: input.pageIds ?? {},
		...(channels.length ? { channelIds: channels.map((c) => c.id) } : {}),
		brandId: row.brand_id,
		scheduledAt: input.dueNow ? new Date() : row.scheduled_at,
	})
	await notifyChange(trx, { userId, topic: 'posts' })
	const post = toPostView(registered, row)
	if (!input.dueNow) await emitPostsScheduled(trx, planner, userId, [post])
	return post
}

/** A post for channels goes to their networks (in the order of the channels): its platform and content name them. */
function forChannels(registered: RegisteredPlatforms, input: PostInput, channels: ReadonlyArray<PlannedChannel>): PostInput {
	const platforms = [...new Set(channels.map((c) => c.platform))].filter((p) => isRegistered(registered, p))
	return { ...input, platform: platforms.length === 1 ? platforms[0]! : 'multiple', content: contentForPlatforms(input.content, platforms) }
}

export function createPost(db: Db, planner: DeliveryPlanner, brands: BrandDirectory, origins: MediaOrigins, registered: RegisteredPlatforms, userId: string, input: PostInput) {
	return db.transaction().execute((trx) => insertPost(trx, planner, brands, origins, registered, userId, input))
}

export async function listPosts(db: Db, registered: RegisteredPlatforms, userId: string): Promise<Array<PostView>> {
	const rows = await db.selectFrom('posts').select(postColumns).where('user_id', '=', userId).orderBy('created_at', 'desc').execute()
	return rows.map((row) => toPostView(registered, row))
}

export async function getPost(db: DbOrTrx, registered: RegisteredPlatforms, userId: string, id: string): Promise<PostView | null> {
	const row = await db.selectFrom('posts').select(postColumns).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()
	return row ? toPostView(registered, row) : null
}

export type PostEdit = {
	content: PostContent
	/** With `images`: the post's images from now on (both left out: they stay; imageUrl left out: the post's stays). */
	imageUrl?: string | null
	images?: Partial<Record<Platform, string>>
	aiLabel?: AiLabel
	carouselFit?: CarouselFit
	/** The channels it goes to from now on (retargetPost, in the same transaction); left out: its channels stay. */
	channelIds?: ReadonlyArray<string>
	/** The channels whose texts of their own `content.channels` gives (editedContent): the other channels' stored texts stay. */
	textChannels?: ReadonlyArray<string>
	/** The user's generation the edited texts came from (the creator on an opened post): the post's text origin from now on. */
	generationId?: string | null
}

/**
 * Changes a post's text and image (with `channelIds` its channels, see retargetPost); its status and
 * times stay. Throws PlanRefused when the channels are refused: nothing is written.
 */
export async function updatePostContent(db: Db, planner: DeliveryPlanner, origins: MediaOrigins, registered: RegisteredPlatforms, userId: string, id: string, input: PostEdit): Promise<ContentResult<{ post: PostView }>> {
	return db.transaction().execute(async (trx) => {
		const stored = await trx
			.selectFrom('posts')
			.select(['content', 'origin', 'networks_without_media', postMediaJsonSql(sql.ref('posts.id')).as('media')])
			.where('user_id', '=', userId)
			.where('id', '=', id)
			.forUpdate()
			.executeTakeFirst()
		if (!stored) return { ok: false as const, error: 'not_found' as const }
		const content = editedContent(parseContent(stored.content), input.content, input.textChannels)
		const images = editedImages(imagesOfRows(registered, stored.media, stored.networks_without_media), input)
		// The rows first: the update's RETURNING reads them.
		if (images) await writePostImages(trx, origins, [{ postId: id, ...images, origin: stored.origin as PostOrigin }], { replace: true })
		const row = await trx
			.updateTable('posts')
			.set({
				title: postTitle(content),
				content: serializeContent(content),
				...(images ? { networks_without_media: postImageRows(null, images.images).networksWithoutMedia } : {}),
				...(input.aiLabel ? { ai_label: input.aiLabel } : {}),
				...editedTextOrigin(origins, userId, input.generationId),
				...(input.carouselFit ? { carousel_fit: input.carouselFit } : {}),
			})
			.where('user_id', '=', userId)
			.where('id', '=', id)
			.returning(postColumns)
			.executeTakeFirst()
		if (!row) return { ok: false as const, error: 'not_found' as const }
		if (input.channelIds) return retargetPost(trx, planner, registered, userId, id, input.channelIds)
		await notifyChange(trx, { userId, topic: 'posts' })
		return { ok: true as const, post: toPostView(registered, row) }
	})
}

/** A post's images after an edit: null when the edit leaves them as they are (the rows stay untouched). */
function editedImages(current: { imageUrl: string | null; images: Partial<Record<Platform, string>> }, edit: PostEdit) {
	if (edit.imageUrl === undefined && edit.images === undefined) return null
	return { imageUrl: edit.imageUrl === undefined ? current.imageUrl : edit.imageUrl || null, images: edit.images ?? current.images }
}

export async function deletePost(db: Db, planner: DeliveryPlanner, userId: string, id: string): Promise<ContentResult> {
	return db.transaction().execute(async (trx) => {
		await planner.cancel(trx, { postId: id, userId })
		const deleted = await trx.deleteFrom('posts').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()
		if (!deleted.numDeletedRows) return { ok: false as const, error: 'not_found' as const }
		await notifyChange(trx, { userId, topic: 'posts' })
		return { ok: true as const }
	})
}

/** Sets the post's AI label (its status and times stay); not_found for another user's post. */
export async function setAiLabel(db: Db, registered: RegisteredPlatforms, userId: string, id: string, label: AiLabel): Promise<ContentResult<{ post: PostView }>> {
	const row = await db.updateTable('posts').set({ ai_label: label }).where('user_id', '=', userId).where('id', '=', id).returning(postColumns).executeTakeFirst()
	if (!row) return { ok: false, error: 'not_found' }
	await notifyChange(db, { userId, topic: 'posts' })
	return { ok: true, post: toPostView(registered, row) }
}

/** Sets how the post's carousel is made one aspect (ADR 0065); not_found for another user's post. A published post keeps what went out. */
export async function setCarouselFit(db: Db, registered: RegisteredPlatforms, userId: string, id: string, fit: CarouselFit): Promise<ContentResult<{ post: PostView }>> {
	const row = await db.updateTable('posts').set({ carousel_fit: fit }).where('user_id', '=', userId).where('id', '=', id).returning(postColumns).executeTakeFirst()
	if (!row) return { ok: false, error: 'not_found' }
	await notifyChange(db, { userId, topic: 'posts' })
	return { ok: true, post: toPostView(registered, row) }
}

/**
 * Plans (or re-plans) a post for an instant the caller has validated. A published post keeps its
 * time: the guard is part of the UPDATE, so a post published meanwhile cannot be moved.
 */
export async function schedulePost(db: Db, planner: DeliveryPlanner, registered: RegisteredPlatforms, userId: string, id: string, scheduledAt: Date, timeZone: string): Promise<ContentResult<{ post: PostView }>> {
	return db.transaction().execute(async (trx) => {
		const row = await trx
			.updateTable('posts')
			.set({ status: 'scheduled', scheduled_at: scheduledAt, time_zone: timeZone })
			.where('user_id', '=', userId)
			.where('id', '=', id)
			.where('status', '<>', 'published')
			.returning(postColumns)
			.executeTakeFirst()
		if (!row) {
			const exists = await getPost(trx, registered, userId, id)
			return { ok: false as const, error: exists ? ('published_locked' as const) : ('not_found' as const) }
		}
		await planner.reschedule(trx, { postId: id, userId, scheduledAt })
		await notifyChange(trx, { userId, topic: 'posts' })
		const post = toPostView(registered, row)
		await emitPostsScheduled(trx, planner, userId, [post])
		await logPostScheduled(trx, userId, post)
		return { ok: true as const, post }
	})
}

/**
 * A draft becomes one post for its platforms under the draft's id, scheduled or (to publish now) a
 * draft post whose deliveries are due now; the draft is gone. Runs inside the caller's transaction.
 */
export async function draftToPost(
	trx: Trx,
	planner: DeliveryPlanner,
	brands: BrandDirectory,
	origins: MediaOrigins,
	registered: RegisteredPlatforms,
	userId: string,
	draftId: string,
	plan: { status: 'scheduled'; scheduledAt: Date; timeZone: string } | { status: 'draft'; dueNow: true; timeZone: string },
): Promise<ContentResult<{ post: PostView }>> {
	// Read and locked first, deleted last: the post takes the draft's media rows before the draft's cascade would remove them.
	const draft = await trx
		.selectFrom('drafts')
		.select(['content', 'platforms', 'networks_without_media', 'page_ids', 'channel_ids', 'brand_id', 'post_type', 'origin', 'text_origin'])
		.where('user_id', '=', userId)
		.where('id', '=', draftId)
		.forUpdate()
		.executeTakeFirst()
	if (!draft) return { ok: false, error: 'not_found' }
	const platforms = draft.platforms.filter((p) => isRegistered(registered, p))
	const post = await insertPost(trx, planner, brands, origins, registered, userId, {
		// The same id: whoever knew the draft (an assistant, an open editor) still finds it as a post.
		id: draftId,
		platform: platforms.length === 1 ? platforms[0]! : 'multiple',
		content: contentForPlatforms(parseContent(draft.content), platforms),
		status: plan.status,
		scheduledAt: plan.status === 'scheduled' ? plan.scheduledAt : null,
		dueNow: plan.status === 'draft',
		timeZone: plan.timeZone,
		// No rows written: the draft's move over (ids, order, alt texts, AI flags), its networks without media with them.
		imageUrl: null,
		images: Object.fromEntries(draft.networks_without_media.map((n) => [n, ''])),
		mediaOfDraft: draftId,
		postType: draft.post_type,
		pageIds: platformMap(registered, draft.page_ids),
		channelIds: draft.channel_ids,
		dropGoneChannels: true,
		brandId: draft.brand_id,
		origin: (POST_ORIGINS as ReadonlyArray<string>).includes(draft.origin) ? (draft.origin as PostOrigin) : 'web',
		textOrigin: draft.text_origin,
	})
	await trx.deleteFrom('drafts').where('user_id', '=', userId).where('id', '=', draftId).execute()
	await notifyChange(trx, { userId, topic: 'drafts' })
	return { ok: true, post }
}

// A multi-platform post names each platform in its content, so its deliveries know where to go.
function contentForPlatforms(content: PostContent, platforms: Array<Platform>): PostContent {
	if (platforms.length <= 1) return content
	return {
		base: content.base,
		platforms: Object.fromEntries(platforms.map((p) => [p, content.platforms[p] ?? content.base])),
		...(content.channels ? { channels: content.channels } : {}),
		...(content.firstComment ? { firstComment: content.firstComment } : {}),
	}
}

/** What publishing needs of a post to deliver it (read through this module, never its table). */
export async function postForDelivery(db: DbOrTrx, registered: RegisteredPlatforms, postId: string) {
	return (await postsForDelivery(db, registered, [postId])).get(postId) ?? null
}

/** postForDelivery for several posts in one query, by id (a missing post is not in the map). */
export async function postsForDelivery(db: DbOrTrx, registered: RegisteredPlatforms, postIds: ReadonlyArray<string>) {
	const ids = [...new Set(postIds)]
	const rows = ids.length ? (await postsForDeliverySql(sql`select unnest(${ids}::uuid[])`).execute(db)).rows : []
	return new Map(rows.map((row) => [row.id, deliveryPostOf(registered, row)]))
}

/** The columns postsForDeliverySql returns for a post (as a row, or as JSON through `to_json`): `media` in order. */
export type DeliveryPostRow = { id: string; user_id: string; title: string; content: string; media: Array<PostMediaRow>; networks_without_media: Array<string>; ai_label: string; carousel_fit: string; texts_generated: boolean; status: string }

/**
 * postsForDelivery as a part of a caller's statement: `ids` selects post ids; returns what publishing
 * needs of those posts (deliveryPostOf turns a row into the post).
 */
export function postsForDeliverySql(ids: RawBuilder<unknown>) {
	return sql<DeliveryPostRow>`
		select id, user_id, title, content, ${postMediaJsonSql(sql.ref('posts.id'))} as media, networks_without_media, ai_label, carousel_fit, ${textsGeneratedSql} as texts_generated, status
		from posts where id in (${ids})`
}

/** The brand of the post `postId` names, as a part of a caller's statement (publishing's default channel of a delivery without one). */
export function postBrandSql(postId: RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
	return sql<string>`select brand_id from posts where id = ${postId}`
}

/** A row of postsForDeliverySql as publishing reads it. */
export function deliveryPostOf(registered: RegisteredPlatforms, row: DeliveryPostRow) {
	return {
		id: row.id,
		userId: row.user_id,
		title: row.title,
		content: row.content,
		...imagesOfRows(registered, row.media, row.networks_without_media),
		...mediaAndLabelOf(registered, row),
		carouselFit: carouselFitOf(row.carousel_fit),
		status: row.status,
	}
}

/** Marks a post published once a network confirmed it (the first confirmation sets the time). */
export async function markPostPublished(db: DbOrTrx, postId: string, at: Date) {
	await markPostsPublished(db, [{ postId, at }])
}

/** markPostPublished for several posts in one statement, their announcement included (a post named twice: its earliest time). */
export async function markPostsPublished(db: DbOrTrx, published: ReadonlyArray<{ postId: string; at: Date }>) {
	if (published.length === 0) return
	const values = JSON.stringify(published.map(({ postId, at }) => ({ post_id: postId, at: at.toISOString() })))
	await sql`
		with p as (${postsPublishedSql(sql`select * from json_to_recordset(${values}::json) as v(post_id uuid, at timestamptz)`)})
		select (${notifyChangesSql(sql`select user_id, topic from p`)})`.execute(db)
}

/**
 * markPostsPublished as a part of a caller's statement (a data-modifying CTE): `source` selects
 * (post_id, at); returns the changes to announce (user_id, topic) for notifyChangesSql.
 */
export function postsPublishedSql(source: RawBuilder<unknown>) {
	return sql<{ user_id: string; topic: string }>`
		update posts p set status = 'published', published_at = v.at
		from (select s.post_id, min(s.at) as at from (${source}) s group by s.post_id) v
		where p.id = v.post_id and p.status <> 'published'
		returning p.user_id, 'posts'::text as topic`
}

/** Fills a published post's engagement numbers from the networks' metrics. */
export async function setPostEngagement(db: DbOrTrx, postId: string, metrics: { views: number; likes: number; comments: number; shares: number }) {
	await db
		.updateTable('posts')
		.set({ engagement_views: metrics.views, engagement_likes: metrics.likes, engagement_comments: metrics.comments, engagement_shares: metrics.shares })
		.where('id', '=', postId)
		.execute()
}

export type RepostCandidate = { id: string; title: string; platforms: Array<Platform>; publishedAt: Date; engagement: number }

/**
 * The auto-repost tool's candidates: the user's published posts going to one of `platforms`, whose
 * engagement (likes + comments + shares) reaches `minEngagement`, published before `publishedBefore`.
 */
export async function repostCandidates(
	db: DbOrTrx,
	registered: RegisteredPlatforms,
	userId: string,
	input: { platforms: Array<Platform>; minEngagement: number; publishedBefore: Date; limit?: number },
): Promise<Array<RepostCandidate>> {
	if (!input.platforms.length) return []
	const engagement = sql<number>`engagement_likes + engagement_comments + engagement_shares`
	const rows = await db
		.selectFrom('posts')
		.select(['id', 'title', 'platform', 'content', 'published_at', engagement.as('engagement')])
		.where('user_id', '=', userId)
		.where('status', '=', 'published')
		.where('published_at', '<=', input.publishedBefore)
		.where(engagement, '>=', input.minEngagement)
		.where('platform', 'in', [...input.platforms, 'multiple'])
		.orderBy('published_at', 'desc')
		.limit(input.limit ?? 500)
		.execute()
	return rows
		.map((r) => ({ id: r.id, title: r.title, platforms: postPlatforms(registered, r.platform, r.content), publishedAt: r.published_at!, engagement: Number(r.engagement) }))
		.filter((r) => r.platforms.some((p) => input.platforms.includes(p)))
}

/**
 * A proposal to post a published post again: a copy of its content, images and platforms in status
 * 'review' ('Überprüfung'), pointing at its source (repost_of). Its deliveries wait ('pending') until
 * the user approves (plans or publishes) or discards it. Runs in the caller's transaction (the
 * toolbox claims its run in the same one). null when the source is not the user's published post.
 */
export async function createReviewPost(trx: Trx, planner: DeliveryPlanner, registered: RegisteredPlatforms, userId: string, sourcePostId: string): Promise<PostView | null> {
	const source = await trx
		.selectFrom('posts')
		.select(['id', 'title', 'content', 'platform', 'networks_without_media', 'ai_label', 'post_type', 'time_zone', 'brand_id', 'ai_prompt', 'text_origin'])
		.where('user_id', '=', userId)
		.where('id', '=', sourcePostId)
		.where('status', '=', 'published')
		.executeTakeFirst()
	if (!source) return null
	const row = await trx
		.insertInto('posts')
		.values({
			user_id: userId,
			title: source.title,
			content: source.content,
			platform: source.platform,
			status: 'review',
			time_zone: source.time_zone,
			networks_without_media: source.networks_without_media,
			ai_label: source.ai_label,
			// The same texts: generated ones stay generated for the label's 'auto'.
			ai_prompt: source.ai_prompt,
			text_origin: source.text_origin,
			post_type: source.post_type,
			repost_of: source.id,
			brand_id: source.brand_id,
		})
		.returning(postColumns)
		.executeTakeFirstOrThrow()
	row.media = await copyPostMedia(trx, source.id, row.id)
	await planner.plan(trx, { postId: row.id, userId, platforms: postPlatforms(registered, source.platform, source.content), pageIds: {}, brandId: source.brand_id, scheduledAt: null })
	await notifyChange(trx, { userId, topic: 'posts' })
	return toPostView(registered, row)
}
