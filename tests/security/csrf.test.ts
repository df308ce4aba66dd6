// SECURITY.md §1.7 (ASVS 3.5.1/3.5.3) and §5.7: cross-origin state changes are refused for every
// route of the route table, UI routes, their .data requests and resource routes alike (React
// Router's own action check covers only UI routes), by the same-origin guard of server/security.ts
// (Fetch Metadata first, then Origin). Only the Stripe webhook is exempt: its raw body is signed.
//
// Here: the guard as server/web.ts installs it (secureApp), in-process, for every route and
// method. Against the real server (production build): tests/e2e/security.spec.ts ("every route
// with an action refuses a cross-site POST") and tests/e2e/pricing.spec.ts (the webhook exemption).
// The webhook's own signature check: tests/integration/stripe-webhook-route.test.ts. SameSite=Lax
// on the session cookie: tests/e2e/security.spec.ts and sessions.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SIGNED_WEBHOOKS } from '#server/security.ts'
import { flatRoutes } from './support/routes.ts'
import { startSecureApp, type SecureServer } from './support/http.ts'

let server: SecureServer

beforeAll(async () => {
	server = await startSecureApp({})
})

afterAll(async () => {
	await server?.close()
})

/** A request path for the route (dynamic segments filled in). */
const concrete = (path: string) => path.replace(/:\w+\??/g, '3f0e8a52-3c1b-4d7e-9a55-0c2f1e6b7d10').replace(/\*$/, 'images/x.png')
const dataPath = (path: string) => (path === '/' ? '/_root.data' : `${path}.data`)

async function send(path: string, method: string, headers: Record<string, string>) {
	const before = server.reached.length
	const response = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: method === 'GET' ? undefined : 'intent=delete&id=1', redirect: 'manual' })
	return { status: response.status, body: await response.text(), reached: server.reached.length > before }
}

const routes = flatRoutes().map((route) => concrete(route.path))

const crossSite: Array<[string, Record<string, string>]> = [
	['Origin of another site', { origin: 'https://evil.test' }],
	['Origin of another port of this host', { origin: 'http://127.0.0.1:1' }],
	['Origin null (sandboxed frame, data: URL)', { origin: 'null' }],
	['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
	['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
	['Sec-Fetch-Site cross-site with our own Origin', { 'sec-fetch-site': 'cross-site', origin: 'OWN' }],
]

describe.each(routes.map((path) => [path]))('%s', (path) => {
	const exempt = SIGNED_WEBHOOKS.has(path)

	test.each(crossSite)(`a state change with %s is ${exempt ? 'let through (signed webhook)' : 'refused with 403'}, also as a .data request and for every unsafe method`, async (_name, raw) => {
		const headers = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v === 'OWN' ? server.url : v]))
		for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
			for (const target of [path, dataPath(path)]) {
				const answer = await send(target, method, headers)
				const signed = SIGNED_WEBHOOKS.has(target)
				expect([answer.status, answer.reached], `${method} ${target}`).toEqual(signed ? [200, true] : [403, false])
			}
		}
	})

	test('same-origin submissions and every GET get through', async () => {
		expect((await send(path, 'POST', { origin: server.url })).reached).toBe(true)
		expect((await send(path, 'POST', { origin: server.url, 'sec-fetch-site': 'same-origin' })).reached).toBe(true)
		expect((await send(dataPath(path), 'POST', { 'sec-fetch-site': 'same-origin' })).reached).toBe(true)
		expect((await send(path, 'GET', { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' })).reached).toBe(true)
	})
})

test('the refusal is a short German text, and the webhook exemption is exactly the webhook path', async () => {
	const refused = await send('/posts', 'POST', { origin: 'https://evil.test' })
	expect(refused).toEqual({ status: 403, body: 'Diese Anfrage stammt nicht von dieser Seite und wurde abgelehnt.', reached: false })
	expect([...SIGNED_WEBHOOKS]).toEqual(['/webhooks/stripe'])
	for (const near of ['/webhooks/stripe.data', '/webhooks/stripe/x', '/webhooks/stripe%2F', '/webhooks']) {
		expect((await send(near, 'POST', { origin: 'https://evil.test' })).status, near).toBe(403)
	}
})

test('where programs call (/mcp, /api/v1/…) a foreign Origin gets a German problem document, not a text', async () => {
	for (const path of ['/mcp', '/api/v1/posts', '/api/v1/posts/3f0e8a52-3c1b-4d7e-9a55-0c2f1e6b7d10/publish']) {
		const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { origin: 'https://evil.test', 'content-type': 'application/json' }, body: '{}' })
		expect(response.status, path).toBe(403)
		expect(response.headers.get('content-type'), path).toMatch(/^application\/problem\+json/)
		expect(await response.json()).toEqual({ type: 'urn:postwerk:problem:cross_origin', title: 'Keine Berechtigung', status: 403, code: 'cross_origin', detail: expect.stringMatching(/fremden Website/) })
	}
	// A page path whose name only starts like one stays a page refusal.
	expect((await send('/mcpx', 'POST', { origin: 'https://evil.test' })).body).toBe('Diese Anfrage stammt nicht von dieser Seite und wurde abgelehnt.')
})
