import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { useRequestIds } from '#app/components/use-request-id.ts'
import type { DeliveryStatusView } from '#modules/publishing/index.ts'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import '#locales/ns/posts.ts'

const POLL_MS = 700
const GIVE_UP_MS = 90_000
const FINAL = new Set(['published', 'failed', 'unconfirmed', 'cancelled'])

export type PublishOutcome = 'published' | 'partial' | 'failed'

/**
 * 'Jetzt posten': submits the post to its publish jobs, then follows its deliveries and reports per
 * platform (all published, partly, or not at all) in the spec's toasts.
 */
export function usePublishNow(options: { onFinished?: (outcome: PublishOutcome, postId: string) => void } = {}) {
	const { t } = useTranslation('posts')
	const platformName = usePlatformName()
	const fetcher = useFetcher<{ ok: boolean; postId?: string; message?: string; confirmEmpty?: boolean; refused?: Array<string> }>()
	useFetcherNotice(fetcher)
	// A draft or new content becomes a post here: a double click or a retry creates it once.
	const requestIdFor = useRequestIds(fetcher.data)
	const following = useRef<string | null>(null)
	// The last submission, to send again with confirmEmpty=1 when the server asks about an empty text.
	const last = useRef<{ form: FormData; action: string } | null>(null)
	const [asked, setAsked] = useState<unknown>(null)
	const [refusalSeen, setRefusalSeen] = useState<unknown>(null)
	const onFinished = useRef(options.onFinished)
	useEffect(() => {
		onFinished.current = options.onFinished
	})

	useEffect(() => {
		const postId = fetcher.state === 'idle' && fetcher.data?.ok ? fetcher.data.postId : null
		if (!postId || following.current === postId) return
		following.current = postId
		const toastId = toast.loading(t('publish.publishing'))
		const started = Date.now()
		let stopped = false
		async function poll() {
			if (stopped) return
			const response = await fetch(`/api/posts/${postId}/deliveries`, { headers: { Accept: 'application/json' } }).catch(() => null)
			const deliveries = response?.ok ? ((await response.json()) as { deliveries: Array<DeliveryStatusView> }).deliveries : []
			const done = deliveries.length > 0 && deliveries.every((d) => FINAL.has(d.status))
			if (!done) {
				if (Date.now() - started > GIVE_UP_MS) return toast.info(t('publish.stillRunning'), { id: toastId })
				setTimeout(() => void poll(), POLL_MS)
				return
			}
			following.current = null
			const failed = deliveries.filter((d) => d.status !== 'published')
			const lines = failed.map((d) => t('publish.line', { platform: platformName(d.platform), reason: d.reason ?? '' })).join('\n')
			if (failed.length === 0) toast.success(t('publish.success'), { id: toastId, description: t('publish.successText'), duration: 8000 })
			else if (failed.length < deliveries.length) toast.warning(t('publish.partial'), { id: toastId, description: lines, duration: 10_000 })
			else toast.error(t('publish.failed'), { id: toastId, description: `${t('publish.failedEverywhere')}\n${lines}`, duration: 10_000 })
			onFinished.current?.(failed.length === 0 ? 'published' : failed.length < deliveries.length ? 'partial' : 'failed', postId!)
		}
		void poll()
		return () => {
			stopped = true
		}
	}, [fetcher.state, fetcher.data, t, platformName])

	function send(form: FormData, action: string) {
		last.current = { form, action }
		void fetcher.submit(form, { method: 'post', action })
	}

	const confirmEmpty =
		fetcher.state === 'idle' && fetcher.data?.confirmEmpty && asked !== fetcher.data
			? {
					message: fetcher.data.message ?? '',
					accept() {
						setAsked(fetcher.data)
						const previous = last.current
						if (!previous) return
						const form = new FormData()
						for (const [name, value] of previous.form) form.append(name, value)
						form.set('confirmEmpty', '1')
						send(form, previous.action)
					},
					dismiss: () => setAsked(fetcher.data),
				}
			: null

	const refusal = fetcher.state === 'idle' && fetcher.data?.refused?.length && refusalSeen !== fetcher.data ? { reasons: fetcher.data.refused, dismiss: () => setRefusalSeen(fetcher.data) } : null

	return {
		busy: fetcher.state !== 'idle',
		/** The networks refused the post before anything was sent: their German reasons for PublishRefusalDialog. */
		refusal,
		/** The server asks whether a post without text should go out (a network would show only the image). */
		confirmEmpty,
		/** The action's answer (`ok: false` when it refused, its notice already shown). */
		result: fetcher.data,
		publish(item: { kind: 'draft' | 'post'; id: string }) {
			const requestId = requestIdFor(`${item.kind}:${item.id}`)
			const form = new FormData()
			for (const [name, value] of Object.entries({ intent: 'publish-now', kind: item.kind, id: item.id, requestId })) form.set(name, value)
			send(form, '/posts')
		},
		/** Another action that creates or updates the post first and answers `{ ok, postId }` like /posts does. */
		submit(form: FormData, action: string) {
			form.set('requestId', requestIdFor(JSON.stringify([action, ...form.entries()])))
			send(form, action)
		},
	}
}
