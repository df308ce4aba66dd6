import type { Db } from '#modules/core/db.server.ts'
import { listAdminActions } from './audit.server.ts'
import { overviewStats } from './overview.server.ts'
import { createAdminUsers } from './users.server.ts'
import { errorReportsAdmin } from './error-reports.server.ts'
import { promptsAdmin } from './prompts.server.ts'
import { listWorkflows } from './workflows.server.ts'

export { listAdminActions, recordAdminAction, type AdminAction, type AdminActor, type AuditEntry } from './audit.server.ts'
export type { ErrorReportUpdateResult } from './error-reports.server.ts'
export { ADMIN_GRANT_TYPE, ADMIN_USERS_PAGE_SIZE, type AdminUserResult, type AdminUsers } from './users.server.ts'
export { ADMIN_GRANT_MAX, AdminUserActionSchema, GrantCreditsSchema, SetAdminSchema, SetPlanSchema, SUBSCRIPTION_TYPES, UserSearchSchema } from './users-schema.ts'
export { activePromptTemplates, type AdminPrompt, type PromptCounts, type SavePromptResult } from './prompts.server.ts'
export {
	IMAGE_PROMPT_VARIABLES,
	MAX_PROMPT_VARIABLES,
	PROMPT_CATEGORIES,
	PROMPT_VARIABLES,
	TEXT_PROMPT_VARIABLES,
	detectVariables,
	isUsedByGeneration,
	replaceVariables,
	unknownVariables,
	type ImagePromptVariable,
	type PromptCategory,
	type TextPromptVariable,
} from './prompt-variables.ts'
export { PROMPT_NAME_MAX, PROMPT_TEXT_MAX, PromptFormSchema, PromptSearchSchema, PromptToggleSchema, type PromptInput } from './prompts-schema.ts'
export { WORKFLOWS, describeCron, type WorkflowDefinition, type WorkflowStep, type WorkflowTrigger } from './workflow-catalogue.ts'
export { listWorkflows, seedWorkflows, workflowCounts, type AdminWorkflow, type WorkflowCounts, type WorkflowItem, type WorkflowSeedResult } from './workflows.server.ts'

// Admin use cases. Callers must have passed requireAdmin; these functions read across users.
export function createAdminService({ db }: { db: Db }) {
	return {
		overviewStats: () => overviewStats(db),
		auditLog: (filter?: Parameters<typeof listAdminActions>[1]) => listAdminActions(db, filter),
		users: createAdminUsers(db),
		/** 'Fehlerberichte' (/admin/error-reports). */
		errorReports: errorReportsAdmin(db),
		/** 'Prompts verwalten' (/admin/prompts). */
		prompts: promptsAdmin(db),
		/** The read-only workflows page (/admin/workflows). */
		workflows: { list: () => listWorkflows(db) },
	}
}

export type AdminService = ReturnType<typeof createAdminService>
