import { randomUUID } from 'node:crypto'
import { addRole, findDirectoryUser, listApiTokens, removeRole, revokeApiTokenNamed, searchUsers, setSubscriptionType, userIdByEmail, type SubscriptionType } from '#modules/accounts/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import { grantCredits } from '#modules/credits/index.ts'
import { listAdminActions, recordAdminAction, type AdminActor, type AuditActor } from '#modules/activity/index.ts'
import { ADMIN_GRANT_MAX } from './users-schema.ts'
import { onceWhenKeyed } from '#modules/core/request-keys.server.ts'

// User management (/admin/users, `npm run credits:grant`): every change and its audit row in one transaction.

export const ADMIN_USERS_PAGE_SIZE = 20
export const ADMIN_GRANT_TYPE = 'admin_grant'

export type AdminUserResult<T = object> = ({ ok: true } & T) | { ok: false; error: 'not_found' | 'own_admin_role' | 'invalid_amount' | 'request_conflict' | 'already_revoked' }

export function createAdminUsers(db: Db) {
	return {
		list: (input: { query?: string; page?: number }) => searchUsers(db, { ...input, pageSize: ADMIN_USERS_PAGE_SIZE }),

		get: (userId: string) => findDirectoryUser(db, userId),

		/** The newest audit entries about one user. */
		history: (userId: string, limit = 20) => listAdminActions(db, { targetType: 'user', targetId: userId, limit }),

		userIdByEmail: (email: string) => userIdByEmail(db, email),

		/** A user's API keys (name, scopes, created, last used; revoked ones marked), never their secrets. */
		apiTokens: (userId: string) => listApiTokens(db, userId),

		/** Revokes one of a user's API keys, with its audit entry; 'already_revoked' when it was no longer active. */
		async revokeApiToken(actor: AdminActor, input: { userId: string; tokenId: string }): Promise<AdminUserResult> {
			return db.transaction().execute(async (trx) => {
				const exists = await trx.selectFrom('api_tokens').select('revoked_at').where('id', '=', input.tokenId).where('user_id', '=', input.userId).executeTakeFirst()
				if (!exists) return { ok: false as const, error: 'not_found' as const }
				const name = await revokeApiTokenNamed(trx, input.userId, input.tokenId)
				if (name === null) return { ok: false as const, error: 'already_revoked' as const }
				await recordAdminAction(trx, actor, {
					action: 'user.api_token_revoked',
					targetType: 'user',
					targetId: input.userId,
					details: { tokenId: input.tokenId, name },
				})
				return { ok: true as const }
			})
		},

		/**
		 * Adds credits (ledger row 'admin_grant', credits_remaining and credits_total) and the audit row
		 * atomically; with a request id (the dialog) once per id: a retry answers like the first grant.
		 */
		async grantCredits(actor: AuditActor, input: { userId: string; amount: number; reason?: string }, requestId?: string): Promise<AdminUserResult<{ balance: number }>> {
			if (!Number.isInteger(input.amount) || input.amount < 1 || input.amount > ADMIN_GRANT_MAX) return { ok: false, error: 'invalid_amount' }
			const key = requestId && actor.id ? { userId: actor.id, requestId, action: 'admin.grant-credits', input } : null
			const outcome = await onceWhenKeyed(db, key, async (trx): Promise<AdminUserResult<{ balance: number }>> => {
				// A fresh reference per grant: the ledger's idempotency key must not merge two grants.
				const reference = randomUUID()
				const balance = await grantCredits(trx, { userId: input.userId, amount: input.amount, type: ADMIN_GRANT_TYPE, reference })
				if (balance === null) return { ok: false as const, error: 'not_found' as const }
				await recordAdminAction(trx, actor, {
					action: 'user.credits_granted',
					targetType: 'user',
					targetId: input.userId,
					details: { amount: input.amount, reason: input.reason || null, reference, balanceAfter: balance },
				})
				return { ok: true as const, balance }
			}, (result) => result.ok)
			return outcome.kind === 'conflict' ? { ok: false, error: 'request_conflict' } : outcome.result
		},

		async setSubscriptionType(actor: AdminActor, input: { userId: string; subscriptionType: SubscriptionType }): Promise<AdminUserResult<{ changed: boolean }>> {
			return db.transaction().execute(async (trx) => {
				const user = await findDirectoryUser(trx, input.userId)
				if (!user) return { ok: false as const, error: 'not_found' as const }
				if (user.subscriptionType === input.subscriptionType) return { ok: true as const, changed: false }
				await setSubscriptionType(trx, input.userId, input.subscriptionType)
				await recordAdminAction(trx, actor, {
					action: 'user.plan_changed',
					targetType: 'user',
					targetId: input.userId,
					details: { from: user.subscriptionType, to: input.subscriptionType },
				})
				return { ok: true as const, changed: true }
			})
		},

		/** Grants or revokes the admin role; an admin cannot revoke their own. */
		async setAdmin(actor: AdminActor, input: { userId: string; admin: boolean }): Promise<AdminUserResult<{ changed: boolean }>> {
			if (!input.admin && actor.id === input.userId) return { ok: false, error: 'own_admin_role' }
			return db.transaction().execute(async (trx) => {
				const user = await findDirectoryUser(trx, input.userId)
				if (!user) return { ok: false as const, error: 'not_found' as const }
				const changed = input.admin ? await addRole(trx, input.userId, 'admin') : await removeRole(trx, input.userId, 'admin')
				if (changed) {
					await recordAdminAction(trx, actor, {
						action: input.admin ? 'user.admin_granted' : 'user.admin_revoked',
						targetType: 'user',
						targetId: input.userId,
						details: { email: user.email },
					})
				}
				return { ok: true as const, changed }
			})
		},
	}
}

export type AdminUsers = ReturnType<typeof createAdminUsers>
