import type { Db } from '#modules/core/db.server.ts'
import { listAdminActions } from './audit.server.ts'
import { overviewStats } from './overview.server.ts'
import { createAdminUsers } from './users.server.ts'
import { errorReportsAdmin } from './error-reports.server.ts'

export { listAdminActions, recordAdminAction, type AdminAction, type AdminActor, type AuditActor, type AuditEntry } from './audit.server.ts'
export type { ErrorReportUpdateResult } from './error-reports.server.ts'
export { ADMIN_GRANT_TYPE, ADMIN_USERS_PAGE_SIZE, type AdminUserResult, type AdminUsers } from './users.server.ts'
export { ADMIN_GRANT_MAX, AdminUserActionSchema, GrantCreditsSchema, SetAdminSchema, SetPlanSchema, SUBSCRIPTION_TYPES, UserSearchSchema } from './users-schema.ts'
export { activePromptTemplates, PROMPT_CATEGORIES, type PromptCategory } from './prompts.server.ts'

// Admin use cases. Callers must have passed requireAdmin; these functions read across users.
export function createAdminService({ db }: { db: Db }) {
	return {
		overviewStats: () => overviewStats(db),
		auditLog: (filter?: Parameters<typeof listAdminActions>[1]) => listAdminActions(db, filter),
		users: createAdminUsers(db),
		/** 'Fehlerberichte' (/admin/error-reports). */
		errorReports: errorReportsAdmin(db),
	}
}

export type AdminService = ReturnType<typeof createAdminService>
