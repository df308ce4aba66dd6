import { sql, type Kysely } from 'kysely'

// The workflows page (/admin/workflows) describes the jobs the product really runs. They are seeded
// from code (modules/admin/workflow-catalogue.ts) on every start: a stable key per workflow makes
// that seed an upsert, so descriptions follow the code and running it twice changes nothing.
// Rows without a key (none today) are left to whoever wrote them.
export async function up(db: Kysely<any>) {
	await sql.raw(`
alter table workflows add column key text check (key ~ '^[a-z0-9_]{1,100}$');
alter table workflows add constraint workflows_key_unique unique (key);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
alter table workflows drop constraint if exists workflows_key_unique;
alter table workflows drop column if exists key;
`).execute(db)
}
