// Personal API tokens: created once per request id with the secret shown once, scopes, revocation,
// expiry, the per-token rate limit under parallel calls, the 'api' activity entry, the admin's counts.
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { API_RATE_LIMIT, MAX_TOKENS_PER_USER } from '#modules/accounts/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

const call = { method: 'GET', path: '/api/v1/posts', via: 'api' as const }

test('a token is stored as a hash, shown once, and a repeated request answers it without the secret', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const userId = await userWithCredits(t.db, 10)
	const requestId = crypto.randomUUID()
	const first = await services.accounts.apiTokens.createOnce(userId, requestId, { name: 'n8n', scopes: ['read', 'posts'], expiresAt: null })
	if (!first.ok) throw new Error('refused')
	expect(first.secret).toMatch(/^pw_[A-Za-z0-9_-]{43}$/)
	const again = await services.accounts.apiTokens.createOnce(userId, requestId, { name: 'n8n', scopes: ['read', 'posts'], expiresAt: null })
	expect(again).toMatchObject({ ok: true, secret: null, token: { id: first.token.id } })
	const rows = await t.db.selectFrom('api_tokens').selectAll().where('user_id', '=', userId).execute()
	expect(rows).toHaveLength(1)
	expect(rows[0]!.token_hash).not.toContain(first.secret!.slice(3))
	expect(rows[0]!.token_hint).toBe(first.secret!.slice(-4))
	expect(await services.accounts.apiTokens.createOnce(userId, requestId, { name: 'anders', scopes: ['read'], expiresAt: null })).toEqual({ ok: false, error: 'request_conflict' })
})

test('authorize: scope, revocation, expiry, disabled users, last use and the activity entry', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const userId = await userWithCredits(t.db, 10)
	const tokens = services.accounts.apiTokens
	const made = await tokens.create(userId, { name: 'Claude', scopes: ['read'], expiresAt: null })
	if (!made.ok || !made.secret) throw new Error('refused')
	const ok = await tokens.authorize(made.secret, 'read', call)
	expect(ok).toMatchObject({ ok: true, principal: { user: { id: userId }, tokenName: 'Claude', scopes: ['read'] } })
	expect(await tokens.authorize(made.secret, 'posts', call)).toEqual({ ok: false, error: 'forbidden', scope: 'posts' })
	expect(await tokens.authorize('pw_unknown', 'read', call)).toEqual({ ok: false, error: 'unauthorized' })
	expect(await tokens.authorize('not-a-token', 'read', call)).toEqual({ ok: false, error: 'unauthorized' })
	const entries = await t.db.selectFrom('activity_logs').select(['log_type', 'title', 'description']).where('user_id', '=', userId).execute()
	expect(entries).toContainEqual({ log_type: 'api', title: 'API: 1 Aufruf (GET /api/v1/posts)', description: 'Claude' })
	// The dashboard's recent activity leaves a program's calls to the activity log.
	expect((await services.activity.recent(userId)).map((e) => e.logType)).not.toContain('api')
	const listed = await tokens.list(userId)
	expect(listed[0]!.lastUsedAt).not.toBeNull()

	await t.db.updateTable('users').set({ disabled_at: sql`now()` }).where('id', '=', userId).execute()
	expect(await tokens.authorize(made.secret, 'read', call)).toEqual({ ok: false, error: 'unauthorized' })
	await t.db.updateTable('users').set({ disabled_at: null }).where('id', '=', userId).execute()

	const expiring = await tokens.create(userId, { name: 'kurz', scopes: ['read'], expiresAt: new Date(Date.now() + 60_000) })
	if (!expiring.ok || !expiring.secret) throw new Error('refused')
	expect((await tokens.authorize(expiring.secret, 'read', call)).ok).toBe(true)
	await t.db.updateTable('api_tokens').set({ expires_at: sql`now() - interval '1 second'` }).where('id', '=', expiring.token.id).execute()
	expect(await tokens.authorize(expiring.secret, 'read', call)).toEqual({ ok: false, error: 'unauthorized' })

	const other = await userWithCredits(t.db, 0)
	expect(await tokens.revoke(other, made.token.id)).toBe(false)
	expect(await tokens.revoke(userId, made.token.id)).toBe(true)
	expect(await tokens.revoke(userId, made.token.id)).toBe(false)
	expect(await tokens.authorize(made.secret, 'read', call)).toEqual({ ok: false, error: 'unauthorized' })
	// The admin's user list counts active tokens only (revoked and expired ones are not).
	expect((await services.admin.users.get(userId))?.apiTokens).toBe(0)
	expect((await services.admin.users.get(other))?.apiTokens).toBe(0)
})

test('the per-token rate limit holds under parallel calls and tokens per user are capped', async () => {
	await using t = await createTestDatabase({ maxConnections: 20 })
	const { services } = testServices(t.db)
	const userId = await userWithCredits(t.db, 0)
	const tokens = services.accounts.apiTokens
	const made = await tokens.create(userId, { name: 'Make', scopes: ['read'], expiresAt: null })
	if (!made.ok || !made.secret) throw new Error('refused')
	const results = await Promise.all(Array.from({ length: API_RATE_LIMIT.limit + 30 }, () => tokens.authorize(made.secret!, 'read', call)))
	expect(results.filter((r) => r.ok)).toHaveLength(API_RATE_LIMIT.limit)
	const refused = results.find((r) => !r.ok)
	expect(refused).toMatchObject({ ok: false, error: 'rate_limited' })

	const created = await Promise.all(Array.from({ length: MAX_TOKENS_PER_USER + 5 }, (_, i) => tokens.create(userId, { name: `t${i}`, scopes: ['read'], expiresAt: null })))
	expect(created.filter((r) => r.ok)).toHaveLength(MAX_TOKENS_PER_USER - 1)
	expect(created.filter((r) => !r.ok)).toHaveLength(6)
	expect((await services.admin.users.get(userId))?.apiTokens).toBe(MAX_TOKENS_PER_USER)
})
