import { sql } from 'kysely'
import { isUniqueViolation, type DbOrTrx } from '#modules/core/db.server.ts'
import { emitWebhookEvent, LOW_CREDITS_THRESHOLD } from '#modules/webhooks/index.ts'

// Ledger rows take the statement's clock (clock_timestamp), not the transaction's start (now()):
// several rows booked in one transaction (a model test of three models) keep their order, and the
// list orders by created_at, then id.

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
		insert into credit_transactions (user_id, credits_amount, price_chf, transaction_type, reference, balance_after, created_at)
		select ${input.userId}, ${input.amount}, ${input.priceChf ?? 0}, ${input.type}, ${input.reference}, credits_remaining, clock_timestamp() from credited
		returning balance_after`.execute(db)
	return result.rows[0]?.balance_after ?? null
}

/** The free plan's start balance, recorded as a ledger row. */
export function grantSignupCredits(db: DbOrTrx, userId: string, amount: number) {
	return grantCredits(db, { userId, amount, type: 'signup_bonus', reference: 'signup' })
}

export type DebitResult = { ok: true; balance: number; replayed: boolean } | { ok: false; balance: number }

/**
 * Takes `amount` credits if the balance covers them, in one guarded statement with its ledger row
 * (`UPDATE ... WHERE credits_remaining >= amount`): concurrent debits can never overspend.
 * `reference` makes it idempotent: a debit already booked under the same type and reference is
 * answered as replayed without charging again.
 */
export async function debitCredits(db: DbOrTrx, input: { userId: string; amount: number; type: string; reference: string }): Promise<DebitResult> {
	if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error('debitCredits needs a positive integer amount')
	let result
	try {
		result = await debitStatement(db, input)
	} catch (error) {
		// Two debits with one reference at the same moment: the other one booked it.
		if (!isUniqueViolation(error)) throw error
		return { ok: true, balance: await creditBalance(db, input.userId), replayed: true }
	}
	const row = result.rows[0]!
	if (row.balance_after !== null) {
		// Once per crossing: only the debit that takes the balance below the threshold tells.
		if (row.balance_after < LOW_CREDITS_THRESHOLD && row.balance_after + input.amount >= LOW_CREDITS_THRESHOLD) {
			await emitWebhookEvent(db, input.userId, 'credits.low', { balance: row.balance_after, threshold: LOW_CREDITS_THRESHOLD })
		}
		return { ok: true, balance: row.balance_after, replayed: false }
	}
	const balance = await creditBalance(db, input.userId)
	return row.replayed ? { ok: true, balance, replayed: true } : { ok: false, balance }
}

function debitStatement(db: DbOrTrx, input: { userId: string; amount: number; type: string; reference: string }) {
	return sql<{ balance_after: number | null; replayed: boolean }>`
		with already as (
			select 1 from credit_transactions
			where user_id = ${input.userId} and transaction_type = ${input.type} and reference = ${input.reference}
		), debited as (
			update profiles
			set credits_remaining = credits_remaining - ${input.amount}
			where id = ${input.userId} and credits_remaining >= ${input.amount} and not exists (select 1 from already)
			returning credits_remaining
		), booked as (
			insert into credit_transactions (user_id, credits_amount, transaction_type, reference, balance_after, created_at)
			select ${input.userId}, ${-input.amount}, ${input.type}, ${input.reference}, credits_remaining, clock_timestamp() from debited
			returning balance_after
		)
		select (select balance_after from booked) as balance_after, exists (select 1 from already) as replayed`.execute(db)
}

/**
 * Gives back credits of a debit that was not delivered (a failed provider call), once per
 * reference. Unlike a grant it does not raise credits_total: the credits were the user's already.
 */
export async function refundCredits(db: DbOrTrx, input: { userId: string; amount: number; type: string; reference: string }) {
	if (!Number.isInteger(input.amount) || input.amount <= 0) return null
	const result = await sql<{ balance_after: number }>`
		with already as (
			select 1 from credit_transactions
			where user_id = ${input.userId} and transaction_type = ${input.type} and reference = ${input.reference}
		), credited as (
			update profiles
			set credits_remaining = credits_remaining + ${input.amount}
			where id = ${input.userId} and not exists (select 1 from already)
			returning credits_remaining
		)
		insert into credit_transactions (user_id, credits_amount, transaction_type, reference, balance_after, created_at)
		select ${input.userId}, ${input.amount}, ${input.type}, ${input.reference}, credits_remaining, clock_timestamp() from credited
		returning balance_after`.execute(db)
	return result.rows[0]?.balance_after ?? null
}

export async function creditBalance(db: DbOrTrx, userId: string) {
	const row = await db.selectFrom('profiles').select('credits_remaining').where('id', '=', userId).executeTakeFirst()
	return row?.credits_remaining ?? 0
}

export type LedgerEntry = { id: string; createdAt: Date; type: string; amount: number; priceChf: number; balanceAfter: number }

/** The user's newest ledger rows first (at most `limit`, capped at 500). */
export async function listLedger(db: DbOrTrx, userId: string, limit: number): Promise<Array<LedgerEntry>> {
	const rows = await db
		.selectFrom('credit_transactions')
		.select(['id', 'created_at', 'transaction_type', 'credits_amount', 'price_chf', 'balance_after'])
		.where('user_id', '=', userId)
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(Math.max(1, Math.min(500, Math.floor(limit))))
		.execute()
	return rows.map((r) => ({
		id: r.id,
		createdAt: new Date(r.created_at),
		type: r.transaction_type,
		amount: r.credits_amount,
		priceChf: Number(r.price_chf),
		balanceAfter: r.balance_after,
	}))
}

/** A ledger position: created_at in microseconds since the epoch and the row id (keyset paging). */
export type LedgerPosition = { at: string; id: string }

/** The user's ledger rows newest first, `limit` (at most 100) after `after`, and the next page's position. */
export async function ledgerPage(db: DbOrTrx, userId: string, limit: number, after: LedgerPosition | null): Promise<{ items: Array<LedgerEntry>; next: LedgerPosition | null }> {
	const size = Math.max(1, Math.min(100, Math.floor(limit)))
	const rows = await db
		.selectFrom('credit_transactions')
		.select(['id', 'created_at', 'transaction_type', 'credits_amount', 'price_chf', 'balance_after', sql<string>`(extract(epoch from created_at) * 1000000)::bigint::text`.as('position')])
		.where('user_id', '=', userId)
		.$if(after !== null, (qb) => qb.where(sql<boolean>`(created_at, id) < (timestamptz 'epoch' + ${after!.at}::bigint * interval '1 microsecond', ${after!.id}::uuid)`))
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(size + 1)
		.execute()
	const page = rows.slice(0, size)
	const last = page.at(-1)
	return {
		items: page.map((r) => ({ id: r.id, createdAt: new Date(r.created_at), type: r.transaction_type, amount: r.credits_amount, priceChf: Number(r.price_chf), balanceAfter: r.balance_after })),
		next: rows.length > size && last ? { at: last.position, id: last.id } : null,
	}
}
