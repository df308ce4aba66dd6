import { useEffect, useRef } from 'react'
import { toast } from '#app/components/toast.tsx'

export type Notice = { type: 'success' | 'error' | 'info'; title: string; description?: string }

/**
 * Shows the `notice` a fetcher's action answered with, once per answer. Fetcher actions answer with
 * their toast in the data rather than the flash cookie: a live-update reload running at the same
 * moment could consume the cookie in a request that is then cancelled.
 */
export function useFetcherNotice(fetcher: { state: string; data?: unknown }, onShown?: () => void) {
	// An answer already there when the component mounts belongs to an earlier submission.
	const shown = useRef<unknown>(fetcher.data ?? null)
	useEffect(() => {
		const data = fetcher.data
		if (!data || typeof data !== 'object' || shown.current === data) return
		const notice = (data as { notice?: Notice }).notice
		if (!notice) return
		shown.current = data
		const show = notice.type === 'error' ? toast.error : notice.type === 'success' ? toast.success : toast
		show(notice.title, { description: notice.description })
		onShown?.()
	}, [fetcher.data, onShown])
}
