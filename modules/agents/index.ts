import { modelsById } from '#modules/catalog/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import type { FileStore } from '#modules/core/files.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import type { WebReader } from '#modules/media/index.ts'
import type { OnboardingDraft } from './onboarding-schema.ts'
import { listAgents, saveOnboardingAgent } from './onboarding.server.ts'
import { findPersona, listPersonas } from './persona.server.ts'
import { createPresets } from './presets.server.ts'
import { exportAgentData } from './export.server.ts'

export { dashboardAgentPart, MAX_AGENT_PRESETS, type DashboardAgent } from './onboarding.server.ts'
export { OnboardingDraftSchema, type OnboardingDraft } from './onboarding-schema.ts'
export { findPersona, listPersonas, type AgentPersona } from './persona.server.ts'
export { analyseStyle } from './style.ts'
export { selectKnowledge } from './knowledge.server.ts'
export { KNOWLEDGE_BUDGET, type KnowledgeUse } from './knowledge.ts'
export { moveAgentsOfBrand, ownsAgent } from './brand-agents.server.ts'
export { brandSlideTheme } from './slide-theme.server.ts'
export type { TrainResult } from './presets.server.ts'
export type { AgentError, AgentPreset, AgentResult, StyleProfile, UrlFailure } from './types.ts'

export function createAgentsService({ db, files, web, logger }: { db: Db; files: FileStore; web: WebReader; logger?: Logger }) {
	const presets = createPresets({ db, files, web, logger })
	return {
		saveOnboardingAgent: (userId: string, draft: OnboardingDraft) => saveOnboardingAgent(db, userId, draft),
		listAgents: (userId: string) => listAgents(db, userId),
		/** Presets with persona and models, for the creator's agent picker and for generation. */
		listPersonas: (userId: string) => listPersonas(db, userId),
		findPersona: (userId: string, agentId: string) => findPersona(db, userId, agentId),

		/** The agent screen: presets, defaults, 'Speichern', 'Agent trainieren' and the brand logo. */
		listPresets: presets.list,
		getPreset: presets.get,
		createPreset: presets.create,
		renamePreset: presets.rename,
		setDefaultPreset: presets.setDefault,
		deletePreset: presets.remove,
		savePreset: presets.save,
		trainPreset: presets.train,
		uploadLogo: presets.uploadLogo,
		removeLogo: presets.removeLogo,
		/** The agents part of 'Daten exportieren': every preset (persona, style profile, logo URL). */
		exportData: (userId: string) => exportAgentData(db, userId),
		/** Catalogue names of model ids (the Modelle tab); unknown ids are left out. */
		async modelNames(modelIds: ReadonlyArray<string>): Promise<Record<string, string>> {
			const models = await modelsById(db, modelIds)
			return Object.fromEntries([...models.values()].map((m) => [m.modelId, m.name]))
		},
	}
}

export type AgentsService = ReturnType<typeof createAgentsService>
