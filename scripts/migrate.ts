import { migrateToLatest } from '#modules/core/migrate.server.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { openDatabase } from '#server/database.ts'

const env = readEnv()
const database = await openDatabase(env, console.log)
try {
	const applied = await migrateToLatest(database.db, database.pool)
	console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.')
} finally {
	await database.close()
}
