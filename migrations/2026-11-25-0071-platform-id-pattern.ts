import { sql, type Kysely } from 'kysely'

// Platforms are plugins (adapters/platforms/<id>/, docs/decisions/0010-platform-descriptors.md): the
// database checks a platform id by its pattern, as ai_models.provider does, instead of a list that
// every new platform had to extend. Which ids exist is the registry's business.
const ID = '[a-z][a-z0-9]{1,29}'
const single = `'^${ID}$'`
// A text[]'s text form is unambiguous ({a,b}; an element with other characters, or a null, is quoted or NULL).
const list = `'^\\{(${ID}(,${ID})*)?\\}$'`

/** The 10 platform columns: [table, column, is an array]; Postgres named each check <table>_<column>_check. */
const COLUMNS: Array<[table: string, column: string, array: boolean]> = [
	['posts', 'platform', false],
	['drafts', 'platforms', true],
	['social_tokens', 'platform', false],
	['connected_pages', 'platform', false],
	['post_deliveries', 'platform', false],
	['content_ideas', 'platform', true],
	['generations', 'platforms', true],
	['oauth_states', 'platform', false],
	['birthday_contacts', 'platform', false],
	['comment_replies', 'platform', false],
]

export async function up(db: Kysely<any>) {
	const statements = COLUMNS.map(
		([table, column, array]) =>
			`alter table ${table} drop constraint ${table}_${column}_check, add constraint ${table}_${column}_check check (${array ? `${column}::text ~ ${list}` : `${column} ~ ${single}`});`,
	)
	await sql.raw(statements.join('\n')).execute(db)
}

// The lists as they were (a row of a platform added since makes this fail, as it should).
const BEFORE = "'linkedin', 'instagram', 'threads', 'facebook'"

export async function down(db: Kysely<any>) {
	const statements = COLUMNS.map(([table, column, array]) => {
		const check = array ? `${column} <@ array[${BEFORE}]::text[]` : `${column} in (${BEFORE}${table === 'posts' ? ", 'multiple'" : ''})`
		return `alter table ${table} drop constraint ${table}_${column}_check, add constraint ${table}_${column}_check check (${check});`
	})
	await sql.raw(statements.join('\n')).execute(db)
}
