import { expect, test } from 'vitest'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { createMastodonAdapter } from './adapter.ts'
import { connect, mastodonSandbox, PNG, recordingHooks, targetOf } from './testing.ts'

const STATUSES = 'POST /host/:host/api/v1/statuses'
const MEDIA = 'POST /host/:host/api/v2/media'
const MEDIA_READ = 'GET /host/:host/api/v1/media/:id'

test('a text status: the Idempotency-Key is saved before the request that carries it; public, on the account', async () => {
	await using sandbox = await mastodonSandbox()
	const target = targetOf(await connect(sandbox))
	const sentAtCheckpoint: Array<number> = []
	const { hooks, checkpoints } = recordingHooks(() => sentAtCheckpoint.push(sandbox.router.count(STATUSES)))

	const published = await sandbox.adapter.publish(target, contentOf('Hallo Fediverse! Grüsse aus Zürich #Postwerk'), hooks)

	expect(sentAtCheckpoint).toEqual([0])
	expect(checkpoints).toEqual([{ idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }])
	const [create] = sandbox.router.requests.filter((r) => r.route === STATUSES)
	expect(create!.path).toBe('/host/mastodon.example/api/v1/statuses')
	expect(create!.headers['idempotency-key']).toBe(checkpoints[0]!.idempotencyKey)
	expect(create!.headers.authorization).toBe(`Bearer ${target.accessToken}`)
	expect(create!.json).toEqual({ status: 'Hallo Fediverse! Grüsse aus Zürich #Postwerk', media_ids: [], visibility: 'public' })

	const [post] = sandbox.store.posts
	expect(post).toMatchObject({ platform: 'mastodon', authorId: '@testperson@mastodon.example', text: 'Hallo Fediverse! Grüsse aus Zürich #Postwerk', imageUrl: null })
	expect(published).toEqual({ externalId: post!.id, url: `${sandbox.base}/mastodon/host/mastodon.example/@testperson/${post!.id}` })
	const permalink = await fetch(published.url!, { redirect: 'manual' })
	expect(permalink.headers.get('location')).toBe(`${sandbox.base}/#${post!.id}`)
})

test('the same Idempotency-Key within the hour answers the status created first (the fake keeps its promise)', async () => {
	await using sandbox = await mastodonSandbox()
	const account = await connect(sandbox)
	const send = () =>
		fetch(`${sandbox.base}/mastodon/host/mastodon.example/api/v1/statuses`, {
			method: 'POST',
			headers: { authorization: `Bearer ${account.token.accessToken}`, 'content-type': 'application/json', 'idempotency-key': 'abc' },
			body: JSON.stringify({ status: 'Einmal' }),
		}).then((r) => r.json() as Promise<{ id: string }>)
	const [first, second] = [await send(), await send()]
	expect(second.id).toBe(first.id)
	expect(sandbox.store.posts).toHaveLength(1)
})

test('an image: downloaded through mediaFetch, uploaded (202), polled until processed, then attached', async () => {
	await using sandbox = await mastodonSandbox({ mediaPolls: 2 })
	const target = targetOf(await connect(sandbox))

	const published = await sandbox.adapter.publish(target, contentOf('Mit Bild', 'https://bilder.example/bild.png'), recordingHooks().hooks)

	expect(sandbox.router.count(MEDIA)).toBe(1)
	expect(sandbox.router.count(MEDIA_READ)).toBe(3)
	const upload = sandbox.router.requests.find((r) => r.route === MEDIA)!
	expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
	const create = sandbox.router.requests.find((r) => r.route === STATUSES)!
	const mediaId = (create.json as { media_ids: Array<string> }).media_ids[0]!
	expect(mediaId).toBeTruthy()
	const [post] = sandbox.store.posts
	expect(post).toMatchObject({ id: published.externalId, text: 'Mit Bild', imageUrl: expect.stringContaining(`/system/media_attachments/${mediaId}`) })
	const image = await fetch(post!.imageUrl!)
	expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true)
})

test('images the instance would refuse are stopped before the upload; a refused image address is image_unavailable', async () => {
	await using sandbox = await mastodonSandbox()
	const target = targetOf(await connect(sandbox))
	const publish = (imageUrl: string) => sandbox.adapter.publish(target, contentOf('x', imageUrl), recordingHooks().hooks)
	await expect(publish('https://bilder.example/verboten.png')).rejects.toMatchObject({ kind: 'invalid_request', code: 'image_unavailable' })
	await expect(publish('https://bilder.example/text.txt')).rejects.toMatchObject({ kind: 'invalid_request', code: 'image_format' })
	await expect(publish('https://bilder.example/riesig.png')).rejects.toMatchObject({ kind: 'invalid_request', code: 'image_too_large' })
	expect(sandbox.router.count(MEDIA)).toBe(0)
	expect(sandbox.router.count(STATUSES)).toBe(0)
})

test("over the instance's limit is refused with nothing sent (a link counts 23); 'lang.example' takes 1000", async () => {
	await using sandbox = await mastodonSandbox()
	const target = targetOf(await connect(sandbox))
	const link = `https://example.com/${'a'.repeat(200)}`
	// 476 characters and a link counted as 23: 499 for Mastodon, although the text is 697 long.
	const fits = `${'x'.repeat(475)} ${link}`
	expect(fits.length).toBeGreaterThan(500)
	await sandbox.adapter.publish(target, contentOf(fits), recordingHooks().hooks)
	expect(sandbox.router.count(STATUSES)).toBe(1)

	const { hooks, checkpoints } = recordingHooks()
	await expect(sandbox.adapter.publish(target, contentOf(`${'x'.repeat(477)} ${link}`), hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'text_too_long' })
	expect(sandbox.router.count(STATUSES)).toBe(1)
	expect(checkpoints).toHaveLength(0)

	const long = targetOf(await connect(sandbox, 'lang.example'))
	await sandbox.adapter.publish(long, contentOf('y'.repeat(1000)), recordingHooks().hooks)
	await expect(sandbox.adapter.publish(long, contentOf('y'.repeat(1001)), recordingHooks().hooks)).rejects.toMatchObject({ code: 'text_too_long' })
	expect(sandbox.store.posts.map((p) => p.text.length)).toEqual([fits.length, 1000])
	// The instance's limits are read once (when connecting) and kept for an hour, not read before every status.
	expect(sandbox.router.requests.filter((r) => r.path === '/host/lang.example/api/v2/instance')).toHaveLength(1)
})

test("without the instance's limits the instance decides: its 422 is text_too_long", async () => {
	await using sandbox = await mastodonSandbox()
	const target = targetOf(await connect(sandbox))
	// A new adapter has no limits cached, and the instance cannot tell them right now.
	const adapter = createMastodonAdapter(sandbox.settings)
	sandbox.router.script('GET /host/:host/api/v2/instance', [{ status: 503, body: { error: 'busy' } }])
	await expect(adapter.publish(target, contentOf('z'.repeat(501)), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'text_too_long' })
	expect(sandbox.router.count(STATUSES)).toBe(1)
	expect(sandbox.store.posts).toHaveLength(0)
})

test('401, 403 outside the scopes, 429 with X-RateLimit-Reset and 422 are told apart', async () => {
	await using sandbox = await mastodonSandbox()
	const target = targetOf(await connect(sandbox))
	const publish = () => sandbox.adapter.publish(target, contentOf('x'), recordingHooks().hooks)
	const reset = new Date(Date.now() + 90_000).toISOString()
	sandbox.router.script(STATUSES, [
		{ status: 401, body: { error: 'The access token is invalid' } },
		{ status: 403, body: { error: 'This action is outside the authorized scopes' } },
		{ status: 429, headers: { 'x-ratelimit-reset': reset }, body: { error: 'Too many requests' } },
		{ status: 422, body: { error: 'Validation failed: Text character limit of 500 exceeded' } },
		{ status: 422, body: { error: 'Validation failed: Visibility is reserved' } },
	])
	await expect(publish()).rejects.toMatchObject({ kind: 'auth_expired', code: 'token_revoked' })
	await expect(publish()).rejects.toMatchObject({ kind: 'permission_missing' })
	const limited = (await publish().catch((e: unknown) => e)) as { kind: string; retryAfterMs: number }
	expect(limited.kind).toBe('rate_limited')
	expect(limited.retryAfterMs).toBeGreaterThan(80_000)
	await expect(publish()).rejects.toMatchObject({ kind: 'invalid_request', code: 'text_too_long' })
	await expect(publish()).rejects.toMatchObject({ kind: 'invalid_request', code: 'invalid_request' })
})

test('followers and metrics: favourites as likes, replies, boosts as shares, no views', async () => {
	await using sandbox = await mastodonSandbox()
	const target = targetOf(await connect(sandbox))
	expect(await sandbox.adapter.followerCount(target)).toBe(42)
	const { externalId } = await sandbox.adapter.publish(target, contentOf('Zahlen bitte'), recordingHooks().hooks)
	const status = (await (await fetch(`${sandbox.base}/mastodon/host/mastodon.example/api/v1/statuses/${externalId}`)).json()) as Record<string, number>
	expect(await sandbox.adapter.postMetrics(target, externalId)).toEqual({ views: 0, likes: status.favourites_count, comments: 0, shares: status.reblogs_count })
})
