import { sql, type Kysely } from 'kysely'

// 'Fehler melden' on an activity log entry files one error report per entry: a second click
// finds the report already there instead of filing a duplicate. Reports from elsewhere keep null.
export async function up(db: Kysely<any>) {
	await sql.raw(`
alter table error_reports add column activity_log_id uuid references activity_logs(id) on delete set null;
alter table error_reports add constraint error_reports_activity_log_key unique (activity_log_id);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
alter table error_reports drop constraint if exists error_reports_activity_log_key;
alter table error_reports drop column if exists activity_log_id;
`).execute(db)
}
