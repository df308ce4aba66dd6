import type { Clock } from '#modules/core/clock.server.ts'
import type { Db } from '#modules/core/db.server.ts'
import { listAdminActions } from './audit.server.ts'
import { systemStatus } from './overview.server.ts'
import { createAdminUsers } from './users.server.ts'
import { errorReportsAdmin } from './error-reports.server.ts'

export { listAdminActions, recordAdminAction, type AdminAction, type AdminActor, type AuditActor, type AuditEntry } from './audit.server.ts'
export type { ErrorReportUpdateResult } from './error-reports.server.ts'
export { ADMIN_GRANT_TYPE, ADMIN_USERS_PAGE_SIZE, type AdminUserResult, type AdminUsers } from './users.server.ts'
export { ADMIN_GRANT_MAX, AdminUserActionSchema, GrantCreditsSchema, SetAdminSchema, SetPlanSchema, SUBSCRIPTION_TYPES, UserSearchSchema } from './users-schema.ts'
export type { SystemStatus } from './overview.server.ts'
export { activePromptTemplates, PROMPT_CATEGORIES, type PromptCategory } from './prompts.server.ts'

// Admin use cases. Callers must have passed requireAdmin; these functions read across users.
export function createAdminService({ db, clock }: { db: Db; clock: Clock }) {
	return {
		/** The admin index: worker, queue, deliveries, errors, users, posts, sales and a 30-day chart. */
		systemStatus: (timeZone: string) => systemStatus(db, { now: clock.now(), timeZone }),
		auditLog: (filter?: Parameters<typeof listAdminActions>[1]) => listAdminActions(db, filter),
		users: createAdminUsers(db),
		/** 'Fehlerberichte' (/admin/error-reports). */
		errorReports: errorReportsAdmin(db),
	}
}

export type AdminService = ReturnType<typeof createAdminService>
