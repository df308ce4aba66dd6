import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createRequestFetch } from './request-fetch.ts'

// The adapters' transport must answer as fetch does: these run the same requests through both.

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }
let server: http.Server
let base: string
const seen: Array<Seen> = []

beforeAll(async () => {
	server = http.createServer((req, res) => {
		const chunks: Array<Buffer> = []
		req.on('data', (chunk: Buffer) => chunks.push(chunk))
		req.on('end', () => {
			seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
			const path = req.url!.split('?')[0]!
			if (path === '/created') {
				res.writeHead(201, [['content-type', 'application/json'], ['x-restli-id', 'urn:li:share:1'], ['set-cookie', 'a=1'], ['set-cookie', 'b=2']])
				res.end('{"id":"urn:li:share:1"}')
			} else if (path === '/empty') {
				res.writeHead(204).end()
			} else if (path === '/bytes') {
				res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from([0, 255, 1, 254]))
			} else if (path.startsWith('/redirect/')) {
				res.writeHead(Number(path.slice('/redirect/'.length)), { location: '/target' }).end()
			} else if (path === '/slow') {
				setTimeout(() => res.writeHead(200).end('late'), 2_000)
			} else if (path === '/rate-limited') {
				res.writeHead(429, { 'retry-after': '7', 'content-type': 'application/json' }).end('{"message":"slow down"}')
			} else {
				res.writeHead(200, { 'content-type': 'text/plain' }).end(`${req.method} ${req.url}`)
			}
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
	server.closeAllConnections()
	await new Promise((resolve) => server.close(resolve))
})

const transport = createRequestFetch()

/** What a caller can see of an answer, and what the server saw of the request. */
async function outcome(fetcher: typeof fetch, path: string, init?: RequestInit) {
	seen.length = 0
	const response = await fetcher(`${base}${path}`, init)
	const body = new Uint8Array(await response.arrayBuffer())
	const request = seen.at(-1)!
	const { host: _host, connection: _connection, 'accept-encoding': _encoding, 'accept-language': _language, 'sec-fetch-mode': _mode, 'user-agent': _agent, ...headers } = request.headers
	return {
		status: response.status,
		ok: response.ok,
		headers: Object.fromEntries([...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name))),
		setCookie: response.headers.getSetCookie(),
		body: [...body],
		request: { method: request.method, url: request.url, headers, body: request.body },
	}
}

describe('the same answer as fetch', () => {
	const cases: Array<[string, string, RequestInit | undefined]> = [
		['a GET', '/plain?x=1', undefined],
		['a JSON POST with record headers', '/created', { method: 'post', headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json', 'LinkedIn-Version': '202501' }, body: '{"text":"Grüezi"}' }],
		['a form POST (URLSearchParams)', '/plain', { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', code: 'a b&c' }) }],
		['a text body without a content type', '/plain', { method: 'PUT', body: 'roh' }],
		['bytes and Headers', '/plain', { method: 'PUT', headers: new Headers({ 'content-type': 'image/jpeg' }), body: new Uint8Array([1, 2, 3]) }],
		['a Blob with its type, header pairs', '/plain', { method: 'POST', headers: [['x-one', '1']], body: new Blob(['bild'], { type: 'image/png' }) }],
		['a 204', '/empty', { method: 'DELETE' }],
		['binary answer', '/bytes', undefined],
		['a 429 with Retry-After', '/rate-limited', undefined],
		['a 303 after a POST becomes a GET', '/redirect/303', { method: 'POST', body: 'x' }],
		['a 307 keeps the POST', '/redirect/307', { method: 'POST', body: 'x' }],
		['a manual redirect hands back the 3xx', '/redirect/302', { redirect: 'manual' }],
	]
	test.each(cases)('%s', async (_, path, init) => {
		// Sent through request itself, not handed on to Node's fetch (which would make the comparison empty).
		const nodeFetch = vi.spyOn(globalThis, 'fetch')
		const ours = await outcome(transport, path, init)
		expect(nodeFetch).not.toHaveBeenCalled()
		nodeFetch.mockRestore()
		expect(ours).toEqual(await outcome(globalThis.fetch, path, init))
	})

	test('several Set-Cookie headers stay apart; other headers are read as fetch reads them', async () => {
		const response = await transport(`${base}/created`, { method: 'POST', body: '{}' })
		expect(response.status).toBe(201)
		expect(response.headers.get('x-restli-id')).toBe('urn:li:share:1')
		expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
		expect(await response.json()).toEqual({ id: 'urn:li:share:1' })
	})

	test('FormData goes through fetch unchanged', async () => {
		const form = new FormData()
		form.set('description', 'Bild')
		seen.length = 0
		const nodeFetch = vi.spyOn(globalThis, 'fetch')
		const response = await transport(`${base}/plain`, { method: 'POST', body: form })
		expect(nodeFetch).toHaveBeenCalledTimes(1)
		nodeFetch.mockRestore()
		expect(response.status).toBe(200)
		expect(seen[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
		expect(seen[0]!.body).toContain('name="description"')
	})
})

describe('failures as fetch reports them', () => {
	test('an aborted request rejects with the signal’s reason', async () => {
		const controller = new AbortController()
		const reason = new DOMException('The operation was aborted due to timeout', 'TimeoutError')
		setTimeout(() => controller.abort(reason), 50)
		await expect(transport(`${base}/slow`, { signal: controller.signal })).rejects.toBe(reason)
	})

	test('a refused connection is a TypeError with the socket error as cause', async () => {
		const closed = http.createServer()
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
		const port = (closed.address() as AddressInfo).port
		await new Promise((resolve) => closed.close(resolve))
		const error = await transport(`http://127.0.0.1:${port}/`).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(TypeError)
		expect((error as TypeError & { cause: { code: string } }).cause.code).toBe('ECONNREFUSED')
	})
})
