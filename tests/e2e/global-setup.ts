// Runs after Playwright has started the web servers (see playwright.config.ts): fails the run at
// once, with a clear message, when the tests cannot reach the e2e server's migrated database.
import pg from 'pg'
import { e2eDatabaseUrl } from '#tests/support/e2e.ts'

export default async function globalSetup() {
	const client = new pg.Client({ connectionString: e2eDatabaseUrl(), connectionTimeoutMillis: 5_000 })
	await client.connect()
	try {
		const { rows } = await client.query<{ ok: boolean }>(`select to_regclass('public.users') is not null as ok`)
		if (!rows[0]?.ok) throw new Error('The e2e database has no users table: the server did not migrate it')
	} finally {
		await client.end()
	}
}
