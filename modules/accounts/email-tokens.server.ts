import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { randomToken, sha256 } from '#modules/core/crypto.server.ts'

export type TokenPurpose = 'confirm_email' | 'reset_password' | 'signin_link'

const TTL_MINUTES: Record<TokenPurpose, number> = { confirm_email: 24 * 60, reset_password: 60, signin_link: 15 }

/** A 256-bit single-use token; only its SHA-256 is stored. Older unused tokens of the same purpose are voided. */
export async function issueEmailToken(db: DbOrTrx, userId: string, purpose: TokenPurpose) {
	const token = randomToken(32)
	await db
		.updateTable('email_tokens')
		.set({ used_at: sql`now()` })
		.where('user_id', '=', userId)
		.where('purpose', '=', purpose)
		.where('used_at', 'is', null)
		.execute()
	await db
		.insertInto('email_tokens')
		.values({
			user_id: userId,
			purpose,
			token_hash: sha256(token),
			expires_at: sql`now() + ${`${TTL_MINUTES[purpose]} minutes`}::interval`,
		})
		.execute()
	return token
}

/** Consumes a token atomically: exactly one caller wins, expired and used tokens give null. */
export async function consumeEmailToken(db: DbOrTrx, token: string, purpose: TokenPurpose) {
	const row = await db
		.updateTable('email_tokens')
		.set({ used_at: sql`now()` })
		.where('token_hash', '=', sha256(token))
		.where('purpose', '=', purpose)
		.where('used_at', 'is', null)
		.where('expires_at', '>', sql<Date>`now()`)
		.returning('user_id')
		.executeTakeFirst()
	return row?.user_id ?? null
}

/** True when the token could still be consumed (used to show the confirm or reset form). */
export async function isEmailTokenUsable(db: DbOrTrx, token: string, purpose: TokenPurpose) {
	const row = await db
		.selectFrom('email_tokens')
		.select('id')
		.where('token_hash', '=', sha256(token))
		.where('purpose', '=', purpose)
		.where('used_at', 'is', null)
		.where('expires_at', '>', sql<Date>`now()`)
		.executeTakeFirst()
	return Boolean(row)
}

/** Voids every unused token of the user, whatever its purpose; returns how many. */
export async function voidEmailTokens(db: DbOrTrx, userId: string) {
	const result = await db.updateTable('email_tokens').set({ used_at: sql`now()` }).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirst()
	return Number(result.numUpdatedRows)
}
