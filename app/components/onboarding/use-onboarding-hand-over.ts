import { useEffect, useRef } from 'react'
import { readStoredDraftText } from './draft-text.ts'

const handOverDelayMs = 1000

/**
 * For the signed-in app layout: hands a draft left by the onboarding wizard to the server
 * (hand-over.ts, fetched only then: it happens once per user, and this hook runs on every page).
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
			void import('./hand-over.ts')
				.then(({ handOver }) => handOver())
				.then(
					(saved) => {
						if (saved) onSavedRef.current?.()
					},
					// The code did not arrive (the network down): the draft stays for the next visit.
					(error: unknown) => console.error('Saving the onboarding agent failed', error),
				)
		}, handOverDelayMs)
		return () => window.clearTimeout(timer)
	}, [])
}
