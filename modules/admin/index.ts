import type { Clock } from '#modules/core/clock.server.ts'
import type { Db } from '#modules/core/db.server.ts'
import { listAdminActions } from '#modules/activity/index.ts'
import { systemStatus } from './overview.server.ts'
import { createAdminUsers } from './users.server.ts'
import { errorReportsAdmin } from './error-reports.server.ts'
import { promptsAdmin } from '#modules/generation/index.ts'
import { listWorkflows } from './workflows.server.ts'

export type { ErrorReportUpdateResult } from './error-reports.server.ts'
export { ADMIN_GRANT_TYPE, ADMIN_USERS_PAGE_SIZE, type AdminUserResult, type AdminUsers } from './users.server.ts'
export { ADMIN_GRANT_MAX, AdminUserActionSchema, GrantCreditsSchema, RevokeApiTokenSchema, SetAdminSchema, SetPlanSchema, SUBSCRIPTION_TYPES, UserSearchSchema } from './users-schema.ts'
export type { SystemStatus } from './overview.server.ts'
export { WORKFLOWS, describeCron, type WorkflowDefinition, type WorkflowStep, type WorkflowTrigger } from './workflow-catalogue.ts'
export { listWorkflows, seedWorkflows, workflowCounts, type AdminWorkflow, type WorkflowCounts, type WorkflowItem, type WorkflowSeedResult } from './workflows.server.ts'

// Admin use cases. Callers must have passed requireAdmin; these functions read across users.
export function createAdminService({ db, clock }: { db: Db; clock: Clock }) {
	return {
		/** The admin index: worker, queue, deliveries, errors, users, posts, sales and a 30-day chart. */
		systemStatus: (timeZone: string) => systemStatus(db, { now: clock.now(), timeZone }),
		auditLog: (filter?: Parameters<typeof listAdminActions>[1]) => listAdminActions(db, filter),
		users: createAdminUsers(db),
		/** 'Fehlerberichte' (/admin/error-reports). */
		errorReports: errorReportsAdmin(db),
		/** 'Prompts verwalten' (/admin/prompts): the generation's templates, edited through its index.ts. */
		prompts: promptsAdmin(db),
		/** The read-only workflows page (/admin/workflows). */
		workflows: { list: () => listWorkflows(db) },
	}
}

export type AdminService = ReturnType<typeof createAdminService>
