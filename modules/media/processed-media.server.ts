import type { DbOrTrx } from '#modules/core/db.server.ts'
import { mediaPath } from '#modules/core/files.server.ts'

/** What the media_process job has made of an uploaded file so far (ADR 0059). */
export type ProcessedMedia = {
	/** The uploaded file's key (as POST /api/media answered it). */
	key: string
	/** Images and PDFs need no processing: 'ready' at once, without a variant. */
	state: 'processing' | 'ready' | 'failed'
	/** 0–100. */
	progress: number
	errorCode: string | null
	/** The publishable MP4 (H.264/AAC, index first) the adapters send; null until it is made. */
	variantUrl: string | null
	coverUrl: string | null
	thumbnailUrl: string | null
	/** The cover's time, when the user chose one (else the first second). */
	coverAtMs: number | null
	/** Of the variant, once made. */
	durationMs: number | null
	width: number | null
	height: number | null
}

const urlOf = (key: string | null) => (key === null ? null : mediaPath(key))

/** The user's uploads among `keys` with what has been made of them; another user's or an unknown key is left out. */
export async function processedMediaOf(db: DbOrTrx, userId: string, keys: ReadonlyArray<string>): Promise<Array<ProcessedMedia>> {
	if (keys.length === 0) return []
	const rows = await db
		.selectFrom('uploads as u')
		.leftJoin('media_variants as v', 'v.upload_id', 'u.id')
		.select(['u.storage_key', 'v.state', 'v.progress', 'v.error_code', 'v.variant_key', 'v.cover_key', 'v.thumbnail_key', 'v.cover_at_ms', 'v.duration_ms', 'v.width', 'v.height', 'v.upload_id'])
		.where('u.user_id', '=', userId)
		.where('u.storage_key', 'in', [...new Set(keys)])
		.execute()
	return rows.map((row) => ({
		key: row.storage_key,
		state: row.upload_id === null ? 'ready' : (row.state as ProcessedMedia['state']),
		progress: row.upload_id === null ? 100 : (row.progress ?? 0),
		errorCode: row.error_code,
		variantUrl: urlOf(row.variant_key),
		coverUrl: urlOf(row.cover_key),
		thumbnailUrl: urlOf(row.thumbnail_key),
		coverAtMs: row.cover_at_ms,
		durationMs: row.duration_ms,
		width: row.width,
		height: row.height,
	}))
}
