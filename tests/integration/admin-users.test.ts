import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { ADMIN_USERS_PAGE_SIZE } from '#modules/admin/index.ts'
import { runScript, scriptEnv } from '#tests/support/cli.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'

async function setup() {
	const t = await createTestDatabase()
	const { services } = testServices(t.db)
	const create = async (fullName: string, email = `${randomUUID()}@beispiel.ch`) => {
		const id = await services.accounts.createConfirmedUser({ email, password: 'Passwort-1234', fullName })
		return { id, email }
	}
	const adminUser = await create('Ada Admin')
	await services.accounts.grantRole(adminUser.email, 'admin')
	return { t, services, create, actor: { id: adminUser.id, email: adminUser.email } }
}

test('granting credits writes the ledger row, balance, total and audit row together', async () => {
	const { t, services, create, actor } = await setup()
	await using _db = t
	const target = await create('Greta Gutschrift')
	const before = await t.db.selectFrom('profiles').select(['credits_remaining', 'credits_total']).where('id', '=', target.id).executeTakeFirstOrThrow()

	const result = await services.admin.users.grantCredits(actor, { userId: target.id, amount: 120, reason: 'Support-Fall' })
	expect(result).toEqual({ ok: true, balance: before.credits_remaining + 120 })

	const after = await t.db.selectFrom('profiles').select(['credits_remaining', 'credits_total']).where('id', '=', target.id).executeTakeFirstOrThrow()
	expect(after).toEqual({ credits_remaining: before.credits_remaining + 120, credits_total: before.credits_total + 120 })
	const ledger = await t.db.selectFrom('credit_transactions').selectAll().where('user_id', '=', target.id).where('transaction_type', '=', 'admin_grant').execute()
	expect(ledger).toHaveLength(1)
	expect(ledger[0]).toMatchObject({ credits_amount: 120, balance_after: after.credits_remaining })
	const audit = await services.admin.users.history(target.id)
	expect(audit).toHaveLength(1)
	expect(audit[0]).toMatchObject({ adminEmail: actor.email, action: 'user.credits_granted', targetType: 'user', targetId: target.id })
	expect(audit[0]!.details).toMatchObject({ amount: 120, reason: 'Support-Fall' })

	// Two equal grants are two grants (each has its own ledger reference).
	await services.admin.users.grantCredits(actor, { userId: target.id, amount: 120 })
	expect(await t.db.selectFrom('credit_transactions').select('id').where('user_id', '=', target.id).where('transaction_type', '=', 'admin_grant').execute()).toHaveLength(2)

	// Invalid amounts and unknown users change nothing.
	for (const amount of [0, -5, 1.5, 100_001]) {
		expect(await services.admin.users.grantCredits(actor, { userId: target.id, amount })).toEqual({ ok: false, error: 'invalid_amount' })
	}
	expect(await services.admin.users.grantCredits(actor, { userId: randomUUID(), amount: 5 })).toEqual({ ok: false, error: 'not_found' })
	expect(await services.admin.auditLog({ targetType: 'user' })).toHaveLength(2)
})

test('a grant whose audit row fails leaves no ledger row and no balance change (one transaction)', async () => {
	const { t, services, create, actor } = await setup()
	await using _db = t
	const target = await create('Tina Transaktion')
	const before = await t.db.selectFrom('profiles').select(['credits_remaining', 'credits_total']).where('id', '=', target.id).executeTakeFirstOrThrow()
	await sql
		.raw(`
create function fail_audit() returns trigger language plpgsql as $$ begin raise exception 'audit down'; end $$;
create trigger fail_audit before insert on admin_audit_log for each row execute function fail_audit();`)
		.execute(t.db)
	await expect(services.admin.users.grantCredits(actor, { userId: target.id, amount: 50 })).rejects.toThrow(/audit down/)
	const after = await t.db.selectFrom('profiles').select(['credits_remaining', 'credits_total']).where('id', '=', target.id).executeTakeFirstOrThrow()
	expect(after).toEqual(before)
	expect(await t.db.selectFrom('credit_transactions').select('id').where('user_id', '=', target.id).where('transaction_type', '=', 'admin_grant').execute()).toHaveLength(0)
})

test('changing the subscription type sets the plan and records from/to; the same type is a no-op', async () => {
	const { t, services, create, actor } = await setup()
	await using _db = t
	const target = await create('Paul Plan')
	expect(await services.admin.users.setSubscriptionType(actor, { userId: target.id, subscriptionType: 'pro' })).toEqual({ ok: true, changed: true })
	const row = await t.db.selectFrom('profiles').select(['subscription_type', 'subscription_tier', 'plan']).where('id', '=', target.id).executeTakeFirstOrThrow()
	expect(row).toEqual({ subscription_type: 'pro', subscription_tier: 'pro', plan: 'pro' })
	expect(await services.admin.users.setSubscriptionType(actor, { userId: target.id, subscriptionType: 'pro' })).toEqual({ ok: true, changed: false })
	const audit = await services.admin.users.history(target.id)
	expect(audit).toHaveLength(1)
	expect(audit[0]).toMatchObject({ action: 'user.plan_changed', details: { from: 'free', to: 'pro' } })
	expect(await services.admin.users.setSubscriptionType(actor, { userId: randomUUID(), subscriptionType: 'basic' })).toEqual({ ok: false, error: 'not_found' })
})

test('granting and revoking admin is audited; an admin cannot revoke their own role', async () => {
	const { t, services, create, actor } = await setup()
	await using _db = t
	const target = await create('Rolf Rolle')
	const isAdmin = async (id: string) => Boolean(await t.db.selectFrom('user_roles').select('id').where('user_id', '=', id).where('role', '=', 'admin').executeTakeFirst())

	expect(await services.admin.users.setAdmin(actor, { userId: target.id, admin: true })).toEqual({ ok: true, changed: true })
	expect(await isAdmin(target.id)).toBe(true)
	expect((await services.admin.users.get(target.id))?.isAdmin).toBe(true)
	expect(await services.admin.users.setAdmin(actor, { userId: target.id, admin: true })).toEqual({ ok: true, changed: false })
	expect(await services.admin.users.setAdmin(actor, { userId: target.id, admin: false })).toEqual({ ok: true, changed: true })
	expect(await isAdmin(target.id)).toBe(false)
	expect((await services.admin.users.history(target.id)).map((e) => e.action)).toEqual(['user.admin_revoked', 'user.admin_granted'])

	expect(await services.admin.users.setAdmin(actor, { userId: actor.id, admin: false })).toEqual({ ok: false, error: 'own_admin_role' })
	expect(await isAdmin(actor.id)).toBe(true)
})

test('search is case-insensitive over e-mail and name, paged by 25, newest first', async () => {
	const { t, services, create } = await setup()
	await using _db = t
	for (let i = 0; i < 30; i++) await create(`Suchtest Person ${i}`, `suche-${String(i).padStart(2, '0')}@beispiel.ch`)
	await create('Maria Müller', 'm.mueller@firma.ch')
	await create('100% Rabatt_Fan', 'fan@beispiel.ch')

	const all = await services.admin.users.list({})
	expect(all.total).toBe(33)
	expect(all.users).toHaveLength(ADMIN_USERS_PAGE_SIZE)
	expect(all.pageCount).toBe(2)

	const page1 = await services.admin.users.list({ query: 'SUCHE-' })
	expect(page1).toMatchObject({ total: 30, page: 1, pageCount: 2 })
	expect(page1.users).toHaveLength(ADMIN_USERS_PAGE_SIZE)
	const page2 = await services.admin.users.list({ query: 'suche-', page: 2 })
	expect(page2.users).toHaveLength(30 - ADMIN_USERS_PAGE_SIZE)
	expect(new Set([...page1.users, ...page2.users].map((u) => u.email)).size).toBe(30)
	// Newest first.
	expect(page1.users[0]!.email).toBe('suche-29@beispiel.ch')
	// A page beyond the end shows the last page.
	expect((await services.admin.users.list({ query: 'suche-', page: 99 })).page).toBe(2)

	expect((await services.admin.users.list({ query: 'müller' })).users.map((u) => u.email)).toEqual(['m.mueller@firma.ch'])
	expect((await services.admin.users.list({ query: 'maria' })).users.map((u) => u.fullName)).toEqual(['Maria Müller'])
	// Wildcards match literally.
	expect((await services.admin.users.list({ query: '100%' })).users.map((u) => u.email)).toEqual(['fan@beispiel.ch'])
	expect((await services.admin.users.list({ query: '_' })).users.map((u) => u.email)).toEqual(['fan@beispiel.ch'])
	expect((await services.admin.users.list({ query: 'niemand' })).total).toBe(0)
	// Admin flag and credits are part of the row.
	const ada = (await services.admin.users.list({ query: 'Ada Admin' })).users[0]!
	expect(ada).toMatchObject({ isAdmin: true, subscriptionType: 'free' })
	expect(ada.creditsTotal).toBeGreaterThan(0)
})

test('npm run credits:grant -- <email> <amount> grants through the same use case (audited as the CLI)', async ({ signal }) => {
	const { t, create } = await setup()
	await using _db = t
	const target = await create('Clara Cli')
	const before = await t.db.selectFrom('profiles').select(['credits_remaining', 'credits_total']).where('id', '=', target.id).executeTakeFirstOrThrow()
	const run = (...args: Array<string>) => runScript('credits-grant.ts', args, { env: scriptEnv(t.url), signal })
	const ok = await run(target.email.toUpperCase(), '42', 'Gutschrift', 'per', 'CLI')
	expect(ok.out).toContain('Credits hinzugefügt: 42')
	expect(ok.code).toBe(0)
	const after = await t.db.selectFrom('profiles').select(['credits_remaining', 'credits_total']).where('id', '=', target.id).executeTakeFirstOrThrow()
	expect(after).toEqual({ credits_remaining: before.credits_remaining + 42, credits_total: before.credits_total + 42 })
	const audit = await t.db.selectFrom('admin_audit_log').select(['admin_id', 'admin_email', 'action', 'details']).where('target_id', '=', target.id).execute()
	expect(audit).toEqual([{ admin_id: null, admin_email: 'cli:credits:grant', action: 'user.credits_granted', details: expect.objectContaining({ amount: 42, reason: 'Gutschrift per CLI' }) }])

	expect((await run(target.email, '0')).code).toBe(2)
	const unknown = await run('niemand@beispiel.ch', '5')
	expect(unknown.out).toContain('Kein Benutzer')
	expect(unknown.code).toBe(1)
})

test("an admin lists a user's API keys and revokes one: the key stops working and the audit row says which", async () => {
	const { t, services, create, actor } = await setup()
	await using _db = t
	const target = await create('Toni Token')
	const other = await create('Olga Other')
	const made = await services.accounts.apiTokens.create(target.id, { name: 'Zapier', scopes: ['read', 'posts'], expiresAt: null })
	if (!made.ok || !made.secret) throw new Error('token not created')
	await services.accounts.apiTokens.create(target.id, { name: 'Make', scopes: ['read'], expiresAt: null })

	const listed = await services.admin.users.apiTokens(target.id)
	expect(listed.map((token) => token.name).sort()).toEqual(['Make', 'Zapier'])
	expect(listed.find((token) => token.name === 'Zapier')).toMatchObject({ scopes: ['read', 'posts'], revokedAt: null, lastUsedAt: null })
	expect(JSON.stringify(listed)).not.toContain(made.secret)

	// Another user's id with this token: not found, nothing revoked.
	expect(await services.admin.users.revokeApiToken(actor, { userId: other.id, tokenId: made.token.id })).toEqual({ ok: false, error: 'not_found' })
	expect(await services.admin.users.revokeApiToken(actor, { userId: target.id, tokenId: made.token.id })).toEqual({ ok: true })
	expect(await services.admin.users.revokeApiToken(actor, { userId: target.id, tokenId: made.token.id })).toEqual({ ok: false, error: 'already_revoked' })
	expect((await services.admin.users.apiTokens(target.id)).find((token) => token.name === 'Zapier')!.revokedAt).not.toBeNull()
	const call = { method: 'GET', path: '/api/v1/posts', via: 'api' } as const
	expect(await services.accounts.apiTokens.authorize(made.secret, 'read', call)).toEqual({ ok: false, error: 'unauthorized' })

	const audit = await services.admin.users.history(target.id)
	expect(audit).toHaveLength(1)
	expect(audit[0]).toMatchObject({ adminEmail: actor.email, action: 'user.api_token_revoked', targetId: target.id, details: { tokenId: made.token.id, name: 'Zapier' } })
})
