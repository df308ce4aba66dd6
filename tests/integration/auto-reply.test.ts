import { sql, type Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { seedToolboxConfigs } from '#modules/toolbox/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { testPlatforms } from '#tests/support/platforms.ts'
import { waitingJobs } from '#tests/support/jobs.ts'

type Harness = Awaited<ReturnType<typeof publishingHarness>>
const helpers = { jobId: 'test', attempts: 1 }
const settings = { keywords: ['preis', 'kosten'], responseTemplates: ['Hallo {name}, danke für deine Frage! Wir melden uns per Nachricht.'], platforms: ['linkedin'] }

/** A user with LinkedIn connected, the tool on and configured, and one published post. */
async function publishedUser(h: Harness, db: Kysely<DB>, options: { enabled?: boolean; settings?: object } = {}) {
	const { userId } = await h.connectedUser(['linkedin'])
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: `Neues Angebot ${userId.slice(0, 6)}`, platforms: {} }, status: 'draft', timeZone: 'Europe/Zurich' })
	await h.services.publishing.publishNow(userId, post.id)
	await h.runDueJobs()
	const delivery = await db.selectFrom('post_deliveries').select(['id', 'external_id', 'status']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(delivery.status).toBe('published')
	if (options.enabled !== false) await h.services.toolbox.setEnabled(userId, 'autoReply', true)
	expect(await h.services.toolbox.saveSettings(userId, 'autoReply', options.settings ?? settings)).toMatchObject({ ok: true })
	return { userId, postId: post.id, deliveryId: delivery.id, urn: delivery.external_id! }
}

function comment(h: Harness, urn: string, authorName: string, text: string) {
	return h.li.store.addComment({ id: h.li.store.commentId('linkedin', urn), platform: 'linkedin', postId: urn, parentId: null, authorId: `follower-${authorName}`, authorName, text })
}

const repliesTo = (h: Harness, urn: string, commentId: string) => h.li.store.findComments('linkedin', urn, commentId)

function run(h: Harness, userId: string) {
	return h.composition.tasks.find((task) => task.id === 'toolbox_auto_reply_user')!.handler({ userId }, helpers)
}

async function runsOf(db: Kysely<DB>, userId: string) {
	return db.selectFrom('tool_runs').select(['run_key', 'status', 'items', 'summary']).where('user_id', '=', userId).where('tool_name', '=', 'autoReply').execute()
}

test('a matching comment is answered exactly once — run twice and concurrently; a non-matching one gets nothing', async () => {
	await using t = await createTestDatabase()
	await seedToolboxConfigs(t.db, testPlatforms.ids)
	await using h = await publishingHarness(t)
	const user = await publishedUser(h, t.db)
	const asks = comment(h, user.urn, 'Anna', 'Was ist der PREIS dafür?')
	const praise = comment(h, user.urn, 'Beat', 'Toller Beitrag!')

	// Concurrent first runs (two workers), then twice more one after the other.
	await Promise.all([run(h, user.userId), run(h, user.userId), run(h, user.userId)])
	await run(h, user.userId)
	await run(h, user.userId)

	expect(repliesTo(h, user.urn, asks.id).map((r) => r.text)).toEqual(['Hallo Anna, danke für deine Frage! Wir melden uns per Nachricht.'])
	expect(repliesTo(h, user.urn, praise.id)).toEqual([])
	expect(h.routers.linkedin!.count('POST /rest/socialActions/:urn/comments')).toBe(1)
	const rows = await t.db.selectFrom('comment_replies').select(['comment_id', 'status', 'reply_external_id', 'user_id', 'comment_author']).execute()
	expect(rows).toEqual([{ comment_id: asks.id, status: 'sent', reply_external_id: repliesTo(h, user.urn, asks.id)[0]!.id, user_id: user.userId, comment_author: 'Anna' }])
	expect(await runsOf(t.db, user.userId)).toEqual([{ run_key: `reply:${user.deliveryId}:${asks.id}`, status: 'success', items: 1, summary: 'Kommentar von Anna auf LinkedIn beantwortet' }])
	const log = await t.db.selectFrom('activity_logs').select(['title', 'status']).where('user_id', '=', user.userId).where('log_type', '=', 'automation').execute()
	expect(log).toEqual([{ title: 'Kommentar von Anna auf LinkedIn beantwortet', status: 'success' }])

	// A later comment is answered on the next run; our own reply is never taken for a new comment.
	const later = comment(h, user.urn, 'Carla', 'Welche Kosten kommen dazu?')
	await run(h, user.userId)
	expect(repliesTo(h, user.urn, later.id)).toHaveLength(1)
	expect(repliesTo(h, user.urn, asks.id)).toHaveLength(1)
	expect(await runsOf(t.db, user.userId)).toHaveLength(2)
})

test('a crash after the reply left is reconciled (found: sent), a crash before it ends unknown — never a second reply', async () => {
	await using t = await createTestDatabase()
	await seedToolboxConfigs(t.db, testPlatforms.ids)
	let crashAt: 'before_send' | 'after_send' | null = null
	await using h = await publishingHarness(t, (point) => {
		if (point === crashAt) {
			crashAt = null
			throw new Error(`simulated crash ${point}`)
		}
	})
	const user = await publishedUser(h, t.db)
	const first = comment(h, user.urn, 'Anna', 'Preis?')

	crashAt = 'after_send'
	await expect(run(h, user.userId)).rejects.toThrow('simulated crash')
	expect(repliesTo(h, user.urn, first.id)).toHaveLength(1)
	expect(await t.db.selectFrom('comment_replies').select('status').execute()).toEqual([{ status: 'sending' }])
	// While the attempt may still be alive, a run leaves it alone.
	await run(h, user.userId)
	expect(repliesTo(h, user.urn, first.id)).toHaveLength(1)
	// Once it is stale, the run looks for the reply instead of sending it again.
	await sql`update comment_replies set created_at = now() - interval '10 minutes'`.execute(t.db)
	await run(h, user.userId)
	await run(h, user.userId)
	expect(repliesTo(h, user.urn, first.id)).toHaveLength(1)
	expect(await t.db.selectFrom('comment_replies').select(['status', 'reply_external_id']).execute()).toEqual([{ status: 'sent', reply_external_id: repliesTo(h, user.urn, first.id)[0]!.id }])

	const second = comment(h, user.urn, 'Beat', 'Und die Kosten?')
	crashAt = 'before_send'
	await expect(run(h, user.userId)).rejects.toThrow('simulated crash')
	await sql`update comment_replies set created_at = now() - interval '10 minutes' where status = 'sending'`.execute(t.db)
	await run(h, user.userId)
	await run(h, user.userId)
	expect(repliesTo(h, user.urn, second.id)).toEqual([])
	const settled = await t.db.selectFrom('comment_replies').select('status').where('comment_id', '=', second.id).executeTakeFirstOrThrow()
	expect(settled.status).toBe('unknown')
	expect((await runsOf(t.db, user.userId)).map((r) => [r.status, r.summary])).toEqual(
		expect.arrayContaining([
			['success', 'Kommentar von Anna auf LinkedIn beantwortet'],
			['error', 'Antwort an Beat auf LinkedIn unbestätigt'],
		]),
	)
	expect(h.routers.linkedin!.count('POST /rest/socialActions/:urn/comments')).toBe(1)
})

test('disabled, unavailable or unconfigured tool: nothing is answered', async () => {
	await using t = await createTestDatabase()
	await seedToolboxConfigs(t.db, testPlatforms.ids)
	await using h = await publishingHarness(t)
	const off = await publishedUser(h, t.db, { enabled: false })
	const empty = await publishedUser(h, t.db, { settings: { keywords: [], responseTemplates: ['Danke!'], platforms: ['linkedin'] } })
	const noTemplates = await publishedUser(h, t.db, { settings: { keywords: ['preis'], responseTemplates: [], platforms: ['linkedin'] } })
	const otherPlatform = await publishedUser(h, t.db, { settings: { ...settings, platforms: ['facebook'] } })
	for (const user of [off, empty, noTemplates, otherPlatform]) comment(h, user.urn, 'Anna', 'Preis?')
	for (const user of [off, empty, noTemplates, otherPlatform]) await run(h, user.userId)

	const unavailable = await publishedUser(h, t.db)
	comment(h, unavailable.urn, 'Anna', 'Preis?')
	await t.db.updateTable('admin_toolbox_configs').set({ is_available: false }).where('tool_name', '=', 'autoReply').execute()
	await run(h, unavailable.userId)
	// The cron fan-out does not even queue them.
	await h.composition.tasks.find((task) => task.id === 'toolbox_auto_reply')!.handler({}, helpers)
	expect(await waitingJobs(t.db, 'toolbox_auto_reply_user')).toEqual([])

	expect(h.li.store.comments.filter((c) => c.parentId !== null)).toEqual([])
	expect(await t.db.selectFrom('comment_replies').selectAll().execute()).toEqual([])
	expect(await t.db.selectFrom('tool_runs').selectAll().execute()).toEqual([])
})

test("another user's posts, comments and runs are never touched or visible", async () => {
	await using t = await createTestDatabase()
	await seedToolboxConfigs(t.db, testPlatforms.ids)
	await using h = await publishingHarness(t)
	const alice = await publishedUser(h, t.db)
	const bob = await publishedUser(h, t.db)
	const onAlice = comment(h, alice.urn, 'Anna', 'Preis?')
	const onBob = comment(h, bob.urn, 'Beat', 'Preis?')

	await run(h, alice.userId)
	expect(repliesTo(h, alice.urn, onAlice.id)).toHaveLength(1)
	expect(repliesTo(h, bob.urn, onBob.id)).toEqual([])
	expect(await runsOf(t.db, bob.userId)).toEqual([])

	// Through the publishing module, Bob cannot read Alice's comments or answer them.
	const comments = h.services.publishing.comments
	expect(await comments.listComments(bob.userId, alice.deliveryId)).toEqual({ ok: false, error: 'not_found' })
	expect(await comments.replyToComment({ userId: bob.userId, deliveryId: alice.deliveryId, comment: { id: onAlice.id, authorName: 'Anna', text: 'Preis?' }, template: 'x', text: 'x' })).toEqual({ status: 'not_found' })
	expect((await comments.recentPublishedDeliveries(bob.userId, ['linkedin'], 30)).map((d) => d.id)).toEqual([bob.deliveryId])
	expect(await comments.repliedComments(bob.userId, alice.deliveryId)).toEqual(new Set())
	expect(await t.db.selectFrom('comment_replies').select('user_id').execute()).toEqual([{ user_id: alice.userId }])
})
