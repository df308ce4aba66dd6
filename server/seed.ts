import { platformModules } from '#adapters/platforms/index.ts'
import { seedWorkflows } from '#modules/admin/index.ts'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import { seedToolboxConfigs } from '#modules/toolbox/index.ts'

/**
 * Reference data every installation needs (idempotent): the toolbox tools (for the registered
 * platforms), the AI model catalogue and the workflows the product runs.
 */
export async function seedReferenceData(db: Db) {
	const tools = await seedToolboxConfigs(db, platformModules.map((module) => module.descriptor.id))
	const models = await seedModelCatalogue(db)
	const workflows = await seedWorkflows(db)
	return { tools, models, workflows }
}
