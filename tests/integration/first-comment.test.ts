import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { FakeResponse } from '#adapters/platforms/sandbox/fake-http.ts'
import type { DB } from '#modules/core/db.server.ts'
import type { FaultPoint } from '#modules/publishing/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { makeJobsDue } from '#tests/support/jobs.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { waitFor } from '#tests/support/wait.ts'

// Issue 39 item 5: the first comment, sent right after the post in the same delivery, exactly once.
// Against the fakes: it arrives under the post as each network stores it (a top-level comment by the
// account, or its reply); a kill between the post and the comment, a timeout and a server error on
// the comment never leave it missing or doubled; a refused comment leaves the post published.

type Harness = Awaited<ReturnType<typeof publishingHarness>>
const zurich = 'Europe/Zurich'
const networks = ['linkedin', 'facebook', 'instagram', 'threads', 'bluesky', 'mastodon'] as const

/** The route of each network's request that creates the comment. */
const commentRoute = {
	linkedin: { router: 'linkedin', route: 'POST /rest/socialActions/:urn/comments' },
	facebook: { router: 'meta', route: 'POST /v25.0/:id/comments' },
	instagram: { router: 'meta', route: 'POST /v25.0/:id/comments' },
	threads: { router: 'threads', route: 'POST /v1.0/:uid/threads_publish' },
	bluesky: { router: 'bluesky', route: 'POST /host/:host/xrpc/com.atproto.repo.createRecord' },
	mastodon: { router: 'mastodon', route: 'POST /host/:host/api/v1/statuses' },
} as const

const serverError: FakeResponse = { status: 502, headers: { 'content-type': 'text/html' }, raw: '<html><body>Bad Gateway</body></html>' }

/** A post with a first comment to one channel of `platform` (LinkedIn: the organization page), published now. */
async function publishWithComment(h: Harness, userId: string, platform: (typeof networks)[number], text: string, firstComment: { base: string; platforms?: Record<string, string> }) {
	const channels = await h.services.publishing.listChannels(userId)
	const channel = channels.find((c) => c.platform === platform && (platform !== 'linkedin' || c.pageType === 'business'))!
	const result = await h.services.content.publishNewPost(
		userId,
		randomUUID(),
		{ platform, content: { base: text, platforms: {}, firstComment: { base: firstComment.base, platforms: firstComment.platforms ?? {} } }, imageUrl: platform === 'instagram' ? 'https://bilder.example/zimt.jpg' : null, images: {}, channelIds: [channel.id] },
		zurich,
	)
	if (!result.ok) throw new Error(`not planned: ${JSON.stringify(result)}`)
	return result.post.id
}

async function deliveryOf(db: Kysely<DB>, postId: string) {
	return db
		.selectFrom('post_deliveries')
		.select(['id', 'platform', 'status', 'external_id', 'comment_status', 'comment_sent_at', 'comment_external_id', 'comment_url', 'comment_error_code'])
		.where('post_id', '=', postId)
		.executeTakeFirstOrThrow()
}

/** The comments the network holds directly under the post (top level, or the replies to it). */
const commentsUnder = (h: Harness, platform: string, externalId: string) => h.sandbox.store.comments.filter((c) => c.platform === platform && c.postId === externalId && c.parentId === null)

/** A job that died after the post: its comment's marker (if any) and the post's record are old enough for the sweep. */
async function sweepLater(t: { db: Kysely<DB> }, h: Harness, postId: string) {
	await t.db
		.updateTable('post_deliveries')
		.set({ published_at: sql`published_at - interval '2 minutes'`, comment_sent_at: sql`comment_sent_at - interval '11 minutes'` })
		.where('post_id', '=', postId)
		.execute()
	return h.services.publishing.maintenance.sweep()
}

function failOnce(point: FaultPoint) {
	let armed = true
	return (at: FaultPoint) => {
		if (at === point && armed) {
			armed = false
			throw new Error(`simulated crash at ${point}`)
		}
	}
}

test('every network: the first comment arrives once under the post, by the account, as the network stores it', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser([...networks])
	const posts = new Map<string, string>()
	for (const platform of networks) posts.set(platform, await publishWithComment(h, userId, platform, `Frisch gebacken (${platform})`, { base: 'Rezept im Link: https://beispiel.ch/zopf', platforms: { mastodon: 'Rezept für Mastodon' } }))
	await h.runDueJobs()

	for (const platform of networks) {
		const delivery = await deliveryOf(t.db, posts.get(platform)!)
		expect(delivery, platform).toMatchObject({ status: 'published', comment_status: 'published', comment_error_code: null })
		const under = commentsUnder(h, platform, delivery.external_id!)
		expect(under.map((c) => c.text), platform).toEqual([platform === 'mastodon' ? 'Rezept für Mastodon' : 'Rezept im Link: https://beispiel.ch/zopf'])
		const post = h.sandbox.store.posts.find((p) => p.platform === platform && p.id === delivery.external_id)!
		expect(under[0]!.authorId, `${platform}: written by the account the post went out as`).toBe(post.authorId)
		expect(delivery.comment_external_id, platform).toBe(under[0]!.id)
	}
	// One creating request per comment (Threads, Bluesky and Mastodon create the post at the same route; Facebook and Instagram share one).
	expect(Object.fromEntries(Object.entries(commentRoute).map(([platform, { router, route }]) => [platform, h.routers[router]!.count(route)]))).toEqual({ linkedin: 1, facebook: 2, instagram: 2, threads: 2, bluesky: 2, mastodon: 2 })
	// Links where the network has one (an Instagram comment has none).
	const links = await t.db.selectFrom('post_deliveries').select(['platform', 'comment_url']).where('user_id', '=', userId).execute()
	for (const { platform, comment_url } of links) expect(comment_url === null, platform).toBe(platform === 'instagram')
	// The API's card data shows the comment's state and link.
	const status = await h.services.publishing.deliveryStatus(userId, posts.get('mastodon')!)
	expect(status[0]!.firstComment).toMatchObject({ status: 'published', url: expect.stringContaining('http'), reason: null })
})

test('a post without a first comment: no comment state, no comment request', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['mastodon'])
	const post = await h.services.content.createPost(userId, { platform: 'mastodon', content: { base: 'Ohne Kommentar', platforms: {} }, status: 'draft', timeZone: zurich })
	await h.services.publishing.publishNow(userId, post.id)
	await h.runDueJobs()
	expect(await deliveryOf(t.db, post.id)).toMatchObject({ status: 'published', comment_status: null, comment_sent_at: null })
	expect(h.routers.mastodon!.count(commentRoute.mastodon.route)).toBe(1)
	expect((await h.services.publishing.deliveryStatus(userId, post.id))[0]!.firstComment).toBeNull()
})

test('killed between the post and its comment: the sweep sends the comment, exactly once', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t, failOnce('before_comment'))
	const { userId } = await h.connectedUser(['bluesky'])
	const postId = await publishWithComment(h, userId, 'bluesky', 'Vor dem Kommentar abgestürzt', { base: 'Der Kommentar kommt trotzdem' })
	await h.runDueJobs()
	const dead = await deliveryOf(t.db, postId)
	expect(dead).toMatchObject({ status: 'published', comment_status: 'pending', comment_sent_at: null })
	expect(commentsUnder(h, 'bluesky', dead.external_id!)).toEqual([])

	// The sweep picks it up once the post's record is old enough; a second sweep finds nothing to do.
	expect((await h.services.publishing.maintenance.sweep()).comments).toBe(0)
	expect((await sweepLater(t, h, postId)).comments).toBe(1)
	expect((await sweepLater(t, h, postId)).comments).toBe(0)
	const after = await deliveryOf(t.db, postId)
	expect(after).toMatchObject({ status: 'published', comment_status: 'published' })
	expect(commentsUnder(h, 'bluesky', after.external_id!).map((c) => c.text)).toEqual(['Der Kommentar kommt trotzdem'])
	expect(h.sandbox.store.posts.filter((p) => p.platform === 'bluesky')).toHaveLength(1)
})

test('killed between the post and its comment: the job retried by the worker sends it, once', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t, failOnce('before_comment'))
	const { userId } = await h.connectedUser(['facebook'])
	const postId = await publishWithComment(h, userId, 'facebook', 'Job stirbt nach dem Post', { base: 'Kommentar beim zweiten Lauf' })
	await h.runDueJobs()
	expect(await deliveryOf(t.db, postId)).toMatchObject({ status: 'published', comment_status: 'pending' })
	await makeJobsDue(t.pool)
	await h.runDueJobs()
	const after = await deliveryOf(t.db, postId)
	expect(after).toMatchObject({ status: 'published', comment_status: 'published' })
	expect(commentsUnder(h, 'facebook', after.external_id!).map((c) => c.text)).toEqual(['Kommentar beim zweiten Lauf'])
	expect(h.routers.meta!.count(commentRoute.facebook.route)).toBe(1)
	expect(h.routers.meta!.count('POST /v25.0/:pageId/feed')).toBe(1)
})

test('killed after the comment left (its marker written): the sweep finds it under the post, never sends it again', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t, failOnce('after_comment'))
	const { userId } = await h.connectedUser(['mastodon'])
	const postId = await publishWithComment(h, userId, 'mastodon', 'Absturz nach dem Kommentar', { base: 'Schon unterwegs' })
	await h.runDueJobs()
	const dead = await deliveryOf(t.db, postId)
	expect(dead).toMatchObject({ status: 'published', comment_status: 'sent', comment_sent_at: expect.any(Date) })
	// Not yet: the attempt may still be waiting for the network.
	expect((await h.services.publishing.maintenance.sweep()).comments).toBe(0)
	expect((await sweepLater(t, h, postId)).comments).toBe(1)
	const after = await deliveryOf(t.db, postId)
	expect(after).toMatchObject({ comment_status: 'published', comment_external_id: expect.any(String) })
	expect(commentsUnder(h, 'mastodon', after.external_id!).map((c) => c.text)).toEqual(['Schon unterwegs'])
	expect(h.routers.mastodon!.count(commentRoute.mastodon.route)).toBe(2)
})

test('a timeout on the comment: found under the post when the network created it, else unconfirmed; never sent twice', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const li = h.routers.linkedin!
	const never = { until: new Promise(() => {}) }

	// The network creates the comment but its answer never comes: the publisher times out and looks.
	li.script(commentRoute.linkedin.route, [never])
	const landed = await publishWithComment(h, userId, 'linkedin', 'Zeitüberschreitung', { base: 'Kommt an, Antwort nicht' })
	const created = (async () => {
		await waitFor(() => li.count(commentRoute.linkedin.route) === 1, { what: 'the comment request left' })
		const { external_id } = await deliveryOf(t.db, landed)
		const post = h.sandbox.store.posts.find((p) => p.id === external_id)!
		h.sandbox.store.addComment({ id: h.sandbox.store.commentId('linkedin', post.id), platform: 'linkedin', postId: post.id, parentId: null, authorId: post.authorId, authorName: 'Muster AG', text: 'Kommt an, Antwort nicht' })
	})()
	await h.runDueJobs()
	await created
	const found = await deliveryOf(t.db, landed)
	expect(found).toMatchObject({ status: 'published', comment_status: 'published', comment_external_id: commentsUnder(h, 'linkedin', found.external_id!)[0]!.id })
	expect(commentsUnder(h, 'linkedin', found.external_id!)).toHaveLength(1)
	expect(li.count(commentRoute.linkedin.route)).toBe(1)

	// Nothing arrives: unknown, and it stays so (the sweep does not send it again).
	li.reset()
	li.script(commentRoute.linkedin.route, [never])
	const lost = await publishWithComment(h, userId, 'linkedin', 'Ganz verloren', { base: 'Nie angekommen' })
	await h.runDueJobs()
	await sweepLater(t, h, lost)
	const unknown = await deliveryOf(t.db, lost)
	expect(unknown).toMatchObject({ status: 'published', comment_status: 'unconfirmed', comment_error_code: 'unconfirmed' })
	expect(li.count(commentRoute.linkedin.route)).toBe(1)
	const state = (await h.services.publishing.deliveryStatus(userId, lost))[0]!
	expect(state).toMatchObject({ status: 'published', firstComment: { status: 'unconfirmed', url: null, reason: expect.stringContaining('Unklar, ob der erste Kommentar erschienen ist') } })

	// The network creates it, then a proxy answers 504: found under the post, not sent again.
	li.reset()
	li.script(commentRoute.linkedin.route, [{ pass: true, answer: { status: 504, headers: { 'content-type': 'text/html' }, raw: 'Gateway Timeout' } }])
	const gateway = await publishWithComment(h, userId, 'linkedin', 'Antwort verloren', { base: 'Angekommen trotz 504' })
	await h.runDueJobs()
	const delivery = await deliveryOf(t.db, gateway)
	expect(delivery).toMatchObject({ comment_status: 'published' })
	expect(commentsUnder(h, 'linkedin', delivery.external_id!).map((c) => c.text)).toEqual(['Angekommen trotz 504'])
	expect(li.count(commentRoute.linkedin.route)).toBe(1)
})

test('a server error before the network created the comment: not found, sent once more, there once', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['threads'])
	const threads = h.routers.threads!
	// The post's threads_publish passes; the reply's first one fails before anything is created.
	threads.script(commentRoute.threads.route, [{ pass: true }, serverError, { pass: true }])
	const postId = await publishWithComment(h, userId, 'threads', 'Serverfehler beim Kommentar', { base: 'Zweiter Versuch klappt' })
	await h.runDueJobs()
	const delivery = await deliveryOf(t.db, postId)
	expect(delivery).toMatchObject({ status: 'published', comment_status: 'published' })
	expect(commentsUnder(h, 'threads', delivery.external_id!).map((c) => c.text)).toEqual(['Zweiter Versuch klappt'])
	expect(threads.count(commentRoute.threads.route)).toBe(3)
})

test('a refused comment leaves the post published, with the comment’s German reason and an activity entry', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['instagram'])
	h.routers.meta!.script(commentRoute.instagram.route, [{ status: 400, headers: { 'content-type': 'application/json' }, raw: JSON.stringify({ error: { message: '(#100) Comments are disabled for this media', type: 'OAuthException', code: 100 } }) }])
	const postId = await publishWithComment(h, userId, 'instagram', 'Kommentare aus', { base: 'Wird abgelehnt' })
	await h.runDueJobs()
	expect(await deliveryOf(t.db, postId)).toMatchObject({ status: 'published', comment_status: 'failed', comment_error_code: expect.any(String) })
	const [state] = await h.services.publishing.deliveryStatus(userId, postId)
	expect(state).toMatchObject({ status: 'published', reason: null, firstComment: { status: 'failed', url: null, reason: expect.stringMatching(/^Der erste Kommentar wurde nicht veröffentlicht: .+ Der Post selbst ist erschienen\.$/) } })
	const log = await t.db.selectFrom('activity_logs').select(['title', 'status']).where('user_id', '=', userId).where('log_type', '=', 'post_publication').orderBy('created_at').execute()
	expect(log).toEqual([
		{ title: 'Post auf Instagram veröffentlicht', status: 'success' },
		{ title: 'Erster Kommentar auf Instagram nicht veröffentlicht', status: 'warning' },
	])
})

test('a LinkedIn member channel with a first comment is refused at planning, in German; the page takes it', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const channels = await h.services.publishing.listChannels(userId)
	const member = channels.find((c) => c.platform === 'linkedin' && c.pageType === 'personal')!
	const page = channels.find((c) => c.platform === 'linkedin' && c.pageType === 'business')!
	const content = { base: 'Für beide', platforms: {}, firstComment: { base: 'Nur die Seite darf', platforms: {} } }
	const refused = await h.services.content.publishNewPost(userId, randomUUID(), { platform: 'linkedin', content, images: {}, channelIds: [member.id, page.id] }, zurich)
	expect(refused).toMatchObject({ ok: false, error: 'preflight' })
	const reasons = (refused as { reasons: Array<string> }).reasons
	expect(reasons).toHaveLength(1)
	expect(reasons[0]).toContain('erlaubt den ersten Kommentar nur auf Unternehmensseiten')
	expect(reasons[0]).toContain(member.pageName)
	const accepted = await h.services.content.publishNewPost(userId, randomUUID(), { platform: 'linkedin', content, images: {}, channelIds: [page.id] }, zurich)
	expect(accepted.ok).toBe(true)
})

test('a comment over the network’s text limit is refused at planning like a text', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['bluesky'])
	const result = await h.services.content.publishNewPost(userId, randomUUID(), { platform: 'bluesky', content: { base: 'Kurz', platforms: {}, firstComment: { base: 'x'.repeat(301), platforms: {} } }, images: {} }, zurich)
	expect(result).toMatchObject({ ok: false, error: 'preflight' })
	expect((result as { reasons: Array<string> }).reasons[0]).toMatch(/^Erster Kommentar: Der Text ist für Bluesky zu lang: 301 von höchstens 300/)
})
