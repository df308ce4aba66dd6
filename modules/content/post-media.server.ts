import { sql, type RawBuilder } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import type { PostOrigin } from './platforms.ts'
import { postImageRows, type PostMediaRow } from './post-media.ts'
import type { MediaOrigins } from './ports.ts'

// post_media (ADR 0053): a post's items in order, and a draft's (ADR 0069: a row has a post or a draft).
// Reads take them in the owner's own statement (a JSON array per row), writes are one statement per call,
// whatever the number of posts and images.

/** Whose rows: a post's (post_id, posts) or a draft's (draft_id, drafts). Constants: spliced raw into statements. */
export type MediaOwner = { column: 'post_id' | 'draft_id'; table: 'posts' | 'drafts' }
export const POST_OWNER: MediaOwner = { column: 'post_id', table: 'posts' }
export const DRAFT_OWNER: MediaOwner = { column: 'draft_id', table: 'drafts' }

const MEDIA_JSON = `json_build_object('id', m.id, 'kind', m.kind, 'url', m.url, 'networks', m.networks, 'alt_text', m.alt_text,
	'ai_generated', m.ai_generated, 'width', m.width, 'height', m.height, 'content_type', m.content_type, 'size_bytes', m.size_bytes,
	'duration_ms', m.duration_ms, 'pages', m.pages, 'cover_url', m.cover_url, 'cover_at_ms', m.cover_at_ms, 'state', m.state, 'title', m.title)`

type IdSql = RawBuilder<unknown> | ReturnType<typeof sql.ref>

/** The media of the post or draft `ownerId` names, as a JSON array in position order: a part of a caller's select. */
function mediaJsonSql(owner: MediaOwner, ownerId: IdSql) {
	return sql<Array<PostMediaRow>>`(select coalesce(json_agg(${sql.raw(MEDIA_JSON)} order by m.position), '[]'::json) from post_media m where m.${sql.raw(owner.column)} = ${ownerId})`
}

/** The media of the post `postId` names, as a JSON array in position order: a part of a caller's select. */
export const postMediaJsonSql = (postId: IdSql) => mediaJsonSql(POST_OWNER, postId)

/** The media of the draft `draftId` names (ADR 0069), as postMediaJsonSql. */
export const draftMediaJsonSql = (draftId: IdSql) => mediaJsonSql(DRAFT_OWNER, draftId)

/** The ids of the user's posts with an item of the stored file `fileKey` (an upload's key): a subquery for a caller's statement. */
export function postsWithFileSql(userId: string, fileKey: string) {
	return sql<{ post_id: string }>`select m.post_id from post_media m where m.user_id = ${userId} and m.file_key = ${fileKey} and m.post_id is not null`
}

/** A post's images to write: `imageUrl` for every network without one of its own, `images` per network ('' for none). */
export type PostImages = { postId: string; imageUrl: string | null; images: Partial<Record<string, string>>; origin?: PostOrigin }

/** Where an image came from, as far as its URL tells (a generated one is found by `origins`). */
function sourceOf(url: string, origin: PostOrigin | undefined) {
	if (/^https?:\/\//i.test(url)) return 'url'
	return origin === 'csv' ? 'import' : 'upload'
}

/**
 * Writes the image rows of posts already in the table (their user and brand are the post's); with
 * `replace`, the posts' earlier rows go in the same statement. One statement; returns each post's rows.
 */
export function writePostImages(db: DbOrTrx, origins: MediaOrigins, posts: ReadonlyArray<PostImages>, options: { replace: boolean }) {
	return writeImages(db, origins, POST_OWNER, posts.map(({ postId, ...images }) => ({ ownerId: postId, ...images })), options)
}

/** A draft's images to write (ADR 0069): each network's own ('' for none); a draft has no common image. */
export type DraftImages = { draftId: string; images: Partial<Record<string, string>>; origin?: PostOrigin }

/** writePostImages for drafts already in the table. */
export function writeDraftImages(db: DbOrTrx, origins: MediaOrigins, drafts: ReadonlyArray<DraftImages>, options: { replace: boolean }) {
	return writeImages(db, origins, DRAFT_OWNER, drafts.map(({ draftId, ...images }) => ({ ownerId: draftId, imageUrl: null, ...images })), options)
}

type OwnerImages = Omit<PostImages, 'postId'> & { ownerId: string }

async function writeImages(db: DbOrTrx, origins: MediaOrigins, owner: MediaOwner, owners: ReadonlyArray<OwnerImages>, options: { replace: boolean }) {
	const items = owners.flatMap((o) =>
		postImageRows(o.imageUrl, o.images).rows.map((row, position) => ({ owner_id: o.ownerId, position, url: row.url, networks: row.networks, source: sourceOf(row.url, o.origin) })),
	)
	const byOwner = new Map<string, Array<PostMediaRow>>(owners.map((o) => [o.ownerId, []]))
	if (!items.length && !options.replace) return byOwner
	const ids = owners.map((o) => o.ownerId)
	const column = sql.raw(owner.column)
	const gone = options.replace ? sql`gone as (delete from post_media where ${column} = any(${ids}::uuid[])),` : sql``
	const generated = origins.generatedSql({ userId: sql.ref('p.user_id'), url: sql.ref('v.url') })
	// A generated image brings the alt text it was made with (ADR 0060).
	const altText = origins.altTextSql({ userId: sql.ref('p.user_id'), url: sql.ref('v.url') })
	const { rows } = await sql<WrittenRow & { owner_id: string }>`
		with ${gone} v as (select * from json_to_recordset(${JSON.stringify(items)}::json) as v(owner_id uuid, position int, url text, networks text[], source text))
		insert into post_media (${column}, user_id, brand_id, position, kind, url, file_key, networks, ai_generated, source, alt_text)
		select v.owner_id, p.user_id, p.brand_id, v.position, 'image', v.url, substring(v.url from '^/media/(.+)$'), v.networks, g.generated,
			case when g.generated then 'generation' else v.source end, g.alt_text
		from v join ${sql.raw(owner.table)} p on p.id = v.owner_id cross join lateral (select ${generated} as generated, ${altText} as alt_text) g
		returning ${column} as owner_id, id, kind, url, networks, alt_text, ai_generated, width, height, content_type, size_bytes, duration_ms, pages, cover_url, cover_at_ms, state, position`.execute(db)
	for (const { owner_id: ownerId, ...row } of inOrder(rows)) byOwner.get(ownerId)?.push(mediaRowOf(row))
	return byOwner
}

/**
 * The planning copy (ADR 0069): the draft's rows become the post's (which has the draft's id, user and
 * brand), ids, order, alt texts and AI flags kept; before the draft is deleted, or its cascade takes them.
 */
export async function moveDraftMedia(db: DbOrTrx, draftId: string, postId: string) {
	const { rows } = await sql<WrittenRow>`
		update post_media m set post_id = p.id, draft_id = null, brand_id = p.brand_id
		from posts p where p.id = ${postId} and p.user_id = m.user_id and m.draft_id = ${draftId}
		returning m.id, m.kind, m.url, m.networks, m.alt_text, m.ai_generated, m.width, m.height, m.content_type, m.size_bytes, m.duration_ms, m.pages, m.cover_url, m.cover_at_ms, m.state, m.position`.execute(db)
	return inOrder(rows).map(mediaRowOf)
}

/** Copies the media of `fromPostId` to the new post `toPostId` (same user), in one statement; returns the copies in order. */
export async function copyPostMedia(db: DbOrTrx, fromPostId: string, toPostId: string) {
	const { rows } = await sql<WrittenRow>`
		insert into post_media (post_id, user_id, brand_id, position, kind, url, file_key, content_type, size_bytes, width, height, duration_ms, pages,
			alt_text, ai_generated, source, cover_url, cover_at_ms, state, progress, error_code, networks)
		select p.id, p.user_id, p.brand_id, m.position, m.kind, m.url, m.file_key, m.content_type, m.size_bytes, m.width, m.height, m.duration_ms, m.pages,
			m.alt_text, m.ai_generated, m.source, m.cover_url, m.cover_at_ms, m.state, m.progress, m.error_code, m.networks
		from post_media m join posts p on p.id = ${toPostId} and p.user_id = m.user_id
		where m.post_id = ${fromPostId}
		order by m.position
		returning id, kind, url, networks, alt_text, ai_generated, width, height, content_type, size_bytes, duration_ms, pages, cover_url, cover_at_ms, state, position`.execute(db)
	return inOrder(rows).map(mediaRowOf)
}

type WrittenRow = PostMediaRow & { position: number }

/** RETURNING promises no order: the rows by position. */
const inOrder = <T extends WrittenRow>(rows: ReadonlyArray<T>) => rows.toSorted((a, b) => a.position - b.position)

const mediaRowOf = ({ position: _position, ...row }: WrittenRow & { post_id?: string }): PostMediaRow => {
	const { post_id: _post, ...media } = row
	return media
}
