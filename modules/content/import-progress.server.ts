import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'

/** How far a CSV import has come: rows checked, images loaded, saving (one transaction), done. */
export type ImportProgress = { phase: 'checking' | 'images' | 'saving' | 'done'; done: number; total: number }

const PHASES: ReadonlyArray<ImportProgress['phase']> = ['checking', 'images', 'saving', 'done']

/** Notes an import's progress (its own statement, outside the import's transaction); a user's entries older than a day go. */
export async function noteImportProgress(db: Db, userId: string, requestId: string, progress: ImportProgress) {
	await sql`
		with gone as (delete from csv_import_progress where user_id = ${userId} and request_id <> ${requestId} and updated_at < now() - interval '1 day')
		insert into csv_import_progress (user_id, request_id, phase, done, total, updated_at)
		values (${userId}, ${requestId}, ${progress.phase}, ${progress.done}, ${progress.total}, now())
		on conflict (user_id, request_id) do update set phase = excluded.phase, done = excluded.done, total = excluded.total, updated_at = now()`.execute(db)
}

/** The user's import's progress, or null when it has not started (or is another user's). */
export async function importProgress(db: Db, userId: string, requestId: string): Promise<ImportProgress | null> {
	const row = await db.selectFrom('csv_import_progress').select(['phase', 'done', 'total']).where('user_id', '=', userId).where('request_id', '=', requestId).executeTakeFirst()
	if (!row) return null
	const phase = PHASES.find((p) => p === row.phase) ?? 'saving'
	return { phase, done: row.done, total: row.total }
}
