import type { Db } from '#modules/core/db.server.ts'
import { listAdminActions } from './audit.server.ts'
import { overviewStats } from './overview.server.ts'

export { listAdminActions, recordAdminAction, type AdminAction, type AdminActor, type AuditEntry } from './audit.server.ts'
export { activePromptTemplates, PROMPT_CATEGORIES, type PromptCategory } from './prompts.server.ts'

// Admin use cases. Callers must have passed requireAdmin; these functions read across users.
export function createAdminService({ db }: { db: Db }) {
	return {
		overviewStats: () => overviewStats(db),
		auditLog: (filter?: Parameters<typeof listAdminActions>[1]) => listAdminActions(db, filter),
	}
}

export type AdminService = ReturnType<typeof createAdminService>
