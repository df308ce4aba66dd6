import { readStoredDraftText, removeStoredDraft } from './draft-text.ts'

/**
 * Sends the draft the onboarding wizard left to the server, which stores it as the user's default
 * agent; removes it only after the server confirmed it. On any failure it stays for the next visit
 * and the error is only logged. Loaded only when there is such a draft (use-onboarding-hand-over.ts).
 */
export async function handOver() {
	const draft = readStoredDraftText()
	if (draft === null) return false
	try {
		const body = new FormData()
		body.set('draft', draft)
		const response = await fetch('/onboarding/hand-over', { method: 'POST', body, credentials: 'same-origin' })
		if (!response.ok) throw new Error(`Hand-over answered ${response.status}`)
		const result: unknown = await response.json()
		if (!isOk(result)) throw new Error('Hand-over did not confirm the draft')
		removeStoredDraft()
		return true
	} catch (error) {
		console.error('Saving the onboarding agent failed', error)
		return false
	}
}

function isOk(result: unknown) {
	return typeof result === 'object' && result !== null && 'ok' in result && result.ok === true
}
