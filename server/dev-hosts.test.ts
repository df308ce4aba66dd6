// Issue 37, 2.6: self-hosters test against local servers (a Mastodon instance with a port over http,
// a Bluesky PDS and PLC directory as @atproto/dev-env serves them) through DEV_INSECURE_HOSTS and
// BLUESKY_PLC_URL; with APP_ENV=production both are ignored and the start logs each one.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { readEnv } from '#modules/core/env.server.ts'
import { createPlatforms, ignoredDevelopmentSettings } from './platforms.ts'

const DID = 'did:plc:abcdefghijklmnopqrstuvwx'
let server: http.Server
let base = ''
let hostPort = ''

/** One loopback server standing in for a local Mastodon instance, a PDS (also the entryway) and a PLC directory. */
function answer(req: http.IncomingMessage, res: http.ServerResponse) {
	const path = new URL(req.url ?? '/', base).pathname
	const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
	if (path === '/api/v2/instance') return json({ domain: hostPort, configuration: { statuses: { max_characters: 500, characters_reserved_per_url: 23 } } })
	if (path === '/xrpc/com.atproto.identity.resolveHandle') return json({ did: DID })
	if (path === `/${DID}`) return json({ id: DID, service: [{ id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint: base }] })
	if (path === '/xrpc/com.atproto.server.createSession') return json({ did: DID, handle: 'alice.test', accessJwt: 'access', refreshJwt: 'refresh' })
	if (path === '/xrpc/app.bsky.actor.getProfile') return json({ did: DID, handle: 'alice.test', displayName: 'Alice Lokal' })
	res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"NotFound"}')
}

beforeAll(async () => {
	server = http.createServer(answer)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	base = `http://127.0.0.1:${port}`
	hostPort = `127.0.0.1:${port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const settings = (appEnv: string) => ({
	APP_ENV: appEnv,
	APP_SECRET: 'dev-hosts-test-secret-0123456789abcdef',
	SMTP_URL: 'smtp://127.0.0.1:2525',
	DATA_DIR: '.data/test-unused',
	MASTODON_ENABLED: 'true',
	BLUESKY_ENABLED: 'true',
	BLUESKY_API_BASE: base,
	BLUESKY_PLC_URL: base,
	DEV_INSECURE_HOSTS: hostPort,
})

/** No name resolves (a handle's own host is looked up first): nothing leaves loopback. */
const offline = { lookup: async () => Promise.reject(Object.assign(new Error('offline'), { code: 'ENOTFOUND' })) }

const warnings = () => {
	const lines: Array<[string, Record<string, unknown> | undefined]> = []
	return { lines, logger: { warn: (event: string, fields?: Record<string, unknown>) => void lines.push([event, fields]) } }
}

test('development: a Mastodon instance with a port over http and a Bluesky PDS and PLC directory on loopback are reached', async () => {
	const env = readEnv(settings('development'))
	expect(env.insecureHosts).toEqual([hostPort])
	const { adapters } = createPlatforms(env, undefined, offline)
	const [mastodon, bluesky] = ['mastodon', 'bluesky'].map((id) => Object.values(adapters).find((a) => a.platform === id)!)
	expect(await mastodon!.resolveServer!(hostPort)).toBe(base)
	expect(await mastodon!.resolveServer!(`${base}/`)).toBe(base)
	const account = await bluesky!.signIn!({ identifier: 'alice.test', password: 'abcd-efgh-ijkl-mnop' })
	expect(account).toMatchObject({ accountId: DID, token: { server: base } })
})

test('development without the list: the same local servers are refused', async () => {
	const { DEV_INSECURE_HOSTS: _hosts, ...rest } = settings('development')
	const { adapters } = createPlatforms(readEnv(rest), undefined, offline)
	const [mastodon, bluesky] = ['mastodon', 'bluesky'].map((id) => Object.values(adapters).find((a) => a.platform === id)!)
	await expect(mastodon!.resolveServer!(hostPort)).rejects.toMatchObject({ code: 'server_invalid' })
	await expect(bluesky!.signIn!({ identifier: 'alice.test', password: 'abcd-efgh-ijkl-mnop' })).rejects.toMatchObject({ kind: 'invalid_request' })
})

test('production: the development settings are ignored, with a log line each', async () => {
	const env = readEnv(settings('production'))
	expect(env.insecureHosts).toEqual([])
	expect(ignoredDevelopmentSettings(env)).toEqual(['DEV_INSECURE_HOSTS', 'BLUESKY_PLC_URL'])
	const { lines, logger } = warnings()
	const { adapters } = createPlatforms(env, logger, offline)
	expect(lines).toEqual([
		['development_setting_ignored', { name: 'DEV_INSECURE_HOSTS', reason: 'APP_ENV=production' }],
		['development_setting_ignored', { name: 'BLUESKY_PLC_URL', reason: 'APP_ENV=production' }],
	])
	const mastodon = Object.values(adapters).find((a) => a.platform === 'mastodon')!
	await expect(mastodon.resolveServer!(hostPort)).rejects.toMatchObject({ code: 'server_invalid' })
	await expect(mastodon.resolveServer!(`${base}/`)).rejects.toMatchObject({ code: 'server_invalid' })
})

test('an invalid DEV_INSECURE_HOSTS stops the start with its name', () => {
	expect(() => readEnv({ ...settings('development'), DEV_INSECURE_HOSTS: 'http://localhost:3000' })).toThrow(/DEV_INSECURE_HOSTS/)
})
