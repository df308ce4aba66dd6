import { sql, type RawBuilder } from 'kysely'

/**
 * Whether the URL `url` selects names an image Postwerk generated for the user `userId` selects (any
 * provider, the offline card too: stored as an upload of kind 'generated_image'), as a condition inside
 * the caller's statement: content's MediaOrigins (a post image's ai_generated).
 */
export function generatedImageSql({ userId, url }: { userId: RawBuilder<unknown> | ReturnType<typeof sql.ref>; url: RawBuilder<unknown> | ReturnType<typeof sql.ref> }) {
	return sql<boolean>`exists (select 1 from uploads u where u.user_id = ${userId} and u.kind = 'generated_image' and u.storage_key = substring(${url} from '^/media/(.+)$'))`
}

/**
 * The alt text the image Postwerk generated for the user was made with (ADR 0060), null for any other
 * URL, as an expression inside the caller's statement: content's MediaOrigins (a post image's alt_text).
 */
export function generatedAltTextSql({ userId, url }: { userId: RawBuilder<unknown> | ReturnType<typeof sql.ref>; url: RawBuilder<unknown> | ReturnType<typeof sql.ref> }) {
	return sql<string | null>`(select u.alt_text from uploads u where u.user_id = ${userId} and u.kind = 'generated_image' and u.storage_key = substring(${url} from '^/media/(.+)$') limit 1)`
}

/**
 * The user's own upload under `fileKey` as a post's item (content's setPostMedia joins it laterally, so
 * the owner is checked in content's statement): its kind by content type; files other than images, videos and PDFs are none.
 */
export function ownUploadSql({ userId, fileKey }: { userId: RawBuilder<unknown> | ReturnType<typeof sql.ref>; fileKey: RawBuilder<unknown> | ReturnType<typeof sql.ref> }) {
	return sql`select u.storage_key, case when u.content_type like 'image/%' then 'image' when u.content_type like 'video/%' then 'video' else 'document' end as kind,
		u.content_type, u.byte_size as size_bytes, u.kind in ('generated_image', 'generated_video') as generated, u.alt_text
		from uploads u where u.user_id = ${userId} and u.storage_key = ${fileKey} and (u.content_type like 'image/%' or u.content_type like 'video/%' or u.content_type = 'application/pdf') limit 1`
}

/**
 * The input kind a generation of the user's wrote texts from ('smart-post', 'web-article', 'pdf-notes',
 * 'audio-image', …: its `source_type`), null when `generationId` names none of theirs, one that has not
 * succeeded or one whose texts all failed; as an expression inside the caller's statement: content's
 * MediaOrigins (the AI label's `text_origin`, ADR 0067).
 */
export function generatedTextSql({ userId, generationId }: { userId: RawBuilder<unknown> | ReturnType<typeof sql.ref>; generationId: RawBuilder<unknown> | ReturnType<typeof sql.ref> }) {
	return sql<string | null>`(select coalesce(g.source_type, 'smart-post') from generations g where g.user_id = ${userId} and g.id = ${generationId} and g.kind = 'content' and g.status = 'succeeded'
		and exists (select 1 from jsonb_each_text(coalesce(g.result->'texts', '{}'::jsonb)) t where t.value <> '') limit 1)`
}

/** Content's MediaOrigins, as the composition root wires it. */
export const mediaOrigins = { generatedSql: generatedImageSql, altTextSql: generatedAltTextSql, ownUploadSql, textOriginSql: generatedTextSql }
