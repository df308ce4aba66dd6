import { useEffect, useRef } from 'react'
import { readStoredDraftText, removeStoredDraft } from './draft-text.ts'

const handOverDelayMs = 1000

/**
 * For the signed-in app layout: hands a draft left by the onboarding wizard to the server, which
 * stores it as the user's default agent. The draft is removed only after the server confirmed it;
 * on any failure it stays for the next visit and the error is only logged.
 */
export function useOnboardingHandOver({ onSaved }: { onSaved?: () => void } = {}) {
	const started = useRef(false)
	const onSavedRef = useRef(onSaved)

	useEffect(() => {
		onSavedRef.current = onSaved
	}, [onSaved])

	useEffect(() => {
		if (started.current || readStoredDraftText() === null) return
		// The ref is set when the request starts, not here: StrictMode's mount-unmount-mount clears the
		// first timer, and the second mount must still be allowed to send.
		const timer = window.setTimeout(() => {
			if (started.current) return
			started.current = true
			void handOver().then((saved) => {
				if (saved) onSavedRef.current?.()
			})
		}, handOverDelayMs)
		return () => window.clearTimeout(timer)
	}, [])
}

async function handOver() {
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
