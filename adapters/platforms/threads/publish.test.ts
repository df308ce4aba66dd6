import { expect, test } from 'vitest'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { connect, recordingHooks, targetOf, threadsSandbox } from './testing.ts'

const PUBLISH = 'POST /v1.0/:uid/threads_publish'
const statusReads = (sandbox: { router: { requests: Array<{ route: string; query: URLSearchParams }> } }) =>
	sandbox.router.requests.filter((r) => r.route === 'GET /v1.0/:id' && r.query.get('fields') === 'status,error_message').length

test('a text post: one TEXT container, its checkpoint, one threads_publish, the permalink', async () => {
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	const { hooks, checkpoints } = recordingHooks()

	const published = await sandbox.adapter.publish(target, contentOf('Hallo Threads! Grüße aus Zürich.'), hooks)

	const [post] = sandbox.store.posts
	expect(sandbox.store.posts).toHaveLength(1)
	expect(post).toMatchObject({ platform: 'threads', authorId: '9001', text: 'Hallo Threads! Grüße aus Zürich.', imageUrl: null })
	expect(published).toEqual({ externalId: post!.id, url: `${sandbox.base}/threads/@acme/post/${post!.id}` })
	expect(checkpoints).toEqual([{ containerId: expect.stringMatching(/^tc_/) }])

	const [create] = sandbox.router.requests.filter((r) => r.route === 'POST /v1.0/:uid/threads')
	expect(Object.fromEntries(create!.form)).toEqual({ media_type: 'TEXT', text: 'Hallo Threads! Grüße aus Zürich.', access_token: target.accessToken })
	expect(create!.query.has('access_token')).toBe(false)
	expect(sandbox.router.count(PUBLISH)).toBe(1)

	const permalink = await fetch(published.url!, { redirect: 'manual' })
	expect(new URL(permalink.headers.get('location')!, published.url!).toString()).toBe(`${sandbox.base}/#${post!.id}`)
})

test('an image post waits while the container is IN_PROGRESS twice, then publishes exactly once', async () => {
	await using sandbox = await threadsSandbox({ processingPolls: 2 })
	const target = targetOf(await connect(sandbox))
	const imageUrl = 'https://cdn.example/bild.jpg'

	const published = await sandbox.adapter.publish(target, contentOf('Mit Bild', imageUrl), recordingHooks().hooks)

	expect(statusReads(sandbox)).toBe(3)
	expect(sandbox.router.count(PUBLISH)).toBe(1)
	expect(sandbox.store.posts).toEqual([expect.objectContaining({ id: published.externalId, imageUrl, text: 'Mit Bild' })])
	const [create] = sandbox.router.requests.filter((r) => r.route === 'POST /v1.0/:uid/threads')
	expect(create!.form.get('media_type')).toBe('IMAGE')
	expect(create!.form.get('image_url')).toBe(imageUrl)
})

test('a container that stays IN_PROGRESS is given up after maxPollMs, without publishing', async () => {
	await using sandbox = await threadsSandbox({ processingPolls: 1_000, pollIntervalMs: 5, maxPollMs: 50 })
	const target = targetOf(await connect(sandbox))
	await expect(sandbox.adapter.publish(target, contentOf('Langsam', 'https://cdn.example/a.jpg'), recordingHooks().hooks)).rejects.toMatchObject({
		kind: 'transient',
		code: 'container_timeout',
	})
	expect(sandbox.router.count(PUBLISH)).toBe(0)
})

test('a container in ERROR is refused as container_error; EXPIRED is transient', async () => {
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	sandbox.router.script('GET /v1.0/:id', [{ status: 200, body: { id: 'tc_x', status: 'ERROR', error_message: 'FAILED_DOWNLOADING_VIDEO' } }])
	await expect(sandbox.adapter.publish(target, contentOf('x', 'https://cdn.example/a.jpg'), recordingHooks().hooks)).rejects.toMatchObject({
		kind: 'invalid_request',
		code: 'container_error',
		message: expect.stringContaining('FAILED_DOWNLOADING_VIDEO'),
	})
	sandbox.router.script('GET /v1.0/:id', [{ status: 200, body: { id: 'tc_x', status: 'EXPIRED' } }])
	await expect(sandbox.adapter.publish(target, contentOf('x'), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'transient', code: 'container_expired' })
	expect(sandbox.router.count(PUBLISH)).toBe(0)
})

test('501 characters are refused as text_too_long (an emoji counts as its UTF-8 bytes); nothing is published', async () => {
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	for (const text of ['a'.repeat(501), `${'a'.repeat(497)}😀`]) {
		await expect(sandbox.adapter.publish(target, contentOf(text), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'text_too_long' })
	}
	await sandbox.adapter.publish(target, contentOf('a'.repeat(500)), recordingHooks().hooks)
	expect(sandbox.store.posts).toHaveLength(1)
})

test('an image the network cannot fetch is image_unreachable', async () => {
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	await expect(sandbox.adapter.publish(target, contentOf('x', 'file:///etc/passwd'), recordingHooks().hooks)).rejects.toMatchObject({
		kind: 'invalid_request',
		code: 'image_unreachable',
	})
})

test('an invalid or revoked token is auth_expired (Graph 190)', async () => {
	await using sandbox = await threadsSandbox()
	const account = await connect(sandbox)
	const forged = { ...targetOf(account), accessToken: 'sbx.forged.token' }
	await expect(sandbox.adapter.publish(forged, contentOf('x'), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'auth_expired', code: 'token_expired' })
	sandbox.store.revoke(account.token.accessToken)
	await expect(sandbox.adapter.followerCount(targetOf(account))).rejects.toMatchObject({ kind: 'auth_expired', code: 'token_expired' })
	expect(sandbox.store.posts).toHaveLength(0)
})

test('HTTP 429 and Graph code 4 are rate_limited (with the wait when given); 250 posts a day is quota_exhausted', async () => {
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	const limit = { error: { message: 'Application request limit reached', type: 'OAuthException', code: 4 } }
	sandbox.router.script(PUBLISH, [{ status: 429, headers: { 'retry-after': '30' }, body: limit }])
	await expect(sandbox.adapter.publish(target, contentOf('x'), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 30_000 })
	sandbox.router.script(PUBLISH, [{ status: 400, body: limit }])
	await expect(sandbox.adapter.publish(target, contentOf('x'), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: null })
	sandbox.router.script(PUBLISH, [])

	for (let i = 0; i < 250; i++) sandbox.store.addPost({ id: `old_${i}`, platform: 'threads', authorId: '9001', text: `Post ${i}`, imageUrl: null, url: '' })
	await expect(sandbox.adapter.publish(target, contentOf('Nummer 251'), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'quota_exhausted' })
	expect(sandbox.store.posts).toHaveLength(250)
})

test('followers and post metrics', async () => {
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	expect(await sandbox.adapter.followerCount(target)).toBe(321)
	const { externalId } = await sandbox.adapter.publish(target, contentOf('Zahlen bitte'), recordingHooks().hooks)
	const metrics = await sandbox.adapter.postMetrics(target, externalId)
	expect(metrics).toEqual({ views: expect.any(Number), likes: expect.any(Number), comments: expect.any(Number), shares: expect.any(Number) })
	expect(metrics!.views).toBeGreaterThanOrEqual(100)
	expect(sandbox.router.requests.at(-1)?.query.get('metric')).toBe('views,likes,replies,reposts,quotes,shares')
})
