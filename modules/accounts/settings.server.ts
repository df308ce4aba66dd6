import texts from '#locales/de/settings.json' with { type: 'json' }
import { logActivity } from '#modules/activity/index.ts'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { isSpelling, type Spelling } from '#modules/core/spelling.ts'
import { hitRateLimit, peekRateLimit, resetRateLimit } from '#modules/core/rate-limit.server.ts'
import { hashPassword, verifyPassword } from './passwords.server.ts'
import { revokeOtherSessions } from './sessions.server.ts'

export type AccountSettings = {
	email: string
	fullName: string
	timeZone: string
	notifyFailedPosts: boolean
	/** 'Alt-Text für Bilder verlangen': an image without alt text stops a post instead of a warning (ADR 0060). */
	requireAltText: boolean
	/** null: not chosen, the browser decides. */
	spelling: Spelling | null
	subscriptionType: string
	plan: string | null
	creditsRemaining: number
	creditsTotal: number
	hasPassword: boolean
}

export async function getAccountSettings(db: Db, userId: string): Promise<AccountSettings | null> {
	const row = await db
		.selectFrom('users')
		.innerJoin('profiles', 'profiles.id', 'users.id')
		.select([
			'users.email',
			'users.time_zone',
			'users.notify_failed_posts',
			'users.require_alt_text',
			'users.spelling',
			'users.password_hash',
			'profiles.full_name',
			'profiles.subscription_type',
			'profiles.plan',
			'profiles.credits_remaining',
			'profiles.credits_total',
		])
		.where('users.id', '=', userId)
		.executeTakeFirst()
	if (!row) return null
	return {
		email: row.email,
		fullName: row.full_name,
		timeZone: row.time_zone,
		notifyFailedPosts: row.notify_failed_posts,
		requireAltText: row.require_alt_text,
		spelling: isSpelling(row.spelling) ? row.spelling : null,
		subscriptionType: row.subscription_type,
		plan: row.plan,
		creditsRemaining: row.credits_remaining,
		creditsTotal: row.credits_total,
		hasPassword: Boolean(row.password_hash),
	}
}

export async function updateProfileName(db: Db, userId: string, fullName: string) {
	const result = await db.updateTable('profiles').set({ full_name: fullName.trim().slice(0, 200) }).where('id', '=', userId).executeTakeFirst()
	return Number(result.numUpdatedRows) === 1
}

export type PreferencesInput = { timeZone: string; notifyFailedPosts: boolean; requireAltText?: boolean | undefined; spelling?: Spelling | undefined }

export async function updatePreferences(db: Db, userId: string, input: PreferencesInput) {
	const result = await db
		.updateTable('users')
		.set({
			time_zone: input.timeZone,
			notify_failed_posts: input.notifyFailedPosts,
			...(input.requireAltText !== undefined ? { require_alt_text: input.requireAltText } : {}),
			...(input.spelling ? { spelling: input.spelling } : {}),
		})
		.where('id', '=', userId)
		.executeTakeFirst()
	return Number(result.numUpdatedRows) === 1
}

/**
 * Whether the user asked for alt text on every image ('Alt-Text für Bilder verlangen'): the publishing
 * preflight's `requireAltText`. One read, inside the caller's transaction when given; false for an unknown user.
 */
export async function requiresAltText(db: DbOrTrx, userId: string): Promise<boolean> {
	const row = await db.selectFrom('users').select('require_alt_text').where('id', '=', userId).executeTakeFirst()
	return row?.require_alt_text ?? false
}

export type ChangePasswordResult = { ok: true; signedOut: number } | { ok: false; error: 'invalid_current' | 'rate_limited' }

/** Wrong current passwords per account, like the sign-in throttle: a stolen session cannot guess it. */
export const PASSWORD_CHANGE_FAILURES = { limit: 10, windowSeconds: 15 * 60 } as const

/**
 * Checks the current password, stores the new one (argon2id) and ends every other session of the
 * account, in one transaction; the session of `keepToken` (the device asking) stays signed in.
 */
export async function changePassword(db: Db, userId: string, keepToken: string, input: { currentPassword: string; newPassword: string }): Promise<ChangePasswordResult> {
	const { limit, windowSeconds } = PASSWORD_CHANGE_FAILURES
	const key = `password-change-fail:${userId}`
	if (!(await peekRateLimit(db, key, limit, windowSeconds)).allowed) return { ok: false, error: 'rate_limited' }
	const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst()
	if (!user || !(await verifyPassword(user.password_hash, input.currentPassword))) {
		await hitRateLimit(db, key, limit, windowSeconds)
		return { ok: false, error: 'invalid_current' }
	}
	await resetRateLimit(db, key)
	const passwordHash = await hashPassword(input.newPassword)
	const signedOut = await db.transaction().execute(async (trx) => {
		await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
		const count = await revokeOtherSessions(trx, userId, keepToken)
		await logActivity(trx, { userId, logType: 'authentication', title: texts.activity.passwordChanged, description: texts.activity.passwordChangedText, status: 'success', metadata: { signedOut: count } })
		return count
	})
	return { ok: true, signedOut }
}

/** Deletes the account (every user-owned row cascades) when `confirmEmail` is the account's address. */
export async function deleteAccount(db: Db, userId: string, confirmEmail: string) {
	const result = await db.deleteFrom('users').where('id', '=', userId).where('email', '=', confirmEmail.trim().toLowerCase()).executeTakeFirst()
	return Number(result.numDeletedRows) === 1
}

/** 'Von allen anderen Geräten abmelden', with its activity entry. */
export async function signOutOtherSessions(db: Db, userId: string, keepToken: string) {
	return db.transaction().execute(async (trx) => {
		const count = await revokeOtherSessions(trx, userId, keepToken)
		await logActivity(trx, { userId, logType: 'authentication', title: texts.activity.otherSessionsEnded, status: 'info', metadata: { signedOut: count } })
		return count
	})
}
