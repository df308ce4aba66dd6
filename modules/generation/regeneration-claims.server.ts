import { setTimeout as sleep } from 'node:timers/promises'
import { creditBalance, debitCredits, refundCredits } from '#modules/credits/index.ts'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import type { RegenerationOutcome } from './outcome.ts'

// 'Bild neu generieren' under a request id, like generate()'s claim and replay: the generations row
// (kind 'image_regeneration', unique per user, kind and request id) is claimed together with the
// debit, holds the outcome once settled, and every repeat of the id answers that outcome. Only the
// request that claimed the id calls the image provider, and only it can refund its debit.

export const REGENERATION_KIND = 'image_regeneration'
const DEBIT_TYPE = 'image_regeneration'
const REFUND_TYPE = 'image_regeneration_refund'

/** How long a repeat waits for the first request under its id before it answers 'in_progress'. */
export const REPLAY_WAIT_MS = 60_000

export type RegenerationClaim = { kind: 'new'; id: string; balance: number } | { kind: 'replay' } | { kind: 'insufficient'; balance: number }

type ClaimInput = { requestId: string; platform: string; content: string; agentId: string | null; imageModel: string; cost: number }

/** Claims the request id and takes the cost in one transaction; a repeated id is a replay. */
export async function claimRegeneration(db: Db, userId: string, input: ClaimInput): Promise<RegenerationClaim> {
	try {
		return await db.transaction().execute(async (trx) => {
			const row = await trx
				.insertInto('generations')
				.values({
					user_id: userId,
					kind: REGENERATION_KIND,
					status: 'running',
					source_type: 'smart-post',
					agent_configuration_id: input.agentId,
					image_model: input.imageModel,
					platforms: [input.platform],
					cost_credits: input.cost,
					input_summary: input.content.slice(0, 2000),
					idempotency_key: input.requestId,
				})
				.onConflict((oc) => oc.columns(['user_id', 'kind', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing())
				.returning('id')
				.executeTakeFirst()
			if (!row) return { kind: 'replay' as const }
			const debit = await debitCredits(trx, { userId, amount: input.cost, type: DEBIT_TYPE, reference: row.id })
			// Rolls the claim back: with credits the same id may be sent again.
			if (!debit.ok) throw new Insufficient(debit.balance)
			await notifyChange(trx, { userId, topic: 'credits' })
			return { kind: 'new' as const, id: row.id, balance: debit.balance }
		})
	} catch (error) {
		if (error instanceof Insufficient) return { kind: 'insufficient', balance: error.balance }
		throw error
	}
}

/** Whether the user already sent this request id ('Bild neu generieren'). */
export async function regenerationExists(db: Db, userId: string, requestId: string) {
	const row = await db.selectFrom('generations').select('id').where('user_id', '=', userId).where('kind', '=', REGENERATION_KIND).where('idempotency_key', '=', requestId).executeTakeFirst()
	return row !== undefined
}

/**
 * The outcome of the user's request under `requestId`: waits (polling) while the first request
 * still runs, up to `waitMs` or until the asking request is aborted, then answers 'in_progress'
 * (the creator shows 'Wird bereits generiert' and sends the same id again on the next click).
 */
export async function replayRegeneration(db: Db, userId: string, requestId: string, options: { waitMs: number; signal?: AbortSignal }): Promise<RegenerationOutcome> {
	const deadline = Date.now() + options.waitMs
	for (let pause = 25; ; pause = Math.min(pause * 2, 500)) {
		const row = await db
			.selectFrom('generations')
			.select(['status', 'result'])
			.where('user_id', '=', userId)
			.where('kind', '=', REGENERATION_KIND)
			.where('idempotency_key', '=', requestId)
			.executeTakeFirst()
		if (!row) return { ok: false, code: 'failed' }
		if (row.status !== 'running') return (row.result as unknown as RegenerationOutcome | null) ?? { ok: false, code: 'failed' }
		const left = deadline - Date.now()
		if (left <= 0 || options.signal?.aborted) return { ok: false, code: 'in_progress' }
		try {
			await sleep(Math.min(pause, left), undefined, { signal: options.signal })
		} catch {
			return { ok: false, code: 'in_progress' }
		}
	}
}

/**
 * Settles a claimed regeneration once: the row is locked and must still be running (the reclaim
 * job may have failed and refunded it meanwhile; then null). A failure refunds the debit.
 */
export async function settleRegeneration(
	db: Db,
	userId: string,
	claim: { id: string; cost: number; balance: number },
	result: { ok: true; imageUrl: string } | { ok: false; detail: string | null },
	/** Runs in the settling transaction of a success (its activity log entry). */
	onSucceeded: (trx: DbOrTrx) => Promise<void> = async () => {},
): Promise<RegenerationOutcome | null> {
	return db.transaction().execute(async (trx) => {
		const row = await trx.selectFrom('generations').select('id').where('id', '=', claim.id).where('status', '=', 'running').forUpdate().executeTakeFirst()
		if (!row) return null
		let outcome: RegenerationOutcome
		if (result.ok) {
			outcome = { ok: true, imageUrl: result.imageUrl, charged: claim.cost, balance: claim.balance }
			await trx.updateTable('generations').set({ status: 'succeeded', result: JSON.stringify(outcome), completed_at: new Date() }).where('id', '=', claim.id).execute()
			await onSucceeded(trx)
		} else {
			const balance = (await refundCredits(trx, { userId, amount: claim.cost, type: REFUND_TYPE, reference: claim.id })) ?? (await creditBalance(trx, userId))
			outcome = { ok: false, code: 'provider_error', balance, detail: result.detail }
			await trx
				.updateTable('generations')
				.set({ status: 'failed', error_code: 'provider_error', error_message: result.detail?.slice(0, 5000) ?? null, result: JSON.stringify(outcome), completed_at: new Date() })
				.where('id', '=', claim.id)
				.execute()
		}
		await notifyChange(trx, { userId, topic: 'credits' })
		return outcome
	})
}

/** The refund type of a generation row's kind (the reclaim job gives back what a cut-off row reserved). */
export function refundTypeOf(kind: string) {
	return kind === REGENERATION_KIND ? REFUND_TYPE : 'generation_refund'
}

class Insufficient extends Error {
	readonly balance: number
	constructor(balance: number) {
		super('insufficient credits')
		this.balance = balance
	}
}
