import { expect, test } from 'vitest'
import { PlatformError, type Checkpoint, type PublishTarget } from '#modules/publishing/ports.ts'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { graphError, metaRoutes, SANDBOX_PAGES } from '../meta/sandbox.ts'
import { REDIRECT_URI, connect, sandboxSettings, startMetaSandbox } from '../meta/testing.ts'
import { createInstagramAdapter } from './adapter.ts'
import { instagram } from './index.ts'

const [cafe] = SANDBOX_PAGES
const fast = { pollIntervalMs: 5, maxPollIntervalMs: 20, maxWaitMs: 2000 }
const photo = contentOf('Kaffee und Kuchen #muster', 'https://cdn.example.com/kuchen.jpg')

async function setup(timeoutMs = 5_000) {
	const sandbox = await startMetaSandbox()
	const adapter = createInstagramAdapter(sandboxSettings(sandbox.base, { timeoutMs }), fast)
	const account = await connect(adapter)
	const page = account.pages.find((p) => p.pageId === cafe!.ig.id)!
	const target: PublishTarget = { accountId: account.accountId, pageId: page.pageId, accessToken: page.accessToken! }
	const router = sandbox.network.routers.meta!
	router.requests.length = 0
	const checkpoints: Array<Checkpoint> = []
	const hooks = { checkpoint: async (data: Checkpoint) => void checkpoints.push(data) }
	return { sandbox, adapter, account, target, router, store: sandbox.network.store, hooks, checkpoints, [Symbol.asyncDispose]: () => sandbox.close() }
}

async function failure(promise: Promise<unknown>) {
	const error = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(PlatformError)
	return error as PlatformError
}

test('the module shares the meta sandbox and the Graph endpoints with Facebook', () => {
	expect(instagram.sandboxName).toBe('meta')
	expect(instagram.endpoints.apiBase).toBe('https://graph.facebook.com/v25.0')
	expect(instagram.sandboxEndpoints('http://s', 'http://b').authorizeUrl).toBe('http://b/meta/dialog/oauth')
})

test('connect: Instagram scopes on the Facebook dialog; the pages are the linked Instagram business accounts', async () => {
	await using sandbox = await startMetaSandbox()
	const adapter = createInstagramAdapter(sandboxSettings(sandbox.base), fast)
	const url = adapter.authorizationUrl({ state: 's', codeVerifier: 'v', redirectUri: REDIRECT_URI })
	expect(new URL(url).searchParams.get('scope')).toBe(
		'instagram_basic,instagram_content_publish,pages_show_list,pages_read_engagement,business_management,instagram_manage_insights,instagram_manage_comments',
	)
	const html = await (await fetch(url)).text()
	expect(html).toContain('Testmodus')
	expect(html).toContain('Instagram')

	const account = await connect(adapter)
	expect(account.pages.map((p) => [p.pageId, p.name, p.followerCount, p.type])).toEqual([
		[cafe!.ig.id, 'muster.cafe', 980, 'business'],
		[SANDBOX_PAGES[1]!.ig.id, 'muster_baeckerei', 410, 'business'],
	])
	// Instagram is published to with the token of the linked Facebook page.
	expect(account.pages[0]!.accessToken).toMatch(/^sbx\./)
	expect(account.pages[0]!.accessToken).not.toBe(account.token.accessToken)
})

test('text-only posts are refused without a request', async () => {
	await using s = await setup()
	const error = await failure(s.adapter.publish(s.target, contentOf('Nur Text'), s.hooks))
	expect(error).toMatchObject({ kind: 'invalid_request', code: 'instagram_needs_image' })
	expect(s.router.requests).toHaveLength(0)
})

test('a PNG is refused before any request', async () => {
	await using s = await setup()
	const error = await failure(s.adapter.publish(s.target, contentOf('Bild', 'https://cdn.example.com/bild.PNG?v=2'), s.hooks))
	expect(error).toMatchObject({ kind: 'invalid_request', code: 'instagram_jpeg_only' })
	expect(s.router.requests).toHaveLength(0)
	expect(s.checkpoints).toHaveLength(0)
})

test('an image URL without extension is checked by its content type', async () => {
	await using s = await setup()
	const svg = `${s.sandbox.base}/meta/picture/${cafe!.id}`
	const error = await failure(s.adapter.publish(s.target, contentOf('Bild', svg), s.hooks))
	expect(error.code).toBe('instagram_jpeg_only')
	expect(s.router.requests.map((r) => r.method)).toEqual(['HEAD'])
})

test('container: checkpoint, polled IN_PROGRESS → FINISHED, published exactly once', async () => {
	await using s = await setup()
	const result = await s.adapter.publish(s.target, photo, s.hooks)

	expect(s.router.requests.map((r) => r.route)).toEqual([
		metaRoutes.media,
		metaRoutes.containerStatus,
		metaRoutes.containerStatus,
		metaRoutes.mediaPublish,
		metaRoutes.object,
	])
	expect(s.router.count(metaRoutes.mediaPublish)).toBe(1)
	const containerId = s.checkpoints[0]!.containerId
	expect(containerId).toMatch(/^cont_\d+$/)
	expect(s.router.requests.find((r) => r.route === metaRoutes.mediaPublish)!.form.get('creation_id')).toBe(containerId)
	expect(s.checkpoints).toEqual([{ containerId }, { containerId, mediaId: result.externalId }])

	const posts = s.store.findPosts('instagram', cafe!.ig.id)
	expect(posts).toMatchObject([{ id: result.externalId, text: photo.text, imageUrl: photo.imageUrl }])
	expect(result.url).toBe(posts[0]!.url)
})

test('a container that ends in ERROR is invalid_request and never published', async () => {
	await using s = await setup()
	s.router.script(metaRoutes.containerStatus, [
		{ status: 200, body: { status_code: 'IN_PROGRESS', status: 'In Progress' } },
		{ status: 200, body: { status_code: 'ERROR', status: 'Error: 2207026' } },
	])
	const error = await failure(s.adapter.publish(s.target, photo, s.hooks))
	expect(error.kind).toBe('invalid_request')
	expect(error.code).toBe('container_error')
	expect(error.message).toContain('2207026')
	expect(s.router.count(metaRoutes.mediaPublish)).toBe(0)

	s.router.script(metaRoutes.containerStatus, [{ status: 200, body: { status_code: 'ERROR', status: '2207009' } }])
	expect(await failure(s.adapter.publish(s.target, photo, s.hooks))).toMatchObject({ kind: 'invalid_request', code: 'aspect_ratio' })
})

test('an expired container is transient; a container that stays IN_PROGRESS gives up after maxWaitMs', async () => {
	await using s = await setup()
	s.router.script(metaRoutes.containerStatus, [{ status: 200, body: { status_code: 'EXPIRED' } }])
	expect(await failure(s.adapter.publish(s.target, photo, s.hooks))).toMatchObject({ kind: 'transient', code: 'container_expired' })

	const impatient = createInstagramAdapter(sandboxSettings(s.sandbox.base), { pollIntervalMs: 5, maxWaitMs: 60 })
	s.router.script(metaRoutes.containerStatus, [{ status: 200, body: { status_code: 'IN_PROGRESS' } }])
	expect(await failure(impatient.publish(s.target, photo, s.hooks))).toMatchObject({ kind: 'transient' })
	expect(s.router.count(metaRoutes.mediaPublish)).toBe(0)
})

test('a hanging media_publish is unknown_outcome; findPublished uses the container and never publishes', async () => {
	// The default deadline for setting up and the requests before the hanging one, which waits for it.
	await using s = await setup()
	const since = new Date()
	s.router.script(metaRoutes.mediaPublish, [{ hang: true }])
	const error = await failure(s.adapter.publish(s.target, photo, s.hooks))
	expect(error.kind).toBe('unknown_outcome')
	const checkpoint = s.checkpoints.at(-1)!
	expect(checkpoint.containerId).toBeTruthy()
	expect(checkpoint.mediaId).toBeUndefined()

	// It did not happen: the container is FINISHED, not PUBLISHED.
	s.router.script(metaRoutes.mediaPublish, [])
	const publishes = s.router.count(metaRoutes.mediaPublish)
	expect(await s.adapter.findPublished(s.target, photo, checkpoint, since)).toBeNull()

	// Meta completes it after all.
	const completed = await fetch(`${s.sandbox.base}/meta/v25.0/${s.target.pageId}/media_publish`, {
		method: 'POST',
		headers: { authorization: `Bearer ${s.target.accessToken}`, 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ creation_id: checkpoint.containerId! }),
	})
	const { id } = (await completed.json()) as { id: string }
	const found = await s.adapter.findPublished(s.target, photo, checkpoint, since)
	expect(found).toEqual({ externalId: id, url: s.store.findPosts('instagram', cafe!.ig.id)[0]!.url })
	expect(s.router.count(metaRoutes.mediaPublish)).toBe(publishes + 1)
	expect(s.store.findPosts('instagram', cafe!.ig.id)).toHaveLength(1)
})

test('findPublished without a checkpoint looks for the caption among recent media', async () => {
	await using s = await setup()
	const since = new Date()
	expect(await s.adapter.findPublished(s.target, photo, {}, since)).toBeNull()
	const result = await s.adapter.publish(s.target, photo, s.hooks)
	expect(await s.adapter.findPublished(s.target, photo, {}, since)).toEqual(result)
	expect(await s.adapter.findPublished(s.target, photo, { mediaId: result.externalId }, since)).toEqual(result)
})

test('Graph errors at container creation are classified (JPEG rule on the fake side, throttle 80002, token)', async () => {
	await using s = await setup()
	s.router.script(metaRoutes.media, [
		graphError(9004, 'The image format is not supported.', { subcode: 2207005 }),
		graphError(80002, '(#80002) There have been too many calls to this Instagram account.', {
			headers: { 'x-business-use-case-usage': JSON.stringify({ [cafe!.ig.id]: [{ type: 'instagram', call_count: 100, estimated_time_to_regain_access: 2 }] }) },
		}),
		graphError(190, 'Error validating access token: The session has been invalidated because the user changed their password.', { subcode: 460 }),
	])
	expect(await failure(s.adapter.publish(s.target, photo, s.hooks))).toMatchObject({ kind: 'invalid_request', code: 'image_format' })
	expect(await failure(s.adapter.publish(s.target, photo, s.hooks))).toMatchObject({ kind: 'rate_limited', retryAfterMs: 120_000 })
	expect(await failure(s.adapter.publish(s.target, photo, s.hooks))).toMatchObject({ kind: 'auth_expired', code: 'token_expired' })
	expect(s.checkpoints).toHaveLength(0)
})

test('follower count and post metrics', async () => {
	await using s = await setup()
	expect(await s.adapter.followerCount(s.target)).toBe(980)
	const { externalId } = await s.adapter.publish(s.target, photo, s.hooks)
	const metrics = await s.adapter.postMetrics(s.target, externalId)
	expect(metrics!.likes).toBeGreaterThan(0)
	expect(metrics!.views).toBeGreaterThan(0)
	expect(metrics).toEqual({ views: expect.any(Number), likes: expect.any(Number), comments: expect.any(Number), shares: expect.any(Number) })
	expect(await s.adapter.postMetrics(s.target, '17900000009999')).toBeNull()
})

test('a resend after a 500 on media_publish publishes the earlier container (no new one), or finds the post when it went live after all', async () => {
	await using s = await setup()
	const serverError = { status: 500, raw: '<html>Internal Server Error</html>' }
	s.router.script(metaRoutes.mediaPublish, [serverError, { pass: true }])
	expect(await failure(s.adapter.publish(s.target, photo, s.hooks))).toMatchObject({ kind: 'unknown_outcome', status: 500 })
	const previous = { ...s.checkpoints.at(-1)! }
	const containers = s.router.count(metaRoutes.media)

	const published = await s.adapter.publish(s.target, photo, { ...s.hooks, previous })
	expect(s.router.count(metaRoutes.media), 'no new container').toBe(containers)
	expect(s.store.findPosts('instagram', cafe!.ig.id).map((post) => post.id)).toEqual([published.externalId])

	// Once more with the same (now PUBLISHED) container: the post is found, nothing is published.
	const publishes = s.router.count(metaRoutes.mediaPublish)
	expect(await s.adapter.publish(s.target, photo, { ...s.hooks, previous })).toEqual(published)
	expect(s.router.count(metaRoutes.mediaPublish)).toBe(publishes)
	expect(s.store.findPosts('instagram', cafe!.ig.id)).toHaveLength(1)
})
