import { expect, test } from 'vitest'
import { createRequestGuard } from '#modules/publishing/ports.ts'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { connect, firstRequests, losingAnswers, mastodonSandbox, recordingHooks, targetOf, withDeadline } from './testing.ts'

const STATUSES = 'POST /host/:host/api/v1/statuses'

test('a lost answer to POST statuses is an unknown outcome; findPublished then finds the status, never sent twice', async () => {
	await using sandbox = await mastodonSandbox({ wrap: (fetcher) => losingAnswers(fetcher, firstRequests(1, 'POST', '/api/v1/statuses')) })
	// Connecting (resolving the server takes a while on a loaded machine) and looking again keep the
	// default deadline; the publish meets a short one, which only the lost answer waits for.
	const target = targetOf(await connect(sandbox))
	const content = contentOf('Genau einmal\n\nMit https://example.com/ein/langer/pfad und #Hashtag')
	const since = new Date()
	const { hooks, latest } = recordingHooks()
	const guard = { beforeCreate: async () => void calls.push(sandbox.router.count(STATUSES)) }
	const calls: Array<number> = []

	await expect(withDeadline(sandbox.settings, 200, () => createRequestGuard.run(guard, () => sandbox.adapter.publish(target, content, hooks)))).rejects.toMatchObject({ kind: 'unknown_outcome', code: 'timeout' })
	// The publisher's guard ran right before the creating request, and only for it.
	expect(calls).toEqual([0])
	expect(latest()).toEqual({ idempotencyKey: expect.any(String) })

	const found = await sandbox.adapter.findPublished(target, content, latest(), since)
	const [post] = sandbox.store.posts
	expect(found).toEqual({ externalId: post!.id, url: post!.url })
	expect(sandbox.router.count(STATUSES)).toBe(1)
	expect(sandbox.store.posts).toHaveLength(1)
})

test('a 5xx on POST statuses is an unknown outcome too; when nothing was created, reconciling finds nothing', async () => {
	await using sandbox = await mastodonSandbox()
	const target = targetOf(await connect(sandbox))
	const content = contentOf('Vielleicht')
	const { hooks, latest } = recordingHooks()
	sandbox.router.script(STATUSES, [{ status: 503, body: { error: 'Service Unavailable' } }])

	await expect(sandbox.adapter.publish(target, content, hooks)).rejects.toMatchObject({ kind: 'unknown_outcome', code: 'server_error' })
	expect(await sandbox.adapter.findPublished(target, content, latest(), new Date(Date.now() - 60_000))).toBeNull()
	expect(sandbox.store.posts).toHaveLength(0)
})

test('reconciling matches text and kind among the own statuses since the attempt, across pages, ignoring replies', async () => {
	await using sandbox = await mastodonSandbox()
	const target = targetOf(await connect(sandbox))
	const since = new Date()
	const first = await sandbox.adapter.publish(target, contentOf('Gesucht'), recordingHooks().hooks)
	for (let i = 0; i < 45; i++) await sandbox.adapter.publish(target, contentOf(`Füller ${i}`), recordingHooks().hooks)
	await sandbox.adapter.replyToComment(target, first.externalId, first.externalId, 'Nachtrag')

	expect(await sandbox.adapter.findPublished(target, contentOf('Gesucht\r\n'), {}, since)).toEqual(first)
	expect(await sandbox.adapter.findPublished(target, contentOf('Gesucht', 'https://bilder.example/bild.png'), {}, since)).toBeNull()
	expect(await sandbox.adapter.findPublished(target, contentOf('Nachtrag'), {}, since)).toBeNull()
	expect(await sandbox.adapter.findPublished(target, contentOf('Gesucht'), {}, new Date(Date.now() + 10 * 60_000))).toBeNull()
	const pages = sandbox.router.requests.filter((r) => r.route === 'GET /host/:host/api/v1/accounts/:id/statuses')
	expect(pages[1]?.query.get('max_id')).toBeTruthy()
	expect(pages[0]?.query.get('exclude_replies')).toBe('true')
})

test('a resend after an unknown outcome sends the earlier Idempotency-Key again: a status that did arrive is answered, not doubled', async () => {
	await using sandbox = await mastodonSandbox()
	const target = targetOf(await connect(sandbox))
	const content = contentOf('Einmal trotz 502')
	const first = recordingHooks()
	sandbox.router.script(STATUSES, [{ pass: true, answer: { status: 502, raw: '<html>Bad Gateway</html>' } }, { pass: true }])
	await expect(sandbox.adapter.publish(target, content, first.hooks)).rejects.toMatchObject({ kind: 'unknown_outcome', code: 'server_error' })

	const resend = recordingHooks()
	const published = await sandbox.adapter.publish(target, content, { ...resend.hooks, previous: first.latest() })
	const keys = sandbox.router.requests.filter((r) => r.route === STATUSES).map((r) => r.headers['idempotency-key'])
	expect(keys).toEqual([first.latest().idempotencyKey, first.latest().idempotencyKey])
	expect(sandbox.store.posts.map((post) => post.id)).toEqual([published.externalId])
})
