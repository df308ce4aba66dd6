import { ownsAgent } from '#modules/agents/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import { isUuid, type BrandResult } from './brand-name.ts'

/** The agent the creator preselects for this brand: one of the user's agents, or none (null). */
export async function setDefaultAgent(db: Db, userId: string, brandId: string, agentId: string | null): Promise<BrandResult> {
	if (!isUuid(brandId)) return { ok: false, error: 'not_found' }
	if (agentId !== null && (!isUuid(agentId) || !(await ownsAgent(db, userId, agentId)))) return { ok: false, error: 'agent_not_found' }
	const row = await db.updateTable('brands').set({ default_agent_id: agentId }).where('id', '=', brandId).where('user_id', '=', userId).returning('id').executeTakeFirst()
	return row ? { ok: true } : { ok: false, error: 'not_found' }
}
