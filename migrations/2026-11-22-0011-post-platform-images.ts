import { sql, type Kysely } from 'kysely'

// A post for several platforms keeps an image per platform (Instagram's 1:1 next to the shared
// 16:9), as drafts do; image_url stays the post's display image.
export async function up(db: Kysely<any>) {
	await sql.raw(`
alter table posts add column platform_images jsonb not null default '{}'::jsonb check (jsonb_typeof(platform_images) = 'object');
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`alter table posts drop column if exists platform_images;`).execute(db)
}
