import { sql, type Kysely } from 'kysely'

// Issue 39's streamed upload (/api/media, POST /api/v1/media): uploaded videos and PDFs are recorded
// beside the post images.
const before = ['brand_logo', 'post_image', 'reference_image', 'model_preview', 'document', 'audio', 'generated_image', 'generated_video']
const after = [...before, 'post_video', 'post_document']

const kinds = (list: Array<string>) => list.map((kind) => `'${kind}'`).join(', ')

export async function up(db: Kysely<any>) {
	await sql.raw(`alter table uploads drop constraint uploads_kind_check, add constraint uploads_kind_check check (kind in (${kinds(after)}));`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`delete from uploads where kind in ('post_video', 'post_document'); alter table uploads drop constraint uploads_kind_check, add constraint uploads_kind_check check (kind in (${kinds(before)}));`).execute(db)
}
