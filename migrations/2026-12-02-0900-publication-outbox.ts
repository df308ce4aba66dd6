import { sql, type Kysely } from 'kysely'

// Issue 38 (item 6, ADR 0049): publishing records each publication (published, failed, unconfirmed)
// in its own outbox, in the statement that settles the delivery; content, activity and webhooks
// consume the rows. `activity` is the entry the publisher words; `webhook` the event's body (type,
// timestamp, data) as `json`, not `jsonb`: the message body is signed and kept byte for byte, jsonb
// would reorder its keys.
// publication_pending holds one narrow row per publication and consumer that has not consumed it yet:
// a consumer deletes its rows in the statement that does its part (exactly once), and consumers of
// different names touch different rows, never the wide outbox row.
// Its key leads with event_id (not consumer): the cascade from the outbox, the cleanup's "no pending row"
// and the sweep's walk in event order all look rows up by event; a claim names both columns.
// The sweep's "pending for 30 s" joins the outbox's created_at; its cleanup ranges over the same index.
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
				created_at timestamptz not null default now()
			);
			create index publication_outbox_created_at_idx on publication_outbox (created_at);
			create table publication_pending (
				event_id bigint not null references publication_outbox(id) on delete cascade,
				consumer text not null,
				primary key (event_id, consumer)
			);`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`drop table if exists publication_pending; drop table if exists publication_outbox;`).execute(db)
}
