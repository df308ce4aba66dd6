import { expect, test } from 'vitest'
import { busiestWindow, scopeGranted } from '#modules/publishing/account-check.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

// The one preflight at planning time (the delivery planner): every way a post gets a time is checked
// against the networks' rules, the grant's scopes and the quota, and a post due now needs a working
// connection. A refused plan writes nothing.

const zurich = 'Europe/Zurich'
const inDays = (days: number, hour = 10) => {
	const at = new Date(Date.now() + days * 86_400_000)
	at.setUTCHours(hour, 0, 0, 0)
	return at
}
const dateOf = (at: Date) => at.toISOString().slice(0, 10)

test('calendar drag (reschedule) of a post a network would refuse is refused with the reason; the post keeps its time', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const at = inDays(3)
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Kurz', platforms: {} }, status: 'scheduled', scheduledAt: at, timeZone: zurich })
	// The text grows over the limit afterwards (an edit), then the post is dragged to another day.
	await h.services.content.updatePost(userId, post.id, { content: { base: 'x'.repeat(3100), platforms: {} } })
	const moved = await h.services.content.reschedulePost(userId, post.id, { date: dateOf(inDays(4)), time: '10:00', timeZone: zurich })
	expect(moved).toMatchObject({ ok: false, error: 'preflight' })
	expect(!moved.ok && moved.reasons?.join(' ')).toMatch(/LinkedIn zu lang: 3\D?100 von höchstens 3\D?000 Zeichen/)
	const saved = await t.db.selectFrom('posts').select('scheduled_at').where('id', '=', post.id).executeTakeFirstOrThrow()
	expect(saved.scheduled_at!.getTime()).toBe(at.getTime())
})

test('an Instagram post without an image cannot be planned by any path: creator, draft, automation writer', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['instagram'])
	const request = { date: dateOf(inDays(2)), time: '10:00', timeZone: zurich }
	const created = await h.services.content.createScheduledPost(userId, crypto.randomUUID(), { platform: 'instagram', content: { base: 'Ohne Bild', platforms: {} } }, request)
	expect(created).toMatchObject({ ok: false, error: 'preflight' })
	expect(!created.ok && created.reasons?.join(' ')).toMatch(/Instagram erlaubt keine reinen Textposts/)
	const draft = await h.services.content.createDraft(userId, { platforms: ['instagram'], content: { base: 'Entwurf ohne Bild', platforms: {} } })
	const fromDraft = await h.services.content.scheduleDraft(userId, draft.id, request, crypto.randomUUID())
	expect(fromDraft).toMatchObject({ ok: false, error: 'preflight' })
	// Nothing was written: no post, no delivery, the draft is still there.
	expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', userId).execute()).toEqual([])
	expect(await t.db.selectFrom('post_deliveries').select('id').where('user_id', '=', userId).execute()).toEqual([])
	expect(await h.services.content.getDraft(userId, draft.id)).not.toBeNull()
	// The plain service call automations use throws the refusal (their transaction rolls back).
	await expect(h.services.content.createPost(userId, { platform: 'instagram', content: { base: 'Automatisch', platforms: {} }, status: 'scheduled', scheduledAt: inDays(2), timeZone: zurich })).rejects.toMatchObject({ name: 'PlanRefused' })
})

test('a network without a connected account is refused at every planning, with the reason publish now gives', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const input = (base: string) => ({ platform: 'threads', content: { base, platforms: {} } }) as const
	const now = await h.services.content.publishNewPost(userId, crypto.randomUUID(), input('Sofort'), zurich)
	expect(now).toMatchObject({ ok: false, error: 'preflight', reasons: [expect.stringMatching(/^Für Threads ist kein Konto verbunden/)] })
	const reasons = !now.ok && now.reasons
	const request = { date: dateOf(inDays(2)), time: '10:00', timeZone: zurich }
	expect(await h.services.content.createScheduledPost(userId, crypto.randomUUID(), input('Später'), request)).toEqual({ ok: false, error: 'preflight', reasons })
	expect(await h.services.content.createPostAtNextSlot(userId, crypto.randomUUID(), input('Nächste Zeit'), zurich)).toEqual({ ok: false, error: 'preflight', reasons })
	const draft = await h.services.content.createDraft(userId, { platforms: ['threads'], content: { base: 'Entwurf', platforms: {} } })
	expect(await h.services.content.scheduleDraft(userId, draft.id, request, crypto.randomUUID())).toEqual({ ok: false, error: 'preflight', reasons })
	// A post for LinkedIn and Threads: only Threads is named.
	const both = await h.services.content.createScheduledPost(userId, crypto.randomUUID(), { platform: 'multiple', content: { base: 'Beide', platforms: { linkedin: 'Beide', threads: 'Beide' } } }, request)
	expect(both).toEqual({ ok: false, error: 'preflight', reasons })
	expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', userId).execute()).toEqual([])
})

test('publish now needs a working connection: to be reconnected, expired without refresh; planning for later does not', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const request = { date: dateOf(inDays(2)), time: '10:00', timeZone: zurich }

	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Gespeichert', platforms: {} }, status: 'draft', timeZone: zurich })
	await t.db.updateTable('social_tokens').set({ status: 'reconnect_required' }).where('user_id', '=', userId).execute()
	expect(await h.services.publishing.publishNow(userId, post.id)).toEqual({ refused: [expect.stringMatching(/Verbindung zu LinkedIn muss erneuert werden/)] })
	await t.db.updateTable('social_tokens').set({ status: 'active', expires_at: new Date(Date.now() - 60_000), refresh_token_encrypted: null }).where('user_id', '=', userId).execute()
	expect(await h.services.publishing.publishNow(userId, post.id)).toEqual({ refused: [expect.stringMatching(/Verbindung zu LinkedIn ist abgelaufen/)] })
	// Planned for later, the one-hour-before check asks to reconnect while there is time.
	expect((await h.services.content.createScheduledPost(userId, crypto.randomUUID(), { platform: 'linkedin', content: { base: 'Später', platforms: {} } }, request)).ok).toBe(true)
	expect(h.posts()).toHaveLength(0)
	const open = await t.db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(open.status).toBe('pending')
})

test('a grant without the publishing scope is refused at planning, with a reconnect reason', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	await t.db.updateTable('social_tokens').set({ scopes: ['openid', 'profile'] }).where('user_id', '=', userId).execute()
	const result = await h.services.content.createScheduledPost(userId, crypto.randomUUID(), { platform: 'linkedin', content: { base: 'Ohne Recht', platforms: {} } }, { date: dateOf(inDays(1)), time: '10:00', timeZone: zurich })
	expect(result).toMatchObject({ ok: false, error: 'preflight' })
	expect(!result.ok && result.reasons?.join(' ')).toMatch(/erlaubt das Veröffentlichen nicht/)
})

test('the posting quota: the 151st LinkedIn post within 24 hours is refused, one a day later is fine', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const base = inDays(2, 6)
	const posts = await t.db
		.insertInto('posts')
		.values(Array.from({ length: 150 }, (_, i) => ({ user_id: userId, title: `Post ${i}`, content: JSON.stringify({ base: `Post ${i}`, platforms: {} }), platform: 'linkedin', status: 'scheduled', scheduled_at: new Date(base.getTime() + i * 60_000), time_zone: zurich })))
		.returning('id')
		.execute()
	await t.db
		.insertInto('post_deliveries')
		.values(posts.map((p, i) => ({ post_id: p.id, user_id: userId, platform: 'linkedin', status: 'scheduled', scheduled_at: new Date(base.getTime() + i * 60_000) })))
		.execute()
	const full = await h.services.content.createScheduledPost(userId, crypto.randomUUID(), { platform: 'linkedin', content: { base: 'Einer zu viel', platforms: {} } }, { date: dateOf(base), time: '18:00', timeZone: zurich })
	expect(full).toMatchObject({ ok: false, error: 'preflight' })
	expect(!full.ok && full.reasons?.join(' ')).toMatch(/höchstens 150 Posts in 24 Stunden/)
	const nextDay = await h.services.content.createScheduledPost(userId, crypto.randomUUID(), { platform: 'linkedin', content: { base: 'Am Tag danach', platforms: {} } }, { date: dateOf(inDays(4, 6)), time: '10:00', timeZone: zurich })
	expect(nextDay.ok).toBe(true)
})

test('quota windows and scope parents', () => {
	const at = new Date('2026-12-01T12:00:00Z')
	const hour = (h: number) => new Date(at.getTime() + h * 3600_000)
	expect(busiestWindow([hour(-30), hour(-2), hour(1)], at, 24)).toBe(3)
	expect(busiestWindow([hour(-30), hour(30)], at, 24)).toBe(1)
	// Two posts before and two after, but no 24-hour window holds all four and the new one.
	expect(busiestWindow([hour(-20), hour(-19), hour(20), hour(21)], at, 24)).toBe(3)
	expect(scopeGranted(['write'], 'write:statuses')).toBe(true)
	expect(scopeGranted(['read'], 'write:statuses')).toBe(false)
	expect(scopeGranted(['w_member_social'], 'w_member_social')).toBe(true)
})
