import { OnboardingDraftSchema, type OnboardingDraft } from '#modules/agents/onboarding-schema.ts'

export const onboardingDraftStorageKey = 'onboarding-draft'

export type StoredOnboardingDraft = OnboardingDraft & { savedAt: string }

const draftFields = Object.keys(OnboardingDraftSchema.shape) as Array<keyof OnboardingDraft>

export function readStoredDraftText() {
	try {
		return window.localStorage.getItem(onboardingDraftStorageKey)
	} catch {
		return null
	}
}

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

export function removeStoredDraft() {
	window.localStorage.removeItem(onboardingDraftStorageKey)
}

/** crypto.randomUUID exists only in secure contexts (https, localhost); plain http needs the fallback. */
export function newDraftId() {
	if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
	const bytes = crypto.getRandomValues(new Uint8Array(16))
	bytes[6] = (bytes[6]! & 0x0f) | 0x40
	bytes[8] = (bytes[8]! & 0x3f) | 0x80
	const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
