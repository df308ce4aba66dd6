import type { Db } from '#modules/core/db.server.ts'
import type { OnboardingDraft } from './onboarding-schema.ts'
import { listAgents, saveOnboardingAgent } from './onboarding.server.ts'

export { MAX_AGENT_PRESETS } from './onboarding.server.ts'
export { OnboardingDraftSchema, type OnboardingDraft } from './onboarding-schema.ts'

export function createAgentsService({ db }: { db: Db }) {
	return {
		saveOnboardingAgent: (userId: string, draft: OnboardingDraft) => saveOnboardingAgent(db, userId, draft),
		listAgents: (userId: string) => listAgents(db, userId),
	}
}

export type AgentsService = ReturnType<typeof createAgentsService>
