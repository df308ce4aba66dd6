import type { Db } from '#modules/core/db.server.ts'
import type { FileStore } from '#modules/core/files.server.ts'

// A model test's image or video handed to the creator by its stored key (ADR 0068), never as bytes
// from the browser: only the user's own generated uploads are taken, so the post's items made from
// them keep the AI label and the alt text the model test wrote (generation's mediaOrigins).

export type HandedMedia = { kind: 'image'; key: string; bytes: Uint8Array; altText: string | null } | { kind: 'video'; key: string }

/** The user's generated image (with its bytes and alt text) or video under `key`; null when it is none of theirs or its file is gone. */
export async function findHandedMedia(deps: { db: Db; files: FileStore }, userId: string, key: string): Promise<HandedMedia | null> {
	const row = await deps.db
		.selectFrom('uploads')
		.select(['kind', 'alt_text'])
		.where('user_id', '=', userId)
		.where('storage_key', '=', key)
		.where('kind', 'in', ['generated_image', 'generated_video'])
		.executeTakeFirst()
	if (!row) return null
	if (row.kind === 'generated_video') return { kind: 'video', key }
	const stored = await deps.files.get(key)
	return stored ? { kind: 'image', key, bytes: stored.bytes, altText: row.alt_text } : null
}
