import type { Db } from '#modules/core/db.server.ts'
import { rowsWithoutUserId } from '#modules/core/export.server.ts'

/** Billing's part of the user's data export: payments, subscriptions, redeemed discount codes, enterprise requests. */
export async function exportBillingData(db: Db, userId: string) {
	const [payments, subscriptions, discountRedemptions, enterpriseRequests] = await Promise.all([
		db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db.selectFrom('discount_redemptions').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db.selectFrom('enterprise_requests').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
	])
	return {
		payments: rowsWithoutUserId(payments),
		subscriptions: rowsWithoutUserId(subscriptions),
		discountRedemptions: rowsWithoutUserId(discountRedemptions),
		enterpriseRequests: rowsWithoutUserId(enterpriseRequests),
	}
}
