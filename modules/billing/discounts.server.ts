import billing from '#locales/de/billing.json' with { type: 'json' }
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { fillKey } from '#modules/core/fill-text.ts'
import { itemCredits, itemPrice, type CatalogueItem } from './catalogue.server.ts'
import { toChf, toRappen } from './money.ts'

/** A refusal's reason: an error text's key, without the plural suffix of a counted one. */
export type DiscountError = keyof typeof billing.discount.errors extends infer K ? (K extends `${infer Base}_${'one' | 'other'}` ? Base : K) : never

/** The spec's validate_discount_code result (amounts in CHF), plus the reason for tests and logs. */
export type DiscountResult = {
	valid: boolean
	discount_amount: number
	final_amount: number
	description: string
	error: string | null
	reason: DiscountError | null
}

export type DiscountCodeRow = {
	id: string
	code: string
	description: string
	discount_type: string
	discount_value: number | string
	min_purchase_amount: number | string
	max_uses: number | null
	max_credits: number | null
	current_uses: number
	starts_at: Date | string
	expires_at: Date | string | null
	is_active: boolean
}

const chf = new Intl.NumberFormat('de-CH', { style: 'currency', currency: 'CHF' })

/** Codes are upper-cased as typed (the pricing field and the admin form force it too). */
export function normalizeCode(code: string) {
	return code.trim().toUpperCase()
}

/** A code by its text; `lock` takes its row lock (a checkout start counts the holds under it). */
export async function findDiscountCode(db: DbOrTrx, code: string, options: { lock?: boolean } = {}) {
	const normalized = normalizeCode(code)
	if (!normalized) return null
	const query = db
		.selectFrom('discount_codes')
		.select(['id', 'code', 'description', 'discount_type', 'discount_value', 'min_purchase_amount', 'max_uses', 'max_credits', 'current_uses', 'starts_at', 'expires_at', 'is_active'])
		.where('code', '=', normalized)
	return (await (options.lock ? query.forUpdate() : query).executeTakeFirst()) ?? null
}

/**
 * How long a started checkout holds a use of its code: other buyers cannot start on the last use
 * while a checkout may still be paid. A Stripe checkout with a code expires when its hold ends.
 */
export const CHECKOUT_HOLD_MINUTES = 60

/** The uses of a code that other users' open checkouts (started within the hold) may still take. */
export async function heldUses(db: DbOrTrx, codeId: string, exceptUserId: string | null, now: Date) {
	let query = db
		.selectFrom('payments')
		.select((eb) => eb.fn.countAll<string>().as('n'))
		.where('discount_code_id', '=', codeId)
		.where('status', '=', 'pending')
		.where('created_at', '>', new Date(now.getTime() - CHECKOUT_HOLD_MINUTES * 60_000))
	if (exceptUserId) query = query.where('user_id', '<>', exceptUserId)
	return Number((await query.executeTakeFirstOrThrow()).n)
}

/**
 * Applies a code to an order in Rappen: active, inside its start and expiry, under its max uses
 * (counting the `held` uses of open checkouts), the order at least the minimum, the package within
 * max credits. A percentage takes at most 100 %, a fixed amount never takes the price below zero.
 * Pure: the use is counted at completion.
 */
export function applyDiscount(row: DiscountCodeRow | null, item: CatalogueItem, now: Date, held = 0): DiscountResult & { discountRappen: number; finalRappen: number } {
	const price = itemPrice(item)
	const refuse = (reason: DiscountError, values: Record<string, string | number> = {}) => ({
		valid: false,
		discount_amount: 0,
		final_amount: toChf(price),
		description: '',
		error: fillKey(billing.discount.errors, reason, values),
		reason,
		discountRappen: 0,
		finalRappen: price,
	})
	if (!row) return refuse('not_found')
	if (!row.is_active) return refuse('inactive')
	if (new Date(row.starts_at).getTime() > now.getTime()) return refuse('not_started')
	if (row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime()) return refuse('expired')
	if (row.max_uses !== null && row.current_uses >= row.max_uses) return refuse('used_up')
	if (row.max_uses !== null && row.current_uses + held >= row.max_uses) return refuse('reserved')
	const minimum = toRappen(row.min_purchase_amount)
	if (price < minimum) return refuse('min_purchase', { amount: chf.format(toChf(minimum)) })
	if (row.max_credits !== null && itemCredits(item) > row.max_credits) return refuse('max_credits', { count: row.max_credits })

	const value = toRappen(row.discount_value) // percent or CHF, in hundredths
	const raw = row.discount_type === 'percentage' ? Math.round((price * Math.min(value, 10_000)) / 10_000) : value
	const discountRappen = Math.max(0, Math.min(price, raw))
	const finalRappen = price - discountRappen
	return {
		valid: true,
		discount_amount: toChf(discountRappen),
		final_amount: toChf(finalRappen),
		description: row.description,
		error: null,
		reason: null,
		discountRappen,
		finalRappen,
	}
}

/**
 * Claims one use of a code inside the fulfilment transaction. The WHERE is re-checked under the
 * row lock, so concurrent completions can never take a code with max uses N more than N times.
 */
export async function claimDiscountUse(trx: DbOrTrx, codeId: string) {
	const row = await trx
		.updateTable('discount_codes')
		.set((eb) => ({ current_uses: eb('current_uses', '+', 1) }))
		.where('id', '=', codeId)
		.where((eb) => eb.or([eb('max_uses', 'is', null), eb('current_uses', '<', eb.ref('max_uses'))]))
		.returning(['id', 'code'])
		.executeTakeFirst()
	return row ?? null
}
