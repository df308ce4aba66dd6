import { useEffect, useRef } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import { useFetcherNotice, type Notice } from '#app/components/use-fetcher-notice.ts'
import type { ModelTestView } from '#modules/generation/index.ts'
import '#locales/ns/catalog.ts'

export type RunReply = { ok: true; tests: Array<ModelTestView>; prompt: string; charged: number; balance: number } | { ok: false; notice: Notice }

const POLL_MS = 2000

const isOpen = (test: ModelTestView) => test.status === 'pending' || test.status === 'running'

/**
 * Starts a model test through the page's action and follows its tests (/api/model-tests every 2 s)
 * until each has finished; a failure is a toast, and so is a finished run with a result.
 */
export function useModelTestRun() {
	const { t } = useTranslation('catalog')
	const runner = useFetcher<RunReply>()
	const poller = useFetcher<{ tests: Array<ModelTestView> }>()
	useFetcherNotice(runner)

	const started = runner.data?.ok ? runner.data : null
	const polled = poller.data?.tests
	const tests = started ? started.tests.map((test) => polled?.find((p) => p.id === test.id) ?? test) : []
	const ids = started ? started.tests.map((test) => test.id).join(',') : ''
	const running = tests.some(isOpen)

	const load = useRef(poller.load)
	useEffect(() => {
		load.current = poller.load
	})
	useEffect(() => {
		if (!running || poller.state !== 'idle') return
		const timer = window.setTimeout(() => void load.current(`/api/model-tests?${new URLSearchParams({ ids })}`), POLL_MS)
		return () => window.clearTimeout(timer)
	}, [running, poller.state, ids, poller.data])

	const announced = useRef(new Set<string>())
	useEffect(() => {
		for (const test of tests) {
			if (test.status !== 'failed' || announced.current.has(test.id)) continue
			announced.current.add(test.id)
			toast.error(t('test.errorTitle'), { description: t('test.errorOf', { name: test.modelName, message: test.error ?? t('test.errorText') }) })
		}
		if (ids && !running && !announced.current.has(ids) && tests.some((test) => test.status === 'succeeded')) {
			announced.current.add(ids)
			toast.success(t('test.successTitle'))
		}
	})

	// One request id per run: a second click before the answer, or a retry after an answer that never
	// arrived (the server may have started and charged the run), reuses it, so the server charges once.
	const requestId = useRef<string | null>(null)
	useEffect(() => {
		const data = runner.data as { unanswered?: boolean } | undefined
		if (!data?.unanswered) requestId.current = null
	}, [runner.data])

	return {
		submit: (form: FormData) => {
			requestId.current ??= crypto.randomUUID()
			form.set('requestId', requestId.current)
			return runner.submit(form, { method: 'post', encType: 'multipart/form-data' })
		},
		submitting: runner.state !== 'idle',
		running,
		tests,
		prompt: started?.prompt ?? '',
	}
}
