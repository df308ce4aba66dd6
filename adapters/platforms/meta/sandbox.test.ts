import { expect, test } from 'vitest'
import { metaRoutes, SANDBOX_PAGES } from './sandbox.ts'
import { REDIRECT_URI, connect, consent, sandboxSettings, startMetaSandbox } from './testing.ts'
import { createFacebookAdapter } from '../facebook/adapter.ts'
import { createInstagramAdapter } from '../instagram/adapter.ts'
import { dialogUrl } from './oauth.ts'

const [cafe] = SANDBOX_PAGES

async function setup(platform: 'facebook' | 'instagram' = 'facebook') {
	const sandbox = await startMetaSandbox()
	const api = `${sandbox.base}/meta/v25.0`
	const create = platform === 'facebook' ? createFacebookAdapter : createInstagramAdapter
	const account = await connect(create(sandboxSettings(sandbox.base)))
	const pageToken = account.pages[0]!.accessToken!
	return { sandbox, api, account, pageToken, router: sandbox.network.routers.meta!, [Symbol.asyncDispose]: () => sandbox.close() }
}

const body = (values: Record<string, string>) => ({
	method: 'POST',
	headers: { 'content-type': 'application/x-www-form-urlencoded' },
	body: new URLSearchParams(values),
})

test('the consent form submits to the dialog itself, carrying the request', async () => {
	await using sandbox = await startMetaSandbox()
	const url = dialogUrl({ authorizeUrl: `${sandbox.base}/meta/dialog/oauth`, clientId: 'app' }, { state: 's', redirectUri: REDIRECT_URI, scopes: ['pages_show_list'] })
	const html = await (await fetch(url)).text()
	const action = /<form method="get" action="([^"]+)"/.exec(html)![1]!
	expect(new URL(action, url).toString()).toBe(`${sandbox.base}/meta/dialog/oauth`)
	expect(html).toContain('value="allow">Zulassen')
	expect(html).toContain('value="deny">Abbrechen')
	expect(html).toContain(`value="${REDIRECT_URI}"`)
	expect((await fetch(`${sandbox.base}/meta/dialog/oauth?redirect_uri=javascript:alert(1)`)).status).toBe(400)
})

test('the token is accepted as Bearer, query or body; a bad one gets 190/463 with usage headers', async () => {
	await using s = await setup()
	const token = s.account.token.accessToken
	expect((await fetch(`${s.api}/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
	expect((await fetch(`${s.api}/me?access_token=${encodeURIComponent(token)}`)).status).toBe(200)
	const posted = await fetch(`${s.api}/${cafe!.id}/feed`, body({ access_token: s.pageToken, message: 'Per Formular' }))
	expect(posted.status).toBe(200)

	const bad = await fetch(`${s.api}/me`, { headers: { authorization: 'Bearer sbx.forged.token' } })
	expect(bad.status).toBe(400)
	expect(bad.headers.get('x-app-usage')).toContain('call_count')
	expect(await bad.json()).toMatchObject({ error: { code: 190, error_subcode: 463, type: 'OAuthException' } })
})

test('codes are single-use and bound to the redirect URI', async () => {
	await using sandbox = await startMetaSandbox()
	const url = dialogUrl({ authorizeUrl: `${sandbox.base}/meta/dialog/oauth`, clientId: 'app' }, { state: 's', redirectUri: REDIRECT_URI, scopes: ['pages_show_list'] })
	const code = (await consent(url)).searchParams.get('code')!
	const exchange = (redirect: string) => fetch(`${sandbox.base}/meta/v25.0/oauth/access_token?${new URLSearchParams({ client_id: 'app', client_secret: 's', redirect_uri: redirect, code })}`)
	expect((await (await exchange('http://elsewhere.example/cb')).json()) as unknown).toMatchObject({ error: { code: 100, error_subcode: 36008 } })
	const first = (await (await exchange(REDIRECT_URI)).json()) as { access_token: string; expires_in: number }
	expect(first.expires_in).toBe(5400)
	expect((await (await exchange(REDIRECT_URI)).json()) as unknown).toMatchObject({ error: { code: 100, error_subcode: 36009 } })
})

test('only the page token may post to the page', async () => {
	await using s = await setup()
	const asUser = await fetch(`${s.api}/${cafe!.id}/feed`, { ...body({ message: 'x' }), headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${s.account.token.accessToken}` } })
	expect(((await asUser.json()) as { error: { code: number } }).error.code).toBe(200)
	const otherPage = await fetch(`${s.api}/${SANDBOX_PAGES[1]!.id}/feed`, body({ access_token: s.pageToken, message: 'x' }))
	expect(((await otherPage.json()) as { error: { code: number } }).error.code).toBe(200)
	expect(s.sandbox.network.store.posts).toHaveLength(0)
})

test('unpublished photos can be attached to a feed post', async () => {
	await using s = await setup()
	const photo = (await (await fetch(`${s.api}/${cafe!.id}/photos`, body({ access_token: s.pageToken, url: 'https://cdn.example.com/a.jpg', published: 'false' }))).json()) as { id: string; post_id?: string }
	expect(photo.post_id).toBeUndefined()
	const post = (await (
		await fetch(`${s.api}/${cafe!.id}/feed`, body({ access_token: s.pageToken, message: 'Mit Bild', 'attached_media[0]': JSON.stringify({ media_fbid: photo.id }), fields: 'id,permalink_url' }))
	).json()) as { id: string; permalink_url: string }
	expect(post.permalink_url).toContain(encodeURIComponent(post.id))
	expect(s.sandbox.network.store.posts).toMatchObject([{ id: post.id, imageUrl: 'https://cdn.example.com/a.jpg', text: 'Mit Bild' }])
})

test('Instagram publishing needs instagram_content_publish', async () => {
	await using s = await setup('facebook')
	const denied = (await (await fetch(`${s.api}/${cafe!.ig.id}/media`, body({ access_token: s.pageToken, image_url: 'https://cdn.example.com/a.jpg' }))).json()) as unknown
	expect(denied).toMatchObject({ error: { code: 200 } })
})

test('Instagram: JPEG only, and no media_publish before the container status was read', async () => {
	await using s = await setup('instagram')
	const ig = cafe!.ig.id
	const png = (await (await fetch(`${s.api}/${ig}/media`, body({ access_token: s.pageToken, image_url: 'https://cdn.example.com/a.png', caption: 'x' }))).json()) as unknown
	expect(png).toMatchObject({ error: { error_subcode: 2207005 } })

	const { id } = (await (await fetch(`${s.api}/${ig}/media`, body({ access_token: s.pageToken, image_url: 'https://cdn.example.com/a.jpg', caption: 'x' }))).json()) as { id: string }
	const early = (await (await fetch(`${s.api}/${ig}/media_publish`, body({ access_token: s.pageToken, creation_id: id }))).json()) as unknown
	expect(early).toMatchObject({ error: { code: 9007, error_subcode: 2207027 } })

	const status = async () => ((await (await fetch(`${s.api}/${id}?fields=status_code&access_token=${encodeURIComponent(s.pageToken)}`)).json()) as { status_code: string }).status_code
	expect([await status(), await status()]).toEqual(['IN_PROGRESS', 'FINISHED'])
	const published = (await (await fetch(`${s.api}/${ig}/media_publish`, body({ access_token: s.pageToken, creation_id: id }))).json()) as { id: string }
	expect(published.id).toBeTruthy()
	expect(await status()).toBe('PUBLISHED')
	const again = (await (await fetch(`${s.api}/${ig}/media_publish`, body({ access_token: s.pageToken, creation_id: id }))).json()) as unknown
	expect(again).toMatchObject({ error: { code: 100 } })
	expect(s.router.count(metaRoutes.containerStatus)).toBe(3)
	expect(s.sandbox.network.store.findPosts('instagram', ig)).toHaveLength(1)
})

test('objects, recent posts and insights', async () => {
	await using s = await setup()
	const get = async (path: string) => (await fetch(`${s.api}/${path}`, { headers: { authorization: `Bearer ${s.pageToken}` } })).json() as Promise<Record<string, unknown>>
	expect(await get(`${cafe!.id}?fields=followers_count,fan_count`)).toEqual({ id: cafe!.id, followers_count: 1200, fan_count: 1150 })
	expect(await get(`${cafe!.ig.id}?fields=username,followers_count`)).toEqual({ id: cafe!.ig.id, username: 'muster.cafe', followers_count: 980 })
	await fetch(`${s.api}/${cafe!.id}/feed`, body({ access_token: s.pageToken, message: 'Eins' }))
	await fetch(`${s.api}/${cafe!.id}/feed`, body({ access_token: s.pageToken, message: 'Zwei' }))
	const feed = (await get(`${cafe!.id}/feed?fields=message`)) as { data: Array<{ id: string; message: string }> }
	expect(feed.data.map((p) => p.message)).toEqual(['Zwei', 'Eins'])
	const post = await get(`${feed.data[0]!.id}?fields=reactions.summary(total_count),comments.summary(total_count),shares`)
	expect(post).toMatchObject({ reactions: { summary: { total_count: expect.any(Number) } }, comments: { summary: { total_count: expect.any(Number) } } })
	const insights = (await get(`${feed.data[0]!.id}/insights?metric=post_total_media_view_unique`)) as { data: Array<{ values: Array<{ value: number }> }> }
	expect(insights.data[0]!.values[0]!.value).toBeGreaterThan(0)
	expect(await get(`${feed.data[0]!.id}/insights?metric=page_impressions_unique`)).toMatchObject({ error: { code: 100 } })
	expect(await get('123456')).toMatchObject({ error: { code: 100, error_subcode: 33 } })
})
