import type { DbOrTrx } from '#modules/core/db.server.ts'

export type PaymentRow = {
	id: string
	createdAt: Date
	kind: 'subscription' | 'credit_pack'
	planId: string | null
	credits: number
	amountChf: number
	discountChf: number
	status: string
}

/** The user's payments, newest first (a pending checkout that never completed is left out). */
export async function listPayments(db: DbOrTrx, userId: string, limit: number): Promise<Array<PaymentRow>> {
	const rows = await db
		.selectFrom('payments')
		.select(['id', 'created_at', 'kind', 'plan_id', 'credits', 'amount_chf', 'discount_amount_chf', 'status'])
		.where('user_id', '=', userId)
		.where('status', '<>', 'pending')
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(Math.max(1, Math.min(200, limit)))
		.execute()
	return rows.map((r) => ({
		id: r.id,
		createdAt: new Date(r.created_at),
		kind: r.kind as PaymentRow['kind'],
		planId: r.plan_id,
		credits: r.credits,
		amountChf: Number(r.amount_chf),
		discountChf: Number(r.discount_amount_chf),
		status: r.status,
	}))
}

export type CurrentSubscription = { planId: string; status: string; cancelAtPeriodEnd: boolean; periodEnd: Date; provider: string }

export async function currentSubscription(db: DbOrTrx, userId: string): Promise<CurrentSubscription | null> {
	const row = await db
		.selectFrom('subscriptions')
		.select(['plan_id', 'status', 'cancel_at_period_end', 'current_period_end', 'provider'])
		.where('user_id', '=', userId)
		.where('status', '<>', 'canceled')
		.executeTakeFirst()
	return row ? { planId: row.plan_id, status: row.status, cancelAtPeriodEnd: row.cancel_at_period_end, periodEnd: new Date(row.current_period_end), provider: row.provider } : null
}

export type PendingCheckout = {
	id: string
	sessionId: string
	kind: 'subscription' | 'credit_pack'
	planId: string | null
	planName: string | null
	credits: number
	amountChf: number
	discountChf: number
	discountCode: string | null
}

/** One of the user's own pending checkouts with a provider (another user's id: null). */
export async function getPendingCheckout(db: DbOrTrx, userId: string, provider: string, sessionId: string): Promise<PendingCheckout | null> {
	const row = await db
		.selectFrom('payments')
		.leftJoin('plans', 'plans.id', 'payments.plan_id')
		.leftJoin('discount_codes', 'discount_codes.id', 'payments.discount_code_id')
		.select([
			'payments.id',
			'payments.provider_session_id',
			'payments.kind',
			'payments.plan_id',
			'plans.name as plan_name',
			'payments.credits',
			'payments.amount_chf',
			'payments.discount_amount_chf',
			'discount_codes.code as discount_code',
		])
		.where('payments.user_id', '=', userId)
		.where('payments.provider', '=', provider)
		.where('payments.provider_session_id', '=', sessionId)
		.where('payments.status', '=', 'pending')
		.executeTakeFirst()
	if (!row || !row.provider_session_id) return null
	return {
		id: row.id,
		sessionId: row.provider_session_id,
		kind: row.kind as PendingCheckout['kind'],
		planId: row.plan_id,
		planName: row.plan_name,
		credits: row.credits,
		amountChf: Number(row.amount_chf),
		discountChf: Number(row.discount_amount_chf),
		discountCode: row.discount_code,
	}
}

/** The status of one of the user's own checkouts with a provider (another user's id: null). */
export async function checkoutStatus(db: DbOrTrx, userId: string, provider: string, sessionId: string) {
	const row = await db
		.selectFrom('payments')
		.select('status')
		.where('user_id', '=', userId)
		.where('provider', '=', provider)
		.where('provider_session_id', '=', sessionId)
		.executeTakeFirst()
	return row?.status ?? null
}

/**
 * The admin overview's sales in one query: credits sold and revenue in CHF over all paid payments
 * (refunded ones do not count), and over the last 30 days.
 */
export async function salesTotals(db: DbOrTrx, now: Date) {
	const monthAgo = new Date(now.getTime() - 30 * 24 * 3600_000)
	const row = await db
		.selectFrom('payments')
		.select((eb) => [
			eb.fn.coalesce(eb.fn.sum<string>('credits'), eb.val('0')).as('credits'),
			eb.fn.coalesce(eb.fn.sum<string>('amount_chf'), eb.val('0')).as('revenue'),
			eb.fn.coalesce(eb.fn.sum<string>('credits').filterWhere('paid_at', '>=', monthAgo), eb.val('0')).as('credits_30'),
			eb.fn.coalesce(eb.fn.sum<string>('amount_chf').filterWhere('paid_at', '>=', monthAgo), eb.val('0')).as('revenue_30'),
		])
		.where('status', '=', 'paid')
		.executeTakeFirstOrThrow()
	return {
		creditsSold: Number(row.credits),
		revenueChf: Number(row.revenue),
		creditsSoldLast30Days: Number(row.credits_30),
		revenueChfLast30Days: Number(row.revenue_30),
	}
}
