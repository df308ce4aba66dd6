import type { Db } from '#modules/core/db.server.ts'
import type { LedgerEntry } from './ledger.server.ts'

/** The whole credit ledger of the user, newest first (listLedger shows at most 500 entries). */
export async function exportLedger(db: Db, userId: string): Promise<Array<LedgerEntry & { reference: string | null }>> {
	const rows = await db
		.selectFrom('credit_transactions')
		.select(['id', 'created_at', 'transaction_type', 'credits_amount', 'price_chf', 'balance_after', 'reference'])
		.where('user_id', '=', userId)
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.execute()
	return rows.map((r) => ({
		id: r.id,
		createdAt: new Date(r.created_at),
		type: r.transaction_type,
		amount: r.credits_amount,
		priceChf: Number(r.price_chf),
		balanceAfter: r.balance_after,
		reference: r.reference,
	}))
}
