import type { IncomingMessage, ServerResponse } from 'node:http'

// A small HTTP router for protocol fakes: the built-in sandbox network of the app and the test
// fakes are the same code. Routes answer with a default handler; tests can script responses per
// route (a queue whose last entry repeats), hold a response (timeout tests) and read a request log.

export type FakeRequest = {
	method: string
	/** The path below the fake's mount point, e.g. "/rest/posts". */
	path: string
	query: URLSearchParams
	headers: Record<string, string>
	/** Empty on a streamed route (onStream): its handler reads `stream` instead. */
	body: Buffer
	/** The request body as it arrives, on a streamed route only (a large upload is never collected here). */
	stream?: AsyncIterable<Buffer>
	/** The body parsed as JSON or as a form, when it is one. */
	json: unknown
	form: URLSearchParams
	params: Record<string, string>
}

export type FakeResponse = { status: number; headers?: Record<string, string>; body?: unknown; raw?: string | Buffer }

export type Handler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>

type Route = { method: string; pattern: RegExp; keys: Array<string>; name: string; handler: Handler; streamed: boolean }

/**
 * A scripted answer: a fixed response, none at all (hang), one after a delay (`delayMs` without
 * `then`: the route's own handler answers, late: a slow network that still does its work), or
 * `pass`: the route's own handler runs (the network does what was asked) and the client gets
 * `answer` instead when given (a server error after the work was done), or `until`: the answer waits
 * until the test releases it (a slow network whose slowness does not depend on the machine's load).
 */
export type ScriptedResponse =
	| FakeResponse
	| { hang: true }
	| { delayMs: number; then?: FakeResponse }
	| { until: Promise<unknown>; then?: FakeResponse }
	| { pass: true; answer?: FakeResponse }

export class FakeRouter {
	readonly requests: Array<FakeRequest & { route: string }> = []
	private readonly routes: Array<Route> = []
	private readonly scripts = new Map<string, Array<ScriptedResponse>>()
	private readonly hanging = new Set<ServerResponse>()

	/** `name` like "POST /rest/posts"; path segments ":id" become params. */
	on(name: string, handler: Handler, options: { streamed?: boolean } = {}) {
		const [method, path] = name.split(' ') as [string, string]
		const keys: Array<string> = []
		const pattern = new RegExp(
			'^' +
				path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\?:([a-zA-Z]+)/g, (_, key: string) => {
					keys.push(key)
					return '([^/]+)'
				}) +
				'/?$',
		)
		this.routes.push({ method, pattern, keys, name, handler, streamed: options.streamed ?? false })
		return this
	}

	/** A route whose handler reads the body as it arrives (`req.stream`): uploads of any size without collecting them. */
	onStream(name: string, handler: Handler) {
		return this.on(name, handler, { streamed: true })
	}

	/** Queue responses for a route; the last one repeats until reset. */
	script(name: string, responses: Array<ScriptedResponse>) {
		this.scripts.set(name, [...responses])
	}

	reset() {
		this.scripts.clear()
		this.requests.length = 0
		for (const res of this.hanging) res.destroy()
		this.hanging.clear()
	}

	count(name: string) {
		return this.requests.filter((r) => r.route === name).length
	}

	/** Handles a request whose path is already relative to the mount point. Returns false when no route matched. */
	async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
		const url = new URL(path, 'http://fake.local')
		const method = req.method ?? 'GET'
		for (const route of this.routes) {
			if (route.method !== method) continue
			const match = route.pattern.exec(url.pathname)
			if (!match) continue
			const body = route.streamed ? Buffer.alloc(0) : await readBody(req)
			const request: FakeRequest = {
				method,
				path: url.pathname,
				query: url.searchParams,
				headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
				body,
				json: parseJson(body),
				form: new URLSearchParams(isForm(req) ? body.toString('utf8') : ''),
				params: Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1] ?? '')])),
				...(route.streamed ? { stream: req } : {}),
			}
			// A streamed route's handler may answer without reading the upload (a refused token): the rest is read and dropped.
			const run = async (input: FakeRequest) => {
				const response = await route.handler(input)
				if (route.streamed && !req.readableEnded) req.resume()
				return response
			}
			// The log keeps what a test reads (and /__fake/requests serializes), not the upload's stream.
			const { stream: _stream, ...logged } = request
			this.requests.push({ ...logged, route: route.name })
			const scripted = this.next(route.name)
			// A scripted answer instead of the handler: the upload is read and dropped, as a server answering early would.
			if (route.streamed && scripted && !('pass' in scripted) && !('hang' in scripted)) req.resume()
			if (scripted && 'hang' in scripted) {
				this.hanging.add(res)
				return true
			}
			if (scripted && 'delayMs' in scripted) {
				await new Promise((r) => setTimeout(r, scripted.delayMs))
				send(res, scripted.then ?? (await run(request)))
				return true
			}
			if (scripted && 'until' in scripted) {
				await scripted.until
				send(res, scripted.then ?? (await run(request)))
				return true
			}
			if (scripted && 'pass' in scripted) {
				const handled = await run(request)
				send(res, scripted.answer ?? handled)
				return true
			}
			send(res, scripted ?? (await run(request)))
			return true
		}
		return false
	}

	private next(name: string): ScriptedResponse | undefined {
		const queue = this.scripts.get(name)
		if (!queue?.length) return undefined
		return queue.length > 1 ? queue.shift() : queue[0]
	}
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): FakeResponse {
	return { status, body, headers }
}

function send(res: ServerResponse, response: FakeResponse) {
	if (res.destroyed) return
	const headers = { ...response.headers }
	let payload: string | Buffer = ''
	if (response.raw !== undefined) payload = response.raw
	else if (response.body !== undefined) {
		payload = JSON.stringify(response.body)
		headers['content-type'] ??= 'application/json; charset=utf-8'
	}
	res.writeHead(response.status, headers)
	res.end(payload)
}

async function readBody(req: IncomingMessage) {
	const chunks: Array<Buffer> = []
	let size = 0
	for await (const chunk of req) {
		size += (chunk as Buffer).length
		if (size > 40 * 1024 * 1024) break
		chunks.push(chunk as Buffer)
	}
	return Buffer.concat(chunks)
}

function isForm(req: IncomingMessage) {
	return (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')
}

function parseJson(body: Buffer): unknown {
	if (body.length === 0) return null
	try {
		return JSON.parse(body.toString('utf8'))
	} catch {
		return null
	}
}
