// A fresh, migrated database per caller, cloned from the run's template (tests/support/global-setup.ts):
//   await using t = await createTestDatabase()
//   await t.db.selectFrom('users').selectAll().execute()
// or an empty one for a migration test, which migrates it step by step:
//   await using t = await createEmptyDatabase()
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { inject } from 'vitest'
import { createDb, createPool, type DB } from '#modules/core/db.server.ts'
import { ident, testDatabasePrefix, withDatabase } from './test-database.ts'
import { HANG_GUARD_MS } from './wait.ts'

export type TestDatabase = {
	db: Kysely<DB>
	pool: pg.Pool
	url: string
	name: string
	[Symbol.asyncDispose]: () => Promise<void>
}

export async function createTestDatabase(options: { maxConnections?: number } = {}): Promise<TestDatabase> {
	return openDatabase({ fromTemplate: true, maxConnections: options.maxConnections ?? 10 })
}

/**
 * A fresh database with no schema (not the run's migrated template), for the migration tests: they
 * migrate it step by step. Typed as the current schema; a test on an older one casts `db`.
 */
export async function createEmptyDatabase(): Promise<TestDatabase> {
	return openDatabase({ fromTemplate: false, maxConnections: 3 })
}

async function openDatabase({ fromTemplate, maxConnections }: { fromTemplate: boolean; maxConnections: number }): Promise<TestDatabase> {
	const server = inject('testDatabaseServer')
	if (!server) throw new Error('No test database server: run through vitest (tests/support/global-setup.ts)')
	const name = `${testDatabasePrefix}${server.runPid}_${randomBytes(6).toString('hex')}`
	await adminQuery(server.adminUrl, `create database ${ident(name)}${fromTemplate ? ` template ${ident(server.template)}` : ''}`)

	const url = withDatabase(server.adminUrl, name, server.applicationName)
	// Waiting for a free connection is no failure here: 50 parallel calls on 10 connections wait longer
	// than the app's 10 s on a loaded machine; only a hang ends the wait.
	const pool = createPool(url, maxConnections, HANG_GUARD_MS)
	const db = createDb(pool)
	let disposed = false
	return {
		db,
		pool,
		url,
		name,
		async [Symbol.asyncDispose]() {
			if (disposed) return
			disposed = true
			// db.destroy() ends the pool; "with (force)" also ends connections the code under
			// test opened on its own (a worker, a LISTEN client).
			await db.destroy().catch(() => {})
			await adminQuery(server.adminUrl, `drop database if exists ${ident(name)} with (force)`)
		},
	}
}

/** One statement on the test server's admin connection (create or drop a database). */
async function adminQuery(adminUrl: string, text: string) {
	const client = new pg.Client({ connectionString: adminUrl })
	await client.connect()
	try {
		await client.query(text)
	} finally {
		await client.end()
	}
}
