import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db-types.ts'
import type { Platform } from '#modules/core/platform-id.ts'
import { defaultTools } from './default-tools.ts'

export type SeedResult = { inserted: number; total: number }

/**
 * Inserts the default tools that are missing, matched by tool_name (as the admin screen does on
 * load). DO NOTHING on conflict: an admin's edits (availability, texts, schema, defaults) win over
 * this file on every later seed. `registered`: the registered platform ids (the tools' schemas list
 * them, their defaults name the first).
 */
export async function seedToolboxConfigs(db: Kysely<DB>, registered: ReadonlyArray<Platform>): Promise<SeedResult> {
	const inserted = await db
		.insertInto('admin_toolbox_configs')
		.values(
			defaultTools(registered).map((tool) => ({
				tool_name: tool.tool_name,
				display_name: tool.display_name,
				description: tool.description,
				icon: tool.icon,
				category: tool.category,
				is_pro: tool.is_pro,
				features: tool.features,
				config_schema: tool.config_schema,
				default_settings: tool.default_settings,
			})),
		)
		.onConflict((oc) => oc.column('tool_name').doNothing())
		.returning('tool_name')
		.execute()
	const { total } = await db
		.selectFrom('admin_toolbox_configs')
		.select((eb) => eb.fn.countAll<number>().as('total'))
		.executeTakeFirstOrThrow()
	return { inserted: inserted.length, total }
}
