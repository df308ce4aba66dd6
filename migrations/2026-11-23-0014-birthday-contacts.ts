import { sql, type Kysely } from 'kysely'

// The birthdayWishes tool's small contact list: a birthday as month/day (year optional, for the age),
// the platform the greeting is prepared for, an optional note woven into the greeting.
export async function up(db: Kysely<any>) {
	await sql.raw(`
create table birthday_contacts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  birth_month smallint not null check (birth_month between 1 and 12),
  birth_day smallint not null check (birth_day between 1 and 31),
  birth_year smallint check (birth_year between 1900 and 2100),
  platform text not null check (platform in ('linkedin', 'instagram', 'facebook', 'threads')),
  note text not null default '' check (length(note) <= 300),
  created_at timestamptz not null default now()
);
create index birthday_contacts_user_idx on birthday_contacts (user_id, birth_month, birth_day);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`drop table if exists birthday_contacts;`).execute(db)
}
