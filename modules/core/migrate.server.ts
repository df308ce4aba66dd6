import { promises as fs } from 'node:fs'
import path from 'node:path'
import { FileMigrationProvider, Migrator } from 'kysely/migration'
import type { Kysely } from 'kysely'
import type pg from 'pg'
import { migrateJobs } from './jobs.server.ts'

const migrationFolder = path.resolve(import.meta.dirname, '../../migrations')

/** Runs our Kysely migrations and installs the graphile-worker schema. */
// Kysely<any>: migrations are frozen in time and must not depend on the generated types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>, pool: pg.Pool) {
	const migrator = new Migrator({
		db,
		provider: new FileMigrationProvider({ fs, path, migrationFolder }),
		// Work on parallel branches lands migrations whose names sort before ones a database
		// already ran; each migration stands on its own, so apply the missing ones in name order.
		allowUnorderedMigrations: true,
	})
	const { error, results } = await migrator.migrateToLatest()
	if (error) {
		const failed = results?.find((r) => r.status === 'Error')
		throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`)
	}
	await migrateJobs(pool)
	return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
