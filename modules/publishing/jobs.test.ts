import { parseCrontab } from 'graphile-worker'
import { expect, test } from 'vitest'
import { precheckDeliveryJob, publishDeliveryJob, publishingCrontab } from './jobs.ts'

test('the crontab parses and names only tasks with valid identifiers', () => {
	const items = parseCrontab(publishingCrontab)
	expect(items.map((i) => i.task)).toEqual(['publishing_sweep', 'publishing_refresh_tokens', 'publishing_sync_metrics'])
	for (const id of [publishDeliveryJob.id, precheckDeliveryJob.id]) expect(id).toMatch(/^[A-Za-z0-9_]+$/)
})
