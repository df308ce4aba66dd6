import { sql } from 'kysely'
import { isSpelling } from '#modules/core/spelling.ts'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { randomToken, sha256 } from '#modules/core/crypto.server.ts'
import type { CurrentUser } from './types.ts'

const SESSION_DAYS = 30
const SLIDE_AFTER_MS = 60 * 60 * 1000

export type SessionMeta = { ip: string; userAgent: string }

/** A new random session; the cookie gets the token, the table only its hash. */
export async function createSession(db: DbOrTrx, userId: string, meta: SessionMeta) {
	const token = randomToken(32)
	await db
		.insertInto('sessions')
		.values({
			id: sha256(token),
			user_id: userId,
			expires_at: sql`now() + ${`${SESSION_DAYS} days`}::interval`,
			ip: meta.ip.slice(0, 100),
			user_agent: meta.userAgent.slice(0, 500),
		})
		.execute()
	return token
}

/** The columns of a CurrentUser on a query that joins users and profiles (plus its is_admin flag). */
export const CURRENT_USER_COLUMNS = ['users.id', 'users.email', 'users.time_zone', 'users.spelling', 'profiles.full_name', 'profiles.subscription_type', 'profiles.plan', 'profiles.credits_remaining', 'profiles.credits_total'] as const

type CurrentUserRow = { id: string; email: string; time_zone: string; spelling: string | null; full_name: string; subscription_type: string; plan: string | null; credits_remaining: number; credits_total: number; is_admin: unknown }

export function toCurrentUser(row: CurrentUserRow): CurrentUser {
	return {
		id: row.id,
		email: row.email,
		fullName: row.full_name,
		timeZone: row.time_zone,
		subscriptionType: row.subscription_type as CurrentUser['subscriptionType'],
		plan: row.plan,
		creditsRemaining: row.credits_remaining,
		creditsTotal: row.credits_total,
		isAdmin: Boolean(row.is_admin),
		spelling: isSpelling(row.spelling) ? row.spelling : null,
	}
}

/** One query per request: session, user, profile and the admin role (read fresh, so demotion applies at once). */
export async function getSessionUser(db: Db, token: string): Promise<CurrentUser | null> {
	const id = sha256(token)
	const row = await db
		.selectFrom('sessions')
		.innerJoin('users', 'users.id', 'sessions.user_id')
		.innerJoin('profiles', 'profiles.id', 'users.id')
		.select((eb) => [
			...CURRENT_USER_COLUMNS,
			'sessions.last_seen_at',
			eb
				.exists(eb.selectFrom('user_roles').select('user_roles.id').whereRef('user_roles.user_id', '=', 'users.id').where('user_roles.role', '=', 'admin'))
				.as('is_admin'),
		])
		.where('sessions.id', '=', id)
		.where('sessions.expires_at', '>', sql<Date>`now()`)
		.where('users.disabled_at', 'is', null)
		.executeTakeFirst()
	if (!row) return null
	if (Date.now() - row.last_seen_at.getTime() > SLIDE_AFTER_MS) {
		await db
			.updateTable('sessions')
			.set({ last_seen_at: sql`now()`, expires_at: sql`now() + ${`${SESSION_DAYS} days`}::interval` })
			.where('id', '=', id)
			.execute()
	}
	return toCurrentUser(row)
}

export async function revokeSession(db: DbOrTrx, token: string) {
	await db.deleteFrom('sessions').where('id', '=', sha256(token)).execute()
}

export async function revokeAllSessions(db: DbOrTrx, userId: string) {
	await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
}

/** Ends every session of the user except the one of `keepToken` (the device asking). */
export async function revokeOtherSessions(db: DbOrTrx, userId: string, keepToken: string) {
	const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', sha256(keepToken)).executeTakeFirst()
	return Number(result.numDeletedRows)
}
