import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import type { Kysely } from 'kysely'
import { createTestDatabase } from '#tests/support/db.ts'
import { runJobsOnce, waitingJobs } from '#tests/support/jobs.ts'
import { meta, testServices } from '#tests/support/services.ts'

const password = 'richtig-langes-Passwort'

async function mailLinks(db: Kysely<DB>, to: string) {
	const jobs = await waitingJobs<{ to: string; link: string; kind: string }>(db, 'accounts_send_mail')
	return jobs.map((job) => job.payload).filter((p) => p.to === to)
}

function tokenOf(link: string) {
	return new URL(link).searchParams.get('token')!
}

async function signedUpAndConfirmed(db: Kysely<DB>, email = `${randomUUID()}@beispiel.ch`) {
	const { services } = testServices(db)
	const signUp = await services.accounts.signUp({ fullName: 'Anna Muster', email, password })
	if (!signUp.ok) throw new Error(signUp.error)
	const [mail] = await mailLinks(db, email)
	await services.accounts.confirmEmail(tokenOf(mail!.link))
	return { userId: signUp.userId, email }
}

test('sign-up stores an argon2id hash, the free plan with 50 ledgered credits and enqueues the confirmation mail', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const result = await services.accounts.signUp({ fullName: 'Anna Muster', email: 'anna@beispiel.ch', password })
	expect(result.ok).toBe(true)
	const user = await t.db.selectFrom('users').selectAll().where('email', '=', 'anna@beispiel.ch').executeTakeFirstOrThrow()
	expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
	expect(user.email_verified_at).toBeNull()
	const profile = await t.db.selectFrom('profiles').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()
	expect(profile).toMatchObject({ subscription_type: 'free', credits_remaining: 50, credits_total: 50, full_name: 'Anna Muster' })
	const ledger = await t.db.selectFrom('credit_transactions').selectAll().where('user_id', '=', user.id).execute()
	expect(ledger).toHaveLength(1)
	expect(ledger[0]).toMatchObject({ credits_amount: 50, balance_after: 50, transaction_type: 'signup_bonus' })
	const mails = await mailLinks(t.db, 'anna@beispiel.ch')
	expect(mails).toHaveLength(1)
	expect(mails[0]!.link).toMatch(/^http:\/\/127\.0\.0\.1:3999\/auth\/confirm\?token=[\w-]{43}$/)
	// Only the hash of the token is stored.
	const stored = await t.db.selectFrom('email_tokens').select('token_hash').execute()
	expect(stored.map((s) => s.token_hash)).not.toContain(tokenOf(mails[0]!.link))
})

test('a second sign-up with the same e-mail is refused', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	await services.accounts.signUp({ fullName: 'Anna', email: 'anna@beispiel.ch', password })
	const again = await services.accounts.signUp({ fullName: 'Anna Zwei', email: 'anna@beispiel.ch', password: 'anderes-passwort' })
	expect(again).toEqual({ ok: false, error: 'email_taken' })
})

test('sign-in needs a confirmed e-mail, rotates sessions and sign-out revokes them', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const email = 'ben@beispiel.ch'
	await services.accounts.signUp({ fullName: 'Ben', email, password })
	expect(await services.accounts.signIn({ email, password }, meta)).toEqual({ ok: false, error: 'email_not_confirmed' })
	const [mail] = await mailLinks(t.db, email)
	expect((await services.accounts.confirmEmail(tokenOf(mail!.link))).ok).toBe(true)
	// A confirmation link works once.
	expect(await services.accounts.confirmEmail(tokenOf(mail!.link))).toEqual({ ok: false, error: 'invalid_token' })

	expect(await services.accounts.signIn({ email, password: 'falsch-falsch' }, meta)).toEqual({ ok: false, error: 'invalid_credentials' })
	expect(await services.accounts.signIn({ email: 'niemand@beispiel.ch', password }, meta)).toEqual({ ok: false, error: 'invalid_credentials' })
	const first = await services.accounts.signIn({ email, password }, meta)
	const second = await services.accounts.signIn({ email, password }, meta)
	if (!first.ok || !second.ok) throw new Error('sign-in failed')
	expect(first.token).not.toBe(second.token)
	expect(first.token.length).toBeGreaterThanOrEqual(43)
	expect((await services.accounts.getSessionUser(first.token))?.email).toBe(email)
	await services.accounts.signOut(first.token)
	expect(await services.accounts.getSessionUser(first.token)).toBeNull()
	expect((await services.accounts.getSessionUser(second.token))?.email).toBe(email)
	// The table never holds the token itself.
	const ids = await t.db.selectFrom('sessions').select('id').execute()
	expect(ids.map((r) => r.id)).not.toContain(second.token)
})

test('passwords are compared exactly as typed', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const long = `Pässwörd-${'x'.repeat(100)} `
	const user = await services.accounts.createConfirmedUser({ email: 'exakt@beispiel.ch', password: long, fullName: 'Exakt' })
	expect(user).toBeTruthy()
	expect((await services.accounts.signIn({ email: 'exakt@beispiel.ch', password: long }, meta)).ok).toBe(true)
	for (const variant of [long.trim(), long.toUpperCase(), long.slice(0, 72)]) {
		expect((await services.accounts.signIn({ email: 'exakt@beispiel.ch', password: variant }, meta)).ok).toBe(false)
	}
})

test('ten failed sign-ins lock the e-mail, even for the right password afterwards', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const { email } = await signedUpAndConfirmed(t.db)
	for (let i = 0; i < 10; i++) {
		const result = await services.accounts.signIn({ email, password: `falsch-${i}-xxxx` }, { ...meta, ip: `10.0.0.${i}` })
		expect(result).toEqual({ ok: false, error: 'invalid_credentials' })
	}
	const locked = await services.accounts.signIn({ email, password }, { ...meta, ip: '10.0.1.1' })
	expect(locked.ok).toBe(false)
	if (!locked.ok) {
		expect(locked.error).toBe('rate_limited')
		expect(locked.retryAfterSeconds).toBeGreaterThan(0)
	}
	// The window passes: the lock ends.
	await t.db.updateTable('rate_limits').set({ window_start: sql`now() - interval '16 minutes'` }).execute()
	expect((await services.accounts.signIn({ email, password }, meta)).ok).toBe(true)
})

test('two users cannot read each other\'s agent, profile or session', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const a = await signedUpAndConfirmed(t.db)
	const b = await signedUpAndConfirmed(t.db)
	const draft = { draftId: randomUUID(), agentName: 'Annas Agent', avatar: 'rocket', personality: 'friendly', targetAudience: 'Gründerinnen', description: '', tone: 'inspiring', industry: 'consulting' } as const
	await services.agents.saveOnboardingAgent(a.userId, draft)
	expect(await services.agents.listAgents(b.userId)).toEqual([])
	expect((await services.agents.listAgents(a.userId)).map((x) => x.name)).toEqual(['Annas Agent'])
	// B replaying A's draft id gets an agent of B's own, never A's row.
	const replay = await services.agents.saveOnboardingAgent(b.userId, draft)
	const aAgents = await services.agents.listAgents(a.userId)
	expect(replay.ok && replay.agentId).not.toBe(aAgents[0]!.id)
	expect(await services.agents.listAgents(a.userId)).toHaveLength(1)

	const sessionA = await services.accounts.signIn({ email: a.email, password }, meta)
	if (!sessionA.ok) throw new Error('sign-in failed')
	const seen = await services.accounts.getSessionUser(sessionA.token)
	expect(seen?.id).toBe(a.userId)
	expect((await services.accounts.getProfile(b.userId))?.email).toBe(b.email)
	expect((await services.accounts.getProfile(a.userId))?.email).toBe(a.email)
	// A forged or foreign token is nobody.
	expect(await services.accounts.getSessionUser('x'.repeat(43))).toBeNull()
})

test('a second concurrent onboarding hand-over creates one agent', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const { userId } = await signedUpAndConfirmed(t.db)
	const draft = { draftId: randomUUID(), agentName: 'Mein Agent', avatar: 'bot', personality: 'professional', targetAudience: 'KMU in der Schweiz', description: 'Beratung', tone: 'professional', industry: 'technology' } as const
	const results = await Promise.all([1, 2, 3].map(() => services.agents.saveOnboardingAgent(userId, draft)))
	expect(results.every((r) => r.ok)).toBe(true)
	expect(results.filter((r) => r.ok && r.created)).toHaveLength(1)
	const agents = await services.agents.listAgents(userId)
	expect(agents).toHaveLength(1)
	expect(agents[0]).toMatchObject({ name: 'Mein Agent', is_default: true, agent_order: 0, target_audience: 'KMU in der Schweiz' })
})

test('an expired or reused reset link is refused; a used one ends all sessions', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const { email, userId } = await signedUpAndConfirmed(t.db)
	const session = await services.accounts.signIn({ email, password }, meta)
	if (!session.ok) throw new Error('sign-in failed')

	await services.accounts.requestPasswordReset(email)
	await services.accounts.requestPasswordReset('unbekannt@beispiel.ch')
	const resets = (await mailLinks(t.db, email)).filter((m) => m.kind === 'reset')
	expect(resets).toHaveLength(1)
	expect(await mailLinks(t.db, 'unbekannt@beispiel.ch')).toHaveLength(0)
	const token = tokenOf(resets[0]!.link)

	// Two racing uses of one link: exactly one wins.
	const both = await Promise.all([services.accounts.resetPassword(token, 'neues-passwort-1'), services.accounts.resetPassword(token, 'neues-passwort-2')])
	expect(both.filter((r) => r.ok)).toHaveLength(1)
	expect(await services.accounts.resetPassword(token, 'noch-ein-passwort')).toEqual({ ok: false, error: 'invalid_token' })
	expect(await services.accounts.getSessionUser(session.token)).toBeNull()

	await services.accounts.requestPasswordReset(email)
	const latest = (await mailLinks(t.db, email)).filter((m) => m.kind === 'reset').at(-1)!
	await t.db.updateTable('email_tokens').set({ expires_at: sql`now() - interval '1 minute'` }).where('user_id', '=', userId).where('used_at', 'is', null).execute()
	expect(await services.accounts.isResetTokenUsable(tokenOf(latest.link))).toBe(false)
	expect(await services.accounts.resetPassword(tokenOf(latest.link), 'abgelaufen-passwort')).toEqual({ ok: false, error: 'invalid_token' })
})

test('Google sign-in keys on the subject, needs a verified e-mail to link, and creates new accounts with credits', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const { email, userId } = await signedUpAndConfirmed(t.db)
	const unverified = await services.accounts.signInWithGoogle({ subject: 'g-1', email, emailVerified: false, name: 'X' }, meta)
	expect(unverified).toEqual({ ok: false, error: 'google_email_unverified' })
	const linked = await services.accounts.signInWithGoogle({ subject: 'g-1', email, emailVerified: true, name: 'X' }, meta)
	expect(linked.ok && linked.userId).toBe(userId)
	// Same subject with a changed e-mail: still the same account.
	const again = await services.accounts.signInWithGoogle({ subject: 'g-1', email: 'neu@beispiel.ch', emailVerified: true, name: 'X' }, meta)
	expect(again.ok && again.userId).toBe(userId)
	const fresh = await services.accounts.signInWithGoogle({ subject: 'g-2', email: 'Neu.Google@Beispiel.ch', emailVerified: true, name: 'Nina Neu' }, meta)
	if (!fresh.ok) throw new Error(fresh.error)
	expect(fresh.created).toBe(true)
	const profile = await services.accounts.getProfile(fresh.userId)
	expect(profile).toMatchObject({ email: 'neu.google@beispiel.ch', full_name: 'Nina Neu', credits_remaining: 50 })
})

test('admin role is read fresh on every request', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const { email, userId } = await signedUpAndConfirmed(t.db)
	const session = await services.accounts.signIn({ email, password }, meta)
	if (!session.ok) throw new Error('sign-in failed')
	expect((await services.accounts.getSessionUser(session.token))?.isAdmin).toBe(false)
	expect(await services.accounts.grantRole(email, 'admin')).toBe(true)
	expect((await services.accounts.getSessionUser(session.token))?.isAdmin).toBe(true)
	await t.db.deleteFrom('user_roles').where('user_id', '=', userId).execute()
	expect((await services.accounts.getSessionUser(session.token))?.isAdmin).toBe(false)
	expect(await services.accounts.grantRole('niemand@beispiel.ch', 'admin')).toBe(false)
})

test('the confirmation mail job delivers through the mailer (dev mailbox) exactly once', async () => {
	await using t = await createTestDatabase()
	const { services, tasks } = testServices(t.db)
	await services.accounts.signUp({ fullName: 'Mia "Zeile\nBcc: x@y.z" Muster', email: 'mia@beispiel.ch', password })
	const { toTaskList } = await import('#modules/core/jobs.server.ts')
	const { createLogger } = await import('#modules/core/logger.server.ts')
	await runJobsOnce(t.pool, toTaskList(tasks, createLogger('silent')))
	await runJobsOnce(t.pool, toTaskList(tasks, createLogger('silent')))
	const mails = await services.devMailbox!.list()
	expect(mails).toHaveLength(1)
	expect(mails[0]).toMatchObject({ to: 'mia@beispiel.ch', subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' })
	expect(mails[0]!.text).toContain('/auth/confirm?token=')
	// The user's name cannot break out of its line.
	expect(mails[0]!.text.split('\n')[0]).toBe('Hallo Mia "Zeile Bcc: x@y.z" Muster,')
})

test('a confirmation link can be sent again, only to unconfirmed accounts, and the old link dies', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	await services.accounts.signUp({ fullName: 'Rita', email: 'rita@beispiel.ch', password })
	await services.accounts.resendConfirmation('rita@beispiel.ch')
	const [first, second] = await mailLinks(t.db, 'rita@beispiel.ch')
	expect(second).toBeDefined()
	expect(await services.accounts.isConfirmTokenUsable(tokenOf(first!.link))).toBe(false)
	expect((await services.accounts.confirmEmail(tokenOf(second!.link))).ok).toBe(true)
	await services.accounts.resendConfirmation('rita@beispiel.ch')
	await services.accounts.resendConfirmation('niemand@beispiel.ch')
	expect(await mailLinks(t.db, 'rita@beispiel.ch')).toHaveLength(2)
	expect(await mailLinks(t.db, 'niemand@beispiel.ch')).toHaveLength(0)
})
