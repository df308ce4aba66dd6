import { sql, type Kysely } from 'kysely'

// The first comment, a step of the post's delivery (issue 39 item 5, ADR 0053): its own state next to
// the post's. `comment_status` is null for a delivery without a comment; the published record sets it
// 'pending' when the post had one; `comment_sent_at` is the marker written (synchronously) right
// before the creating request leaves, so a later attempt knows it must look, never send blindly.
// The partial index holds only the comments still open: the sweep's walk, and nothing for the
// deliveries without a comment.
export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`
alter table post_deliveries
  add column comment_status text check (comment_status in ('pending', 'sent', 'published', 'failed', 'unconfirmed')),
  add column comment_sent_at timestamptz,
  add column comment_external_id text,
  add column comment_url text,
  add column comment_error_code text;
create index post_deliveries_comment_open_idx on post_deliveries (published_at) where comment_status in ('pending', 'sent');
`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql
		.raw(
			`
drop index if exists post_deliveries_comment_open_idx;
alter table post_deliveries drop column comment_status, drop column comment_sent_at, drop column comment_external_id, drop column comment_url, drop column comment_error_code;
`,
		)
		.execute(db)
}
