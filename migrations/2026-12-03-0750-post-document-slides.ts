import { sql, type Kysely } from 'kysely'

// A post's document (issue 39 item 4, ADR 0055 addendum): the title a network shows above its pages
// (LinkedIn's content.media.title) and, for a deck made from the post, its slide texts, so the user
// can edit them and render the PDF again. Both null for every other row (an image, a video).
export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`alter table post_media
  add column title text check (title is null or (length(title) <= 400 and kind = 'document')),
  add column slides jsonb check (slides is null or (jsonb_typeof(slides) = 'array' and jsonb_array_length(slides) between 1 and 50 and kind = 'document'));`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw('alter table post_media drop column slides, drop column title;').execute(db)
}
