import { useFetchers, useSubmit } from 'react-router'
import type { CalendarPost } from './types.ts'

const keyPrefix = 'reschedule:'

/** Posts a move to the page's action without navigating; one fetcher per post. */
export function useReschedule() {
	const submit = useSubmit()
	return function reschedule(postId: string, date: string, time?: string) {
		const form: Record<string, string> = { intent: 'reschedule', postId, date }
		if (time) form.time = time
		void submit(form, { method: 'post', navigate: false, fetcherKey: `${keyPrefix}${postId}` })
	}
}

/**
 * The posts with every move that is still on its way already applied, so a dropped chip stays
 * where it was dropped; once the action and the reload are done the loader data takes over.
 */
export function useOptimisticPosts(posts: Array<CalendarPost>) {
	const fetchers = useFetchers()
	const pending = new Map<string, { date: string; time?: string }>()
	for (const fetcher of fetchers) {
		const form = fetcher.formData
		if (!fetcher.key.startsWith(keyPrefix) || fetcher.state === 'idle' || !form) continue
		const date = form.get('date')
		const time = form.get('time')
		if (typeof date === 'string') pending.set(fetcher.key.slice(keyPrefix.length), typeof time === 'string' ? { date, time } : { date })
	}
	if (pending.size === 0) return posts
	return posts.map((post) => {
		const move = pending.get(post.id)
		return move ? { ...post, ...move } : post
	})
}
