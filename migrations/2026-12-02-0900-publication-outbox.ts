import { sql, type Kysely } from 'kysely'

// Issue 38 (item 6, ADR 0049): publishing records each publication (published, failed, unconfirmed)
// in its own outbox, in the statement that settles the delivery; content, activity and webhooks
// consume the rows. `pending` names the consumers that have not consumed a row yet: each consumer
// removes its name in the statement that does its part, so each does it exactly once.
// `activity` is the entry the publisher words; `webhook` the event's body (type, timestamp, data) as
// `json`, not `jsonb`: the message body is signed and kept byte for byte, jsonb would reorder its keys.
export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`create table publication_outbox (
				id bigint generated always as identity primary key,
				delivery_id uuid not null,
				post_id uuid not null,
				user_id uuid not null references users(id) on delete cascade,
				channel_id uuid,
				platform text not null,
				kind text not null check (kind in ('published', 'failed', 'unconfirmed')),
				at timestamptz not null,
				url text,
				code text,
				reason text,
				activity jsonb not null,
				webhook json not null,
				pending text[] not null,
				created_at timestamptz not null default now()
			);
			create index publication_outbox_pending_idx on publication_outbox (created_at) where pending <> '{}';`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`drop table if exists publication_outbox;`).execute(db)
}
