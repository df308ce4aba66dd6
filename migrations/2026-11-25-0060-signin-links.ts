import { sql, type Kysely } from 'kysely'

// Sign-in links by e-mail ('Anmeldelink per E-Mail senden', offered when sign-in is locked): a third
// purpose of the single-use, hashed e-mail tokens.
export async function up(db: Kysely<any>) {
	await sql.raw(`
alter table email_tokens drop constraint email_tokens_purpose_check;
alter table email_tokens add constraint email_tokens_purpose_check check (purpose in ('confirm_email', 'reset_password', 'signin_link'));
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
delete from email_tokens where purpose = 'signin_link';
alter table email_tokens drop constraint email_tokens_purpose_check;
alter table email_tokens add constraint email_tokens_purpose_check check (purpose in ('confirm_email', 'reset_password'));
`).execute(db)
}
