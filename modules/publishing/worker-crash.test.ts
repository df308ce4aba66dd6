import { spawn } from 'node:child_process'
import path from 'node:path'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

const root = path.resolve(import.meta.dirname, '../..')

// A real worker process (npm run worker) is SIGKILLed while its request to the network is in flight;
// the network creates the post anyway. Afterwards there must be exactly one post and a published delivery.
test('a worker killed with SIGKILL during the network call leaves exactly one post', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	h.li.router.script('POST /rest/posts', [{ hang: true }])
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Überlebt den Absturz', platforms: {} }, status: 'draft', timeZone: 'Europe/Zurich' })
	await h.services.publishing.publishNow(userId, post.id)

	const worker = spawn(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'scripts/worker.ts')], {
		cwd: root,
		env: {
			...process.env,
			DATABASE_URL: t.url,
			APP_ENV: 'test',
			APP_URL: 'http://127.0.0.1:3999',
			APP_SECRET: 'test-secret-test-secret-test-secret-0123',
			SANDBOX_API_BASE: h.li.base,
			PUBLISH_TIMEOUT_MS: '60000',
			LOG_LEVEL: 'silent',
		},
		stdio: 'ignore',
	})
	const exited = new Promise((resolve) => worker.once('exit', resolve))
	try {
		await expect.poll(() => h.li.router.count('POST /rest/posts'), { timeout: 20_000 }).toBe(1)
		worker.kill('SIGKILL')
		await exited
	} finally {
		if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL')
	}
	// The network finished creating the post although nobody heard the answer.
	const sent = h.li.router.requests.find((r) => r.route === 'POST /rest/posts')!
	const body = sent.json as { author: string }
	h.li.store.addPost({ id: 'urn:li:share:crash', platform: 'linkedin', authorId: body.author, text: 'Überlebt den Absturz', imageUrl: null, url: `${h.li.base}/#urn:li:share:crash` })

	const stuck = await t.db.selectFrom('post_deliveries').select(['status', 'request_sent_at']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(stuck.status).toBe('publishing')
	expect(stuck.request_sent_at).not.toBeNull()
	// The dead worker's job stays locked (graphile-worker waits 4 h); the sweep settles stuck attempts.
	await t.db.updateTable('post_deliveries').set({ attempt_started_at: sql`now() - interval '11 minutes'` }).where('post_id', '=', post.id).execute()
	h.li.router.reset()
	await h.services.publishing.maintenance.sweep()

	expect(h.li.router.count('POST /rest/posts')).toBe(0)
	expect(h.posts()).toHaveLength(1)
	const delivery = await t.db.selectFrom('post_deliveries').select(['status', 'external_id']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(delivery).toEqual({ status: 'published', external_id: 'urn:li:share:crash' })
}, 60_000)
