import { parseStoredDraft } from './draft-storage.ts'
import { initialWizardValues, validateStep, wizardStepCount, type WizardValues } from './wizard-values.ts'

// The wizard's progress (values and step) for this tab: a reload continues where the visitor was.
// sessionStorage, not localStorage: the draft in localStorage is what 'Konto erstellen' hands over.

export const onboardingProgressStorageKey = 'onboarding-progress'

export type WizardProgressState = { values: WizardValues; step: number }

export function readStoredProgressText() {
	try {
		return window.sessionStorage.getItem(onboardingProgressStorageKey)
	} catch {
		return null
	}
}

/** The stored progress with only valid values, and a step no further than the first unfinished one. */
export function parseStoredProgress(text: string | null): WizardProgressState | null {
	if (!text) return null
	let raw: unknown
	try {
		raw = JSON.parse(text)
	} catch {
		return null
	}
	if (!raw || typeof raw !== 'object') return null
	const record = raw as { values?: unknown; step?: unknown }
	const values = initialWizardValues(parseStoredDraft(JSON.stringify(record.values ?? {})))
	const wanted = typeof record.step === 'number' && Number.isInteger(record.step) ? Math.min(Math.max(record.step, 0), wizardStepCount - 1) : 0
	let step = 0
	while (step < wanted && Object.keys(validateStep(step, values)).length === 0) step++
	return { values, step }
}

export function writeStoredProgress(progress: WizardProgressState) {
	try {
		window.sessionStorage.setItem(onboardingProgressStorageKey, JSON.stringify(progress))
	} catch {
		// Private mode or a full storage: the wizard works on, a reload starts over.
	}
}
