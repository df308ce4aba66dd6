import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { extractText, textFor } from './post-content.ts'

/** One item of the user's posts as 'Alt-Text vorschlagen' needs it: where its file is and the text of its post. */
export type MediaForAltText = {
	id: string
	postId: string
	kind: 'image' | 'video' | 'document'
	url: string
	/** The `<key>` of a /media/ URL in the file store; null for an outside URL. */
	fileKey: string | null
	contentType: string | null
	/** The post's text for the item's first network (or its base text). */
	postText: string
}

/** The item `mediaId` of the user's posts; null when it is not the user's (another user's included). */
export async function mediaForAltText(db: DbOrTrx, userId: string, mediaId: string): Promise<MediaForAltText | null> {
	const { rows } = await sql<{ id: string; post_id: string; kind: MediaForAltText['kind']; url: string; file_key: string | null; content_type: string | null; networks: Array<string> | null; content: string }>`
		select m.id, m.post_id, m.kind, m.url, m.file_key, m.content_type, m.networks, p.content
		from post_media m join posts p on p.id = m.post_id
		where m.id = ${mediaId} and m.user_id = ${userId}`.execute(db)
	const row = rows[0]
	if (!row) return null
	const network = row.networks?.[0]
	return {
		id: row.id,
		postId: row.post_id,
		kind: row.kind,
		url: row.url,
		fileKey: row.file_key,
		contentType: row.content_type,
		postText: network ? textFor(row.content, network) : extractText(row.content),
	}
}
