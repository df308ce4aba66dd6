import { expect, test } from 'vitest'
import { PlatformError, type PublishTarget } from '#modules/publishing/ports.ts'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { graphError, metaRoutes, SANDBOX_PAGES, SANDBOX_USER } from '../meta/sandbox.ts'
import { REDIRECT_URI, connect, consent, sandboxSettings, startMetaSandbox } from '../meta/testing.ts'
import { createFacebookAdapter } from './adapter.ts'
import { facebook } from './index.ts'

const hooks = { checkpoint: async () => {} }
const [cafe] = SANDBOX_PAGES

async function setup(timeoutMs = 5_000) {
	const sandbox = await startMetaSandbox()
	const adapter = createFacebookAdapter(sandboxSettings(sandbox.base, { timeoutMs }))
	const account = await connect(adapter)
	const page = account.pages.find((p) => p.pageId === cafe!.id)!
	const target: PublishTarget = { accountId: account.accountId, pageId: page.pageId, accessToken: page.accessToken! }
	const router = sandbox.network.routers.meta!
	router.requests.length = 0
	return { sandbox, adapter, account, target, router, store: sandbox.network.store, [Symbol.asyncDispose]: () => sandbox.close() }
}

async function failure(promise: Promise<unknown>) {
	const error = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(PlatformError)
	return error as PlatformError
}

test('the module points production at graph.facebook.com v25.0 and the sandbox at /meta', () => {
	expect(facebook.endpoints).toEqual({
		apiBase: 'https://graph.facebook.com/v25.0',
		authorizeUrl: 'https://www.facebook.com/v25.0/dialog/oauth',
		tokenUrl: 'https://graph.facebook.com/v25.0/oauth/access_token',
		version: null,
	})
	expect(facebook.sandboxEndpoints('http://127.0.0.1:1/sandbox', 'http://localhost:1/sandbox')).toEqual({
		apiBase: 'http://127.0.0.1:1/sandbox/meta/v25.0',
		authorizeUrl: 'http://localhost:1/sandbox/meta/dialog/oauth',
		tokenUrl: 'http://127.0.0.1:1/sandbox/meta/v25.0/oauth/access_token',
		version: null,
	})
	expect(facebook.sandboxName).toBe('meta')
})

test('connect: German consent page, Zulassen, long-lived user token and the pages with their page tokens', async () => {
	await using sandbox = await startMetaSandbox()
	const adapter = createFacebookAdapter(sandboxSettings(sandbox.base))
	const url = new URL(adapter.authorizationUrl({ state: 'st-1', codeVerifier: 'v', redirectUri: REDIRECT_URI }))
	expect(url.searchParams.get('scope')).toBe('pages_show_list,pages_manage_posts,pages_read_engagement,business_management,pages_read_user_content,pages_manage_engagement')
	expect(url.searchParams.get('state')).toBe('st-1')
	expect(url.searchParams.get('response_type')).toBe('code')
	expect(url.searchParams.has('code_challenge')).toBe(false)

	const page = await fetch(url)
	const html = await page.text()
	expect(html).toContain('Facebook (Testmodus): Postwerk möchte Ihre Seiten verwalten und posten')
	expect(html).toContain('Zulassen')
	expect(html).toContain('Abbrechen')

	const callback = await consent(url.toString())
	expect(callback.origin + callback.pathname).toBe(REDIRECT_URI)
	expect(callback.searchParams.get('state')).toBe('st-1')
	const account = await adapter.exchangeCode({ code: callback.searchParams.get('code')!, codeVerifier: 'v', redirectUri: REDIRECT_URI })

	expect(account.accountId).toBe(SANDBOX_USER.id)
	expect(account.accountName).toBe('Max Muster')
	expect(account.token.refreshToken).toBeNull()
	const days = (account.token.expiresAt!.getTime() - Date.now()) / 86_400_000
	expect(days).toBeGreaterThan(59)
	expect(account.token.scopes).toEqual(expect.arrayContaining(['pages_manage_posts', 'pages_show_list']))
	expect(account.pages.map((p) => [p.name, p.type, p.followerCount])).toEqual([
		['Muster Café', 'business', 1200],
		['Muster Bäckerei', 'business', 640],
	])
	for (const p of account.pages) {
		expect(p.accessToken).toMatch(/^sbx\./)
		expect(p.accessToken).not.toBe(account.token.accessToken)
		expect(p.pictureUrl).toContain('/meta/picture/')
	}
	// code → short token → fb_exchange_token
	expect(sandbox.network.routers.meta!.requests.filter((r) => r.route === metaRoutes.token).map((r) => r.query.get('grant_type'))).toEqual([null, 'fb_exchange_token'])
	expect(await adapter.listPages({ accountId: account.accountId, accessToken: account.token.accessToken })).toHaveLength(2)
})

test('Abbrechen returns access_denied / user_denied to the callback', async () => {
	await using sandbox = await startMetaSandbox()
	const adapter = createFacebookAdapter(sandboxSettings(sandbox.base))
	const callback = await consent(adapter.authorizationUrl({ state: 'st-2', codeVerifier: 'v', redirectUri: REDIRECT_URI }), 'deny')
	expect(callback.searchParams.get('error')).toBe('access_denied')
	expect(callback.searchParams.get('error_reason')).toBe('user_denied')
	expect(callback.searchParams.get('state')).toBe('st-2')
})

test('a declined publishing scope refuses the connection', async () => {
	await using sandbox = await startMetaSandbox()
	const adapter = createFacebookAdapter(sandboxSettings(sandbox.base))
	sandbox.network.routers.meta!.script(metaRoutes.permissions, [
		{ status: 200, body: { data: [{ permission: 'pages_show_list', status: 'granted' }, { permission: 'pages_manage_posts', status: 'declined' }] } },
	])
	const error = await failure(connect(adapter))
	expect(error.kind).toBe('permission_missing')
	expect(error.message).toContain('pages_manage_posts')
})

test('text posts go to /feed with the page token and arrive on the sandbox', async () => {
	await using s = await setup()
	const result = await s.adapter.publish(s.target, contentOf('Frische Gipfeli ab 7 Uhr!'), hooks)
	expect(result.externalId).toMatch(new RegExp(`^${cafe!.id}_\\d+$`))
	expect(result.url).toContain(`#${encodeURIComponent(result.externalId)}`)
	expect(s.store.findPosts('facebook', cafe!.id)).toMatchObject([{ id: result.externalId, text: 'Frische Gipfeli ab 7 Uhr!', imageUrl: null, url: result.url }])
	const [request] = s.router.requests
	expect(request!.route).toBe(metaRoutes.feed)
	expect(request!.headers.authorization).toBe(`Bearer ${s.target.accessToken}`)
	expect(request!.form.get('message')).toBe('Frische Gipfeli ab 7 Uhr!')
})

test('posts with an image go to /photos with url and caption', async () => {
	await using s = await setup()
	const result = await s.adapter.publish(s.target, contentOf('Unser neues Brot', 'https://cdn.example.com/brot.png'), hooks)
	expect(s.router.count(metaRoutes.photos)).toBe(1)
	expect(s.router.count(metaRoutes.feed)).toBe(0)
	const [post] = s.store.findPosts('facebook', cafe!.id)
	expect(post).toMatchObject({ id: result.externalId, text: 'Unser neues Brot', imageUrl: 'https://cdn.example.com/brot.png' })
	expect(result.url).toBe(post!.url)
})

test('error 190 (expired or revoked token) is auth_expired', async () => {
	await using s = await setup()
	s.store.revoke(s.target.accessToken)
	const error = await failure(s.adapter.publish(s.target, contentOf('Hallo'), hooks))
	expect(error).toMatchObject({ kind: 'auth_expired', code: 'token_expired', status: 400 })
	expect(s.store.posts).toHaveLength(0)
})

test('throttle 80001 is rate_limited with the wait from x-business-use-case-usage', async () => {
	await using s = await setup()
	const usage = { [cafe!.id]: [{ type: 'pages', call_count: 100, total_cputime: 12, total_time: 14, estimated_time_to_regain_access: 7 }] }
	s.router.script(metaRoutes.feed, [
		graphError(80001, '(#80001) There have been too many calls to this Page account. Wait a bit and try again.', {
			headers: { 'x-business-use-case-usage': JSON.stringify(usage) },
		}),
	])
	const error = await failure(s.adapter.publish(s.target, contentOf('Hallo'), hooks))
	expect(error).toMatchObject({ kind: 'rate_limited', code: 'rate_limited', retryAfterMs: 7 * 60_000 })
})

test('code 1 with HTTP 500 on a creating request is an unknown outcome; 506 is a duplicate; 368 a policy block', async () => {
	await using s = await setup()
	s.router.script(metaRoutes.feed, [
		graphError(1, 'An unknown error occurred', { status: 500 }),
		graphError(506, 'Duplicate status message'),
		graphError(368, 'The action attempted has been deemed abusive or is otherwise disallowed'),
	])
	const content = contentOf('Hallo')
	expect(await failure(s.adapter.publish(s.target, content, hooks))).toMatchObject({ kind: 'unknown_outcome', code: 'transient', status: 500 })
	expect(await failure(s.adapter.publish(s.target, content, hooks))).toMatchObject({ kind: 'invalid_request', code: 'duplicate_post' })
	expect(await failure(s.adapter.publish(s.target, content, hooks))).toMatchObject({ kind: 'invalid_request', code: 'policy_block' })
})

test('a hanging publish is an unknown outcome; findPublished reports whether the post exists', async () => {
	// The default deadline for setting up and the requests before the hanging one, which waits for it.
	await using s = await setup()
	const since = new Date()
	const content = contentOf('Heute geschlossen')
	s.router.script(metaRoutes.feed, [{ hang: true }])
	const error = await failure(s.adapter.publish(s.target, content, hooks))
	expect(error.kind).toBe('unknown_outcome')
	expect(await s.adapter.findPublished(s.target, content, {}, since)).toBeNull()

	// The network did create it after all (simulated by posting the same text directly).
	s.router.script(metaRoutes.feed, [])
	const created = await s.adapter.publish(s.target, contentOf('Heute geschlossen\r\n'), hooks)
	expect(await s.adapter.findPublished(s.target, content, {}, since)).toEqual({ externalId: created.externalId, url: created.url })
	expect(await s.adapter.findPublished(s.target, contentOf('Etwas anderes'), {}, since)).toBeNull()
})

test('follower count and post metrics', async () => {
	await using s = await setup()
	expect(await s.adapter.followerCount(s.target)).toBe(1200)
	const { externalId } = await s.adapter.publish(s.target, contentOf('Zahlen bitte'), hooks)
	const metrics = await s.adapter.postMetrics(s.target, externalId)
	expect(metrics).toEqual({ views: expect.any(Number), likes: expect.any(Number), comments: expect.any(Number), shares: expect.any(Number) })
	expect(metrics!.views).toBeGreaterThan(0)
	expect(metrics!.likes).toBeGreaterThan(0)
	expect(await s.adapter.postMetrics(s.target, `${cafe!.id}_999999`)).toBeNull()
})

test('refreshToken re-exchanges a valid long-lived token and asks for a reconnect otherwise', async () => {
	await using s = await setup()
	const fresh = await s.adapter.refreshToken(s.account.token)
	expect(fresh.accessToken).not.toBe(s.account.token.accessToken)
	expect(fresh.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000)
	expect(s.router.requests.at(-1)!.query.get('grant_type')).toBe('fb_exchange_token')

	const requests = s.router.requests.length
	const expired = await failure(s.adapter.refreshToken({ ...s.account.token, expiresAt: new Date(Date.now() - 1000) }))
	expect(expired).toMatchObject({ kind: 'auth_expired', code: 'reconnect_required' })
	expect(s.router.requests.length).toBe(requests)

	s.store.revoke(fresh.accessToken)
	expect(await failure(s.adapter.refreshToken(fresh))).toMatchObject({ kind: 'auth_expired', code: 'reconnect_required' })
})
