import { seedModelCatalogue } from '#modules/catalog/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import { seedToolboxConfigs } from '#modules/toolbox/index.ts'

/** Reference data every installation needs (idempotent): the toolbox tools and the AI model catalogue. */
export async function seedReferenceData(db: Db) {
	const tools = await seedToolboxConfigs(db)
	const models = await seedModelCatalogue(db)
	return { tools, models }
}
