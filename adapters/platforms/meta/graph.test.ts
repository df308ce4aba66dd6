import { expect, test } from 'vitest'
import { PlatformError } from '#modules/publishing/ports.ts'
import { createSandboxNetwork, listenSandbox } from '../sandbox/network.ts'
import { SandboxStore } from '../sandbox/store.ts'
import { createGraph } from './graph.ts'
import { createMetaFake, metaRoutes } from './sandbox.ts'
import { REDIRECT_URI, connect, sandboxSettings, startMetaSandbox } from './testing.ts'
import { createFacebookAdapter } from '../facebook/adapter.ts'

test('list follows paging.next, re-based onto the API base even when the fake names itself by another host', async () => {
	let publicBase = ''
	// The sandbox tells the browser's host in its links; the server reaches it by 127.0.0.1.
	await using sandbox = await listenSandbox((base) => {
		publicBase = base.replace('127.0.0.1', 'localhost')
		return createSandboxNetwork({ publicBase, store: new SandboxStore(), fakes: { meta: createMetaFake }, callbackUrls: [REDIRECT_URI] })
	})
	const settings = sandboxSettings(sandbox.base)
	const account = await connect(createFacebookAdapter(settings))
	const router = sandbox.network.routers.meta!
	router.requests.length = 0

	const graph = createGraph(settings)
	const pages = await graph.list<{ id: string; name: string }>('me/accounts', { fields: 'id,name', limit: 1 }, account.token.accessToken)
	expect(pages.map((p) => p.name)).toEqual(['Muster Café', 'Muster Bäckerei'])
	expect(router.count(metaRoutes.accounts)).toBe(2)
	expect(router.requests[1]!.query.get('after')).toBeTruthy()
	expect(router.requests.every((r) => r.headers.authorization === `Bearer ${account.token.accessToken}`)).toBe(true)
})

test('a next link off the API host is not followed (the token stays home)', async () => {
	const calls: Array<string> = []
	const fakeFetch = (async (url: string | URL | Request) => {
		calls.push(String(url))
		return new Response(JSON.stringify({ data: [{ id: '1' }], paging: { next: 'https://evil.example/steal?after=x' } }), { status: 200 })
	}) as typeof fetch
	const graph = createGraph({ apiBase: 'https://graph.facebook.com/v25.0', fetch: fakeFetch, timeoutMs: 1000 })
	expect(await graph.list('me/accounts', {}, 'tok')).toEqual([{ id: '1' }])
	expect(calls).toEqual(['https://graph.facebook.com/v25.0/me/accounts'])
})

test('an unreadable 2xx is an unknown outcome for a creating request and transient otherwise', async () => {
	const graph = createGraph({ apiBase: 'https://graph.facebook.com/v25.0', fetch: (async () => new Response('<html>', { status: 200 })) as typeof fetch, timeoutMs: 1000 })
	const created = await graph.post('1/feed', { message: 'x' }, 'tok', { creates: true }).catch((e: unknown) => e)
	expect(created).toBeInstanceOf(PlatformError)
	expect((created as PlatformError).kind).toBe('unknown_outcome')
	const read = await graph.get('1', {}, 'tok').catch((e: unknown) => e)
	expect((read as PlatformError).kind).toBe('transient')
})

test('a refused connection never reached Graph: transient even for a creating request', async () => {
	await using sandbox = await startMetaSandbox()
	const base = sandbox.base
	await sandbox.close()
	const graph = createGraph(sandboxSettings(base))
	const error = await graph.post('1/feed', { message: 'x' }, 'tok', { creates: true }).catch((e: unknown) => e)
	expect((error as PlatformError).kind).toBe('transient')
})
