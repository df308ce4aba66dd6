import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'
import { WORKFLOWS, type WorkflowDefinition } from './workflow-catalogue.ts'

/**
 * A step or trigger as the page shows it. `kind` is a trigger's type (cron, time, user), `detail`
 * its job and cron line; rows written by hand may hold plain strings (then `name` is the string).
 */
export type WorkflowItem = { name: string; kind: string | null; description: string; detail: string | null }

/** One row of the read-only workflows page. */
export type AdminWorkflow = {
	id: string
	name: string
	description: string
	steps: Array<WorkflowItem>
	triggers: Array<WorkflowItem>
	isActive: boolean
	createdAt: string
	updatedAt: string
}

export type WorkflowCounts = { total: number; active: number; inactive: number; averageSteps: number }

export type WorkflowSeedResult = { inserted: number; updated: number; removed: number; total: number }

/**
 * Writes the catalogue (modules/admin/workflow-catalogue.ts) into `workflows`, in one transaction:
 * new keys are inserted, changed ones updated (only when something differs, so `updated_at` tells
 * when the description last changed), and seeded rows whose key left the catalogue are removed.
 * Running it twice changes nothing.
 */
export async function seedWorkflows(db: Db, workflows: ReadonlyArray<WorkflowDefinition> = WORKFLOWS): Promise<WorkflowSeedResult> {
	return db.transaction().execute(async (trx) => {
		const keys = workflows.map((w) => w.key)
		const written =
			workflows.length === 0
				? []
				: await trx
						.insertInto('workflows')
						.values(
							workflows.map((w) => ({
								key: w.key,
								name: w.name,
								description: w.description,
								steps: JSON.stringify(w.steps),
								triggers: JSON.stringify(w.triggers),
								is_active: w.isActive,
							})),
						)
						.onConflict((oc) =>
							oc
								.column('key')
								.doUpdateSet((eb) => ({
									name: eb.ref('excluded.name'),
									description: eb.ref('excluded.description'),
									steps: eb.ref('excluded.steps'),
									triggers: eb.ref('excluded.triggers'),
									is_active: eb.ref('excluded.is_active'),
								}))
								.where(
									sql<boolean>`(workflows.name, workflows.description, workflows.steps, workflows.triggers, workflows.is_active)
										is distinct from (excluded.name, excluded.description, excluded.steps, excluded.triggers, excluded.is_active)`,
								),
						)
						// xmax is 0 on a freshly inserted row version, not on an updated one.
						.returning(sql<boolean>`(xmax = 0)`.as('inserted'))
						.execute()
		const removed = await trx
			.deleteFrom('workflows')
			.where('key', 'is not', null)
			.$if(keys.length > 0, (q) => q.where('key', 'not in', keys))
			.executeTakeFirst()
		const inserted = written.filter((r) => r.inserted).length
		return { inserted, updated: written.length - inserted, removed: Number(removed.numDeletedRows), total: workflows.length }
	})
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** A step ({name, description}) or trigger ({type, description, job, cron}) of the jsonb lists, or a plain string. */
function toItem(value: unknown): WorkflowItem {
	if (typeof value === 'string') return { name: value, kind: null, description: '', detail: null }
	if (!value || typeof value !== 'object') return { name: JSON.stringify(value), kind: null, description: '', detail: null }
	const item = value as Record<string, unknown>
	const detail = [text(item.job), text(item.cron)].filter(Boolean).join(' · ')
	return { name: text(item.name), kind: text(item.type) || null, description: text(item.description), detail: detail || null }
}

const toItems = (value: unknown) => (Array.isArray(value) ? value.map(toItem) : [])

/** The page's counters: average steps rounded, 0 when there are no workflows. */
export function workflowCounts(workflows: ReadonlyArray<Pick<AdminWorkflow, 'isActive' | 'steps'>>): WorkflowCounts {
	const total = workflows.length
	const active = workflows.filter((w) => w.isActive).length
	const steps = workflows.reduce((sum, w) => sum + w.steps.length, 0)
	return { total, active, inactive: total - active, averageSteps: total === 0 ? 0 : Math.round(steps / total) }
}

/** All workflows, newest first (one query), with the counters. */
export async function listWorkflows(db: Db): Promise<{ workflows: Array<AdminWorkflow>; counts: WorkflowCounts }> {
	const rows = await db
		.selectFrom('workflows')
		.select(['id', 'name', 'description', 'steps', 'triggers', 'is_active', 'created_at', 'updated_at'])
		.orderBy('created_at', 'desc')
		.orderBy('name')
		.orderBy('id')
		.execute()
	const workflows = rows.map((r) => ({
		id: r.id,
		name: r.name,
		description: r.description,
		steps: toItems(r.steps),
		triggers: toItems(r.triggers),
		isActive: r.is_active,
		createdAt: r.created_at.toISOString(),
		updatedAt: r.updated_at.toISOString(),
	}))
	return { workflows, counts: workflowCounts(workflows) }
}
