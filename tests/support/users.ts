// A user with a profile and, optionally, a ledgered credit balance: for module and integration tests.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import { grantCredits } from '#modules/credits/index.ts'

export async function userWithCredits(db: Kysely<DB>, credits: number) {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	if (credits > 0) await grantCredits(db, { userId: row.id, amount: credits, type: 'signup_bonus', reference: 'signup' })
	return row.id
}

/** A user with a profile, as the actor ({ id, email }) of admin changes in module tests. */
export async function adminActor(db: Kysely<DB>) {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	return { id: row.id, email }
}

/** Puts the user on the Pro plan (what video model tests need). */
export async function makePro(db: Kysely<DB>, userId: string) {
	await db.updateTable('profiles').set({ subscription_type: 'pro', subscription_tier: 'pro', plan: 'pro' }).where('id', '=', userId).execute()
}
