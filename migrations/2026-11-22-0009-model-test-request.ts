import { sql, type Kysely } from 'kysely'

// A model test run is charged once per request id from the browser (a double click or a retried
// request finds the tests it already started instead of charging again).
export async function up(db: Kysely<any>) {
	await sql.raw(`
alter table model_tests add column request_id uuid;
create unique index model_tests_request_key on model_tests (user_id, request_id, model_id) where request_id is not null;
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
drop index if exists model_tests_request_key;
alter table model_tests drop column if exists request_id;
`).execute(db)
}
