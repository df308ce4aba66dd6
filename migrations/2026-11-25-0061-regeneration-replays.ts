import { sql, type Kysely } from 'kysely'

// 'Bild neu generieren' keeps its outcome in generations (kind 'image_regeneration') under the
// request id, like a content generation: a request id is unique per user and kind, so one id sent
// to both endpoints never answers the other's outcome.
export async function up(db: Kysely<any>) {
	await sql.raw(`
drop index generations_idempotency_key;
create unique index generations_idempotency_key on generations (user_id, kind, idempotency_key) where idempotency_key is not null;
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
drop index generations_idempotency_key;
create unique index generations_idempotency_key on generations (user_id, idempotency_key) where idempotency_key is not null;
`).execute(db)
}
