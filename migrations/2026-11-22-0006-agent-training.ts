import { type Kysely, sql } from 'kysely'

// 'Agent trainieren': the style profile learned from an agent's training texts and post URLs.
export async function up(db: Kysely<any>) {
	await sql.raw(`
alter table agent_configurations
  add column style_profile jsonb check (style_profile is null or jsonb_typeof(style_profile) = 'object'),
  add column trained_at timestamptz;
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
alter table agent_configurations drop column if exists style_profile, drop column if exists trained_at;
`).execute(db)
}
