import { sql, type Kysely } from 'kysely'

// Issue 40 item 1 (ADR 0071): OAuth 2.1 for MCP clients and the REST API. Registered clients (RFC 7591),
// authorization requests (pending consent, then the single-use code), grants (what a user allowed an
// app) with their rotating refresh tokens. Access tokens are rows of api_tokens with the grant and
// the resource (audience) they are bound to. Every secret is kept as its SHA-256 only.
export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`create table oauth_clients (
				id uuid primary key default gen_random_uuid(),
				client_name text not null check (char_length(client_name) between 1 and 100),
				redirect_uris text[] not null check (cardinality(redirect_uris) between 1 and 10),
				token_endpoint_auth_method text not null check (token_endpoint_auth_method in ('none', 'client_secret_post')),
				client_secret_hash text,
				client_secret_expires_at timestamptz,
				metadata jsonb not null default '{}',
				created_at timestamptz not null default now()
			);
			create table oauth_grants (
				id uuid primary key default gen_random_uuid(),
				user_id uuid not null references users(id) on delete cascade,
				client_id uuid not null references oauth_clients(id) on delete cascade,
				scopes text[] not null check (scopes <@ array['read', 'posts', 'generate', 'webhooks']::text[] and cardinality(scopes) > 0),
				audience text not null check (audience in ('mcp', 'api', 'all')),
				resource text not null,
				revoked_at timestamptz,
				created_at timestamptz not null default now()
			);
			create index oauth_grants_user_idx on oauth_grants (user_id, created_at desc);
			create table oauth_authorizations (
				id uuid primary key default gen_random_uuid(),
				client_id uuid not null references oauth_clients(id) on delete cascade,
				redirect_uri text not null,
				scopes text[] not null,
				audience text not null check (audience in ('mcp', 'api', 'all')),
				resource text not null,
				code_challenge text not null,
				state text,
				user_id uuid references users(id) on delete cascade,
				code_hash text unique,
				used_at timestamptz,
				grant_id uuid references oauth_grants(id) on delete cascade,
				expires_at timestamptz not null,
				created_at timestamptz not null default now()
			);
			create index oauth_authorizations_expiry_idx on oauth_authorizations (expires_at);
			create table oauth_refresh_tokens (
				token_hash text primary key,
				grant_id uuid not null references oauth_grants(id) on delete cascade,
				used_at timestamptz,
				created_at timestamptz not null default now()
			);
			create index oauth_refresh_tokens_grant_idx on oauth_refresh_tokens (grant_id);
			alter table api_tokens add column grant_id uuid references oauth_grants(id) on delete cascade;
			alter table api_tokens add column audience text check (audience in ('mcp', 'api', 'all'));
			alter table api_tokens add constraint api_tokens_grant_audience check ((grant_id is null) = (audience is null));
			create index api_tokens_grant_idx on api_tokens (grant_id) where grant_id is not null;`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql
		.raw(
			`delete from api_tokens where grant_id is not null;
			alter table api_tokens drop constraint if exists api_tokens_grant_audience;
			alter table api_tokens drop column if exists audience;
			alter table api_tokens drop column if exists grant_id;
			drop table if exists oauth_refresh_tokens;
			drop table if exists oauth_authorizations;
			drop table if exists oauth_grants;
			drop table if exists oauth_clients;`,
		)
		.execute(db)
}
