// Connecting by connect kind, through the publishing service against the sandbox fakes: instance
// networks (the server the user names, one app registration per server, the server kept with the
// token) and handle networks (handle + app password, the password never stored, tries limited).
// Generic over the registry: every registered platform of a kind runs these.
import http from 'node:http'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { platformModules } from '#adapters/platforms/index.ts'
import { createSecretBox } from '#modules/core/crypto.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness, SANDBOX_APP_PASSWORD } from '#tests/support/publishing.ts'

const TEST_APP_SECRET = 'test-secret-test-secret-test-secret-0123'
const ofKind = (kind: string) => platformModules.filter((m) => m.descriptor.connect === kind).map((m) => m.platform)
const instanceNetworks = ofKind('instance-oauth')
const handleNetworks = ofKind('handle-app-password')

test.skipIf(!instanceNetworks.length).each(instanceNetworks)('%s: the app registers once per instance; the token keeps its server and limits', async (platform) => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const first = await h.connectedUser([])
	const second = await h.connectedUser([])
	await h.connect(first.userId, platform, { server: 'https://Sandbox.Example/' })
	await h.connect(second.userId, platform, { server: 'sandbox.example' })
	await h.connect(second.userId, platform, { server: 'zweite.example' })

	const clients = await t.db.selectFrom('platform_clients').select(['server', 'client_secret_encrypted']).where('platform', '=', platform).orderBy('server').execute()
	expect(clients.map((c) => c.server)).toEqual(['https://sandbox.example', 'https://zweite.example'])
	for (const client of clients) expect(client.client_secret_encrypted.startsWith('v1:')).toBe(true)
	const tokens = await t.db.selectFrom('social_tokens').select(['user_id', 'server', 'limits', 'account_id']).where('platform', '=', platform).orderBy('server').execute()
	// Many accounts per network (ADR 0044): the second user's account on the other instance is added beside the first, each a channel.
	expect(tokens.filter((row) => row.user_id === second.userId).map((row) => row.server)).toEqual(['https://sandbox.example', 'https://zweite.example'])
	const channels = await t.db.selectFrom('channels').select('page_id').where('user_id', '=', second.userId).where('platform', '=', platform).execute()
	expect(new Set(channels.map((c) => c.page_id)).size).toBe(2)
	expect(tokens.filter((row) => row.user_id === first.userId).map((row) => row.server)).toEqual(['https://sandbox.example'])
	expect(tokens[0]!.limits).toMatchObject({ textLimit: expect.any(Number) })
})

test.skipIf(!instanceNetworks.length).each(instanceNetworks)('%s: a private, internal or unknown instance is refused with nothing stored', async (platform) => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser([])
	for (const [server, code] of [
		['127.0.0.1', 'server_blocked'],
		['localhost', 'server_blocked'],
		['10.0.0.5', 'server_blocked'],
		['intern.local', 'server_blocked'],
		['gibt-es-nicht.invalid', 'server_not_found'],
		['kein gültiger name', 'server_invalid'],
		['', 'server_invalid'],
	] as const) {
		await expect(h.services.publishing.startConnect(userId, platform, { server }), server).rejects.toMatchObject({ kind: 'invalid_request', code })
	}
	expect(await t.db.selectFrom('platform_clients').select('id').execute()).toEqual([])
	expect(await t.db.selectFrom('oauth_states').select('state_hash').where('user_id', '=', userId).execute()).toEqual([])
	const requests = Object.values(h.routers).flatMap((router) => router.requests.map((r) => r.path))
	expect(requests.filter((path) => /127\.0\.0\.1|localhost|10\.0\.0\.5|intern\.local/.test(path))).toEqual([])
})

test.skipIf(!handleNetworks.length).each(handleNetworks)('%s: sign-in with an app password; the password is not stored; wrong ones refused, 10 tries per hour', async (platform) => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser([])
	const signIn = (identifier: string, password: string) => h.services.publishing.signIn(userId, platform, { identifier, password })

	expect(await signIn('paula.invalid', SANDBOX_APP_PASSWORD)).toEqual({ ok: false, error: 'handle_not_found' })
	expect(await signIn('drucker.local', SANDBOX_APP_PASSWORD)).toEqual({ ok: false, error: 'server_blocked' })
	expect(await signIn('paula.example', 'mein-geheimes-hauptpasswort')).toEqual({ ok: false, error: 'app_password_format' })
	expect(await signIn('paula.example', SANDBOX_APP_PASSWORD)).toMatchObject({ ok: true, platform })

	const token = await t.db.selectFrom('social_tokens').selectAll().where('user_id', '=', userId).where('platform', '=', platform).executeTakeFirstOrThrow()
	expect(token.server).toMatch(/^https:\/\//)
	expect(JSON.stringify(token)).not.toContain(SANDBOX_APP_PASSWORD)
	expect(await t.db.selectFrom('channels').select('is_default').where('user_id', '=', userId).where('platform', '=', platform).execute()).toEqual([{ is_default: true }])

	for (let i = 0; i < 6; i++) await signIn('paula.example', SANDBOX_APP_PASSWORD)
	expect(await signIn('paula.example', SANDBOX_APP_PASSWORD)).toEqual({ ok: false, error: 'too_many_attempts' })
})

test('a post for every registered network is published once on each, with the token server as the target', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const all = platformModules.map((m) => m.platform)
	const { userId } = await h.connectedUser(all)
	const texts = Object.fromEntries(all.map((platform) => [platform, `Hallo ${platform} aus dem Test`]))
	// The post's image, served at the app's address like the app's /media/ files (networks fetch or upload it).
	const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#3366cc' } }).jpeg().toBuffer()
	await using _media = await serveAtAppUrl(h.appUrl, jpeg)
	const post = await h.services.content.createPost(userId, { platform: 'multiple', content: { base: 'Hallo zusammen', platforms: texts }, status: 'draft', imageUrl: '/media/test.jpg', timeZone: 'Europe/Zurich' })
	await h.services.publishing.publishNow(userId, post.id)
	await h.runDueJobs()
	const deliveries = await t.db.selectFrom('post_deliveries').select(['platform', 'status', 'error_code']).where('post_id', '=', post.id).execute()
	expect(Object.fromEntries(deliveries.map((d) => [d.platform, d.status]))).toEqual(Object.fromEntries(all.map((p) => [p, 'published'])))
	for (const platform of all) expect(h.posts(platform).map((p) => p.text), platform).toEqual([texts[platform]])
})

/** Serves `jpeg` at `${appUrl}/media/test.jpg` (the harness's app address, where post images live). */
async function serveAtAppUrl(appUrl: string, jpeg: Buffer) {
	const server = http.createServer((req, res) => {
		if (req.url !== '/media/test.jpg') return void res.writeHead(404).end()
		res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length }).end(jpeg)
	})
	const url = new URL(appUrl)
	await new Promise<void>((resolve) => server.listen(Number(url.port), url.hostname, resolve))
	return { [Symbol.asyncDispose]: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

test('a text one over a network’s limit in its own counting is refused with a German reason; nothing reaches any network', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const all = platformModules.map((m) => m.platform)
	const { userId } = await h.connectedUser(all)
	const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#3366cc' } }).jpeg().toBuffer()
	await using _media = await serveAtAppUrl(h.appUrl, jpeg)
	for (const module of platformModules) {
		const { limit } = module.descriptor.text
		const post = await h.services.content.createPost(userId, { platform: module.platform, content: { base: 'x'.repeat(limit + 1), platforms: {} }, status: 'draft', imageUrl: '/media/test.jpg', timeZone: 'Europe/Zurich' })
		// Refused before anything is queued ...
		const refused = await h.services.publishing.publishNow(userId, post.id)
		expect(refused, module.platform).toEqual({ refused: [expect.stringMatching(/zu lang/)] })
		// ... and by the job too, should a delivery get there anyway (the text changed after planning).
		await t.db.updateTable('post_deliveries').set({ status: 'scheduled', scheduled_at: new Date() }).where('post_id', '=', post.id).execute()
		await h.publisher.publishDelivery((await t.db.selectFrom('post_deliveries').select('id').where('post_id', '=', post.id).executeTakeFirstOrThrow()).id)
		const delivery = await t.db.selectFrom('post_deliveries').select(['status', 'error_message']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
		expect(delivery.status, module.platform).toBe('failed')
		expect(delivery.error_message, module.platform).toMatch(/[äöüÄÖÜß]|Zeichen|zu lang/)
		expect(h.posts(module.platform), module.platform).toEqual([])
	}
})

test.skipIf(!instanceNetworks.length).each(instanceNetworks)('%s: a registration the instance forgot is registered again, and the authorization goes through', async (platform) => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser([])
	await h.connect(userId, platform)
	const first = await t.db.selectFrom('platform_clients').select('client_id').where('platform', '=', platform).executeTakeFirstOrThrow()
	// The instance's admin removed the app (or the instance was reset): it answers invalid_client for it.
	h.sandbox.store.revoke(first.client_id)
	await h.connect(userId, platform)
	const clients = await t.db.selectFrom('platform_clients').select('client_id').where('platform', '=', platform).execute()
	expect(clients).toHaveLength(1)
	expect(clients[0]!.client_id).not.toBe(first.client_id)
	// A registration it still knows is reused.
	await h.connect(userId, platform)
	expect(await t.db.selectFrom('platform_clients').select('client_id').where('platform', '=', platform).execute()).toEqual(clients)
})

test.skipIf(!instanceNetworks.length).each(instanceNetworks)('%s: a token the instance withdrew is reported as withdrawn, with the reconnect action', async (platform) => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser([platform])
	// The user withdrew the app's access in the instance's settings.
	const row = await t.db.selectFrom('social_tokens').select('access_token_encrypted').where('user_id', '=', userId).executeTakeFirstOrThrow()
	h.sandbox.store.revoke(createSecretBox(TEST_APP_SECRET).open(row.access_token_encrypted))
	const post = await h.services.content.createPost(userId, { platform, content: { base: 'Nach dem Widerruf', platforms: {} }, status: 'scheduled', scheduledAt: new Date(Date.now() - 1000), timeZone: 'Europe/Zurich' })
	await h.runDueJobs()
	await h.runDueJobs()
	const [state] = (await h.services.publishing.deliveryStates(userId, [post.id]))[post.id] ?? []
	expect(state).toMatchObject({ status: 'failed', action: 'reconnect', reason: expect.stringMatching(/widerrufen/) })
	expect(state!.reason).not.toMatch(/abgelaufen/)
	const token = await t.db.selectFrom('social_tokens').select(['status', 'reconnect_reason']).where('user_id', '=', userId).executeTakeFirstOrThrow()
	expect(token).toMatchObject({ status: 'reconnect_required', reconnect_reason: expect.stringMatching(/widerrufen/) })
})
