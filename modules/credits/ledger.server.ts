import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'

/**
 * Adds credits to the cached balance and records the ledger row in one statement, so the two
 * can never disagree. `reference` makes a grant idempotent (unique per user, type and reference).
 */
export async function grantCredits(
	db: DbOrTrx,
	input: { userId: string; amount: number; type: string; reference: string; priceChf?: number },
) {
	if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error('grantCredits needs a positive integer amount')
	const result = await sql<{ balance_after: number }>`
		with already as (
			select 1 from credit_transactions
			where user_id = ${input.userId} and transaction_type = ${input.type} and reference = ${input.reference}
		), credited as (
			update profiles
			set credits_remaining = credits_remaining + ${input.amount}, credits_total = credits_total + ${input.amount}
			where id = ${input.userId} and not exists (select 1 from already)
			returning credits_remaining
		)
		insert into credit_transactions (user_id, credits_amount, price_chf, transaction_type, reference, balance_after)
		select ${input.userId}, ${input.amount}, ${input.priceChf ?? 0}, ${input.type}, ${input.reference}, credits_remaining from credited
		returning balance_after`.execute(db)
	return result.rows[0]?.balance_after ?? null
}

/** The free plan's start balance, recorded as a ledger row. */
export function grantSignupCredits(db: DbOrTrx, userId: string, amount: number) {
	return grantCredits(db, { userId, amount, type: 'signup_bonus', reference: 'signup' })
}
