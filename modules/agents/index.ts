import type { Db } from '#modules/core/db.server.ts'
import type { OnboardingDraft } from './onboarding-schema.ts'
import { listAgents, saveOnboardingAgent } from './onboarding.server.ts'
import { findPersona, listPersonas } from './persona.server.ts'

export { MAX_AGENT_PRESETS } from './onboarding.server.ts'
export { OnboardingDraftSchema, type OnboardingDraft } from './onboarding-schema.ts'
export { findPersona, listPersonas, type AgentPersona } from './persona.server.ts'

export function createAgentsService({ db }: { db: Db }) {
	return {
		saveOnboardingAgent: (userId: string, draft: OnboardingDraft) => saveOnboardingAgent(db, userId, draft),
		listAgents: (userId: string) => listAgents(db, userId),
		/** Presets with persona and models, for the creator's agent picker and for generation. */
		listPersonas: (userId: string) => listPersonas(db, userId),
		findPersona: (userId: string, agentId: string) => findPersona(db, userId, agentId),
	}
}

export type AgentsService = ReturnType<typeof createAgentsService>
