// The stored onboarding draft as text, and fresh ids: what every signed-in page needs for the
// hand-over, without the draft's schema (zod), which only the onboarding wizard loads (draft-storage.ts).
export const onboardingDraftStorageKey = 'onboarding-draft'

export function readStoredDraftText() {
	try {
		return window.localStorage.getItem(onboardingDraftStorageKey)
	} catch {
		return null
	}
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
