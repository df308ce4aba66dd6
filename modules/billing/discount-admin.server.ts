import { recordAdminAction, type AdminActor } from '#modules/activity/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import { fromInstant, toInstant } from '#modules/scheduling/index.ts'
import type { DiscountCodeInput } from './schema.ts'
import { onceWhenKeyed } from '#modules/core/request-keys.server.ts'

/** One row of 'Rabattcodes verwalten', with its derived display states and the form's local times. */
export type AdminDiscountCode = {
	id: string
	code: string
	description: string
	discountType: 'percentage' | 'fixed_amount'
	discountValue: number
	minPurchaseAmount: number
	maxUses: number | null
	maxCredits: number | null
	currentUses: number
	startsAt: string
	expiresAt: string | null
	/** datetime-local values in the admin's time zone, minute precision (the edit form). */
	startsAtLocal: string
	expiresAtLocal: string | null
	isActive: boolean
	expired: boolean
	notStarted: boolean
	createdAt: string
}

export type SaveDiscountCodeResult =
	| { ok: true; id: string; code: string; created: boolean }
	| { ok: false; error: 'codeTaken' | 'notFound' | 'expiryBeforeStart' | 'requestConflict' }

const toLocal = (instant: Date, timeZone: string) => {
	const { date, time } = fromInstant(instant, timeZone)
	return `${date}T${time}`
}

/** A datetime-local value (already validated and trimmed to the minute) as an instant in `timeZone`. */
export function localToInstant(value: string, timeZone: string) {
	return toInstant(value.slice(0, 10), value.slice(11, 16), timeZone)
}

/** Now in the admin's time zone, for the form's default start. */
export function localNow(now: Date, timeZone: string) {
	return toLocal(now, timeZone)
}

/** All codes, newest first. */
export async function listDiscountCodes(db: Db, now: Date, timeZone: string): Promise<Array<AdminDiscountCode>> {
	const rows = await db.selectFrom('discount_codes').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
	return rows.map((r) => ({
		id: r.id,
		code: r.code,
		description: r.description,
		discountType: r.discount_type === 'percentage' ? 'percentage' : 'fixed_amount',
		discountValue: Number(r.discount_value),
		minPurchaseAmount: Number(r.min_purchase_amount),
		maxUses: r.max_uses,
		maxCredits: r.max_credits,
		currentUses: r.current_uses,
		startsAt: r.starts_at.toISOString(),
		expiresAt: r.expires_at?.toISOString() ?? null,
		startsAtLocal: toLocal(r.starts_at, timeZone),
		expiresAtLocal: r.expires_at ? toLocal(r.expires_at, timeZone) : null,
		isActive: r.is_active,
		expired: r.expires_at !== null && r.expires_at.getTime() < now.getTime(),
		notStarted: r.starts_at.getTime() > now.getTime(),
		createdAt: r.created_at.toISOString(),
	}))
}

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'

/**
 * Creates (no id) or updates a code, with its audit row in the same transaction. The start defaults
 * to now (to the minute); times are read in the admin's time zone. A taken code answers 'codeTaken'.
 */
export async function saveDiscountCode(db: Db, actor: AdminActor, input: DiscountCodeInput, options: { now: Date; timeZone: string; requestId?: string }): Promise<SaveDiscountCodeResult> {
	const startsAt = input.startsAt ? localToInstant(input.startsAt, options.timeZone) : new Date(Math.floor(options.now.getTime() / 60_000) * 60_000)
	const expiresAt = input.expiresAt ? localToInstant(input.expiresAt, options.timeZone) : null
	if (expiresAt && expiresAt.getTime() <= startsAt.getTime()) return { ok: false, error: 'expiryBeforeStart' }
	const values = {
		code: input.code,
		description: input.description,
		discount_type: input.discountType,
		discount_value: input.discountValue.toFixed(2),
		min_purchase_amount: input.minPurchaseAmount.toFixed(2),
		max_uses: input.maxUses ?? null,
		max_credits: input.maxCredits ?? null,
		starts_at: startsAt,
		expires_at: expiresAt,
		is_active: input.isActive,
	}
	const details = { ...values, starts_at: startsAt.toISOString(), expires_at: expiresAt?.toISOString() ?? null }
	// A new code once per request id (a retry gets the first one's answer, not 'codeTaken').
	const key = !input.id && options.requestId ? { userId: actor.id, requestId: options.requestId, action: 'billing.create-discount-code', input } : null
	try {
		const outcome = await onceWhenKeyed(db, key, async (trx): Promise<SaveDiscountCodeResult> => {
			const taken = await trx
				.selectFrom('discount_codes')
				.select('id')
				.where('code', '=', input.code)
				.$if(Boolean(input.id), (q) => q.where('id', '<>', input.id!))
				.executeTakeFirst()
			if (taken) return { ok: false, error: 'codeTaken' }
			if (input.id) {
				const row = await trx.updateTable('discount_codes').set(values).where('id', '=', input.id).returning(['id', 'code']).executeTakeFirst()
				if (!row) return { ok: false, error: 'notFound' }
				await recordAdminAction(trx, actor, { action: 'discount_code.updated', targetType: 'discount_code', targetId: row.id, details })
				return { ok: true, id: row.id, code: row.code, created: false }
			}
			const row = await trx
				.insertInto('discount_codes')
				.values({ ...values, created_by: actor.id })
				.onConflict((oc) => oc.column('code').doNothing())
				.returning(['id', 'code'])
				.executeTakeFirst()
			if (!row) return { ok: false, error: 'codeTaken' }
			await recordAdminAction(trx, actor, { action: 'discount_code.created', targetType: 'discount_code', targetId: row.id, details })
			return { ok: true, id: row.id, code: row.code, created: true }
		}, (result) => result.ok)
		return outcome.kind === 'conflict' ? { ok: false, error: 'requestConflict' } : outcome.result
	} catch (error) {
		// Two admins saving the same code at once: the unique index decides.
		if (isUniqueViolation(error)) return { ok: false, error: 'codeTaken' }
		throw error
	}
}

/** The 'Aktiv' switch; false when the code does not exist. */
export async function setDiscountCodeActive(db: Db, actor: AdminActor, id: string, active: boolean) {
	return db.transaction().execute(async (trx) => {
		const row = await trx.updateTable('discount_codes').set({ is_active: active }).where('id', '=', id).returning(['id', 'code']).executeTakeFirst()
		if (!row) return false
		await recordAdminAction(trx, actor, { action: 'discount_code.toggled', targetType: 'discount_code', targetId: row.id, details: { code: row.code, is_active: active } })
		return true
	})
}

/** Deletes a code (payments and redemptions keep the code's text); false when it does not exist. */
export async function deleteDiscountCode(db: Db, actor: AdminActor, id: string) {
	return db.transaction().execute(async (trx) => {
		const row = await trx.deleteFrom('discount_codes').where('id', '=', id).returning(['id', 'code']).executeTakeFirst()
		if (!row) return false
		await recordAdminAction(trx, actor, { action: 'discount_code.deleted', targetType: 'discount_code', targetId: row.id, details: { code: row.code } })
		return true
	})
}
