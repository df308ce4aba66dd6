import { sql, type Kysely } from 'kysely'

// How far a CSV import has come (rows checked, images loaded, saving), written outside the import's
// transaction so that the dialog can poll it from any web process (ADR 0027: one process per core).
export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`create table if not exists csv_import_progress (
				user_id uuid not null references users(id) on delete cascade,
				request_id uuid not null,
				phase text not null,
				done integer not null default 0,
				total integer not null default 0,
				updated_at timestamptz not null default now(),
				primary key (user_id, request_id)
			);`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`drop table if exists csv_import_progress;`).execute(db)
}
