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
// cut: both checked here with stand-ins that answer longer than the timeout. The media uploads
// (/api/media, /api/v1/media: videos up to 1 GB) are not cut at requestMs but after uploadIdleMs
// without a byte, and at uploadMs in all (ADR 0059): a slow upload that keeps sending gets through.
//
// Mutations of pages without an action (issue 37 item 1.3): each POST to such a page went to React
// Router, which logged a ~750-byte stack trace per request (signed out, in production too). The
// server answers 405 with Allow before the framework (server/method-guard.ts, from the build's route
// modules), and whatever React Router still reports goes through the JSON logger.
//
// 413 on a keep-alive connection (issue 37 item 1.4): an answer sent before the body was read left
// the connection open, so the client's next request on it failed with ECONNRESET. Every such answer
// carries `Connection: close` and the socket is closed after it.
import fs from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import { Pool } from 'undici'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { loggerContext, requestInfoContext, servicesContext } from '#app/context.ts'
import routeTable from '#app/routes.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { ALLOW_WITHOUT_ACTION, refuseMutationsWithoutAction } from '#server/method-guard.ts'
import { readFormDataWithin } from '#app/server/body-limit.server.ts'
import { REQUEST_TIMEOUTS } from '#server/security.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { createHarness, flatRoutes, loadModule, type Harness } from './support/harness.ts'
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
	const timeouts = { requestMs: 1000, headersMs: 1000, checkIntervalMs: 100, uploadMs: 10_000, uploadIdleMs: 1000 }
	let server: SecureServer
	let port: number

	beforeAll(async () => {
		const app = express.Router()
		// A form route: reads the body to its end (as React Router's request does), then answers.
		app.post('/form', (req, res) => {
			req.resume()
			req.on('end', () => res.type('text/plain').send('gelesen'))
		})
		// /api/media and /api/v1/media: an upload read to its end, answered with the bytes received.
		for (const upload of ['/api/media', '/api/v1/media'])
			app.post(upload, (req, res) => {
				let bytes = 0
				req.on('data', (chunk: Buffer) => (bytes += chunk.length))
				req.on('end', () => res.type('text/plain').send(`empfangen ${bytes}`))
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

	test('the app server (server/web.ts) is made with these settings: 60 s for headers and body, the headers within 20 s, checked every 5 s; uploads 30 min, 60 s without a byte', async () => {
		expect(REQUEST_TIMEOUTS).toEqual({ requestMs: 60_000, headersMs: 20_000, checkIntervalMs: 5_000, uploadMs: 30 * 60_000, uploadIdleMs: 60_000 })
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

	/** Sends the head, then `chunks` bytes one every `everyMs`; what came back and after how long. */
	function trickle(head: string, chunks: number, everyMs: number) {
		return new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
			const started = performance.now()
			let answer = ''
			let sent = 0
			let timer: NodeJS.Timeout | undefined
			const socket = net.connect(port, '127.0.0.1', () => {
				socket.write(head)
				timer = setInterval(() => {
					if (sent < chunks && !socket.destroyed) socket.write('x', () => sent++)
				}, everyMs)
			})
			socket.setEncoding('utf8')
			socket.on('data', (chunk: string) => (answer += chunk))
			socket.on('close', () => {
				clearInterval(timer)
				resolve({ answer, closedAfterMs: performance.now() - started })
			})
			socket.on('error', reject)
		})
	}

	test.each(['/api/media', '/api/v1/media'])('a slow upload to %s that keeps sending, past the request timeout: received whole and answered', async (address) => {
		// 12 bytes, one every 250 ms: 3 s, three times the request timeout, never a second without a byte.
		const head = [`POST ${address} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', 'Content-Type: video/mp4', 'Content-Length: 12', '', ''].join('\r\n')
		const { answer, closedAfterMs } = await trickle(head, 12, 250)
		expect(closedAfterMs).toBeGreaterThan(2.5 * timeouts.requestMs)
		expect(answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*empfangen 12$/)
	})

	test('an upload that stops sending: closed with 408 after the idle time', async () => {
		const { answer, closedAfterMs } = await rawRequest(['POST /api/media HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: video/mp4', 'Content-Length: 1000', '', 'erste Bytes'].join('\r\n'))
		expect(closedAfterMs).toBeGreaterThanOrEqual(timeouts.uploadIdleMs - 50)
		expect(closedAfterMs).toBeLessThan(timeouts.uploadIdleMs + timeouts.checkIntervalMs + 1000)
		expect(answer).toMatch(/^HTTP\/1\.1 408 /)
	})

	test('a slow body to any other route is still cut at the request timeout', async () => {
		const head = ['POST /form HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/x-www-form-urlencoded', 'Content-Length: 12', '', ''].join('\r\n')
		const { answer, closedAfterMs } = await trickle(head, 12, 250)
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

/** The build's route records (id, parent, path, module) for app/routes.ts, as React Router's build has them. */
async function buildRoutes(entries: ReadonlyArray<RouteConfigEntry> = routeTable, parentId = 'root'): Promise<Record<string, unknown>> {
	const records: Record<string, unknown> = {}
	for (const entry of entries) {
		const id = entry.id ?? entry.file.replace(/\.tsx?$/, '')
		records[id] = { id, parentId, path: entry.path, index: entry.index, module: await loadModule(entry.file) }
		Object.assign(records, await buildRoutes(entry.children ?? [], id))
	}
	return records
}

describe('mutations of pages without an action', () => {
	let t: TestDatabase
	let h: Harness
	let server: SecureServer
	const logged: Array<string> = []
	const withoutAction: Array<string> = []
	const withAction: Array<string> = []

	beforeAll(async () => {
		t = await createTestDatabase()
		h = await createHarness(t.db)
		const entry = await import('#app/entry.server.tsx')
		const build = {
			entry: { module: { handleError: entry.handleError, default: (_request: Request, status: number) => new Response('document', { status }) } },
			routes: { root: { id: 'root', path: '', module: await loadModule('root.tsx') }, ...(await buildRoutes()) },
			assets: { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: 'test' },
			publicPath: '/',
			assetsBuildDirectory: h.dataDir,
			future: {},
			ssr: true,
			isSpaMode: false,
			prerender: [],
			routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
		} as unknown as ServerBuild
		// The pages of the table without dynamic segments, by whether their module has an action.
		for (const route of flatRoutes()) {
			if (route.params.length > 0) continue
			;((await loadModule(route.file)).action ? withAction : withoutAction).push(route.path)
		}
		const logger = createLogger('debug')
		const handler = createRequestHandler({
			build,
			mode: 'production',
			getLoadContext() {
				const context = new RouterContextProvider()
				context.set(servicesContext, h.services)
				context.set(requestInfoContext, { ...h.info(), isProduction: true })
				context.set(loggerContext, logger)
				return context
			},
		})
		const guard = refuseMutationsWithoutAction(build)
		server = await startSecureApp({ production: true }, (req, res) => guard(req, res, () => void handler(req, res, () => {})))
		// Everything the process writes from here on: the logger's lines and any console output.
		const capture = (stream: NodeJS.WriteStream) => vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => (logged.push(String(chunk)), true))
		capture(process.stdout)
		capture(process.stderr)
	})

	afterAll(async () => {
		vi.restoreAllMocks()
		await server?.close()
		await h?.[Symbol.asyncDispose]()
		await t?.[Symbol.asyncDispose]()
	})

	test('POST, PUT and DELETE to the pages without an action: 405 with Allow, only JSON lines in the log, no stack trace', async () => {
		expect(withoutAction.length).toBeGreaterThan(5)
		logged.length = 0
		for (const page of withoutAction) {
			for (const [method, address] of [['POST', page], ['PUT', page], ['DELETE', page], ['POST', `${page === '/' ? '/_' : page}.data`]] as const) {
				const response = await fetch(`${server.url}${address}`, { method, body: method === 'DELETE' ? undefined : new URLSearchParams({ intent: 'x' }) })
				expect([method, address, response.status]).toEqual([method, address, 405])
				expect(response.headers.get('allow')).toBe(ALLOW_WITHOUT_ACTION)
				expect(await response.text()).toBe('Diese Seite nimmt keine Formulardaten an.')
			}
		}
		const lines = logged.join('').split('\n').filter(Boolean)
		for (const line of lines) expect(() => JSON.parse(line)).not.toThrow()
		expect(logged.join('')).not.toMatch(/\n\s+at /)
	})

	test('a POST to an address no route has, and a GET of one: their log lines are JSON without a stack', async () => {
		logged.length = 0
		expect((await fetch(`${server.url}/gibt-es-nicht`, { method: 'POST', body: new URLSearchParams({ a: '1' }) })).status).toBe(404)
		expect((await fetch(`${server.url}/gibt-es-nicht`)).status).toBe(404)
		const lines = logged.join('').split('\n').filter(Boolean)
		for (const line of lines) expect(JSON.parse(line)).toMatchObject({ level: 'debug', event: 'request_refused', status: 404 })
		expect(logged.join('')).not.toMatch(/\s+at /)
	})

	test('the pages with an action still reach it', async () => {
		expect(withAction.length).toBeGreaterThan(3)
		for (const page of withAction) {
			const response = await fetch(`${server.url}${page}`, { method: 'POST', body: new URLSearchParams({ intent: 'x' }), redirect: 'manual' })
			expect([page, await response.text()]).not.toEqual([page, 'Diese Seite nimmt keine Formulardaten an.'])
		}
	})

	test('server/web.ts puts the guard in front of React Router', async () => {
		const web = await fs.readFile(path.join(import.meta.dirname, '../../server/web.ts'), 'utf8')
		expect(web.indexOf('app.use(refuseMutationsWithoutAction(build))')).toBeGreaterThan(0)
		expect(web.indexOf('app.use(refuseMutationsWithoutAction(build))')).toBeLessThan(web.indexOf('createRequestHandler({'))
	})
})

describe('an answer sent before the body was read, on a keep-alive connection', () => {
	let server: SecureServer
	const LIMIT = 1000

	beforeAll(async () => {
		// React Router's adapter over two resource routes: an upload whose action refuses a body over
		// LIMIT bytes (readFormDataWithin, as every form of the app is read) and a page to ask next.
		const build = {
			entry: { module: { default: () => new Response('no documents here', { status: 500 }) } },
			routes: {
				root: { id: 'root', path: '', module: {} },
				upload: {
					id: 'upload',
					parentId: 'root',
					path: 'upload',
					module: { action: async ({ request }: { request: Request }) => ((await readFormDataWithin(request, LIMIT)) === 'too_large' ? new Response('zu gross', { status: 413 }) : new Response('gelesen')) },
				},
				ping: { id: 'ping', parentId: 'root', path: 'ping', module: { loader: () => new Response('pong') } },
			},
			assets: { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: 'test' },
			publicPath: '/',
			assetsBuildDirectory: '/nonexistent',
			future: {},
			ssr: true,
			isSpaMode: false,
			prerender: [],
			routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
		} as unknown as ServerBuild
		const handler = createRequestHandler({ build, mode: 'production', getLoadContext: () => new RouterContextProvider() })
		server = await startSecureApp({}, (req, res) => void handler(req, res, () => {}))
	})

	afterAll(async () => {
		await server?.close()
	})

	test.each([
		['a declared Content-Length over the limit', 256 * 1024, false],
		['a chunked body that grows over the limit', 256 * 1024, true],
		['a chunked upload of 8 MB', 8 * 1024 * 1024, true],
	])('%s: 413 with Connection: close, and the next request works on a new connection', async (_what, size, chunked) => {
		// One keep-alive connection at most: the next request reuses it unless the server said close.
		const pool = new Pool(server.url, { connections: 1, pipelining: 1 })
		const connections: Array<unknown> = []
		pool.on('connect', (_origin, [client]) => connections.push(client))
		try {
			const body = 'a='.padEnd(size, 'x')
			const refused = await pool.request({
				path: '/upload',
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: chunked ? Readable.from((function* () { for (let at = 0; at < body.length; at += 16 * 1024) yield body.slice(at, at + 16 * 1024) })()) : body,
			})
			expect(refused.statusCode).toBe(413)
			expect(refused.headers.connection).toBe('close')
			await refused.body.text()
			const next = await pool.request({ path: '/ping', method: 'GET' })
			expect(next.statusCode).toBe(200)
			expect(await next.body.text()).toBe('pong')
			expect(connections.length).toBe(2)
		} finally {
			await pool.close()
		}
	})

	test('a body read to its end keeps the connection', async () => {
		const pool = new Pool(server.url, { connections: 1, pipelining: 1 })
		let connects = 0
		pool.on('connect', () => connects++)
		try {
			const read = await pool.request({ path: '/upload', method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' })
			expect(read.statusCode).toBe(200)
			expect(read.headers.connection).not.toBe('close')
			await read.body.text()
			expect((await pool.request({ path: '/ping', method: 'GET' })).statusCode).toBe(200)
			expect(connects).toBe(1)
		} finally {
			await pool.close()
		}
	})
})
