import { sql } from 'kysely'
import { jsonObjectFrom } from 'kysely/helpers/postgres'
import type { Db } from '#modules/core/db.server.ts'
import type { JsonPart } from '#modules/core/json-part.server.ts'
import type { OnboardingDraft } from './onboarding-schema.ts'

export const MAX_AGENT_PRESETS = 3

export type HandOverResult = { ok: true; agentId: string; created: boolean } | { ok: false; error: 'limit_reached' }

/**
 * Saves the onboarding draft as the user's default agent. Idempotent per draft id: a reload or a
 * second tab with the same draft returns the agent created first. Hand-overs of one user are
 * serialised by locking the user's profile row.
 */
export async function saveOnboardingAgent(db: Db, userId: string, draft: OnboardingDraft): Promise<HandOverResult> {
	return db.transaction().execute(async (trx) => {
		await sql`select id from profiles where id = ${userId} for update`.execute(trx)
		const existing = await trx
			.selectFrom('agent_configurations')
			.select('id')
			.where('user_id', '=', userId)
			.where('onboarding_draft_id', '=', draft.draftId)
			.executeTakeFirst()
		if (existing) return { ok: true as const, agentId: existing.id, created: false }
		const taken = await trx.selectFrom('agent_configurations').select('agent_order').where('user_id', '=', userId).execute()
		const freeSlot = [0, 1, 2].find((slot) => !taken.some((t) => t.agent_order === slot))
		if (freeSlot === undefined) return { ok: false as const, error: 'limit_reached' as const }
		await trx.updateTable('agent_configurations').set({ is_default: false }).where('user_id', '=', userId).where('is_default', '=', true).execute()
		const agent = await trx
			.insertInto('agent_configurations')
			.values({
				user_id: userId,
				name: draft.agentName,
				avatar: draft.avatar,
				personality: draft.personality,
				target_audience: draft.targetAudience,
				description: draft.description ?? '',
				tone: draft.tone,
				industry: draft.industry,
				is_default: true,
				agent_order: freeSlot,
				onboarding_draft_id: draft.draftId,
			})
			.returning('id')
			.executeTakeFirstOrThrow()
		return { ok: true as const, agentId: agent.id, created: true }
	})
}

/** The dashboard's agent card: the default agent, else the first in the user's order (one row). */
function dashboardAgentQuery(db: Db, userId: string) {
	return db
		.selectFrom('agent_configurations')
		.select(['name', 'avatar', 'personality', 'tone', 'target_audience', 'is_default'])
		.where('user_id', '=', userId)
		.orderBy('is_default', 'desc')
		.orderBy('agent_order')
		.limit(1)
}

export type DashboardAgent = NonNullable<Awaited<ReturnType<ReturnType<typeof dashboardAgentQuery>['executeTakeFirst']>>>

export async function dashboardAgent(db: Db, userId: string): Promise<DashboardAgent | null> {
	return (await dashboardAgentQuery(db, userId).executeTakeFirst()) ?? null
}

/** dashboardAgent as a part of a caller's statement (its columns are text and booleans: JSON keeps them as they are). */
export function dashboardAgentPart(db: Db, userId: string): JsonPart<DashboardAgent | null, DashboardAgent | null> {
	return { json: jsonObjectFrom(dashboardAgentQuery(db, userId)), read: (row) => row ?? null }
}

/** The user's presets in their order (scoped to the user). */
export async function listAgents(db: Db, userId: string) {
	return db
		.selectFrom('agent_configurations')
		.select(['id', 'name', 'avatar', 'personality', 'tone', 'target_audience', 'description', 'industry', 'is_default', 'agent_order'])
		.where('user_id', '=', userId)
		.orderBy('agent_order')
		.execute()
}
