import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { COUNTING_KINDS } from '#modules/publishing/counting.ts'
import { countFor, PLATFORM_ID_PATTERN, type ConnectKind, type RefreshKind } from '#modules/publishing/descriptor.ts'
import { createRequestGuard, type ConnectedAccount, type PlatformAdapter, type PublishContent, type PublishMedia, type PublishTarget } from '#modules/publishing/ports.ts'
import { callbackUrl, pressConsentButton, recordingHooks, startContractNetwork, targetOf, type ContractNetwork, type Failure } from './contract-testing.ts'
import { platformModules, type PlatformModule } from './index.ts'
import { contentOf as textAndImage, withMedia } from '#modules/publishing/publish-media.ts'

// The platform contract: every registered module, against its own sandbox fake, connects, publishes
// (text, image, a lost answer or a 5xx on the creating request that must be reconciled, never
// resent blindly), refreshes and reads back. A new
// network gets the whole battery by its line in the registry; nothing here names a platform.
// Run: npx vitest run adapters/platforms/contract.test.ts

const CONNECT_KINDS: ReadonlyArray<ConnectKind> = ['oauth-popup', 'instance-oauth', 'handle-app-password']
const REFRESH_KINDS: ReadonlyArray<RefreshKind> = ['refresh-token', 'access-token', 'none']
/** Every sandbox of kind 'handle-app-password' accepts any resolvable handle with an app password of this format. */
const APP_PASSWORD_LOGIN = { identifier: 'contract-tester.example', password: 'abcd-efgh-ijkl-mnop' }
/** A host every 'instance-oauth' sandbox answers as a server of its network. */
const INSTANCE = 'contract.example'
/** Some networks refuse to refresh a token younger than 24 h, so refreshing happens a day later. */
const A_DAY_LATER_MS = 25 * 3600 * 1000

let net: ContractNetwork
const started = new Date(Date.now() - 1_000)

beforeAll(async () => {
	net = await startContractNetwork()
})

afterAll(async () => {
	vi.useRealTimers()
	await net?.close()
})

describe.each(platformModules.map((module) => [module.platform, module] as const))('%s', (_, module) => {
	const { descriptor } = module
	const adapter = () => net.adapterOf(module).adapter
	const redirectUri = callbackUrl(module)
	const codeVerifier = randomBytes(32).toString('base64url')
	const unique = (what: string) => `Vertragstest ${what} ${randomUUID().slice(0, 8)}`
	/** A post's content; a network without text-only posts gets the image too. */
	const contentOf = (text: string, image = false): PublishContent => textAndImage(text, image || descriptor.images.required ? net.imageUrl : null)
	const postsWith = (text: string) => net.store.posts.filter((post) => post.text.includes(text))

	let connecting: Promise<ConnectedAccount> | null = null
	/** Connected once, by the descriptor's connect kind; every later case publishes to its first page. */
	const account = () => (connecting ??= connect(module, adapter(), redirectUri, codeVerifier))
	const target = async (): Promise<PublishTarget> => {
		const connected = await account()
		return targetOf(connected, connected.pages[0]!)
	}

	test('descriptor: id, limit, counting, formats, configuration prefix, connect and refresh kinds', () => {
		expect(descriptor.id).toBe(module.platform)
		expect(descriptor.id).toMatch(PLATFORM_ID_PATTERN)
		expect(descriptor.text.limit).toBeGreaterThan(0)
		expect(COUNTING_KINDS).toContain(descriptor.text.counting)
		expect(countFor(descriptor, 'Hallo Welt')).toBe(10)
		expect(countFor(descriptor, '')).toBe(0)
		// A network without text-only posts (images.required) publishes an image with its text.
		expect(descriptor.formats).toContain(descriptor.images.required ? 'image' : 'text')
		expect(descriptor.env.prefix).toMatch(/^[A-Z][A-Z0-9_]*$/)
		expect(CONNECT_KINDS).toContain(descriptor.connect)
		expect(REFRESH_KINDS).toContain(descriptor.refresh)
		expect(adapter().platform).toBe(module.platform)
		expect(adapter().sandbox).toBe(true)
	})

	test(`connect (${descriptor.connect}): an account with a page to publish to`, async () => {
		const connected = await account()
		expect(connected.accountId).toEqual(expect.any(String))
		expect(connected.accountId.length).toBeGreaterThan(0)
		expect(connected.token.accessToken.length).toBeGreaterThan(0)
		expect(connected.pages.length).toBeGreaterThan(0)
		for (const page of connected.pages) expect(page).toMatchObject({ pageId: expect.any(String), name: expect.any(String), type: expect.stringMatching(/^(personal|business)$/) })
		if (descriptor.connect !== 'oauth-popup') expect(connected.token.server).toMatch(/^https?:\/\//)
	})

	if (descriptor.connect === 'oauth-popup') {
		test("'Abbrechen' on the consent page sends the browser back with an error and the state, without a code", async () => {
			const back = await pressConsentButton(adapter().authorizationUrl({ state: 'abgebrochen', codeVerifier, redirectUri }), 'Abbrechen')
			expect(`${back.origin}${back.pathname}`).toBe(redirectUri)
			// OAuth's access_denied, or a network's own name for it (user_cancelled_authorize); the callback treats every error as cancelled.
			expect(back.searchParams.get('error')).toMatch(/^(access_denied|user_cancelled_\w+)$/)
			expect(back.searchParams.get('state')).toBe('abgebrochen')
			expect(back.searchParams.has('code')).toBe(false)
		})
	}

	if (descriptor.connect === 'instance-oauth') {
		test('a server on a private or internal address is refused before any request leaves', async () => {
			const before = net.requestCount(module)
			for (const server of ['127.0.0.1', 'localhost']) {
				await expect(adapter().resolveServer!(server), server).rejects.toMatchObject({ name: 'PlatformError', kind: 'invalid_request', code: 'server_blocked' })
			}
			expect(net.requestCount(module)).toBe(before)
		})
	}

	if (descriptor.connect === 'handle-app-password') {
		test('a handle on an internal host is refused', async () => {
			await expect(adapter().signIn!({ ...APP_PASSWORD_LOGIN, identifier: 'drucker.local' })).rejects.toMatchObject({ name: 'PlatformError', kind: 'invalid_request', code: 'server_blocked' })
		})
	}

	test('publish: the post is on the network, and findPublished finds it by the saved checkpoints', async () => {
		const content = contentOf(unique('Text'))
		const { saved, hooks } = recordingHooks()
		const published = await adapter().publish(await target(), content, hooks)
		expect(published.externalId).toEqual(expect.any(String))
		expect(postsWith(content.text)).toHaveLength(1)
		expect(await adapter().findPublished(await target(), content, saved, started)).toMatchObject({ externalId: published.externalId })
		expect(await adapter().findPublished(await target(), contentOf(unique('nie gesendet')), {}, started)).toBeNull()
	})

	test('publish with an image (a JPEG on loopback)', async () => {
		const content = contentOf(unique('Bild'), true)
		const published = await adapter().publish(await target(), content, recordingHooks().hooks)
		expect(published.externalId).toEqual(expect.any(String))
		const posts = postsWith(content.text)
		expect(posts).toHaveLength(1)
		expect(posts[0]!.imageUrl).toBeTruthy()
	})

	test("a carousel of three images arrives in order, each with its alt text where the network takes one (descriptor media.altText)", async () => {
		const alts = ['Erstes Bild', 'Zweites Bild', null]
		const media = alts.map((altText, n): PublishMedia => ({ kind: 'image', url: `${net.imageUrl}?n=${n}`, altText }))
		const content = withMedia(unique('Karussell'), media)
		const published = await adapter().publish(await target(), content, recordingHooks().hooks)
		const [post] = postsWith(content.text)
		expect(post!.id).toBe(published.externalId)
		const expected = descriptor.media.altText ? ['Erstes Bild', 'Zweites Bild', ''] : ['', '', '']
		expect(post!.images!.map((image) => image.alt)).toEqual(expected)
		expect(post!.imageUrl).toBe(post!.images![0]!.url)
	})

	test.runIf(descriptor.media.document === null)('a document is refused before any request where the descriptor takes none (document_not_supported)', async () => {
		const where = await target()
		const before = net.requestCount(module)
		const document: PublishMedia = { kind: 'document', url: `${net.imageUrl}?pdf`, title: 'Folien', altText: null }
		const outcome = await adapter().publish(where, withMedia(unique('Dokument'), [document]), recordingHooks().hooks).catch((error: unknown) => error)
		expect(outcome).toMatchObject({ name: 'PlatformError', kind: 'invalid_request', code: 'document_not_supported' })
		expect(net.requestCount(module)).toBe(before)
	})

	test('a lost answer to the creating request is an unknown outcome; reconciling finds the one post', async () => {
		const { network } = net.adapterOf(module)
		const content = contentOf(unique('Verloren'))
		const { saved, hooks } = recordingHooks()
		let marked = 0
		const beforeCreate = async () => {
			marked += 1
			network.arm()
		}
		const where = await target()
		const lostBefore = network.lost.length
		const outcome = await createRequestGuard
			.run({ beforeCreate }, () => adapter().publish(where, content, hooks))
			.then((published) => ({ published }), (error: unknown) => ({ error }))

		expect(marked, 'the adapter marks the creating request (creates: true)').toBe(1)
		expect(network.lost.length - lostBefore, 'the creating request went out').toBe(1)
		// An adapter that reconciles itself may return the post; otherwise only 'unknown_outcome' is true.
		if ('error' in outcome) expect(outcome.error).toMatchObject({ name: 'PlatformError', kind: 'unknown_outcome' })
		const found = await adapter().findPublished(where, content, saved, started)
		expect(found).toMatchObject({ externalId: expect.any(String) })
		if ('published' in outcome) expect(found?.externalId).toBe(outcome.published.externalId)
		expect(postsWith(content.text)).toHaveLength(1)
	})

	/** Publishes `content` with the creating request meeting `failure`; the outcome, the saved checkpoints and whether the creating request was marked. */
	async function publishFailing(content: PublishContent, failure: Failure) {
		const { network } = net.adapterOf(module)
		const { saved, hooks } = recordingHooks()
		let marked = 0
		const beforeCreate = async () => {
			marked += 1
			network.arm(failure)
		}
		const where = await target()
		const lostBefore = network.lost.length
		const outcome = await createRequestGuard
			.run({ beforeCreate }, () => adapter().publish(where, content, hooks))
			.then((published) => ({ published }), (error: unknown) => ({ error }))
		expect(marked, 'the adapter marks the creating request (creates: true)').toBe(1)
		expect(network.lost.length - lostBefore, 'the creating request went out once').toBe(1)
		return { outcome, saved, where }
	}

	test.each([500, 502])('a %i after the network created the post: never sent again, reconciling finds the one post', async (status) => {
		const content = contentOf(unique(`Serverfehler ${status}`))
		const { outcome, saved, where } = await publishFailing(content, { kind: 'server_error', status, processed: true })
		if ('error' in outcome) expect(outcome.error).toMatchObject({ name: 'PlatformError', kind: 'unknown_outcome' })
		const found = await adapter().findPublished(where, content, saved, started)
		expect(found).toMatchObject({ externalId: expect.any(String) })
		if ('published' in outcome) expect(found?.externalId).toBe(outcome.published.externalId)
		expect(postsWith(content.text)).toHaveLength(1)
	})

	test.each([500, 503])('a %i before the network saw the creating request: unknown outcome, nothing found, a resend with the saved checkpoints creates it once', async (status) => {
		const content = contentOf(unique(`Nicht angekommen ${status}`))
		const { outcome, saved, where } = await publishFailing(content, { kind: 'server_error', status, processed: false })
		expect('error' in outcome && outcome.error, 'a 5xx on the creating request is never a success').toMatchObject({ name: 'PlatformError', kind: 'unknown_outcome' })
		expect(postsWith(content.text)).toHaveLength(0)
		expect(await adapter().findPublished(where, content, saved, started)).toBeNull()

		const resend = recordingHooks()
		const published = await adapter().publish(where, content, { ...resend.hooks, previous: { ...saved } })
		expect(postsWith(content.text)).toHaveLength(1)
		expect(await adapter().findPublished(where, content, { ...saved, ...resend.saved }, started)).toMatchObject({ externalId: published.externalId })
	})

	test(`refresh (${descriptor.refresh}) a day later, then followers, metrics and comments`, async () => {
		const connected = await account()
		const before = await target()
		const { externalId } = await adapter().publish(before, contentOf(unique('Vor dem Erneuern')), recordingHooks().hooks)
		vi.useFakeTimers({ toFake: ['Date'] })
		try {
			vi.setSystemTime(Date.now() + A_DAY_LATER_MS)
			let current = before
			if (descriptor.refresh === 'refresh-token' && !connected.token.refreshToken) {
				// Without a refresh token (e.g. outside a partner programme) only reconnecting helps.
				await expect(adapter().refreshToken(connected.token)).rejects.toMatchObject({ name: 'PlatformError', kind: 'auth_expired' })
			} else {
				const fresh = await adapter().refreshToken(connected.token)
				if (descriptor.refresh !== 'none') expect(fresh.accessToken).not.toBe(connected.token.accessToken)
				const pages = await adapter().listPages({ accountId: connected.accountId, accessToken: fresh.accessToken, server: fresh.server ?? connected.token.server ?? null })
				const page = pages.find((p) => p.pageId === connected.pages[0]!.pageId)
				expect(page, 'the first page is still there with the new token').toBeDefined()
				current = targetOf({ accountId: connected.accountId, token: { ...fresh, server: fresh.server ?? connected.token.server ?? null } }, page!)
				const content = contentOf(unique('Erneuert'))
				await adapter().publish(current, content, recordingHooks().hooks)
				expect(postsWith(content.text)).toHaveLength(1)
			}

			const followers = await adapter().followerCount(current)
			expect(followers === null || Number.isFinite(followers)).toBe(true)
			const metrics = await adapter().postMetrics(current, externalId)
			if (metrics !== null) expect(metrics).toEqual({ views: expect.any(Number), likes: expect.any(Number), comments: expect.any(Number), shares: expect.any(Number) })
			expect(Array.isArray(await adapter().listComments(current, externalId, started))).toBe(true)
		} finally {
			vi.useRealTimers()
		}
	})
})

/** Connects like the app does for the descriptor's connect kind, in test mode against the fake. */
async function connect(module: PlatformModule, adapter: PlatformAdapter, redirectUri: string, codeVerifier: string): Promise<ConnectedAccount> {
	const state = `vertrag-${module.platform}`
	switch (module.descriptor.connect) {
		case 'oauth-popup': {
			const code = await consent(adapter.authorizationUrl({ state, codeVerifier, redirectUri }), redirectUri, state)
			return adapter.exchangeCode({ code, codeVerifier, redirectUri })
		}
		case 'instance-oauth': {
			const url = await adapter.resolveServer!(INSTANCE)
			const client = await adapter.registerClient!({ server: url, redirectUri })
			const server = { url, ...client }
			const code = await consent(adapter.authorizationUrl({ state, codeVerifier, redirectUri, server }), redirectUri, state)
			return adapter.exchangeCode({ code, codeVerifier, redirectUri, server })
		}
		case 'handle-app-password':
			return adapter.signIn!(APP_PASSWORD_LOGIN)
	}
}

/** Presses 'Zulassen' and returns the code the browser brings back to the callback. */
async function consent(authorizationUrl: string, redirectUri: string, state: string) {
	const back = await pressConsentButton(authorizationUrl, 'Zulassen')
	expect(`${back.origin}${back.pathname}`).toBe(redirectUri)
	expect(back.searchParams.get('state')).toBe(state)
	expect(back.searchParams.get('error')).toBeNull()
	const code = back.searchParams.get('code')
	expect(code).toBeTruthy()
	return code!
}
