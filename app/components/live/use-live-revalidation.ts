import { useEffect, useRef } from 'react'
import { useFetchers, useNavigation, useRevalidator } from 'react-router'

// Spec: realtime reload delay 50 ms; the wait also turns a burst of changes into one reload.
const reloadDelayMs = 50

/** Listens to the user's change events (/events) and reloads the page's loaders after each change. */
export function useLiveRevalidation() {
	const revalidator = useRevalidator()
	const revalidatorRef = useRef(revalidator)
	// A submission of this page is under way: React Router reloads after it anyway. Reloading in
	// between could be cancelled after the server consumed the submission's flash toast.
	const navigation = useNavigation()
	const fetchers = useFetchers()
	const busy = navigation.state !== 'idle' || fetchers.some((f) => f.state !== 'idle')
	const busyRef = useRef(busy)

	useEffect(() => {
		revalidatorRef.current = revalidator
		busyRef.current = busy
	})

	useEffect(() => {
		const source = new EventSource('/events')
		let timer: number | undefined
		let opened = false
		const schedule = () => {
			if (timer !== undefined) return
			timer = window.setTimeout(() => {
				timer = undefined
				const current = revalidatorRef.current
				// A reload under way may have read before this change: wait for it, then reload again.
				if (current.state !== 'idle' || busyRef.current) return schedule()
				void current.revalidate()
			}, reloadDelayMs)
		}
		// Changes made while the stream was down are not replayed: reload once it is back.
		const onOpen = () => {
			if (opened) schedule()
			opened = true
			// For browser tests: changes from now on reach this page.
			document.documentElement.dataset.live = 'open'
		}
		source.addEventListener('change', schedule)
		source.addEventListener('open', onOpen)
		return () => {
			delete document.documentElement.dataset.live
			source.close()
			window.clearTimeout(timer)
		}
	}, [])
}
