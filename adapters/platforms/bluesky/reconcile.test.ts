import { expect, test } from 'vitest'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { blueskySandbox, connect, firstRequests, imageUrl, losingAnswers, recordingHooks, targetOf, withDeadline, xrpcRoute, type BlueskySandbox } from './testing.ts'

const CREATE = xrpcRoute('POST', 'com.atproto.repo.createRecord')
const rkeysSent = (sandbox: { router: { requests: Array<{ route: string; json: unknown }> } }) =>
	sandbox.router.requests.filter((r) => r.route === CREATE).map((r) => (r.json as { rkey: string }).rkey)

/** The first createRecord is done by the PDS, but its answer never arrives in time. */
const losingFirstCreate = () => ({ fetch: losingAnswers(globalThis.fetch, firstRequests(1, 'POST', '/xrpc/com.atproto.repo.createRecord')) })

/** A publish whose lost answer waits for a short deadline (connecting and looking again keep the default). */
const publishLosing = (sandbox: BlueskySandbox, ...args: Parameters<BlueskySandbox['adapter']['publish']>) => withDeadline(sandbox.settings, 300, () => sandbox.adapter.publish(...args))

test('a lost createRecord answer is an unknown outcome; the checkpointed record key finds the post exactly', async () => {
	await using sandbox = await blueskySandbox(losingFirstCreate())
	const target = targetOf(await connect(sandbox))
	const content = contentOf('Genau einmal')
	const { hooks, latest } = recordingHooks()

	await expect(publishLosing(sandbox, target, content, hooks)).rejects.toMatchObject({ kind: 'unknown_outcome', code: 'timeout' })
	expect(latest()).toEqual({ rkey: rkeysSent(sandbox)[0] })

	const found = await sandbox.adapter.findPublished(target, content, latest(), new Date())
	const [post] = sandbox.store.posts
	expect(found).toEqual({ externalId: post!.id, url: expect.stringContaining(`/post/${latest().rkey}`) })
	expect(sandbox.router.count(CREATE)).toBe(1)
	expect(await sandbox.adapter.findPublished(target, content, { rkey: '3zzzzzzzzzzzz' }, new Date())).toBeNull()
})

test('a resend after a lost answer uses the same record key and resolves to the post that arrived, not a second one', async () => {
	await using sandbox = await blueskySandbox(losingFirstCreate())
	const target = targetOf(await connect(sandbox))
	const content = contentOf('Nur ein Post')
	await expect(publishLosing(sandbox, target, content, recordingHooks().hooks)).rejects.toMatchObject({ kind: 'unknown_outcome' })

	const again = await sandbox.adapter.publish(target, content, recordingHooks().hooks)

	const [first, second] = rkeysSent(sandbox)
	expect(second).toBe(first)
	expect(sandbox.store.posts).toHaveLength(1)
	expect(again.externalId).toBe(sandbox.store.posts[0]!.id)
})

test('a 5xx on createRecord is an unknown outcome; reconciling finds nothing; a resend uses the same record key', async () => {
	await using sandbox = await blueskySandbox()
	const target = targetOf(await connect(sandbox))
	const content = contentOf('Server kaputt')
	const { hooks, latest } = recordingHooks()
	sandbox.router.script(CREATE, [{ status: 502, body: { error: 'InternalServerError', message: 'Internal Server Error' } }])

	await expect(sandbox.adapter.publish(target, content, hooks)).rejects.toMatchObject({ kind: 'unknown_outcome', code: 'server_error', status: 502 })
	expect(await sandbox.adapter.findPublished(target, content, latest(), new Date(Date.now() - 60_000))).toBeNull()

	sandbox.router.script(CREATE, [])
	const published = await sandbox.adapter.publish(target, content, recordingHooks().hooks)
	const [first, second] = rkeysSent(sandbox)
	expect(second).toBe(first)
	expect(published.externalId).toBe(`at://${target.accountId}/app.bsky.feed.post/${first}`)
	expect(sandbox.store.posts).toHaveLength(1)
})

test('a 500 for a record key that exists (what the PDS answers today) resolves to the post when it is ours', async () => {
	await using sandbox = await blueskySandbox(losingFirstCreate())
	const target = targetOf(await connect(sandbox))
	const content = contentOf('Schon da')
	await expect(publishLosing(sandbox, target, content, recordingHooks().hooks)).rejects.toMatchObject({ kind: 'unknown_outcome' })
	sandbox.router.script(CREATE, [{ status: 500, body: { error: 'InternalServerError', message: 'Internal Server Error' } }])

	const again = await sandbox.adapter.publish(target, content, recordingHooks().hooks)

	expect(again.externalId).toBe(sandbox.store.posts[0]!.id)
	expect(sandbox.store.posts).toHaveLength(1)
})

test('without a record key, reconciling looks for the same text (and kind) among the recent posts, replies left out', async () => {
	await using sandbox = await blueskySandbox()
	const target = targetOf(await connect(sandbox))
	const since = new Date()
	await sandbox.adapter.publish(target, contentOf('Erster Post'), recordingHooks().hooks)
	const second = await sandbox.adapter.publish(target, contentOf('Zweiter Post\r\n'), recordingHooks().hooks)
	const withImage = await sandbox.adapter.publish(target, contentOf('Bildpost', await imageUrl(100, 100)), recordingHooks().hooks)

	expect(await sandbox.adapter.findPublished(target, contentOf('Zweiter Post'), {}, since)).toEqual(second)
	expect(await sandbox.adapter.findPublished(target, contentOf('Bildpost', 'https://cdn.example/a.png'), {}, since)).toEqual(withImage)
	expect(await sandbox.adapter.findPublished(target, contentOf('Zweiter Post', 'https://cdn.example/a.png'), {}, since)).toBeNull()
	expect(await sandbox.adapter.findPublished(target, contentOf('Nie gesendet'), {}, since)).toBeNull()
	expect(await sandbox.adapter.findPublished(target, contentOf('Erster Post'), {}, new Date(Date.now() + 10 * 60_000))).toBeNull()
})

test('a resend in another process (a restarted worker) takes the record key the delivery saved (hooks.previous)', async () => {
	await using sandbox = await blueskySandbox()
	const target = targetOf(await connect(sandbox))
	const content = contentOf('Nach dem Neustart')
	const { hooks, latest } = recordingHooks()
	sandbox.router.script(CREATE, [{ status: 503, body: { error: 'InternalServerError', message: 'Unavailable' } }])
	await expect(sandbox.adapter.publish(target, content, hooks)).rejects.toMatchObject({ kind: 'unknown_outcome' })
	const saved = latest()

	sandbox.router.script(CREATE, [])
	// A fresh adapter knows nothing of the first attempt but what the delivery row kept.
	const fresh = sandbox.createAdapter()
	const published = await fresh.publish(target, content, { ...recordingHooks().hooks, previous: saved })
	const [first, second] = rkeysSent(sandbox)
	expect(second).toBe(first)
	expect(published.externalId).toBe(`at://${target.accountId}/app.bsky.feed.post/${saved.rkey}`)
	expect(sandbox.store.posts).toHaveLength(1)
})
