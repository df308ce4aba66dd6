import { sql } from 'kysely'
import { logActivity } from '#modules/activity/index.ts'
import { refundCredits } from '#modules/credits/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import generationTexts from '#locales/de/generation.json' with { type: 'json' }
import { emitGenerationFailed } from './failed-event.server.ts'
import { REGENERATION_KIND, refundTypeOf } from './regeneration-claims.server.ts'

/** A generation still 'running' after this long was cut off (a crash, a deploy): its reservation goes back. */
export const STALE_AFTER_MINUTES = 15

/**
 * Fails generations that never settled and refunds their reservation, each in its own transaction
 * (the status guard and the refund's reference make a second run a no-op).
 */
export async function reclaimStaleGenerations(db: Db, staleAfterMinutes = STALE_AFTER_MINUTES) {
	const stale = await db
		.selectFrom('generations')
		.select(['id'])
		.where('status', '=', 'running')
		.where('created_at', '<', sql<Date>`now() - make_interval(mins => ${staleAfterMinutes})`)
		.limit(500)
		.execute()
	let reclaimed = 0
	for (const { id } of stale) {
		await db.transaction().execute(async (trx) => {
			const row = await trx
				.updateTable('generations')
				.set({ status: 'failed', error_code: 'interrupted', completed_at: new Date() })
				.where('id', '=', id)
				.where('status', '=', 'running')
				.returning(['user_id', 'kind', 'cost_credits', 'source_type', 'platforms'])
				.executeTakeFirst()
			if (!row) return
			reclaimed++
			await refundCredits(trx, { userId: row.user_id, amount: row.cost_credits, type: refundTypeOf(row.kind), reference: id })
			await logActivity(trx, {
				userId: row.user_id,
				logType: row.kind === REGENERATION_KIND ? 'image_generation' : 'content_generation',
				title: row.kind === REGENERATION_KIND ? generationTexts.activity.imagesFailed : generationTexts.activity.contentFailed,
				description: generationTexts.activity.interrupted,
				status: 'error',
				metadata: { generationId: id, code: 'interrupted', refunded: row.cost_credits },
			})
			if (row.kind !== REGENERATION_KIND) await emitGenerationFailed(trx, row.user_id, { generationId: id, kind: row.source_type, networks: row.platforms, code: 'interrupted', refunded: row.cost_credits })
			await notifyChange(trx, { userId: row.user_id, topic: 'credits' })
		})
	}
	return reclaimed
}
