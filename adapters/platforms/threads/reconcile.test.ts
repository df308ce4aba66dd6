import { expect, test } from 'vitest'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { connect, firstRequests, losingAnswers, recordingHooks, targetOf, threadsSandbox } from './testing.ts'

const PUBLISH = 'POST /v1.0/:uid/threads_publish'

test('a lost threads_publish answer is an unknown outcome; the checkpointed container finds the post, never published twice', async () => {
	// Publishing makes several requests: all of them keep the default deadline, which only the lost answer waits for.
	await using sandbox = await threadsSandbox({ fetch: losingAnswers(globalThis.fetch, firstRequests(1, 'POST', '/threads_publish')) })
	const target = targetOf(await connect(sandbox))
	const content = contentOf('Genau einmal')
	const since = new Date()
	const { hooks, latest } = recordingHooks()

	await expect(sandbox.adapter.publish(target, content, hooks)).rejects.toMatchObject({ kind: 'unknown_outcome', code: 'timeout' })
	expect(latest()).toEqual({ containerId: expect.any(String) })

	const found = await sandbox.adapter.findPublished(target, content, latest(), since)
	const [post] = sandbox.store.posts
	expect(found).toEqual({ externalId: post!.id, url: post!.url })
	expect(sandbox.router.count(PUBLISH)).toBe(1)
	expect(sandbox.store.posts).toHaveLength(1)
})

test('a threads_publish that hangs unprocessed is an unknown outcome, and reconciling says it is not there', async () => {
	// The default deadline: the container request before it must not meet a short one on a loaded machine.
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	const content = contentOf('Hängt')
	const { hooks, latest } = recordingHooks()
	sandbox.router.script(PUBLISH, [{ hang: true }])

	await expect(sandbox.adapter.publish(target, content, hooks)).rejects.toMatchObject({ kind: 'unknown_outcome' })
	expect(await sandbox.adapter.findPublished(target, content, latest(), new Date(Date.now() - 60_000))).toBeNull()
	expect(sandbox.store.posts).toHaveLength(0)
})

test('a server error after the network published is confirmed through the container, not reported as a failure', async () => {
	const unavailable = JSON.stringify({ error: { message: 'Service temporarily unavailable', type: 'THApiException', code: 2 } })
	await using sandbox = await threadsSandbox({
		fetch: async (input, init) => {
			const response = await fetch(input, init)
			return String(input).endsWith('/threads_publish') ? new Response(unavailable, { status: 503 }) : response
		},
	})
	const target = targetOf(await connect(sandbox))

	const published = await sandbox.adapter.publish(target, contentOf('Trotzdem da'), recordingHooks().hooks)

	expect(published.externalId).toBe(sandbox.store.posts[0]!.id)
	expect(sandbox.router.count(PUBLISH)).toBe(1)
})

test('a server error before anything was published is an unknown outcome; the resend publishes the same container once', async () => {
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	const content = contentOf('x')
	const first = recordingHooks()
	sandbox.router.script(PUBLISH, [{ status: 500, body: { error: { message: 'An unknown error occurred', type: 'THApiException', code: 1 } } }])
	await expect(sandbox.adapter.publish(target, content, first.hooks)).rejects.toMatchObject({ kind: 'unknown_outcome', code: 'server_error' })
	expect(sandbox.store.posts).toHaveLength(0)
	expect(await sandbox.adapter.findPublished(target, content, first.latest(), new Date(Date.now() - 60_000))).toBeNull()

	sandbox.router.reset()
	const resend = recordingHooks()
	const published = await sandbox.adapter.publish(target, content, { ...resend.hooks, previous: first.latest() })
	expect(sandbox.store.posts.map((post) => post.id)).toEqual([published.externalId])
	expect(sandbox.router.count('POST /v1.0/:uid/threads'), 'the earlier container is published, no new one made').toBe(0)
	expect(resend.checkpoints).toEqual([])
})

test('without a checkpoint, reconciling looks for the same text among the threads since the attempt', async () => {
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	const since = new Date()
	await sandbox.adapter.publish(target, contentOf('Erster Post'), recordingHooks().hooks)
	const second = await sandbox.adapter.publish(target, contentOf('Zweiter Post\r\n'), recordingHooks().hooks)

	expect(await sandbox.adapter.findPublished(target, contentOf('Zweiter Post'), {}, since)).toEqual(second)
	expect(await sandbox.adapter.findPublished(target, contentOf('Zweiter Post', 'https://cdn.example/a.jpg'), {}, since)).toBeNull()
	expect(await sandbox.adapter.findPublished(target, contentOf('Nie gesendet'), {}, since)).toBeNull()
	expect(await sandbox.adapter.findPublished(target, contentOf('Erster Post'), {}, new Date(Date.now() + 10 * 60_000))).toBeNull()
})
