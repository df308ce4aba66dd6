import { useFetcher } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import type { ToastReply } from './types.ts'
import { useNextFetcherData } from './use-next-fetcher-data.ts'

/** Submits an intent of the accounts action and shows the toast it answers with. */
export function useToastAction() {
	const fetcher = useFetcher<ToastReply>()
	const nextReply = useNextFetcherData(fetcher.data)

	async function submit(values: Record<string, string>) {
		const reply = nextReply()
		void fetcher.submit(values, { method: 'post', action: '/accounts' })
		const answer = await reply
		if (!answer) return
		const show = answer.toast.type === 'success' ? toast.success : toast.error
		show(answer.toast.title, { description: answer.toast.description })
	}

	return { fetcher, submit }
}
