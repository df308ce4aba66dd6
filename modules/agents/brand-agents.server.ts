import type { DbOrTrx } from '#modules/core/db.server.ts'

/** Whether the agent is one of the user's (a brand's default agent must be). */
export async function ownsAgent(db: DbOrTrx, userId: string, agentId: string): Promise<boolean> {
	const row = await db.selectFrom('agent_configurations').select('id').where('id', '=', agentId).where('user_id', '=', userId).executeTakeFirst()
	return row !== undefined
}

/** Moves the agents of one of the user's brands to another (deleting a brand, in its transaction). */
export async function moveAgentsOfBrand(trx: DbOrTrx, userId: string, fromBrandId: string, toBrandId: string): Promise<void> {
	await trx.updateTable('agent_configurations').set({ brand_id: toBrandId }).where('user_id', '=', userId).where('brand_id', '=', fromBrandId).execute()
}
