import type { DbOrTrx } from '#modules/core/db.server.ts'

export type OwnUpload = { key: string; kind: string; contentType: string; bytes: number; name: string | null }

/** The user's upload stored under `key` (POST /api/media and the others), or null when it is not theirs. */
export async function findOwnUpload(db: DbOrTrx, userId: string, key: string): Promise<OwnUpload | null> {
	const row = await db
		.selectFrom('uploads')
		.select(['storage_key', 'kind', 'content_type', 'byte_size', 'original_name'])
		.where('user_id', '=', userId)
		.where('storage_key', '=', key)
		.executeTakeFirst()
	return row ? { key: row.storage_key, kind: row.kind, contentType: row.content_type, bytes: Number(row.byte_size), name: row.original_name } : null
}
