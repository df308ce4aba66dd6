// SECURITY.md §1.6 (ASVS 1.3.6, 15.3.2, 13.2.4, 5.3.2) and §2.4: the SSRF vectors against every
// place the server fetches a URL that a user or an admin can set:
//   - the creator's web article          (generation: kind 'web-article')
//   - the creator's YouTube video         (generation: kind 'youtube'; fixed API hosts, the id only)
//   - the agent's training post URLs      (agents: 'Agent trainieren')
//   - the user's news feed list           (news: 'Aktualisieren' and the daily job)
//   - a post's image when it is published (LinkedIn uploads the bytes: server/platforms.ts mediaFetch)
// Each vector must be refused before a single byte reaches the "internal" service, which counts its
// connections; each entry point also reaches an allowed page (the positive control), so the refusals
// are the fetcher's and not a broken test. Names resolve through an injected lookup; only 127.0.0.1
// is ever contacted.
//
// The fetcher itself in depth (every notation of every range, DNS rebinding by pinning the checked
// address, redirect chains, size and time limits, gzip bombs): adapters/web/safe-fetch.test.ts.
// The rebinding vector is not repeated here: its first answer would be a public address.
import fs from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { aiProviderModules } from '#adapters/ai/index.ts'
import { parseContentFields } from '#app/components/creator/fields.ts'
import { linkedin } from '#adapters/platforms/linkedin/index.ts'
import { createLocalDiskStore } from '#adapters/storage/local-disk/index.ts'
import { createFeedReader, createWebReader, type Lookup } from '#adapters/web/index.ts'
import { createAgentsService } from '#modules/agents/index.ts'
import { createAiProviders } from '#modules/ai/index.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { draftEditSchema } from '#modules/content/schema.ts'
import { createGenerationService, type GenerationInput } from '#modules/generation/index.ts'
import { createNewsService } from '#modules/news/index.ts'
import { PlatformError } from '#modules/publishing/ports.ts'
import { createMediaFetch, createPlatforms, createUserFetch } from '#server/platforms.ts'
import { sandboxUserFetch } from '#adapters/platforms/sandbox/user-hosts.ts'
import { WebReadError } from '#modules/media/index.ts'
import { seedReferenceData } from '#server/seed.ts'
import { FAKE_ARTICLE_PATH, FAKE_RSS_PATH, FAKE_VIDEO, startWebFake, type WebFake } from '#tests/fakes/web.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { userWithCredits } from '#tests/support/users.ts'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { samples } from './support/files.ts'
import { testPlatforms } from '#tests/support/platforms.ts'

let t: TestDatabase
let internal: WebFake
let web: WebFake
let dataDir: string

const dns: Record<string, Array<string>> = {
	'evil.test': ['127.0.0.1'],
	'metadata.test': ['169.254.169.254'],
	'mixed.test': ['93.184.216.34', '127.0.0.1'],
	'private6.test': ['fd00::1'],
}
const lookup: Lookup = async (hostname) => {
	const addresses = dns[hostname]
	if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
	return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
}

/** SECURITY.md §2.4, PORT being the internal service's port. */
function vectors() {
	const port = internal.host.split(':')[1]!
	const via = (to: string) => `${web.url}/weiter?to=${encodeURIComponent(to)}`
	return [
		`http://127.0.0.1:${port}/`,
		'http://127.1/',
		'http://2130706433/',
		'http://0x7f000001/',
		'http://0177.0.0.1/',
		`http://0.0.0.0:${port}/`,
		'http://[::1]/',
		'http://[::ffff:127.0.0.1]/',
		'http://[::ffff:7f00:1]/',
		'http://[0:0:0:0:0:ffff:127.0.0.1]/',
		'http://169.254.169.254/latest/meta-data/',
		'http://[::ffff:a9fe:a9fe]/',
		'http://[2002:a9fe:a9fe::1]/',
		'http://[64:ff9b::a9fe:a9fe]/',
		'http://100.64.0.1/',
		'http://10.0.0.1/',
		'http://172.16.0.1/',
		'http://192.168.0.1/',
		'http://[fc00::1]/',
		'http://[fe80::1]/',
		'http://224.0.0.1/',
		'file:///etc/passwd',
		'gopher://127.0.0.1:70/_GET',
		'ftp://127.0.0.1/',
		'data:text/html,<h1>x</h1>',
		'http://example.com:22/',
		'http://user:pass@example.com/',
		'http://localhost/',
		'http://evil.test/',
		'http://mixed.test/',
		'http://metadata.test/',
		'http://private6.test/',
		via(`http://127.0.0.1:${port}/`),
		via(`//127.0.0.1:${port}/`),
		via('https://[::1]/'),
		via('http://169.254.169.254/latest/meta-data/'),
		`${web.url}/kette?n=6`,
		`http://${'a'.repeat(100_000)}.example/`,
	]
}

beforeAll(async () => {
	t = await createTestDatabase()
	await seedReferenceData(t.db)
	internal = await startWebFake()
	web = await startWebFake()
	web.setPage('/bild.png', { contentType: 'image/png', body: samples.png })
	dataDir = await fs.mkdtemp(path.join(import.meta.dirname, '../../.data/ssrf-'))
})

afterAll(async () => {
	await internal?.close()
	await web?.close()
	await fs.rm(dataDir, { recursive: true, force: true })
	await t?.[Symbol.asyncDispose]()
})

/** The production reader configuration (no allow-list except the positive-control site), with the injected DNS. */
function readers() {
	const youtube = { apiBase: `${web.url}/youtube/v3`, oembedUrl: `${web.url}/oembed`, transcriptBase: web.url }
	return {
		web: createWebReader({ allowHosts: [web.host], lookup, youtube, timeoutMs: 3000 }),
		feeds: createFeedReader({ allowHosts: [web.host], lookup, timeoutMs: 3000 }),
	}
}

const logger = createLogger('silent')
const unusedMedia = { adoptGeneratedVideo: () => Promise.reject(new Error('not used')) }
/** No keys: the local provider writes (no outbound request). */
const localAi = () => createAiProviders(aiProviderModules, readEnv({ APP_ENV: 'test', DATA_DIR: dataDir, AI_TIMEOUT_MS: '5000' }))

/** Connections and requests the internal service has seen (a kept-alive socket would not show as a new connection). */
const reached = () => internal.connections() + internal.requests.length

function expectNoConnection(before: number) {
	expect(reached() - before, 'the internal service was reached').toBe(0)
}

describe('the creator: web article', () => {
	const generation = () => createGenerationService({ db: t.db, ai: localAi(), web: readers().web, files: createLocalDiskStore(dataDir), logger, appUrl: 'http://127.0.0.1:3999', platforms: testPlatforms, media: unusedMedia })
	const input = (url: string): GenerationInput => ({ requestId: randomUUID(), kind: 'web-article', platforms: ['linkedin'], agentId: null, prompt: '', url, notes: '', article: null, document: null, image: null, audio: null })

	test('every vector is refused before connecting, and the reservation is refunded', async () => {
		const service = generation()
		const userId = await userWithCredits(t.db, 1000)
		const before = reached()
		for (const url of vectors()) {
			const outcome = await service.generate(userId, input(url))
			expect(outcome.ok, url.slice(0, 80)).toBe(false)
			if (!outcome.ok) expect(['article_blocked', 'web_url_invalid', 'article_unreachable'], `${url.slice(0, 80)}: ${outcome.code}`).toContain(outcome.code)
		}
		expectNoConnection(before)
		expect((await t.db.selectFrom('profiles').select('credits_remaining').where('id', '=', userId).executeTakeFirstOrThrow()).credits_remaining).toBe(1000)
	})

	test('positive control: a public article (the allowed site) is read', async () => {
		const outcome = await generation().generate(await userWithCredits(t.db, 100), input(`${web.url}${FAKE_ARTICLE_PATH}`))
		expect(outcome.ok).toBe(true)
	})
})

describe('the creator: YouTube', () => {
	const generation = () => createGenerationService({ db: t.db, ai: localAi(), web: readers().web, files: createLocalDiskStore(dataDir), logger, appUrl: 'http://127.0.0.1:3999', platforms: testPlatforms, media: unusedMedia })
	const input = (url: string): GenerationInput => ({ requestId: randomUUID(), kind: 'youtube', platforms: ['linkedin'], agentId: null, prompt: '', url, notes: '', article: null, document: null, image: null, audio: null })

	test('only YouTube addresses are taken, and only the video id is sent, to the configured API hosts', async () => {
		const service = generation()
		const userId = await userWithCredits(t.db, 1000)
		const port = internal.host.split(':')[1]!
		const before = reached()
		for (const url of [...vectors(), `http://127.0.0.1:${port}/watch?v=${FAKE_VIDEO.id}`, `https://www.youtube.com.evil.test/watch?v=${FAKE_VIDEO.id}`, `https://youtu.be@127.0.0.1:${port}/${FAKE_VIDEO.id}`, `javascript:alert('youtu.be/${FAKE_VIDEO.id}')`]) {
			const outcome = await service.generate(userId, input(url))
			expect(outcome, url.slice(0, 80)).toMatchObject({ ok: false, code: 'youtube_invalid' })
		}
		expectNoConnection(before)
		web.requests.length = 0
		const ok = await service.generate(userId, input(`https://www.youtube.com/watch?v=${FAKE_VIDEO.id}&list=x&redirect=http://127.0.0.1:${port}/`))
		expect(ok.ok).toBe(true)
		expect(web.requests.length).toBeGreaterThan(0)
		for (const request of web.requests) expect(request).not.toContain('127.0.0.1')
	})
})

describe('agent training: post URLs', () => {
	test('every vector is refused before connecting; a public post is read', async () => {
		const agents = createAgentsService({ db: t.db, files: createLocalDiskStore(dataDir), web: readers().web, logger })
		const userId = await userWithCredits(t.db, 0)
		const agent = await agents.createPreset(userId, 'Trainer', randomUUID())
		if (!agent.ok) throw new Error(agent.error)
		const before = reached()
		for (const url of vectors()) {
			const result = await agents.trainPreset(userId, agent.agent.id, { trainingTexts: [], postUrls: [url] })
			expect(result.ok, url.slice(0, 80)).toBe(false)
		}
		expectNoConnection(before)
		const ok = await agents.trainPreset(userId, agent.agent.id, { trainingTexts: [], postUrls: [`${web.url}${FAKE_ARTICLE_PATH}`] })
		expect(ok.ok).toBe(true)
	})
})

describe("the user's news feeds", () => {
	test('every vector in the feed list is refused before connecting; a public feed is read', async () => {
		const news = createNewsService({ db: t.db, feeds: readers().feeds, ai: null, logger, platforms: testPlatforms.descriptors })
		const userId = await userWithCredits(t.db, 0)
		await t.db.insertInto('content_settings').values({ user_id: userId, keywords: ['ki', 'wirtschaft'], news_feeds: [] }).execute()
		const refresh = async (feed: string) => {
			await t.db.updateTable('content_settings').set({ news_feeds: [feed] }).where('user_id', '=', userId).execute()
			await sql`delete from rate_limits where key = ${`news_refresh:${userId}`}`.execute(t.db)
			return news.refresh(userId)
		}
		const before = reached()
		for (const url of vectors()) expect((await refresh(url)).status, url.slice(0, 80)).toBe('unreachable')
		expectNoConnection(before)
		expect(['ok', 'no_matches']).toContain((await refresh(`${web.url}${FAKE_RSS_PATH}`)).status)
	})
})

describe('publishing: the post image LinkedIn uploads', () => {
	const env = (appUrl: string) => readEnv({ APP_ENV: 'development', APP_URL: appUrl, PUBLISH_TIMEOUT_MS: '3000', SANDBOX_API_BASE: 'http://127.0.0.1:9/sandbox', DATA_DIR: dataDir })
	const adapter = (appUrl: string) =>
		linkedin.create({
			...linkedin.sandboxEndpoints('http://127.0.0.1:9/sandbox', 'http://127.0.0.1:9/sandbox'),
			clientId: 'x',
			clientSecret: 'y',
			sandbox: true,
			fetch,
			mediaFetch: createMediaFetch(env(appUrl), { lookup }),
			userFetch: fetch,
			timeoutMs: 3000,
		})
	const publish = (appUrl: string, imageUrl: string) =>
		adapter(appUrl)
			.publish({ accountId: 'a', pageId: 'urn:li:person:a', accessToken: 't' }, contentOf('Hallo', imageUrl), { checkpoint: async () => {} })
			.then(() => null, (error: unknown) => error)

	test('every vector is refused before connecting, as a permanent failure (no retry)', async () => {
		const before = reached()
		for (const url of vectors()) {
			const error = await publish('https://postwerk.example', url)
			expect(error, url.slice(0, 80)).toBeInstanceOf(PlatformError)
			expect((error as PlatformError).code, url.slice(0, 80)).toMatch(/^image_/)
		}
		expectNoConnection(before)
		const blocked = (await publish('https://postwerk.example', 'http://169.254.169.254/latest/meta-data/')) as PlatformError
		expect(blocked.kind).toBe('invalid_request')
	})

	test("positive control: the app's own /media/ image is fetched (then the closed API port fails the post)", async () => {
		web.requests.length = 0
		const error = await publish(web.url, `${web.url}/bild.png`)
		expect(web.requests).toContain('GET /bild.png')
		expect((error as PlatformError).code).not.toMatch(/^image_/)
		// An image inlined as a data: URL needs no request (a data: URL of anything else is a vector above).
		const inline = await publish(web.url, `data:image/png;base64,${Buffer.from(samples.png).toString('base64')}`)
		expect((inline as PlatformError).code).not.toMatch(/^image_/)
	})

	test('a form can only point a post image at a file this app stored (the creator and the draft editor)', () => {
		const draft = (image: string) => draftEditSchema(testPlatforms.ids).safeParse({ intent: 'save-draft', id: randomUUID(), platforms: ['linkedin'], texts: { linkedin: 'x' }, images: { linkedin: image } }).success
		const creator = (image: string) => {
			const form = new FormData()
			for (const [name, value] of [['platforms', 'linkedin'], ['text.linkedin', 'x'], ['image.linkedin', image]]) form.append(name!, value!)
			return parseContentFields(form, testPlatforms.ids) !== null
		}
		const own = `/media/images/${randomUUID()}.jpg`
		expect([draft(own), creator(own), draft('')]).toEqual([true, true, true])
		for (const url of ['http://169.254.169.254/latest/meta-data/', `${web.url}/bild.png`, 'https://bilder.example/a.png', '//127.0.0.1/x.png', '/media/../../etc/passwd.png', '/sandbox/x.png', 'file:///etc/passwd']) {
			expect([draft(url), creator(url)], url).toEqual([false, false])
		}
	})

	test('the platforms the server builds (server/platforms.ts) fetch post images through it', async () => {
		const { adapters } = createPlatforms(env('https://postwerk.example'))
		const port = internal.host.split(':')[1]!
		const before = reached()
		const error = await adapters.linkedin!.publish({ accountId: 'a', pageId: 'urn:li:person:a', accessToken: 't' }, contentOf('Hallo', `http://127.0.0.1:${port}/bild.png`), { checkpoint: async () => {} }).then(
			() => null,
			(e: unknown) => e,
		)
		expect((error as PlatformError).code).toMatch(/^image_/)
		expectNoConnection(before)
	})
})

describe('requests to hosts a user names (a Mastodon instance, a Bluesky handle and PDS): AdapterSettings.userFetch', () => {
	const production = { APP_ENV: 'production' as const, isProduction: true, PUBLISH_TIMEOUT_MS: 3000, WEB_FETCH_ALLOW_HOSTS: undefined }

	test('production (createSafeHttp): every vector is refused before connecting, for GET and POST; redirects are not followed', async () => {
		const userFetch = createUserFetch(production, { lookup })
		const before = reached()
		for (const url of vectors()) {
			for (const method of ['GET', 'POST']) {
				const outcome = await userFetch(url, { method, body: method === 'POST' ? '{}' : undefined }).then(
					(response) => response.status,
					(error: unknown) => error,
				)
				// A vector's first hop may be the allowed positive-control site only through the allow-list, which production has not.
				expect(outcome, `${method} ${url.slice(0, 80)}`).toBeInstanceOf(WebReadError)
			}
		}
		expectNoConnection(before)
	})

	test('positive control: an allowed host answers with its status and body, a redirect comes back as it is', async () => {
		const userFetch = createUserFetch({ ...production, isProduction: false, APP_ENV: 'development' as never, WEB_FETCH_ALLOW_HOSTS: web.host }, { lookup })
		const page = await userFetch(`${web.url}/bild.png`)
		expect(page.status).toBe(200)
		expect(new Uint8Array(await page.arrayBuffer())).toEqual(new Uint8Array(samples.png))
		const before = reached()
		const redirect = await userFetch(`${web.url}/weiter?to=${encodeURIComponent(`http://127.0.0.1:${internal.host.split(':')[1]}/`)}`)
		expect(redirect.status).toBeGreaterThanOrEqual(300)
		expect(redirect.status).toBeLessThan(400)
		expectNoConnection(before)
	})

	test('test mode (the sandbox fake per host): private and internal hosts are refused without a request', async () => {
		const seen: Array<string> = []
		const sandboxFetch = sandboxUserFetch('http://127.0.0.1:9/sandbox/netz', (async (url: string) => {
			seen.push(url)
			return new Response('{}')
		}) as typeof fetch)
		for (const url of ['https://127.0.0.1/', 'https://localhost/api', 'https://10.0.0.5/', 'https://[::1]/', 'https://intern.local/', 'https://router/', 'https://169.254.169.254/', 'https://user:pw@mastodon.social/', 'file:///etc/passwd']) {
			await expect(sandboxFetch(url), url).rejects.toBeInstanceOf(WebReadError)
		}
		await expect(sandboxFetch('https://gibt-es-nicht.invalid/')).rejects.toMatchObject({ code: 'unreachable' })
		expect(seen).toEqual([])
		await sandboxFetch('https://mastodon.social/api/v2/instance?x=1')
		expect(seen).toEqual(['http://127.0.0.1:9/sandbox/netz/host/mastodon.social/api/v2/instance?x=1'])
	})
})

/**
 * Every place in adapters/, modules/ and server/ that makes an outbound request, and what it may
 * reach: a new one fails this test until it is listed (and, if it takes a user's URL, goes through
 * the safe fetcher and gets its vectors above).
 */
const OUTBOUND: Record<string, string> = {
	'adapters/web/safe-fetch.ts': 'the SSRF-safe fetcher itself: web articles, training posts, feeds (through adapters/web/index.ts and feed.ts), post images (server/platforms.ts) and media by URL (createSafeStream, server/compose.ts)',
	'modules/media/media-url.server.ts': "media by URL on REST/MCP (ADR 0072) through deps.fetchMediaUrl only: createSafeStream with the article fetcher's address rules (server/compose.ts), capped at the largest upload limit",
	'adapters/web/youtube.ts': 'fixed API hosts from the configuration (YOUTUBE_*); only the 11-character video id comes from the user',
	'adapters/platforms/http.ts': "the platform's API base from the configuration (or the built-in sandbox)",
	'adapters/platforms/request-fetch.ts': "the transport server/platforms.ts gives the adapters for their platform's API base (settings.fetch) and, in test mode, under the sandbox's user-host mount; never a user's URL",
	'adapters/platforms/linkedin/images.ts': 'post images through settings.mediaFetch, the safe fetcher (server/platforms.ts)',
	'adapters/platforms/linkedin/documents.ts': "post documents (PDF) streamed through settings.mediaStream (the app's own /media/ files only), else settings.mediaFetch, the safe fetcher (server/platforms.ts)",
	'adapters/platforms/sandbox/image-fetch.ts': "the Instagram and Threads fakes read an image_url they were given only where media-probe's mayFetch allows it (its own origin, an app's /media/ files on loopback), up to the network's byte limit, redirects refused",
	'adapters/platforms/sandbox/media-probe.ts': "the sandbox fakes' look at the first bytes of a media URL they were given: their own origin, or an app's /media/ files on loopback (a test's app); anything else is judged by its name",
	'adapters/platforms/video-source.ts': "post videos through settings.mediaStream (createMediaStream: the app's own /media/ files only, server/platforms.ts) and their covers through settings.mediaFetch, the safe fetcher",
	'adapters/platforms/bluesky/client.ts': "hosts a user names (the handle's host, plc.directory or a did:web host, the PDS of the DID document, the entryway bsky.social) through settings.userFetch, the safe fetcher (server/platforms.ts)",
	'adapters/platforms/bluesky/image.ts': 'post images through settings.mediaFetch, the safe fetcher (server/platforms.ts)',
	'adapters/platforms/mastodon/client.ts': "the user's Mastodon instance through settings.userFetch only: the safe fetcher (createSafeHttp: public addresses, pinned, no redirects), the sandbox fake in test mode",
	'adapters/platforms/mastodon/media.ts': 'post images through settings.mediaFetch, the safe fetcher (server/platforms.ts)',
	'adapters/platforms/sandbox/user-hosts.ts': "test mode only: sends https://<host>/… to the platform's sandbox fake on the app's own loopback mount, after the safe fetcher's host checks",
	'adapters/ai/openai/index.ts': 'the OpenAI SDK at OPENAI_BASE_URL',
	'adapters/ai/replicate/index.ts': 'the Replicate SDK at REPLICATE_BASE_URL',
	'adapters/ai/replicate/download.ts': "the output files at the URLs Replicate's answer names (the provider's, not a user's)",
	'adapters/payments/stripe/index.ts': 'the Stripe SDK (STRIPE_API_BASE in tests)',
	'adapters/auth/google/index.ts': 'Google sign-in at the configured GOOGLE_* endpoints',
	'server/platforms.ts': 'builds the platform adapters: the request transport (adapters/platforms/request-fetch.ts) for their API bases, the safe fetcher for media and user-named hosts',
}

test('every outbound request in the code is listed with what it may reach', async () => {
	const root = path.join(import.meta.dirname, '../..')
	const pattern = /(?:\bfetch|fetchImpl|fetcher|fetchMediaUrl|settings\.fetch|settings\.mediaFetch|settings\.userFetch|userFetch)\(|settings\.mediaStream\b|from 'undici'|https?\.request\(|net\.connect\(|new (?:Stripe|OpenAI|Replicate|OAuth2Strategy)\b/
	const found: Array<string> = []
	for (const dir of ['adapters', 'modules', 'server']) {
		for (const entry of await fs.readdir(path.join(root, dir), { recursive: true })) {
			if (!entry.endsWith('.ts') || entry.endsWith('.test.ts') || entry.endsWith('testing.ts')) continue
			if (pattern.test(await fs.readFile(path.join(root, dir, entry), 'utf8'))) found.push(`${dir}/${entry}`)
		}
	}
	expect(found.sort()).toEqual(Object.keys(OUTBOUND).sort())
})
