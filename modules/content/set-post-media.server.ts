import { sql } from 'kysely'
import messages from '#locales/de/postMedia.json' with { type: 'json' }
import type { Db, Trx } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { onceWhenKeyed } from '#modules/core/request-keys.server.ts'
import { fill } from './csv-import.ts'
import { postPlatforms } from './mappers.server.ts'
import { fileKeyOfMediaUrl, MAX_MEDIA_ITEMS, type MediaItemInput } from './media-items.ts'
import type { RegisteredPlatforms } from './platforms.ts'
import { mediaViews, type PostMediaRow } from './post-media.ts'
import type { MediaOrigins } from './ports.ts'
import { DRAFT_OWNER, POST_OWNER, type MediaOwner } from './post-media.server.ts'
import type { ContentResult, PostMediaView } from './views.ts'

// A post's ordered media list from the editor's strip, the REST API and MCP (ADR 0061): the list given
// replaces the post's in one transaction. An item given by `id` keeps its row (processing state, sizes,
// variants to come) with the new position, alt text and networks; a new one is the user's own upload
// (`fileKey`, the owner checked in the writing statement) or an image at a URL. Three statements
// whatever the number of items: the post's row locked, the one write, the live event.

export type SetPostMediaDeps = {
	origins: MediaOrigins
	platforms: RegisteredPlatforms
	/** The longest alt text every network takes (the descriptors' smallest `media.altText.maxLength`), in code points. */
	altTextMaxLength: number
}

/** A list that could not be written as given (an id not of the post, a file not the user's): the transaction rolls back. */
export class MediaRefused extends Error {
	readonly reasons: Array<string>
	constructor(reasons: Array<string>) {
		super('media refused')
		this.reasons = reasons
	}
}

export function isMediaRefused(error: unknown): error is MediaRefused {
	return error instanceof MediaRefused
}

/**
 * A new post's list inside insertPost's transaction (before its deliveries are planned): its rows as
 * the post's reads give them; a refusal throws MediaRefused (the caller's transaction rolls back).
 */
export async function writeNewPostMedia(trx: Trx, deps: SetPostMediaDeps, userId: string, postId: string, items: ReadonlyArray<MediaItemInput>): Promise<Array<PostMediaRow>> {
	return rowsOf(await writePostMedia(trx, deps, userId, postId, items))
}

/** A draft's list (ADR 0069) inside the caller's transaction, as writeNewPostMedia: its rows, or MediaRefused. */
export async function writeDraftMedia(trx: Trx, deps: SetPostMediaDeps, userId: string, draftId: string, items: ReadonlyArray<MediaItemInput>): Promise<Array<PostMediaRow>> {
	const draft = await trx.selectFrom('drafts').select('platforms').where('user_id', '=', userId).where('id', '=', draftId).forUpdate().executeTakeFirst()
	if (!draft) throw new MediaRefused([])
	return rowsOf(await writeOwnerList(trx, deps, DRAFT_OWNER, userId, draftId, draft.platforms, items))
}

/** The written list as the reads give its rows; a refusal throws. */
function rowsOf(listed: ContentResult<{ media: Array<PostMediaView> }>): Array<PostMediaRow> {
	if (!listed.ok) throw new MediaRefused(listed.reasons ?? [])
	return listed.media.map((m) => ({
		id: m.id,
		kind: m.kind,
		url: m.url,
		networks: m.networks,
		alt_text: m.altText,
		ai_generated: m.aiGenerated,
		width: m.width,
		height: m.height,
		content_type: m.contentType,
		size_bytes: m.sizeBytes,
		duration_ms: m.durationMs,
		pages: m.pages,
		cover_url: m.coverUrl,
		cover_at_ms: m.coverAtMs,
		state: m.state,
	}))
}

type ItemValues = { position: number; id: string | null; file_key: string | null; url: string | null; alt_given: boolean; alt_text: string | null; networks_given: boolean; networks: Array<string> | null }

/** Replaces the post's media list (once per `requestId` when given); German reasons for a refusal ('invalid_media'). */
export async function setPostMedia(db: Db, deps: SetPostMediaDeps, userId: string, postId: string, items: ReadonlyArray<MediaItemInput>, requestId?: string): Promise<ContentResult<{ media: Array<PostMediaView> }>> {
	const key = requestId ? { userId, requestId, action: 'content.set-post-media', input: { postId, items } } : null
	try {
		const outcome = await onceWhenKeyed(db, key, (trx) => writePostMedia(trx, deps, userId, postId, items), (result) => result.ok)
		return outcome.kind === 'conflict' ? { ok: false, error: 'request_conflict' } : outcome.result
	} catch (error) {
		if (isMediaRefused(error)) return { ok: false, error: 'invalid_media', reasons: error.reasons }
		throw error
	}
}

/** The list's write inside the caller's transaction (also a new post's, insertPost); throws MediaRefused after a partial match. */
export async function writePostMedia(trx: Trx, deps: SetPostMediaDeps, userId: string, postId: string, items: ReadonlyArray<MediaItemInput>): Promise<ContentResult<{ media: Array<PostMediaView> }>> {
	const post = await trx.selectFrom('posts').select(['status', 'platform', 'content']).where('user_id', '=', userId).where('id', '=', postId).forUpdate().executeTakeFirst()
	if (!post) return { ok: false, error: 'not_found' }
	// What went out stays the record of what was published (as its channels do, retargetPost).
	if (post.status === 'published') return { ok: false, error: 'published_locked' }
	return writeOwnerList(trx, deps, POST_OWNER, userId, postId, postPlatforms(deps.platforms, post.platform, post.content), items)
}

/** The checks and the write of a post's or a draft's list (the owner's row already read, the user's). */
async function writeOwnerList(trx: Trx, deps: SetPostMediaDeps, owner: MediaOwner, userId: string, ownerId: string, networks: ReadonlyArray<string>, items: ReadonlyArray<MediaItemInput>): Promise<ContentResult<{ media: Array<PostMediaView> }>> {
	const values = items.map(itemValues)
	const reasons = listProblems(values, networks, deps.altTextMaxLength)
	if (reasons.length) return { ok: false, error: 'invalid_media', reasons }
	const rows = await writeList(trx, deps.origins, owner, userId, ownerId, values)
	if (rows.length !== values.length) throw new MediaRefused(unwritten(values, rows))
	await notifyChange(trx, { userId, topic: owner === DRAFT_OWNER ? 'drafts' : 'posts' })
	return { ok: true, media: mediaViews(deps.platforms, rows) }
}

/** An item as the statement reads it: a /media/ URL is the upload it names; alt text trimmed ('' is none). */
function itemValues(item: MediaItemInput, position: number): ItemValues {
	const fromUrl = item.url ? fileKeyOfMediaUrl(item.url) : null
	const alt = item.altText?.trim()
	return {
		position,
		id: item.id ?? null,
		file_key: item.fileKey ?? fromUrl,
		url: fromUrl ? null : (item.url ?? null),
		alt_given: item.altText !== undefined,
		alt_text: alt ? alt : null,
		networks_given: item.networks !== undefined,
		networks: item.networks ? [...new Set(item.networks)] : null,
	}
}

/** What the list breaks before anything is written, in German (the item's position counts from 1). */
function listProblems(values: ReadonlyArray<ItemValues>, networks: ReadonlyArray<string>, altMax: number) {
	const reasons: Array<string> = []
	if (values.length > MAX_MEDIA_ITEMS) reasons.push(fill(messages.refusals.tooMany, { max: MAX_MEDIA_ITEMS }))
	const ids = values.flatMap((v) => (v.id ? [v.id] : []))
	const keys = values.flatMap((v) => (v.file_key ? [v.file_key] : []))
	if (new Set(ids).size !== ids.length || new Set(keys).size !== keys.length) reasons.push(messages.refusals.duplicate)
	for (const value of values) {
		const position = value.position + 1
		const length = [...(value.alt_text ?? '')].length
		if (length > altMax) reasons.push(fill(messages.refusals.altTooLong, { position, length, max: altMax }))
		const outside = (value.networks ?? []).filter((n) => !networks.includes(n))
		if (outside.length) reasons.push(fill(messages.refusals.networksOutside, { position, networks: outside.join(', ') }))
	}
	return reasons
}

/**
 * One statement: the rows not named go, the named ones move to their positions (the unique position is
 * deferrable, checked at the statement's end), the new ones are inserted from the user's own uploads (a
 * file of another user matches no row) or URLs, and the post's "no media for these networks" is
 * cleared: the list is the whole of the post's (or draft's) media from now on. Returns the rows written.
 */
async function writeList(trx: Trx, origins: MediaOrigins, owner: MediaOwner, userId: string, ownerId: string, values: ReadonlyArray<ItemValues>) {
	const column = sql.raw(owner.column)
	const table = sql.raw(owner.table)
	const upload = origins.ownUploadSql({ userId: sql.ref('p.user_id'), fileKey: sql.ref('v.file_key') })
	const generated = origins.generatedSql({ userId: sql.ref('p.user_id'), url: sql.ref('v.url') })
	// A generated image given without alt text brings the one it was made with (ADR 0060).
	const altText = origins.altTextSql({ userId: sql.ref('p.user_id'), url: sql.ref('v.url') })
	const { rows } = await sql<PostMediaRow & { position: number }>`
		with v as (
			select * from json_to_recordset(${JSON.stringify(values)}::json)
				as v(position int, id uuid, file_key text, url text, alt_given boolean, alt_text text, networks_given boolean, networks text[])
		),
		p as (select id, user_id, brand_id from ${table} where id = ${ownerId} and user_id = ${userId}),
		gone as (delete from post_media m where m.${column} = ${ownerId} and not exists (select 1 from v where v.id = m.id)),
		kept as (
			update post_media m set position = v.position,
				alt_text = case when v.alt_given then v.alt_text else m.alt_text end,
				networks = case when v.networks_given then v.networks else m.networks end
			from v where m.${column} = ${ownerId} and m.id = v.id
			returning m.id, m.kind, m.url, m.networks, m.alt_text, m.ai_generated, m.width, m.height, m.content_type, m.size_bytes, m.duration_ms, m.pages, m.cover_url, m.cover_at_ms, m.state, m.position
		),
		fresh as (
			insert into post_media (${column}, user_id, brand_id, position, kind, url, file_key, content_type, size_bytes, alt_text, networks, ai_generated, source)
			select p.id, p.user_id, p.brand_id, v.position, coalesce(u.kind, 'image'), coalesce('/media/' || u.storage_key, v.url), u.storage_key, u.content_type,
				u.size_bytes, case when v.alt_given then v.alt_text else coalesce(u.alt_text, ${altText}) end, v.networks, g.generated, case when g.generated then 'generation' when u.storage_key is null then 'url' else 'upload' end
			from v cross join p
				left join lateral (${upload}) u on v.file_key is not null
				cross join lateral (select coalesce(u.generated, v.url is not null and ${generated}) as generated) g
			where v.id is null and (v.file_key is null or u.storage_key is not null)
			returning id, kind, url, networks, alt_text, ai_generated, width, height, content_type, size_bytes, duration_ms, pages, cover_url, cover_at_ms, state, position
		),
		cleared as (update ${table} set networks_without_media = '{}' where id = ${ownerId} and user_id = ${userId} and cardinality(networks_without_media) > 0)
		select * from kept union all select * from fresh`.execute(trx)
	return rows.toSorted((a, b) => a.position - b.position)
}

/** Why some items were not written: an id that is not one of the post's items, a file that is not one of the user's uploads. */
function unwritten(values: ReadonlyArray<ItemValues>, rows: ReadonlyArray<{ position: number }>) {
	const written = new Set(rows.map((r) => r.position))
	return values
		.filter((v) => !written.has(v.position))
		.map((v) => fill(v.id ? messages.refusals.unknownItem : messages.refusals.foreignUpload, { position: v.position + 1 }))
}
