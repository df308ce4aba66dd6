// Issue 40 item 3 (ADR 0073): a client can pace itself. The RateLimit and RateLimit-Policy header
// fields on every answer of /api/v1 and /mcp, and one activity entry per token and minute counting
// the calls instead of one per call, also under parallel requests.
import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { servicesContext } from '#app/context.ts'
import { action as mcpAction, loader as mcpLoader } from '#app/routes/mcp.ts'
import { API_RATE_LIMIT } from '#modules/accounts/index.ts'
import type { Services } from '#modules/services.ts'
import { apiClient, apiToken } from '#tests/support/api-v1.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

const POLICY = `"default";q=${API_RATE_LIMIT.limit};w=${API_RATE_LIMIT.windowSeconds}`
const FIELD = /^"default";r=(\d+);t=(\d+)$/

function quotaOf(response: Response) {
	const match = FIELD.exec(response.headers.get('RateLimit') ?? '')
	if (!match) throw new Error(`no RateLimit field: ${response.headers.get('RateLimit')}`)
	return { remaining: Number(match[1]), reset: Number(match[2]) }
}

/** Waits out a minute's last seconds, so that calls made right after fall into one minute's entry. */
async function clearOfMinuteEnd() {
	const left = 60_000 - (Date.now() % 60_000)
	if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left + 100))
}

function mcp(services: Services, method: 'GET' | 'POST', headers: Record<string, string>, body?: unknown) {
	const request = new Request('http://127.0.0.1:3999/mcp', { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
	const context = new RouterContextProvider()
	context.set(servicesContext, services)
	const args = { request, context, params: {} } as never
	return method === 'GET' ? mcpLoader(args) : mcpAction(args)
}

test('/api/v1: every answer names the policy; a token\'s answers count down; the 429 says r=0 with Retry-After', async () => {
	await using t = await createTestDatabase({ maxConnections: 20 })
	const { services } = testServices(t.db)
	const call = apiClient(services)
	const userId = await userWithCredits(t.db, 0)
	const token = await apiToken(services, userId, ['read'])

	const first = await call('GET', '/credits', { token })
	const second = await call('GET', '/credits', { token })
	expect(first.status).toBe(200)
	expect(first.headers.get('RateLimit-Policy')).toBe(POLICY)
	expect(quotaOf(first).remaining).toBe(API_RATE_LIMIT.limit - 1)
	expect(quotaOf(second).remaining).toBe(API_RATE_LIMIT.limit - 2)
	expect(quotaOf(first).reset).toBeGreaterThan(0)
	expect(quotaOf(first).reset).toBeLessThanOrEqual(API_RATE_LIMIT.windowSeconds)
	// A 4xx of a counted token carries its quota too (here: an unknown id).
	const missing = await call('GET', `/posts/${crypto.randomUUID()}`, { token: await apiToken(services, userId) })
	expect(missing.status).toBe(404)
	expect(quotaOf(missing).remaining).toBe(API_RATE_LIMIT.limit - 1)
	// Without a (known) token there is no quota to tell, but the policy still is.
	for (const refused of [await call('GET', '/credits'), await call('GET', '/credits', { token: 'pw_unbekannt' }), await call('PUT', '/credits', { token }), await call('GET', '/gibt-es-nicht'), await call('GET', '/openapi.json')]) {
		expect(refused.headers.get('RateLimit-Policy')).toBe(POLICY)
		expect(refused.headers.get('RateLimit')).toBeNull()
	}

	const rest = await Promise.all(Array.from({ length: API_RATE_LIMIT.limit }, () => call('GET', '/credits', { token })))
	const limited = rest.filter((r) => r.status === 429)
	expect(limited).toHaveLength(2)
	for (const answer of limited) {
		expect(answer.headers.get('RateLimit-Policy')).toBe(POLICY)
		expect(quotaOf(answer).remaining).toBe(0)
		expect(Number(answer.headers.get('Retry-After'))).toBe(quotaOf(answer).reset)
		expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0)
	}
	// The answers of the window count down to 0, each remaining value once.
	const remaining = rest.filter((r) => r.status === 200).map((r) => quotaOf(r).remaining)
	expect(new Set(remaining).size).toBe(remaining.length)
	expect(Math.min(...remaining)).toBe(0)
})

test('/mcp: the JSON-RPC answer, the 401 and the 405 carry the fields', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const userId = await userWithCredits(t.db, 0)
	const token = await apiToken(services, userId, ['read'])
	const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' }
	const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' }
	const first = await mcp(services, 'POST', headers, list)
	const second = await mcp(services, 'POST', headers, list)
	expect(first.status).toBe(200)
	expect(first.headers.get('RateLimit-Policy')).toBe(POLICY)
	expect(quotaOf(second).remaining).toBe(quotaOf(first).remaining - 1)
	const anonymous = await mcp(services, 'POST', { ...headers, Authorization: '' }, list)
	expect(anonymous.status).toBe(401)
	expect(anonymous.headers.get('RateLimit-Policy')).toBe(POLICY)
	const stream = await mcp(services, 'GET', { Accept: 'text/event-stream' })
	expect(stream.status).toBe(405)
	expect(stream.headers.get('RateLimit-Policy')).toBe(POLICY)
})

test('activity: 20 parallel calls of a token are one entry counting 20, with the distinct calls named', async () => {
	await using t = await createTestDatabase({ maxConnections: 20 })
	const { services } = testServices(t.db)
	const call = apiClient(services)
	const userId = await userWithCredits(t.db, 0)
	const token = await apiToken(services, userId, ['read'])
	const paths = ['/credits', '/posts', '/accounts', '/credits/ledger']
	await clearOfMinuteEnd()
	const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call('GET', paths[i % paths.length]!, { token })))
	expect(answers.every((a) => a.status === 200)).toBe(true)
	const entries = await t.db.selectFrom('activity_logs').select(['title', 'description', 'metadata', 'status']).where('user_id', '=', userId).where('log_type', '=', 'api').execute()
	expect(entries).toHaveLength(1)
	const [entry] = entries
	expect(entry!.metadata).toMatchObject({ count: 20, via: 'api' })
	expect([...(entry!.metadata as { calls: Array<string> }).calls].sort()).toEqual(paths.map((p) => `GET /api/v1${p}`).sort())
	expect(entry!.title).toMatch(/^API: 20 Aufrufe \(GET \/api\/v1\/[a-z/]+, GET \/api\/v1\/[a-z/]+, GET \/api\/v1\/[a-z/]+, …\)$/)
	expect(entry).toMatchObject({ description: 'Test', status: 'info' })

	// Another token has its own entry; a single call reads in the singular.
	await call('GET', '/credits', { token: await apiToken(services, userId, ['read']) })
	const titles = (await t.db.selectFrom('activity_logs').select('title').where('user_id', '=', userId).where('log_type', '=', 'api').execute()).map((e) => e.title)
	expect(titles).toContain('API: 1 Aufruf (GET /api/v1/credits)')
	// The minute after, a new entry begins.
	await t.db.updateTable('activity_logs').set({ summary_key: 'vorbei' }).where('user_id', '=', userId).where('title', 'like', 'API: 20%').execute()
	await call('GET', '/credits', { token })
	expect(await t.db.selectFrom('activity_logs').select('id').where('user_id', '=', userId).where('log_type', '=', 'api').execute()).toHaveLength(3)
})
