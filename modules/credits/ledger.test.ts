import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { creditBalance, debitCredits, refundCredits } from './index.ts'
import { userWithCredits } from '#tests/support/users.ts'

async function ledgerSum(db: Kysely<DB>, userId: string) {
	const row = await db.selectFrom('credit_transactions').select((eb) => eb.fn.sum<string>('credits_amount').as('sum')).where('user_id', '=', userId).executeTakeFirstOrThrow()
	return Number(row.sum ?? 0)
}

test('a debit takes credits with a ledger row and refuses to overspend', async () => {
	await using t = await createTestDatabase()
	const userId = await userWithCredits(t.db, 10)
	expect(await debitCredits(t.db, { userId, amount: 4, type: 'generation', reference: 'a' })).toEqual({ ok: true, balance: 6, replayed: false })
	expect(await debitCredits(t.db, { userId, amount: 7, type: 'generation', reference: 'b' })).toEqual({ ok: false, balance: 6 })
	expect(await creditBalance(t.db, userId)).toBe(6)
	expect(await ledgerSum(t.db, userId)).toBe(6)
	const rows = await t.db.selectFrom('credit_transactions').select(['credits_amount', 'balance_after', 'transaction_type']).where('user_id', '=', userId).orderBy('created_at').execute()
	expect(rows.at(-1)).toEqual({ credits_amount: -4, balance_after: 6, transaction_type: 'generation' })
})

test('the same reference charges once, also when both requests arrive at the same moment', async () => {
	await using t = await createTestDatabase()
	const userId = await userWithCredits(t.db, 20)
	const results = await Promise.all(Array.from({ length: 8 }, () => debitCredits(t.db, { userId, amount: 5, type: 'generation', reference: 'same' })))
	expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1)
	expect(results.every((r) => r.ok)).toBe(true)
	expect(await creditBalance(t.db, userId)).toBe(15)
	expect(await ledgerSum(t.db, userId)).toBe(15)
})

test('50 concurrent debits with credits for 10 succeed exactly 10 times; ledger and balance agree', async () => {
	await using t = await createTestDatabase()
	const userId = await userWithCredits(t.db, 30)
	const results = await Promise.all(Array.from({ length: 50 }, (_, i) => debitCredits(t.db, { userId, amount: 3, type: 'generation', reference: `r${i}` })))
	expect(results.filter((r) => r.ok)).toHaveLength(10)
	expect(await creditBalance(t.db, userId)).toBe(0)
	expect(await ledgerSum(t.db, userId)).toBe(0)
})

test('a refund gives back once per reference and leaves credits_total alone', async () => {
	await using t = await createTestDatabase()
	const userId = await userWithCredits(t.db, 10)
	await debitCredits(t.db, { userId, amount: 6, type: 'generation', reference: 'g1' })
	expect(await refundCredits(t.db, { userId, amount: 2, type: 'generation_refund', reference: 'g1' })).toBe(6)
	expect(await refundCredits(t.db, { userId, amount: 2, type: 'generation_refund', reference: 'g1' })).toBeNull()
	const profile = await t.db.selectFrom('profiles').select(['credits_remaining', 'credits_total']).where('id', '=', userId).executeTakeFirstOrThrow()
	expect(profile).toEqual({ credits_remaining: 6, credits_total: 10 })
	expect(await ledgerSum(t.db, userId)).toBe(6)
})
