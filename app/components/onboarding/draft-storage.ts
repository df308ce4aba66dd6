import { OnboardingDraftSchema, type OnboardingDraft } from '#modules/agents/onboarding-schema.ts'
import { onboardingDraftStorageKey } from './draft-text.ts'

export { newDraftId, onboardingDraftStorageKey, readStoredDraftText, removeStoredDraft } from './draft-text.ts'

export type StoredOnboardingDraft = OnboardingDraft & { savedAt: string }

const draftFields = Object.keys(OnboardingDraftSchema.shape) as Array<keyof OnboardingDraft>

/** The usable fields of a stored draft; a damaged or outdated draft still prefills what is valid. */
export function parseStoredDraft(text: string | null): Partial<OnboardingDraft> | null {
	if (!text) return null
	let raw: unknown
	try {
		raw = JSON.parse(text)
	} catch {
		return null
	}
	if (!raw || typeof raw !== 'object') return null
	const record = raw as Record<string, unknown>
	const draft: Record<string, unknown> = {}
	for (const field of draftFields) {
		const result = OnboardingDraftSchema.shape[field].safeParse(record[field])
		if (result.success && record[field] !== undefined) draft[field] = result.data
	}
	return draft as Partial<OnboardingDraft>
}

export function writeStoredDraft(draft: OnboardingDraft) {
	const stored: StoredOnboardingDraft = {
		draftId: draft.draftId,
		agentName: draft.agentName,
		avatar: draft.avatar,
		personality: draft.personality,
		targetAudience: draft.targetAudience,
		description: draft.description,
		tone: draft.tone,
		industry: draft.industry,
		savedAt: new Date().toISOString(),
	}
	window.localStorage.setItem(onboardingDraftStorageKey, JSON.stringify(stored))
}
