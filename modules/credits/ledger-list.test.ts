import { expect, test } from 'vitest'
import { createTestDatabase } from '#tests/support/db.ts'
import { userWithCredits } from '#tests/support/users.ts'
import { debitCredits, grantCredits, listLedger } from './index.ts'

test('listLedger gives only the user rows, newest first, with the balance after each', async () => {
	await using t = await createTestDatabase()
	const userId = await userWithCredits(t.db, 10)
	const other = await userWithCredits(t.db, 5)
	await debitCredits(t.db, { userId, amount: 3, type: 'generation', reference: 'l1' })
	await grantCredits(t.db, { userId, amount: 20, type: 'purchase', reference: 'p1', priceChf: 9.5 })
	const ledger = await listLedger(t.db, userId, 10)
	expect(ledger.map((e) => [e.type, e.amount, e.balanceAfter, e.priceChf])).toEqual([
		['purchase', 20, 27, 9.5],
		['generation', -3, 7, 0],
		['signup_bonus', 10, 10, 0],
	])
	expect(ledger[0]!.createdAt).toBeInstanceOf(Date)
	expect(await listLedger(t.db, userId, 1)).toHaveLength(1)
	expect((await listLedger(t.db, other, 10)).map((e) => e.amount)).toEqual([5])
})

test('rows booked in one transaction keep their order (newest first), also when the ids sort otherwise', async () => {
	await using t = await createTestDatabase()
	const userId = await userWithCredits(t.db, 100)
	await t.db.transaction().execute(async (trx) => {
		for (let i = 1; i <= 8; i++) await debitCredits(trx, { userId, amount: i, type: 'generation', reference: `same-trx-${i}` })
	})
	const ledger = await listLedger(t.db, userId, 20)
	expect(ledger.map((e) => e.amount)).toEqual([-8, -7, -6, -5, -4, -3, -2, -1, 100])
	expect(ledger.map((e) => e.balanceAfter)).toEqual([64, 72, 79, 85, 90, 94, 97, 99, 100])
})
