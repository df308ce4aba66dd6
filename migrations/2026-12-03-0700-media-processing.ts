import { sql, type Kysely } from 'kysely'

// Issue 39 item 1, the media_process job (ADR 0059): what the job has made of an uploaded video. One
// row per video upload, written in the upload's transaction together with its job; the job reads it
// to know what is still due (the variant, the cover, the thumbnail) and writes its progress here.
export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`
create table media_variants (
  upload_id uuid primary key references uploads (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  source_key text not null unique check (length(source_key) between 1 and 1024),
  state text not null default 'processing' check (state in ('processing', 'ready', 'failed')),
  progress smallint not null default 0 check (progress between 0 and 100),
  error_code text check (length(error_code) <= 100),
  -- The target the variant was made for (transcode-target.ts targetRule): a changed rule is a new variant.
  rule text not null check (length(rule) <= 200),
  variant_key text check (length(variant_key) <= 1024),
  -- Whether the variant was transcoded (else the upload's own streams, remuxed with the index first).
  transcoded boolean,
  cover_at_ms int check (cover_at_ms >= 0),
  cover_key text check (length(cover_key) <= 1024),
  thumbnail_key text check (length(thumbnail_key) <= 1024),
  duration_ms int check (duration_ms >= 0),
  width int check (width > 0),
  height int check (height > 0),
  attempts int not null default 0 check (attempts >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index media_variants_user_idx on media_variants (user_id);
`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw('drop table media_variants;').execute(db)
}
