import { Flex, Progress, Text } from '@radix-ui/themes'
import { useEffect, useState } from 'react'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import type { ImportProgress } from '#modules/content/index.ts'
import '#locales/ns/csvImport.ts'

const ACTION = '/posts/csv-import'
const POLL_MS = 300

/** While an import runs: its progress as the server notes it (rows checked, images loaded, saving), polled. */
export function useImportProgress(requestId: string, running: boolean) {
	const [seen, setSeen] = useState<{ requestId: string; progress: ImportProgress } | null>(null)
	useEffect(() => {
		if (!running || !requestId) return
		let stopped = false
		async function poll() {
			// A lost answer only skips one step of the bar.
			const answer = await fetch(`${ACTION}?progress=${requestId}`, { headers: { Accept: 'application/json' } }).catch(() => null)
			const body = answer?.ok ? ((await answer.json().catch(() => null)) as { progress: ImportProgress | null } | null) : null
			if (!stopped && body?.progress) setSeen({ requestId, progress: body.progress })
		}
		const timer = setInterval(() => void poll(), POLL_MS)
		void poll()
		return () => {
			stopped = true
			clearInterval(timer)
		}
	}, [requestId, running])
	return running && seen?.requestId === requestId ? seen.progress : null
}

/** The bar's share of an import: checking the rows is the first half, images and saving the second. */
function shareOf(progress: ImportProgress) {
	const part = progress.total ? progress.done / progress.total : 0
	if (progress.phase === 'checking') return Math.round(part * 50)
	if (progress.phase === 'images') return 50 + Math.round(part * 40)
	return progress.phase === 'saving' ? 95 : 100
}

export function ProgressView({ progress }: { progress: ImportProgress | null }) {
	const t = useFixedT('csvImport')
	const label = !progress ? t('progress.started') : progress.phase === 'saving' || progress.phase === 'done' ? t(`progress.${progress.phase}`) : t(`progress.${progress.phase}`, { count: progress.total, done: progress.done })
	return (
		<Flex direction="column" gap="1" data-testid="csv-import-progress">
			<Progress value={progress ? shareOf(progress) : 0} aria-label={t('progress.label')} />
			<Text size="2" color="gray" role="status">
				{label}
			</Text>
		</Flex>
	)
}
