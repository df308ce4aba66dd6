import { agentAvatars, agentPersonalities, agentTones, type AgentPresetValues } from '#modules/agents/schema.ts'

/** A valid agent preset for the forms of /agent; `overrides` replace single fields. */
export function agentPreset(overrides: Partial<AgentPresetValues> = {}): AgentPresetValues {
	return {
		name: 'Gespeichert',
		avatar: agentAvatars[0],
		personality: agentPersonalities[0],
		description: 'Beschreibung',
		targetAudience: 'KMU',
		tone: agentTones[0],
		industry: null,
		formality: 40,
		creativity: 60,
		humor: 20,
		empathy: 50,
		enthusiasm: 50,
		voiceIdentity: '',
		writingStyle: '',
		brandName: 'Bäckerei',
		brandColors: ['#112233'],
		accentColor: '#123456',
		useBranding: true,
		trainingTexts: ['Ein Text'],
		postUrls: [],
		specialties: ['Brot'],
		knowledgeBase: '',
		...overrides,
	}
}
