// SECURITY.md §1.8 (ASVS 3.4.3, 3.4.4 headers) and issue 17 item 9: what the HTTP server adds around
// React Router.
//
// /media: the stored files carry their own sandbox CSP and nosniff (app/routes/media.$.ts); the
// server's headers in front (server/security.ts) made each appear twice, because React Router's
// Express adapter appends a route's headers to the ones already set. Checked with the real adapter
// (@react-router/express) over the real root and media route modules behind secureApp.
//
// Request timeouts: a body shorter than its Content-Length held the connection for Node's 300 s.
// The app's server (createAppServer, as server/web.ts starts it) closes it after
// REQUEST_TIMEOUTS.requestMs (60 s; shorter here); the limit is on receiving the request only
// (Node: "requestTimeout: the timeout for receiving the entire request from the client"), so a
// long event stream (/events) or a long NDJSON answer to a complete POST (/api/generations) is not
// cut: both checked here with stand-ins that answer longer than the timeout.
import fs from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { REQUEST_TIMEOUTS } from '#server/security.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { createHarness, loadModule, type Harness } from './support/harness.ts'
import { startSecureApp, type SecureServer } from './support/http.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

/** A response's header lines with this name (node:http keeps repeated lines apart; fetch would join them). */
function headerLines(url: string, name: string): Promise<{ status: number; lines: Array<string> }> {
	return new Promise((resolve, reject) => {
		http
			.get(url, (res) => {
				const lines: Array<string> = []
				for (let i = 0; i < res.rawHeaders.length; i += 2) if (res.rawHeaders[i]!.toLowerCase() === name) lines.push(res.rawHeaders[i + 1]!)
				res.resume()
				res.on('end', () => resolve({ status: res.statusCode ?? 0, lines }))
			})
			.on('error', reject)
	})
}

describe('/media through secureApp and React Router', () => {
	let t: TestDatabase
	let h: Harness
	let server: SecureServer
	const key = 'images/0b9c7f2e-5d1a-4c1e-9f60-3a8e2d4b7c11.png'

	beforeAll(async () => {
		t = await createTestDatabase()
		h = await createHarness(t.db)
		await h.services.files.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png')
		// The build React Router's adapter serves, reduced to the root (its middleware) and the media route.
		const build = {
			entry: { module: { default: () => new Response('no documents here', { status: 500 }) } },
			routes: {
				root: { id: 'root', path: '', module: await loadModule('root.tsx') },
				'routes/media.$': { id: 'routes/media.$', parentId: 'root', path: 'media/*', module: await loadModule('routes/media.$.ts') },
				// Any other resource route.
				'routes/other': { id: 'routes/other', parentId: 'root', path: 'mediathek', module: { loader: () => new Response('ok') } },
			},
			assets: { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: 'test' },
			publicPath: '/',
			assetsBuildDirectory: h.dataDir,
			future: {},
			ssr: true,
			isSpaMode: false,
			prerender: [],
			routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
		} as unknown as ServerBuild
		const handler = createRequestHandler({
			build,
			mode: 'production',
			getLoadContext() {
				const context = new RouterContextProvider()
				context.set(servicesContext, h.services)
				context.set(requestInfoContext, h.info())
				return context
			},
		})
		server = await startSecureApp({ production: true }, (req, res) => void handler(req, res, () => {}))
	})

	afterAll(async () => {
		await server?.close()
		await h?.[Symbol.asyncDispose]()
		await t?.[Symbol.asyncDispose]()
	})

	test.each([
		['a stored file', `/media/${key}`, 200],
		['an unknown file', '/media/images/00000000-0000-4000-8000-000000000000.png', 404],
		['a key that is none', '/media/..%2Fsecret.txt', 404],
	])('%s: the sandbox CSP and nosniff exactly once', async (_what, address, status) => {
		const csp = await headerLines(`${server.url}${address}`, 'content-security-policy')
		expect(csp.status).toBe(status)
		expect(csp.lines).toEqual(["default-src 'none'; sandbox"])
		expect((await headerLines(`${server.url}${address}`, 'x-content-type-options')).lines).toEqual(['nosniff'])
	})

	test("the other paths keep the server's page CSP, once", async () => {
		const csp = await headerLines(`${server.url}/mediathek`, 'content-security-policy')
		expect(csp.lines).toHaveLength(1)
		expect(csp.lines[0]).toMatch(/script-src 'self' 'nonce-/)
		expect((await headerLines(`${server.url}/mediathek`, 'x-content-type-options')).lines).toEqual(['nosniff'])
	})
})

describe('request timeouts of the app server', () => {
	const timeouts = { requestMs: 1000, headersMs: 1000, checkIntervalMs: 100 }
	let server: SecureServer
	let port: number

	beforeAll(async () => {
		const app = express.Router()
		// A form route: reads the body to its end (as React Router's request does), then answers.
		app.post('/form', (req, res) => {
			req.resume()
			req.on('end', () => res.type('text/plain').send('gelesen'))
		})
		// /events: an event stream that stays open (longer than the request timeout here).
		app.get('/events', (_req, res) => {
			res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' })
			streamFor(res, 'data: ping\n\n', 2500)
		})
		// /api/generations: a complete POST answered by NDJSON lines for longer than the request timeout.
		app.post('/api/generations', (req, res) => {
			req.resume()
			req.on('end', () => {
				res.writeHead(200, { 'Content-Type': 'application/x-ndjson' })
				streamFor(res, '{"type":"step"}\n', 2500)
			})
		})
		server = await startSecureApp({ timeouts }, (req, res) => void app(req, res, () => res.status(404).end()))
		port = Number(new URL(server.url).port)
	})

	afterAll(async () => {
		await server?.close()
	})

	function streamFor(res: http.ServerResponse, line: string, ms: number) {
		const started = Date.now()
		const timer = setInterval(() => {
			if (Date.now() - started >= ms) {
				clearInterval(timer)
				res.end('data: end\n\n')
			} else res.write(line)
		}, 200)
		res.on('close', () => clearInterval(timer))
	}

	/** Sends raw bytes and waits for the server to close the connection: what came back and after how long. */
	function rawRequest(bytes: string): Promise<{ answer: string; closedAfterMs: number }> {
		return new Promise((resolve, reject) => {
			const started = performance.now()
			let answer = ''
			const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes))
			socket.setEncoding('utf8')
			socket.on('data', (chunk: string) => (answer += chunk))
			socket.on('close', () => resolve({ answer, closedAfterMs: performance.now() - started }))
			socket.on('error', reject)
			setTimeout(() => {
				socket.destroy()
				reject(new Error('the server kept the connection open'))
			}, 10_000)
		})
	}

	test('the app server (server/web.ts) is made with these settings: 60 s for headers and body, the headers within 20 s, checked every 5 s', async () => {
		expect(REQUEST_TIMEOUTS).toEqual({ requestMs: 60_000, headersMs: 20_000, checkIntervalMs: 5_000 })
		const index = await fs.readFile(path.join(import.meta.dirname, '../../server/web.ts'), 'utf8')
		expect(index).toMatch(/createAppServer\(app\)\.listen\(/)
		expect(index).not.toMatch(/app\.listen\(/)
	})

	test('a body shorter than its Content-Length: the connection is closed within the request timeout', async () => {
		const { answer, closedAfterMs } = await rawRequest(
			['POST /form HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/x-www-form-urlencoded', 'Content-Length: 1000', '', 'intent=save'].join('\r\n'),
		)
		expect(closedAfterMs).toBeGreaterThanOrEqual(timeouts.requestMs - 50)
		expect(closedAfterMs).toBeLessThan(timeouts.requestMs + timeouts.checkIntervalMs + 1000)
		expect(answer).toMatch(/^HTTP\/1\.1 408 /)
	})

	test('headers that never end: the connection is closed within the headers timeout', async () => {
		const { closedAfterMs } = await rawRequest(['GET /events HTTP/1.1', 'Host: 127.0.0.1', 'X-Slow: 1', ''].join('\r\n'))
		expect(closedAfterMs).toBeLessThan(timeouts.headersMs + timeouts.checkIntervalMs + 1000)
	})

	test('a complete body is read and answered', async () => {
		const { answer } = await rawRequest(['POST /form HTTP/1.1', 'Host: 127.0.0.1', 'Connection: close', 'Content-Type: application/x-www-form-urlencoded', 'Content-Length: 11', '', 'intent=save'].join('\r\n'))
		expect(answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*gelesen$/)
	})

	test('an event stream open longer than the request timeout is not cut', async () => {
		const started = performance.now()
		const response = await fetch(`${server.url}/events`)
		const text = await response.text()
		expect(performance.now() - started).toBeGreaterThan(2 * timeouts.requestMs)
		expect(text.endsWith('data: end\n\n')).toBe(true)
	})

	test('a streamed answer to a complete POST, longer than the request timeout, is not cut', async () => {
		const started = performance.now()
		const response = await fetch(`${server.url}/api/generations`, { method: 'POST', body: new URLSearchParams({ prompt: 'Brot' }) })
		const text = await response.text()
		expect(performance.now() - started).toBeGreaterThan(2 * timeouts.requestMs)
		expect(text.endsWith('data: end\n\n')).toBe(true)
		expect(text.split('\n').filter((line) => line === '{"type":"step"}').length).toBeGreaterThan(8)
	})
})
