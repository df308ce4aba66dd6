import type { Db } from '#modules/core/db.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'

/**
 * What the toolbox and its automations get from the composition root. Automations that need
 * another module's work (creating posts, drafts, ideas; reading comments through the platform
 * adapters) get it here as functions, so the toolbox stays free of adapters.
 */
export type ToolboxDeps = {
	db: Db
	logger: Logger
	now?: () => Date
}
