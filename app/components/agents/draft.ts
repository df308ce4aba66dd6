import { agentAvatars, agentIndustries, agentPersonalities, agentTones, type AgentPresetValues } from '#modules/agents/schema.ts'
import type { AgentPreset } from '#modules/agents/types.ts'

/** What the tabs edit until 'Speichern'; the name is edited inline on the preset card. */
export type Draft = Omit<AgentPresetValues, 'name'>

export type UpdateDraft = <K extends keyof Draft>(key: K, value: Draft[K]) => void

function oneOf<T extends string>(options: ReadonlyArray<T>, value: string | null, fallback: T): T {
	return options.includes(value as T) ? (value as T) : fallback
}

export function toDraft(preset: AgentPreset): Draft {
	return {
		avatar: oneOf(agentAvatars, preset.avatar, 'bot'),
		personality: oneOf(agentPersonalities, preset.personality, 'professional'),
		description: preset.description,
		targetAudience: preset.targetAudience,
		tone: oneOf(agentTones, preset.tone, 'professional'),
		industry: preset.industry && agentIndustries.includes(preset.industry as (typeof agentIndustries)[number]) ? (preset.industry as (typeof agentIndustries)[number]) : null,
		formality: preset.formality,
		creativity: preset.creativity,
		humor: preset.humor,
		empathy: preset.empathy,
		enthusiasm: preset.enthusiasm,
		voiceIdentity: preset.voiceIdentity,
		writingStyle: preset.writingStyle,
		brandName: preset.brandName,
		brandColors: preset.brandColors,
		accentColor: preset.accentColor,
		useBranding: preset.useBranding,
		trainingTexts: preset.trainingTexts,
		postUrls: preset.postUrls,
		specialties: preset.specialties,
		knowledgeBase: preset.knowledgeBase,
	}
}

/** Model names by model id, from the catalogue. */
export type ModelNames = Record<string, string>
