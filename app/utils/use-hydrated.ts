import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False on the server and while the page hydrates, true from the render after (and on client-side navigations). */
export function useHydrated() {
	return useSyncExternalStore(
		subscribe,
		() => true,
		() => false,
	)
}
