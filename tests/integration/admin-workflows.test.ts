// The read-only workflows page: the seed (idempotent, follows the code), the counters and the
// catalogue's truth: its cron triggers are the worker's crontab and its jobs are the worker's tasks.
import { expect, test } from 'vitest'
import { WORKFLOWS, describeCron, seedWorkflows, workflowCounts, type WorkflowDefinition } from '#modules/admin/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'

test('the seed is idempotent: twice gives the same rows, untouched', async () => {
	await using t = await createTestDatabase()
	expect(await seedWorkflows(t.db)).toEqual({ inserted: WORKFLOWS.length, updated: 0, removed: 0, total: WORKFLOWS.length })
	const first = await t.db.selectFrom('workflows').selectAll().orderBy('key').execute()
	expect(await seedWorkflows(t.db)).toEqual({ inserted: 0, updated: 0, removed: 0, total: WORKFLOWS.length })
	const second = await t.db.selectFrom('workflows').selectAll().orderBy('key').execute()
	expect(second).toEqual(first)
	expect(first.map((r) => r.key)).toEqual(WORKFLOWS.map((w) => w.key).sort())
	expect(first.every((r) => r.is_active)).toBe(true)
	const publish = first.find((r) => r.key === 'publish_scheduled_post')!
	expect(publish.name).toBe('Geplanten Post veröffentlichen')
	expect(publish.steps).toEqual(WORKFLOWS.find((w) => w.key === 'publish_scheduled_post')!.steps)
})

test('the seed follows the code: a changed workflow is updated, a retired one removed, rows without a key kept', async () => {
	await using t = await createTestDatabase()
	await seedWorkflows(t.db)
	const manual = await t.db.insertInto('workflows').values({ name: 'Von Hand', created_at: new Date('2026-01-01T00:00:00Z') }).returning('id').executeTakeFirstOrThrow()
	const before = await t.db.selectFrom('workflows').select(['key', 'updated_at']).where('key', 'is not', null).execute()
	await new Promise((resolve) => setTimeout(resolve, 20))

	const [first, second, ...rest] = WORKFLOWS
	const changed: Array<WorkflowDefinition> = [{ ...first!, description: 'Neu beschrieben.' }, ...rest]
	expect(await seedWorkflows(t.db, changed)).toEqual({ inserted: 0, updated: 1, removed: 1, total: WORKFLOWS.length - 1 })
	const after = await t.db.selectFrom('workflows').select(['id', 'key', 'description', 'updated_at']).execute()
	expect(after.find((r) => r.key === second!.key)).toBeUndefined()
	expect(after.find((r) => r.id === manual.id)).toBeDefined()
	const updated = after.find((r) => r.key === first!.key)!
	expect(updated.description).toBe('Neu beschrieben.')
	const stamp = (key: string | null, rows: Array<{ key: string | null; updated_at: Date }>) => rows.find((r) => r.key === key)!.updated_at.getTime()
	expect(stamp(first!.key, after)).toBeGreaterThan(stamp(first!.key, before))
	for (const w of rest) expect(stamp(w.key, after)).toBe(stamp(w.key, before))

	// The page lists newest first; the hand-written row (older) comes last.
	const { workflows, counts } = await testServices(t.db).services.admin.workflows.list()
	expect(workflows.at(-1)).toMatchObject({ name: 'Von Hand', description: '', steps: [], triggers: [], isActive: true })
	expect(counts.total).toBe(WORKFLOWS.length)
})

test('counters: total, active, inactive, average steps rounded; 0 when there are none', async () => {
	await using t = await createTestDatabase()
	const { workflows: service } = testServices(t.db).services.admin
	expect(await service.list()).toEqual({ workflows: [], counts: { total: 0, active: 0, inactive: 0, averageSteps: 0 } })

	await seedWorkflows(t.db)
	const steps = WORKFLOWS.reduce((sum, w) => sum + w.steps.length, 0)
	const { workflows, counts } = await service.list()
	expect(counts).toEqual({ total: WORKFLOWS.length, active: WORKFLOWS.length, inactive: 0, averageSteps: Math.round(steps / WORKFLOWS.length) })
	const publish = workflows.find((w) => w.name === 'Geplanten Post veröffentlichen')!
	expect(publish.triggers[0]).toEqual({ name: '', kind: 'time', description: expect.stringContaining('geplanten Zeitpunkt'), detail: 'publishing_publish_delivery' })
	expect(workflows.find((w) => w.name === 'Überfällige Zustellungen nachholen')!.triggers).toEqual([
		{ name: '', kind: 'cron', description: 'Jede Minute', detail: 'publishing_sweep · * * * * *' },
	])

	await t.db.updateTable('workflows').set({ is_active: false }).where('key', 'in', ['daily_news', 'sync_metrics']).execute()
	expect((await service.list()).counts).toMatchObject({ active: WORKFLOWS.length - 2, inactive: 2 })

	const item = { name: 'x', kind: null, description: '', detail: null }
	expect(workflowCounts([{ isActive: true, steps: [item] }, { isActive: false, steps: [item, item] }])).toEqual({ total: 2, active: 1, inactive: 1, averageSteps: 2 })
	expect(workflowCounts([{ isActive: true, steps: [item] }, { isActive: true, steps: [item] }, { isActive: true, steps: [item, item] }])).toMatchObject({ averageSteps: 1 })
})

test('the catalogue is true: every cron line of the worker is a trigger with the same schedule, every job named exists', async () => {
	await using t = await createTestDatabase()
	const { crontab, tasks } = testServices(t.db)
	const lines = crontab
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean)
		.map((line) => {
			const parts = line.split(/\s+/)
			return { cron: parts.slice(0, 5).join(' '), job: parts[5]! }
		})
	const triggers = WORKFLOWS.flatMap((w) => w.triggers)
	const cronTriggers = triggers.flatMap((trigger) => (trigger.type === 'cron' ? [{ cron: trigger.cron, job: trigger.job }] : []))
	const byJob = (a: { job: string }, b: { job: string }) => a.job.localeCompare(b.job)
	expect(cronTriggers.sort(byJob)).toEqual(lines.sort(byJob))

	const taskIds = new Set(tasks.map((task) => task.id))
	for (const trigger of triggers) if ('job' in trigger && trigger.job) expect(taskIds, trigger.job).toContain(trigger.job)
	// The fan-out jobs the steps name exist too.
	for (const w of WORKFLOWS) for (const job of w.steps.flatMap((s) => s.description.match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? [])) if (/^(publishing|news|toolbox|billing|generation|model|accounts)_/.test(job)) expect(taskIds, `${w.key}: ${job}`).toContain(job)

	expect(new Set(WORKFLOWS.map((w) => w.key)).size).toBe(WORKFLOWS.length)
	for (const w of WORKFLOWS) expect(w.key).toMatch(/^[a-z0-9_]{1,100}$/)
})

test('cron lines in German', () => {
	expect(describeCron('* * * * *')).toBe('Jede Minute')
	expect(describeCron('*/15 * * * *')).toBe('Alle 15 Minuten')
	expect(describeCron('17 * * * *')).toBe('Stündlich zur Minute 17')
	expect(describeCron('0 3 * * *')).toBe('Täglich um 03:00 Uhr UTC')
	expect(describeCron('10 5 * * 1')).toBe('Zeitplan „10 5 * * 1“ (UTC)')
})
