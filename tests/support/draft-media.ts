// A draft's media rows (post_media by draft_id, ADR 0069) as tests check them.
import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'

/** The draft's rows in order. */
export function draftMediaRows(db: Kysely<DB>, draftId: string) {
	return db.selectFrom('post_media').select(['id', 'url', 'networks', 'position', 'alt_text', 'ai_generated', 'kind', 'source']).where('draft_id', '=', draftId).orderBy('position').execute()
}

/** Each network's first image of the draft, as drafts.images held them before the rows. */
export async function draftImages(db: Kysely<DB>, draftId: string): Promise<Record<string, string>> {
	const images: Record<string, string> = {}
	for (const row of await draftMediaRows(db, draftId)) for (const network of row.networks ?? []) images[network] ??= row.url
	return images
}
