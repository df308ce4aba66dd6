import { type Kysely, sql } from 'kysely'

// Where the development mailbox keeps "sent" mails (only used without SMTP_URL outside production).
export async function up(db: Kysely<any>) {
	await sql.raw(`
create table dev_mailbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default now()
);
create index dev_mailbox_created_at_idx on dev_mailbox (created_at desc);
create index dev_mailbox_to_idx on dev_mailbox (to_address, created_at desc);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw('drop table if exists dev_mailbox').execute(db)
}
