// Migrates, then fills the catalogues a fresh installation needs (AI models, default tools,
// the workflows the product runs). Safe to run on every deploy: it only adds what is missing
// (the workflows follow the code: changed ones are updated, retired ones removed).
import { readEnv } from '#modules/core/env.server.ts'
import { migrateToLatest } from '#modules/core/migrate.server.ts'
import { openDatabase } from '#server/database.ts'
import { seedReferenceData } from '#server/seed.ts'

const env = readEnv()
const database = await openDatabase(env, console.log)
try {
	const applied = await migrateToLatest(database.db, database.pool)
	if (applied.length) console.log(`Applied: ${applied.join(', ')}`)
	const { models, tools, workflows } = await seedReferenceData(database.db)
	console.log(`AI models: ${models.inserted} added, ${models.total} in total`)
	console.log(`Toolbox tools: ${tools.inserted} added, ${tools.total} in total`)
	console.log(`Workflows: ${workflows.inserted} added, ${workflows.updated} updated, ${workflows.removed} removed, ${workflows.total} in total`)
} finally {
	await database.close()
}
