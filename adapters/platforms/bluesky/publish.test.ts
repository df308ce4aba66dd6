import { expect, test } from 'vitest'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { BLOCKED_IMAGE, blueskySandbox, connect, didOf, imageUrl, recordingHooks, targetOf, xrpcRoute } from './testing.ts'

const CREATE = xrpcRoute('POST', 'com.atproto.repo.createRecord')
const UPLOAD = xrpcRoute('POST', 'com.atproto.repo.uploadBlob')
type CreateBody = { repo: string; collection: string; rkey: string; record: Record<string, unknown> }
const bytes = (s: string) => Buffer.byteLength(s)

test('a text post: facets for mention, link and hashtag in UTF-8 bytes, the record key checkpointed before createRecord', async () => {
	await using sandbox = await blueskySandbox()
	const account = await connect(sandbox)
	const target = targetOf(account)
	const { hooks, checkpoints } = recordingHooks()
	const text = 'Grüße an @mia.bsky.social und @niemand.invalid! Mehr auf https://postwerk.ch #KI'
	const mia = await didOf(sandbox, 'mia.bsky.social')

	const published = await sandbox.adapter.publish(target, contentOf(text), hooks)

	const create = sandbox.router.requests.find((r) => r.route === CREATE)!
	const body = create.json as CreateBody
	expect(checkpoints).toEqual([{ rkey: body.rkey }])
	expect(body.rkey).toMatch(/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/)
	expect(create.headers.authorization).toBe(`Bearer ${target.accessToken}`)
	expect(body).toMatchObject({ repo: account.accountId, collection: 'app.bsky.feed.post' })
	expect(body.record).toMatchObject({ $type: 'app.bsky.feed.post', text, langs: ['de'], createdAt: expect.any(String) })
	const at = (part: string) => bytes(text.slice(0, text.indexOf(part)))
	expect(body.record.facets).toEqual([
		{ $type: 'app.bsky.richtext.facet', index: { byteStart: at('@mia'), byteEnd: at('@mia') + bytes('@mia.bsky.social') }, features: [{ $type: 'app.bsky.richtext.facet#mention', did: mia }] },
		{ index: { byteStart: at('https'), byteEnd: at('https') + bytes('https://postwerk.ch') }, features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://postwerk.ch' }] },
		{ index: { byteStart: at('#KI'), byteEnd: at('#KI') + 3 }, features: [{ $type: 'app.bsky.richtext.facet#tag', tag: 'KI' }] },
	])
	// 'Grüße' has two 2-byte letters: byte offsets differ from string indexes.
	expect(at('@mia')).toBe(text.indexOf('@mia') + 2)

	const uri = `at://${account.accountId}/app.bsky.feed.post/${body.rkey}`
	expect(published).toEqual({ externalId: uri, url: `${sandbox.base}/bluesky/app/profile/${account.accountId}/post/${body.rkey}` })
	expect(sandbox.store.posts).toEqual([expect.objectContaining({ id: uri, platform: 'bluesky', authorId: account.accountId, text, imageUrl: null })])
	const permalink = await fetch(published.url!, { redirect: 'manual' })
	expect(permalink.headers.get('location')).toBe(`${sandbox.base}/#${encodeURIComponent(uri)}`)
})

test('an image post: the bytes uploaded as a blob, embedded with an empty alt and the aspect ratio read from the image', async () => {
	await using sandbox = await blueskySandbox()
	const target = targetOf(await connect(sandbox))

	await sandbox.adapter.publish(target, contentOf('Mit Bild', await imageUrl(1200, 675)), recordingHooks().hooks)

	const upload = sandbox.router.requests.find((r) => r.route === UPLOAD)!
	expect(upload.headers['content-type']).toBe('image/png')
	expect(upload.body.subarray(1, 4).toString('latin1')).toBe('PNG')
	const { record } = sandbox.router.requests.find((r) => r.route === CREATE)!.json as CreateBody
	expect(record.embed).toEqual({
		$type: 'app.bsky.embed.images',
		images: [{ alt: '', image: { $type: 'blob', ref: { $link: expect.any(String) }, mimeType: 'image/png', size: upload.body.length }, aspectRatio: { width: 1200, height: 675 } }],
	})
	const [post] = sandbox.store.posts
	const blob = await fetch(post!.imageUrl!)
	expect(blob.headers.get('content-type')).toBe('image/png')
	expect(Buffer.from(await blob.arrayBuffer()).equals(upload.body)).toBe(true)
})

test('images Bluesky does not take are refused before anything is created', async () => {
	await using sandbox = await blueskySandbox()
	const target = targetOf(await connect(sandbox))
	const big = `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1_000_001)]).toString('base64')}`
	const cases = [
		[await imageUrl(40, 40, 'gif'), 'image_format'],
		[big, 'image_too_large'],
		[BLOCKED_IMAGE, 'image_unavailable'],
	] as const
	for (const [url, code] of cases) {
		await expect(sandbox.adapter.publish(target, contentOf('x', url), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'invalid_request', code })
	}
	expect(sandbox.router.count(UPLOAD)).toBe(0)
	expect(sandbox.router.count(CREATE)).toBe(0)
})

test('more than 300 graphemes (or 3000 bytes) is text_too_long with nothing sent; 300 go out', async () => {
	await using sandbox = await blueskySandbox()
	const target = targetOf(await connect(sandbox))
	sandbox.router.requests.length = 0
	for (const text of ['a'.repeat(301), '👩‍💻'.repeat(280)]) {
		await expect(sandbox.adapter.publish(target, contentOf(text), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'text_too_long' })
	}
	expect(sandbox.router.requests).toHaveLength(0)
	await sandbox.adapter.publish(target, contentOf(`${'ä'.repeat(299)}🦋`), recordingHooks().hooks)
	expect(sandbox.store.posts).toHaveLength(1)
})

test('the fake itself refuses a record over 300 graphemes, as the PDS does', async () => {
	await using sandbox = await blueskySandbox()
	const account = await connect(sandbox)
	const response = await fetch(`${sandbox.mount}/host/pds.sandbox.bsky.example/xrpc/com.atproto.repo.createRecord`, {
		method: 'POST',
		headers: { authorization: `Bearer ${account.token.accessToken}`, 'content-type': 'application/json' },
		body: JSON.stringify({ repo: account.accountId, collection: 'app.bsky.feed.post', record: { $type: 'app.bsky.feed.post', text: 'a'.repeat(301), createdAt: new Date().toISOString() } }),
	})
	expect(response.status).toBe(400)
	expect(await response.json()).toEqual({ error: 'InvalidRequest', message: 'Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes' })
	expect(sandbox.store.posts).toHaveLength(0)
})

test('an invalid or expired access token is auth_expired (the publisher refreshes and tries again)', async () => {
	await using sandbox = await blueskySandbox()
	const target = targetOf(await connect(sandbox))
	await expect(sandbox.adapter.publish({ ...target, accessToken: 'a.b.c' }, contentOf('x'), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'auth_expired', code: 'token_expired', status: 401 })
	const expired = `${target.accessToken.split('.')[0]}.${Buffer.from(JSON.stringify({ exp: 1 })).toString('base64url')}.bm9wZQ`
	await expect(sandbox.adapter.followerCount({ ...target, accessToken: expired })).rejects.toMatchObject({ kind: 'auth_expired', code: 'token_expired', status: 400 })
	expect(sandbox.store.posts).toHaveLength(0)
})

test('HTTP 429 is rate_limited with the wait from ratelimit-reset', async () => {
	await using sandbox = await blueskySandbox()
	const target = targetOf(await connect(sandbox))
	const reset = Math.floor(Date.now() / 1000) + 60
	sandbox.router.script(CREATE, [{ status: 429, headers: { 'ratelimit-limit': '5000', 'ratelimit-remaining': '0', 'ratelimit-reset': String(reset) }, body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' } }])
	const error = await sandbox.adapter.publish(target, contentOf('x'), recordingHooks().hooks).catch((e: unknown) => e)
	expect(error).toMatchObject({ kind: 'rate_limited', code: 'rate_limited' })
	expect((error as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(55_000)
	expect((error as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual(60_000)
})
