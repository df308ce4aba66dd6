import { sql, type Kysely } from 'kysely'

// Networks where the user names the server (a Mastodon instance, a Bluesky PDS): the token keeps the
// server it belongs to, the account the server's own limits, and the OAuth state the server the flow
// started on. The app registers itself once per instance and callback (platform_clients); the
// client secret is sealed like tokens.
export async function up(db: Kysely<any>) {
	await sql`
		alter table social_tokens add column server text check (server is null or server ~ '^https?://[^/?#]+$'),
			add column limits jsonb;
		alter table oauth_states add column server text check (server is null or server ~ '^https?://[^/?#]+$');
		create table platform_clients (
			id uuid primary key default gen_random_uuid(),
			platform text not null check (platform ~ '^[a-z][a-z0-9]{1,29}$'),
			server text not null check (server ~ '^https?://[^/?#]+$'),
			redirect_uri text not null,
			client_id text not null,
			client_secret_encrypted text not null,
			created_at timestamptz not null default now(),
			unique (platform, server, redirect_uri)
		);
	`.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql`
		drop table platform_clients;
		alter table oauth_states drop column server;
		alter table social_tokens drop column server, drop column limits;
	`.execute(db)
}
