import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { seedToolboxConfigs } from '#modules/toolbox/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { testServices } from '#tests/support/services.ts'
import { connectAccounts } from '#tests/support/connected-accounts.ts'
import { testPlatforms } from '#tests/support/platforms.ts'
import { waitingJobs } from '#tests/support/jobs.ts'

const helpers = { jobId: 'test', attempts: 1 }
const DAY = 24 * 3600 * 1000

async function user(services: ReturnType<typeof testServices>['services']) {
	return services.accounts.createConfirmedUser({ email: `${randomUUID()}@beispiel.ch`, password: 'ein-langes-passwort', fullName: 'Rita Repost' })
}

/** A published post with engagement, published `daysAgo` days ago. */
async function published(db: Kysely<DB>, userId: string, input: { title: string; daysAgo: number; likes: number; comments?: number; shares?: number; platform?: string; textOrigin?: string }) {
	const row = await db
		.insertInto('posts')
		.values({
			user_id: userId,
			title: input.title,
			content: JSON.stringify({ base: `${input.title} – Text`, platforms: {} }),
			platform: input.platform ?? 'linkedin',
			status: 'published',
			published_at: new Date(Date.now() - input.daysAgo * DAY),
			engagement_likes: input.likes,
			engagement_comments: input.comments ?? 0,
			engagement_shares: input.shares ?? 0,
			text_origin: input.textOrigin ?? null,
		})
		.returning(['id', 'brand_id'])
		.executeTakeFirstOrThrow()
	// Its image for every network and LinkedIn's own (ADR 0053: what image_url and platform_images held).
	const image = { post_id: row.id, user_id: userId, brand_id: row.brand_id, kind: 'image', url: '/media/bild.jpg', file_key: 'bild.jpg', source: 'upload', alt_text: 'Ein Bild' }
	await db.insertInto('post_media').values([{ ...image, position: 0, networks: null }, { ...image, position: 1, networks: ['linkedin'], ai_generated: true, source: 'generation' }]).execute()
	return row.id
}

const mediaOf = (db: Kysely<DB>, postId: string) =>
	db.selectFrom('post_media').select(['position', 'url', 'networks', 'alt_text', 'ai_generated', 'source']).where('post_id', '=', postId).orderBy('position').execute()

async function setup() {
	const t = await createTestDatabase()
	await seedToolboxConfigs(t.db, testPlatforms.ids)
	const { services, tasks } = testServices(t.db)
	const run = (userId: string) => tasks.find((task) => task.id === 'toolbox_auto_repost_user')!.handler({ userId }, helpers)
	return Object.assign(t, { services, tasks, run })
}

async function enable(services: ReturnType<typeof testServices>['services'], userId: string, settings = { minEngagement: 100, repostAfterDays: 30, platforms: ['linkedin'] }) {
	await services.toolbox.setEnabled(userId, 'autoRepost', true)
	expect(await services.toolbox.saveSettings(userId, 'autoRepost', settings)).toMatchObject({ ok: true })
}

const reviews = (db: Kysely<DB>, userId: string) =>
	db.selectFrom('posts').select(['id', 'status', 'repost_of', 'content', 'platform']).where('user_id', '=', userId).where('status', '=', 'review').execute()

test('a post above the threshold and old enough is proposed once in review — run twice and concurrently', async () => {
	await using t = await setup()
	const userId = await user(t.services)
	await enable(t.services, userId)
	const top = await published(t.db, userId, { title: 'Top-Beitrag', daysAgo: 40, likes: 80, comments: 15, shares: 5, textOrigin: 'web-article' })
	const recent = await published(t.db, userId, { title: 'Zu frisch', daysAgo: 5, likes: 500 })
	const weak = await published(t.db, userId, { title: 'Zu schwach', daysAgo: 60, likes: 60, comments: 10, shares: 5 })
	const elsewhere = await published(t.db, userId, { title: 'Facebook', daysAgo: 60, likes: 500, platform: 'facebook' })

	await Promise.all([t.run(userId), t.run(userId)])
	await t.run(userId)

	const proposed = await reviews(t.db, userId)
	expect(proposed).toEqual([
		expect.objectContaining({ status: 'review', repost_of: top, platform: 'linkedin', content: JSON.stringify({ base: 'Top-Beitrag – Text', platforms: {} }) }),
	])
	// The copy's media are the source's, in order, with their alt text and origin.
	expect(await mediaOf(t.db, proposed[0]!.id)).toEqual(await mediaOf(t.db, top))
	// The same texts: generated ones stay generated for the AI label (ADR 0067).
	expect(await t.db.selectFrom('posts').select('text_origin').where('id', '=', proposed[0]!.id).executeTakeFirstOrThrow()).toEqual({ text_origin: 'web-article' })
	expect(await t.services.content.getPost(userId, proposed[0]!.id)).toMatchObject({ imageUrl: '/media/bild.jpg', images: { linkedin: '/media/bild.jpg' } })
	expect(proposed.map((p) => p.repost_of)).not.toContain(recent)
	expect(proposed.map((p) => p.repost_of)).not.toContain(weak)
	expect(proposed.map((p) => p.repost_of)).not.toContain(elsewhere)
	// Its delivery waits for the approval.
	expect(await t.db.selectFrom('post_deliveries').select(['platform', 'status']).where('post_id', '=', proposed[0]!.id).execute()).toEqual([{ platform: 'linkedin', status: 'pending' }])
	const runs = await t.db.selectFrom('tool_runs').select(['run_key', 'status', 'items', 'minutes_saved']).where('user_id', '=', userId).execute()
	expect(runs).toEqual([{ run_key: `repost:${top}`, status: 'success', items: 1, minutes_saved: 10 }])
	const log = await t.db.selectFrom('activity_logs').select(['title', 'log_type']).where('user_id', '=', userId).execute()
	expect(log).toEqual([{ title: 'Repost von „Top-Beitrag“ zur Überprüfung vorgeschlagen', log_type: 'automation' }])

	// Discarded proposals do not come back.
	expect(await t.services.content.deletePost(userId, proposed[0]!.id)).toEqual({ ok: true })
	await t.run(userId)
	expect(await reviews(t.db, userId)).toEqual([])

	// Approving: review -> scheduled through the posts page's 'Post planen'.
	const fresh = await published(t.db, userId, { title: 'Noch ein Hit', daysAgo: 31, likes: 100 })
	await t.run(userId)
	const [next] = await reviews(t.db, userId)
	expect(next!.repost_of).toBe(fresh)
	const tomorrow = new Date(Date.now() + DAY).toLocaleDateString('sv-SE', { timeZone: 'Europe/Zurich' })
	await connectAccounts(t.db, userId, ['linkedin'])
	const planned = await t.services.content.schedulePost(userId, next!.id, { date: tomorrow, time: '17:00', timeZone: 'Europe/Zurich' })
	expect(planned).toMatchObject({ ok: true, post: { status: 'scheduled' } })
	expect(await t.db.selectFrom('post_deliveries').select('status').where('post_id', '=', next!.id).execute()).toEqual([{ status: 'scheduled' }])
})

test('below the threshold, too recent, disabled or unavailable: nothing is proposed; other users are never touched', async () => {
	await using t = await setup()
	const alice = await user(t.services)
	const bob = await user(t.services)
	const carla = await user(t.services)
	await enable(t.services, alice, { minEngagement: 1000, repostAfterDays: 30, platforms: ['linkedin'] })
	await published(t.db, alice, { title: 'Unter der Schwelle', daysAgo: 90, likes: 999 })
	await published(t.db, alice, { title: 'Zu frisch', daysAgo: 29, likes: 5000 })
	// Bob has a post that would qualify, but the tool is off.
	await published(t.db, bob, { title: 'Bob', daysAgo: 90, likes: 5000 })
	await t.services.toolbox.saveSettings(bob, 'autoRepost', { minEngagement: 1, repostAfterDays: 1, platforms: ['linkedin'] })
	// Carla has it on, but the admin switched the tool off for everyone.
	await enable(t.services, carla, { minEngagement: 1, repostAfterDays: 1, platforms: ['linkedin'] })
	const carlas = await published(t.db, carla, { title: 'Carla', daysAgo: 90, likes: 5000 })

	await t.run(alice)
	await t.run(bob)
	expect(await reviews(t.db, alice)).toEqual([])
	expect(await reviews(t.db, bob)).toEqual([])

	// Alice's run never proposes Carla's post, whatever Alice's settings.
	await enable(t.services, alice, { minEngagement: 1, repostAfterDays: 1, platforms: ['linkedin'] })
	await t.run(alice)
	const alices = await reviews(t.db, alice)
	expect(alices).toHaveLength(2)
	expect(alices.map((p) => p.repost_of)).not.toContain(carlas)
	expect(await t.db.selectFrom('tool_runs').select('user_id').where('user_id', '<>', alice).execute()).toEqual([])

	await t.db.updateTable('admin_toolbox_configs').set({ is_available: false }).where('tool_name', '=', 'autoRepost').execute()
	await t.run(carla)
	await t.tasks.find((task) => task.id === 'toolbox_auto_repost')!.handler({}, helpers)
	expect(await waitingJobs(t.db, 'toolbox_auto_repost_user')).toEqual([])
	expect(await reviews(t.db, carla)).toEqual([])
	expect(await t.db.selectFrom('tool_runs').select('user_id').where('user_id', '=', carla).execute()).toEqual([])
})

test('engagement synced from the network (default page, no page chosen) feeds the proposal', async () => {
	await using t = await createTestDatabase()
	await seedToolboxConfigs(t.db, testPlatforms.ids)
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Ein Beitrag, der ankommt', platforms: {} }, status: 'draft', timeZone: 'Europe/Zurich' })
	await h.services.publishing.publishNow(userId, post.id)
	await h.runDueJobs()
	const delivery = await t.db.selectFrom('post_deliveries').select(['status', 'channel_id']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	// No page chosen: planning gave the delivery its brand's default channel (ADR 0045).
	const defaultChannel = await t.db.selectFrom('channels').select('id').where('user_id', '=', userId).where('is_default', '=', true).executeTakeFirstOrThrow()
	expect(delivery).toEqual({ status: 'published', channel_id: defaultChannel.id })

	await h.services.publishing.refreshFollowers(userId)
	const synced = await t.db.selectFrom('posts').select(['engagement_likes', 'engagement_comments', 'engagement_shares', 'engagement_views']).where('id', '=', post.id).executeTakeFirstOrThrow()
	const total = synced.engagement_likes + synced.engagement_comments + synced.engagement_shares
	expect(total + synced.engagement_views).toBeGreaterThan(0)

	await t.db.updateTable('posts').set({ published_at: new Date(Date.now() - 40 * DAY) }).where('id', '=', post.id).execute()
	await enable(h.services, userId, { minEngagement: total, repostAfterDays: 30, platforms: ['linkedin'] })
	await h.composition.tasks.find((task) => task.id === 'toolbox_auto_repost_user')!.handler({ userId }, helpers)
	expect((await reviews(t.db, userId)).map((p) => p.repost_of)).toEqual([post.id])
})
