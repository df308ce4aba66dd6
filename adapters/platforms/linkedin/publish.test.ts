import { expect, test } from 'vitest'
import type { Checkpoint } from '#modules/publishing/ports.ts'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { pngBytes, pngDataUrl, startLinkedinSandbox } from './testing.ts'

const noCheckpoint = { checkpoint: async () => {} }

test('reserved characters arrive escaped on the wire and intact in the post, hashtag and mention included', async () => {
	await using li = await startLinkedinSandbox()
	const text = String.raw`Preis (ab 5 CHF) [neu] {gratis} <b>fett</b> a|b C:\pfad *stern* _unter_ ~tilde~ info@postwerk.ch #Postwerk Danke @[Muster AG](urn:li:organization:4711)!`
	const published = await li.adapter().publish(li.target(li.person), contentOf(text), noCheckpoint)

	expect(published.externalId).toMatch(/^urn:li:share:\d+$/)
	expect(published.url).toBe(`${li.base}/#${published.externalId}`)
	const request = li.router.requests.find((r) => r.route === 'POST /rest/posts')!
	expect(request.headers['linkedin-version']).toBe('202601')
	expect(request.headers['x-restli-protocol-version']).toBe('2.0.0')
	expect(request.json).toEqual({
		author: li.person,
		commentary: String.raw`Preis \(ab 5 CHF\) \[neu\] \{gratis\} \<b\>fett\</b\> a\|b C:\\pfad \*stern\* \_unter\_ \~tilde\~ info\@postwerk.ch #Postwerk Danke @[Muster AG](urn:li:organization:4711)!`,
		visibility: 'PUBLIC',
		distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
		lifecycleState: 'PUBLISHED',
		isReshareDisabledByAuthor: false,
	})
	expect(li.store.posts).toEqual([expect.objectContaining({ id: published.externalId, platform: 'linkedin', authorId: li.person, text, imageUrl: null })])
})

test('an image post: initializeUpload, PUT the bytes, status check, then the post; the image is checkpointed after the upload', async () => {
	await using li = await startLinkedinSandbox()
	li.router.script('GET /rest/images/:urn', [
		{ status: 200, body: { status: 'PROCESSING' } },
		{ status: 200, body: { status: 'AVAILABLE' } },
	])
	const checkpoints: Array<{ data: Checkpoint; requestsSoFar: number }> = []
	const hooks = { checkpoint: async (data: Checkpoint) => void checkpoints.push({ data, requestsSoFar: li.router.requests.length }) }
	const published = await li.adapter().publish(li.target(li.organization), contentOf('Mit Bild #Sommer', pngDataUrl), hooks)

	expect(li.router.requests.map((r) => r.route)).toEqual(['POST /rest/images', 'PUT /upload/:id', 'GET /rest/images/:urn', 'GET /rest/images/:urn', 'POST /rest/posts'])
	const [init, upload, , , post] = li.router.requests
	expect(init!.query.get('action')).toBe('initializeUpload')
	expect(init!.json).toEqual({ initializeUploadRequest: { owner: li.organization } })
	expect(upload!.headers.authorization).toBe(`Bearer ${li.token}`)
	expect(upload!.body.equals(pngBytes)).toBe(true)
	const imageUrn = (post!.json as { content: { media: { id: string } } }).content.media.id
	expect(imageUrn).toMatch(/^urn:li:image:/)
	expect(checkpoints).toEqual([{ data: { imageUrn }, requestsSoFar: 2 }])

	const stored = li.store.posts.find((p) => p.id === published.externalId)!
	expect(stored).toMatchObject({ authorId: li.organization, text: 'Mit Bild #Sommer' })
	const image = await fetch(stored.imageUrl!)
	expect(Buffer.from(await image.arrayBuffer()).equals(pngBytes)).toBe(true)
})

test('an image LinkedIn cannot process fails the post; WebP is refused before any upload', async () => {
	await using li = await startLinkedinSandbox()
	li.router.script('GET /rest/images/:urn', [{ status: 200, body: { status: 'PROCESSING_FAILED' } }])
	await expect(li.adapter().publish(li.target(li.person), contentOf('x', pngDataUrl), noCheckpoint)).rejects.toMatchObject({
		kind: 'invalid_request',
		code: 'image_failed',
	})
	expect(li.router.count('POST /rest/posts')).toBe(0)

	li.router.reset()
	const webp = `data:image/webp;base64,${Buffer.from('RIFF\0\0\0\0WEBPVP8 ').toString('base64')}`
	await expect(li.adapter().publish(li.target(li.person), contentOf('x', webp), noCheckpoint)).rejects.toMatchObject({ code: 'image_format' })
	expect(li.router.requests).toEqual([])
})

test('a revoked token is auth_expired', async () => {
	await using li = await startLinkedinSandbox()
	li.store.revoke(li.token)
	const error = await li.adapter().publish(li.target(li.person), contentOf('Hallo'), noCheckpoint).catch((e: unknown) => e)
	expect(error).toMatchObject({ name: 'PlatformError', kind: 'auth_expired', code: 'token_expired', status: 401 })
})

test('429 with Retry-After: 7 is rate_limited for 7 s; a 500 on the creating request is an unknown outcome', async () => {
	await using li = await startLinkedinSandbox()
	const adapter = li.adapter()
	li.router.script('POST /rest/posts', [
		{ status: 429, headers: { 'retry-after': '7' }, body: { status: 429, message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.' } },
		{ status: 500, body: { status: 500, message: 'Internal Server Error' } },
	])
	await expect(adapter.publish(li.target(li.person), contentOf('a'), noCheckpoint)).rejects.toMatchObject({
		kind: 'rate_limited',
		retryAfterMs: 7000,
	})
	await expect(adapter.publish(li.target(li.person), contentOf('b'), noCheckpoint)).rejects.toMatchObject({
		kind: 'unknown_outcome',
		code: 'server_error',
	})
	expect(li.store.posts).toEqual([])
})

test('a publish that hangs is an unknown outcome, and the reconcile then finds nothing', async () => {
	await using li = await startLinkedinSandbox()
	// The sandbox's deadline: only the hanging request waits for it.
	const adapter = li.adapter()
	const since = new Date()
	li.router.script('POST /rest/posts', [{ hang: true }])
	const content = contentOf('Hängt (vielleicht)')
	await expect(adapter.publish(li.target(li.person), content, noCheckpoint)).rejects.toMatchObject({ kind: 'unknown_outcome', code: 'timeout' })
	expect(li.router.count('POST /rest/posts')).toBe(1)
	expect(await adapter.findPublished(li.target(li.person), content, {}, since)).toBeNull()
	const search = li.router.requests.find((r) => r.route === 'GET /rest/posts')!
	expect(Object.fromEntries(search.query)).toMatchObject({ q: 'author', author: li.person })
})

test('a post whose answer was lost is found by its text (or its image) among the author\'s posts since the attempt', async () => {
	await using li = await startLinkedinSandbox()
	const adapter = li.adapter()
	const since = new Date()
	const content = contentOf('Verloren? #Postwerk (zum Glück nicht) @[Muster AG](urn:li:organization:4711)')
	await adapter.publish(li.target(li.organization), contentOf('Ein anderer Post'), noCheckpoint)
	const published = await adapter.publish(li.target(li.organization), content, noCheckpoint)
	await adapter.publish(li.target(li.organization), contentOf('Danach'), noCheckpoint)

	expect(await adapter.findPublished(li.target(li.organization), content, {}, since)).toEqual(published)
	expect(await adapter.findPublished(li.target(li.person), content, {}, since)).toBeNull()
	expect(await adapter.findPublished(li.target(li.organization), content, {}, new Date(Date.now() + 10 * 60_000))).toBeNull()

	let imageUrn = ''
	const withImage = await adapter.publish(li.target(li.organization), contentOf('Bild', pngDataUrl), {
		checkpoint: async (data) => void (imageUrn = data.imageUrn!),
	})
	expect(await adapter.findPublished(li.target(li.organization), contentOf('anderer Text', pngDataUrl), { imageUrn }, since)).toEqual(withImage)
})

test('over 3000 characters is refused before anything is sent', async () => {
	await using li = await startLinkedinSandbox()
	await expect(li.adapter().publish(li.target(li.person), contentOf('x'.repeat(3001)), noCheckpoint)).rejects.toMatchObject({
		kind: 'invalid_request',
		code: 'text_too_long',
	})
	expect(li.router.requests).toEqual([])
})

test('followers for organizations (none for members) and engagement per post', async () => {
	await using li = await startLinkedinSandbox()
	const adapter = li.adapter()
	expect(await adapter.followerCount(li.target(li.organization))).toBe(1234)
	expect(await adapter.followerCount(li.target(li.person))).toBeNull()

	const orgPost = await adapter.publish(li.target(li.organization), contentOf('Org'), noCheckpoint)
	const orgMetrics = await adapter.postMetrics(li.target(li.organization), orgPost.externalId)
	expect(orgMetrics!.views).toBeGreaterThanOrEqual(100)
	const stats = li.router.requests.find((r) => r.route === 'GET /rest/organizationalEntityShareStatistics')!
	expect(stats.query.get('shares')).toBe(`List(${orgPost.externalId})`)

	const memberPost = await adapter.publish(li.target(li.person), contentOf('Ich'), noCheckpoint)
	const memberMetrics = await adapter.postMetrics(li.target(li.person), memberPost.externalId)
	expect(memberMetrics).toEqual({ views: 0, likes: expect.any(Number), comments: expect.any(Number), shares: 0 })
	expect(await adapter.postMetrics(li.target(li.person), memberPost.externalId)).toEqual(memberMetrics)
})
