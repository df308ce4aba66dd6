import { spawn } from 'node:child_process'
import path from 'node:path'
import { sql, type Kysely } from 'kysely'
import { expect, test } from 'vitest'
import { pngDataUrl } from '#adapters/platforms/linkedin/testing.ts'
import { metaRoutes } from '#adapters/platforms/meta/sandbox.ts'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { waitFor } from '#tests/support/wait.ts'

// A real worker process (npm run worker) is SIGKILLed before, during and after the request that
// creates the post. Afterwards the sweep settles the half-done attempt: exactly one post each time.

const root = path.resolve(import.meta.dirname, '../..')

type Harness = Awaited<ReturnType<typeof publishingHarness>>

/** Starts `npm run worker` on the test database and kills it (SIGKILL) once `ready()` holds. */
async function killWorkerWhen(t: { url: string }, h: Harness, ready: () => boolean) {
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
		await waitFor(ready, { what: 'the worker process claimed the delivery' })
		worker.kill('SIGKILL')
		await exited
	} finally {
		if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL')
	}
}

/** The dead worker's job stays locked (graphile-worker waits 4 h); the sweep settles attempts stuck for 10 minutes. */
async function sweepAfterCrash(t: { db: Kysely<DB> }, h: Harness, postId: string) {
	await t.db.updateTable('post_deliveries').set({ attempt_started_at: sql`now() - interval '11 minutes'` }).where('post_id', '=', postId).execute()
	for (const router of Object.values(h.routers)) router.reset()
	await h.services.publishing.maintenance.sweep()
	return t.db.selectFrom('post_deliveries').select(['status', 'external_id', 'request_sent_at']).where('post_id', '=', postId).executeTakeFirstOrThrow()
}

test('killed before the network call (during the image upload): sent once after the restart', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	h.li.router.script('POST /rest/images', [{ hang: true }])
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Mit Bild vor dem Absturz', platforms: {} }, status: 'draft', imageUrl: pngDataUrl, timeZone: 'Europe/Zurich' })
	await h.services.publishing.publishNow(userId, post.id)
	await killWorkerWhen(t, h, () => h.li.router.count('POST /rest/images') === 1)

	const before = await t.db.selectFrom('post_deliveries').select(['status', 'request_sent_at']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(before).toEqual({ status: 'publishing', request_sent_at: null })
	const after = await sweepAfterCrash(t, h, post.id)
	expect(after.status).toBe('published')
	expect(h.posts()).toHaveLength(1)
	expect(h.li.router.count('POST /rest/posts')).toBe(1)
})

test('killed during the network call (the network creates the post anyway): found, never sent twice', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser()
	h.li.router.script('POST /rest/posts', [{ hang: true }])
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Überlebt den Absturz', platforms: {} }, status: 'draft', timeZone: 'Europe/Zurich' })
	await h.services.publishing.publishNow(userId, post.id)
	await killWorkerWhen(t, h, () => h.li.router.count('POST /rest/posts') === 1)
	// The network finished creating the post although nobody heard the answer.
	const sent = h.li.router.requests.find((r) => r.route === 'POST /rest/posts')!
	h.li.store.addPost({ id: 'urn:li:share:crash', platform: 'linkedin', authorId: (sent.json as { author: string }).author, text: 'Überlebt den Absturz', imageUrl: null, url: `${h.li.base}/#urn:li:share:crash` })

	const after = await sweepAfterCrash(t, h, post.id)
	expect(after).toMatchObject({ status: 'published', external_id: 'urn:li:share:crash' })
	expect(after.request_sent_at).not.toBeNull()
	expect(h.li.router.count('POST /rest/posts')).toBe(0)
	expect(h.posts()).toHaveLength(1)
})

test('killed after the network call (Instagram published, permalink not yet read): found by its checkpoint', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['instagram'])
	const meta = h.routers.meta!
	meta.script(metaRoutes.object, [{ hang: true }])
	const post = await h.services.content.createPost(userId, { platform: 'instagram', content: { base: 'Zimtschnecken frisch aus dem Ofen', platforms: {} }, status: 'draft', imageUrl: 'https://bilder.example/zimt.jpg', timeZone: 'Europe/Zurich' })
	await h.services.publishing.publishNow(userId, post.id)
	await killWorkerWhen(t, h, () => meta.count(metaRoutes.mediaPublish) === 1 && meta.count(metaRoutes.object) >= 1)
	expect(h.posts('instagram')).toHaveLength(1)

	const after = await sweepAfterCrash(t, h, post.id)
	expect(after.status).toBe('published')
	expect(meta.count(metaRoutes.mediaPublish)).toBe(0)
	expect(h.posts('instagram')).toHaveLength(1)
})
