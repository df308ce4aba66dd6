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
