import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { PlanChannelLimitSchema } from '#modules/billing/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { approveConsent } from '#tests/support/sandbox-consent.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

// Issue 38, channels: the plan's channel limit under parallel connects, and disconnecting one account
// (not the whole network) with its channels (ADR 0046).

const zurich = 'Europe/Zurich'
type Harness = Awaited<ReturnType<typeof publishingHarness>>

/** The OAuth flow of one LinkedIn member, answered as the service answers it (not thrown). */
async function connectMember(h: Harness, userId: string, member: string, organizations: string | null = null) {
	const { url } = await h.services.publishing.startConnect(userId, 'linkedin')
	const { code, state } = await approveConsent(url.replace(`${h.appUrl}/sandbox`, h.sandbox.base), 'allow', { member, organizations })
	return h.services.publishing.completeConnect(userId, 'linkedin', { state: state!, code: code! })
}

const channelsOf = (db: Kysely<DB>, userId: string) => db.selectFrom('channels').select(['id', 'page_name', 'social_token_id', 'is_default']).where('user_id', '=', userId).orderBy('page_name').execute()
const accountOf = (db: Kysely<DB>, userId: string, name: string) => db.selectFrom('social_tokens').select('id').where('user_id', '=', userId).where('account_name', '=', name).executeTakeFirstOrThrow()

test('the plan allows 3 channels: 5 accounts connected at once give exactly 3 channels, the other 2 are refused with channel_limit', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser([])
	await t.db.updateTable('plans').set({ channel_limit: 3 }).where('id', '=', 'free').execute()
	expect(await h.services.publishing.channelUsage(userId)).toEqual({ used: 0, limit: 3 })

	const members = ['Anna Eins', 'Bruno Zwei', 'Carla Drei', 'Dario Vier', 'Eva Fünf']
	const outcomes = await Promise.all(members.map((member) => connectMember(h, userId, member)))

	expect(outcomes.filter((o) => o.ok)).toHaveLength(3)
	expect(outcomes.filter((o) => !o.ok)).toEqual([
		{ ok: false, error: 'channel_limit', limit: 3 },
		{ ok: false, error: 'channel_limit', limit: 3 },
	])
	expect(await channelsOf(t.db, userId)).toHaveLength(3)
	// A refused account stores nothing: no token without a channel.
	expect(await t.db.selectFrom('social_tokens').select('id').where('user_id', '=', userId).execute()).toHaveLength(3)
	expect(await h.services.publishing.channelUsage(userId)).toEqual({ used: 3, limit: 3 })
})

test('an account whose channels do not all fit adds those that do and says how many were left out', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser([])
	await t.db.updateTable('plans').set({ channel_limit: 2 }).where('id', '=', 'free').execute()
	expect(await connectMember(h, userId, 'Anna Eins')).toMatchObject({ ok: true, leftOut: 0, limit: 2 })
	// The member profile and the organization page: one fits.
	expect(await connectMember(h, userId, 'Bruno Zwei', 'allow')).toMatchObject({ ok: true, leftOut: 1, limit: 2 })
	expect(await channelsOf(t.db, userId)).toHaveLength(2)
})

test("disconnecting one account removes its channels only; the other account's channels stay, its channel becomes the default, and deliveries keep no channel", async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser([])
	expect((await connectMember(h, userId, 'Anna Alt', 'allow')).ok).toBe(true)
	expect((await connectMember(h, userId, 'Bernd Neu')).ok).toBe(true)
	const anna = await accountOf(t.db, userId, 'Anna Alt')
	const bernd = await accountOf(t.db, userId, 'Bernd Neu')
	const before = await channelsOf(t.db, userId)
	const annas = before.filter((c) => c.social_token_id === anna.id)
	expect(annas).toHaveLength(2)
	expect(annas.some((c) => c.is_default)).toBe(true)

	// One post planned on both of Anna's channels (her profile and her page).
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Zweimal', platforms: {} }, status: 'scheduled', scheduledAt: new Date(Date.now() + 864e5), pageIds: { linkedin: annas[0]!.id }, timeZone: zurich })
	const planned = await t.db.selectFrom('post_deliveries').select(['channel_id', 'platform']).where('post_id', '=', post.id).execute()
	expect(planned).toEqual([{ channel_id: annas[0]!.id, platform: 'linkedin' }])
	await t.db.insertInto('post_deliveries').values({ post_id: post.id, user_id: userId, platform: 'linkedin', channel_id: annas[1]!.id, status: 'pending', scheduled_at: new Date(Date.now() + 864e5) }).execute()

	// Another user's account id: nothing happens.
	const other = await h.connectedUser([])
	expect(await h.services.publishing.disconnect(other.userId, anna.id)).toBeNull()
	expect(await h.services.publishing.startReconnect(other.userId, anna.id)).toBeNull()
	expect(await channelsOf(t.db, userId)).toEqual(before)

	expect(await h.services.publishing.disconnect(userId, anna.id)).toEqual({ platform: 'linkedin', accountName: 'Anna Alt' })
	const after = await channelsOf(t.db, userId)
	expect(after.map((c) => c.social_token_id)).toEqual([bernd.id])
	expect(after[0]!.is_default).toBe(true)
	expect(await t.db.selectFrom('social_tokens').select('id').where('user_id', '=', userId).execute()).toEqual([{ id: bernd.id }])
	// The post keeps one delivery for LinkedIn, without a channel (ADR 0044, 0046).
	expect(await t.db.selectFrom('post_deliveries').select(['channel_id', 'platform']).where('post_id', '=', post.id).execute()).toEqual([{ channel_id: null, platform: 'linkedin' }])

	// Disconnecting the same account again: not found.
	expect(await h.services.publishing.disconnect(userId, anna.id)).toBeNull()
})

test("'Verbindung erneuern' starts the flow on the account's network; the same member again keeps the channels", async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser([])
	expect((await connectMember(h, userId, 'Anna Alt')).ok).toBe(true)
	const anna = await accountOf(t.db, userId, 'Anna Alt')
	const before = await channelsOf(t.db, userId)
	await t.db.updateTable('social_tokens').set({ status: 'reconnect_required' }).where('id', '=', anna.id).execute()

	const started = await h.services.publishing.startReconnect(userId, anna.id)
	expect(started?.platform).toBe('linkedin')
	const { code, state } = await approveConsent(started!.url.replace(`${h.appUrl}/sandbox`, h.sandbox.base), 'allow', { member: 'Anna Alt', organizations: null })
	expect(await h.services.publishing.completeConnect(userId, 'linkedin', { state: state!, code: code! })).toMatchObject({ ok: true, leftOut: 0 })
	expect(await channelsOf(t.db, userId)).toEqual(before)
	expect((await t.db.selectFrom('social_tokens').select('status').where('id', '=', anna.id).executeTakeFirstOrThrow()).status).toBe('active')
})

test("the admin sets a plan's channel limit (1 to 1000, audited); the next connect keeps to it", async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser([])
	const admin = { id: userId, email: 'admin@beispiel.ch' }
	expect(PlanChannelLimitSchema.safeParse({ planId: 'free', channelLimit: '0' }).success).toBe(false)
	expect(PlanChannelLimitSchema.safeParse({ planId: 'free', channelLimit: '1001' }).success).toBe(false)
	expect(PlanChannelLimitSchema.safeParse({ planId: 'free', channelLimit: '2.5' }).success).toBe(false)
	expect(PlanChannelLimitSchema.parse({ planId: 'free', channelLimit: '1' })).toEqual({ planId: 'free', channelLimit: 1 })

	expect(await h.services.billing.plans.setChannelLimit(admin, 'free', 1)).toBe(true)
	expect(await h.services.billing.plans.setChannelLimit(admin, 'gibt-es-nicht', 5)).toBe(false)
	expect((await h.services.billing.plans.list()).find((p) => p.id === 'free')?.channelLimit).toBe(1)
	const audit = await t.db.selectFrom('admin_audit_log').select(['action', 'target_id', 'details']).where('admin_id', '=', userId).execute()
	expect(audit).toEqual([{ action: 'plan.channel_limit_changed', target_id: 'free', details: { from: 10, to: 1 } }])

	expect((await connectMember(h, userId, 'Anna Eins')).ok).toBe(true)
	expect(await connectMember(h, userId, 'Bruno Zwei')).toEqual({ ok: false, error: 'channel_limit', limit: 1 })
})

test("making a channel the default of its network changes its own brand's default only; another brand keeps its default", async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser([])
	expect((await connectMember(h, userId, 'Anna Alt')).ok).toBe(true)
	expect((await connectMember(h, userId, 'Bernd Neu')).ok).toBe(true)
	const bernd = await accountOf(t.db, userId, 'Bernd Neu')
	const berndsChannel = (await channelsOf(t.db, userId)).find((c) => c.social_token_id === bernd.id)!
	// Bernd's profile goes to a brand of its own, where it becomes that brand's default of the network.
	const privat = await t.db.insertInto('brands').values({ user_id: userId, name: 'Privat' }).returning('id').executeTakeFirstOrThrow()
	await t.db.updateTable('channels').set({ brand_id: privat.id, is_default: false }).where('id', '=', berndsChannel.id).execute()
	expect(await h.services.publishing.setDefaultPage(userId, berndsChannel.id)).toBe(true)

	const defaults = await t.db.selectFrom('channels').select(['id', 'brand_id']).where('user_id', '=', userId).where('is_default', '=', true).execute()
	expect(defaults).toHaveLength(2)
	expect(defaults.find((d) => d.brand_id === privat.id)?.id).toBe(berndsChannel.id)
	expect(defaults.some((d) => d.brand_id !== privat.id)).toBe(true)
})
