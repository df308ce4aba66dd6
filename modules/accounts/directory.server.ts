import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { likePattern } from '#modules/core/text-search.server.ts'
import type { SubscriptionType } from './types.ts'

// The user directory for administrators: search, one user, roles. Callers must have checked the admin role.

export type DirectoryUser = {
	id: string
	email: string
	fullName: string
	subscriptionType: SubscriptionType
	creditsRemaining: number
	creditsTotal: number
	isAdmin: boolean
	createdAt: Date
	/** Active personal API tokens (not revoked, not expired). */
	apiTokens: number
}

export type DirectoryPage = { users: Array<DirectoryUser>; total: number; page: number; pageSize: number; pageCount: number }

function baseQuery(db: DbOrTrx) {
	return db
		.selectFrom('profiles')
		.select((eb) => [
			'profiles.id',
			'profiles.email',
			'profiles.full_name',
			'profiles.subscription_type',
			'profiles.credits_remaining',
			'profiles.credits_total',
			'profiles.created_at',
			eb
				.exists(eb.selectFrom('user_roles').select('user_roles.id').whereRef('user_roles.user_id', '=', 'profiles.id').where('user_roles.role', '=', 'admin'))
				.as('is_admin'),
			eb
				.selectFrom('api_tokens')
				.select((e) => e.fn.countAll<string>().as('n'))
				.whereRef('api_tokens.user_id', '=', 'profiles.id')
				.where('api_tokens.revoked_at', 'is', null)
				.where('api_tokens.grant_id', 'is', null)
				.where((e) => e.or([e('api_tokens.expires_at', 'is', null), e('api_tokens.expires_at', '>', sql<Date>`now()`)]))
				.as('api_tokens'),
		])
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>

function toUser(r: Row): DirectoryUser {
	return {
		id: r.id,
		email: r.email,
		fullName: r.full_name,
		subscriptionType: r.subscription_type as SubscriptionType,
		creditsRemaining: r.credits_remaining,
		creditsTotal: r.credits_total,
		isAdmin: Boolean(r.is_admin),
		createdAt: new Date(r.created_at),
		apiTokens: Number(r.api_tokens ?? 0),
	}
}

/**
 * All users, newest first, optionally filtered by a case-insensitive substring of e-mail or name
 * (trigram indexes, migration 0018). `page` starts at 1 and is clamped to the last page.
 */
export async function searchUsers(db: DbOrTrx, input: { query?: string; page?: number; pageSize?: number }): Promise<DirectoryPage> {
	const pageSize = Math.max(1, Math.min(100, Math.floor(input.pageSize ?? 25)))
	const text = (input.query ?? '').trim().slice(0, 200)
	const filter = text ? likePattern(text) : null
	const countRow = await db
		.selectFrom('profiles')
		.select(sql<string>`count(*)`.as('count'))
		.$if(filter !== null, (q) => q.where((eb) => eb.or([eb('profiles.email', 'ilike', filter!), eb('profiles.full_name', 'ilike', filter!)])))
		.executeTakeFirstOrThrow()
	const total = Number(countRow.count)
	const pageCount = Math.max(1, Math.ceil(total / pageSize))
	const page = Math.max(1, Math.min(pageCount, Math.floor(input.page ?? 1) || 1))
	const rows = await baseQuery(db)
		.$if(filter !== null, (q) => q.where((eb) => eb.or([eb('profiles.email', 'ilike', filter!), eb('profiles.full_name', 'ilike', filter!)])))
		.orderBy('profiles.created_at', 'desc')
		.orderBy('profiles.id', 'desc')
		.limit(pageSize)
		.offset((page - 1) * pageSize)
		.execute()
	return { users: rows.map(toUser), total, page, pageSize, pageCount }
}

export async function findDirectoryUser(db: DbOrTrx, userId: string): Promise<DirectoryUser | null> {
	const row = await baseQuery(db).where('profiles.id', '=', userId).executeTakeFirst()
	return row ? toUser(row) : null
}

export async function userIdByEmail(db: DbOrTrx, email: string) {
	const row = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
	return row?.id ?? null
}

/** Adds the role; true when the user did not have it before. */
export async function addRole(db: DbOrTrx, userId: string, role: 'admin' | 'user') {
	const result = await db
		.insertInto('user_roles')
		.values({ user_id: userId, role })
		.onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
		.executeTakeFirst()
	return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** Removes the role; true when the user had it. */
export async function removeRole(db: DbOrTrx, userId: string, role: 'admin' | 'user') {
	const result = await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).executeTakeFirst()
	return Number(result.numDeletedRows) > 0
}

/** The admin overview's user figures in one query: all users, administrators, sign-ups of the last 7 days. */
export async function userCounts(db: DbOrTrx, now: Date) {
	const weekAgo = new Date(now.getTime() - 7 * 24 * 3600_000)
	const row = await db
		.selectNoFrom((eb) => [
			eb.selectFrom('users').select((e) => e.fn.countAll<string>().as('n')).as('users'),
			eb.selectFrom('users').select((e) => e.fn.countAll<string>().as('n')).where('created_at', '>=', weekAgo).as('new_users'),
			eb.selectFrom('user_roles').select((e) => e.fn.countAll<string>().as('n')).where('role', '=', 'admin').as('admins'),
		])
		.executeTakeFirstOrThrow()
	return { users: Number(row.users ?? 0), newUsers: Number(row.new_users ?? 0), admins: Number(row.admins ?? 0) }
}
