// A webhook receiver for tests: records every request (headers and raw body) and answers with the
// status codes it is told, or hangs (no answer until it closes).
// In tests: await using receiver = await startWebhookReceiver(); receiver.answer(500, 200)
// For e2e:  node tests/fakes/webhook-receiver.ts (env: FAKE_WEBHOOK_PORT); GET /__requests lists what came in.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { HANG_GUARD_MS } from '../support/wait.ts'

export type ReceivedWebhook = { method: string; path: string; headers: Record<string, string>; body: string; at: number }

/** What the receiver does with a request: answer with a status, or never answer. */
export type ReceiverAnswer = number | 'hang'

export type WebhookReceiver = {
	url: string
	/** '127.0.0.1:port', the entry for WEB_FETCH_ALLOW_HOSTS. */
	host: string
	requests: Array<ReceivedWebhook>
	/** The next requests' answers in order; afterwards the default (200). */
	answer: (...answers: Array<ReceiverAnswer>) => void
	/** The answer once the queue is empty. */
	setDefault: (answer: ReceiverAnswer) => void
	/** Resolves when `count` requests have come in (rejects after `timeoutMs`, by default the hang guard). */
	waitFor: (count: number, timeoutMs?: number) => Promise<Array<ReceivedWebhook>>
	close: () => Promise<void>
	[Symbol.asyncDispose]: () => Promise<void>
}

export async function startWebhookReceiver(options: { port?: number; host?: string } = {}): Promise<WebhookReceiver> {
	const requests: Array<ReceivedWebhook> = []
	const queue: Array<ReceiverAnswer> = []
	let fallback: ReceiverAnswer = 200
	const waiters = new Set<() => void>()

	// No keep-alive timeout: the client ends idle connections. A request on a kept-alive connection this
	// server is just closing fails (ECONNRESET) when a loaded machine holds the event loop past 5 s.
	const server = http.createServer({ keepAliveTimeout: 0 }, (req, res) => {
		const chunks: Array<Buffer> = []
		req.on('data', (chunk: Buffer) => chunks.push(chunk))
		req.on('end', () => {
			if (req.method === 'GET' && req.url === '/__requests') {
				res.writeHead(200, { 'content-type': 'application/json' })
				return res.end(JSON.stringify(requests))
			}
			const headers = Object.fromEntries(Object.entries(req.headers).map(([key, value]) => [key, Array.isArray(value) ? value.join(', ') : (value ?? '')]))
			requests.push({ method: req.method ?? '', path: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() })
			for (const wake of waiters) wake()
			const answer = queue.shift() ?? fallback
			if (answer === 'hang') return
			res.writeHead(answer, { 'content-type': 'text/plain' })
			res.end(answer >= 200 && answer < 300 ? 'ok' : 'Fehler')
		})
	})

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
	})
	const address = server.address() as AddressInfo
	const host = `${address.address}:${address.port}`
	const close = () =>
		new Promise<void>((resolve) => {
			server.closeAllConnections()
			server.close(() => resolve())
		})
	return {
		url: `http://${host}`,
		host,
		requests,
		answer: (...answers) => void queue.push(...answers),
		setDefault: (answer) => void (fallback = answer),
		waitFor(count, timeoutMs = HANG_GUARD_MS) {
			if (requests.length >= count) return Promise.resolve(requests.slice())
			return new Promise((resolve, reject) => {
				const timer = setTimeout(() => {
					waiters.delete(check)
					reject(new Error(`webhook receiver: ${requests.length} of ${count} requests after ${timeoutMs} ms`))
				}, timeoutMs)
				const check = () => {
					if (requests.length < count) return
					clearTimeout(timer)
					waiters.delete(check)
					resolve(requests.slice())
				}
				waiters.add(check)
			})
		},
		close,
		[Symbol.asyncDispose]: close,
	}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const receiver = await startWebhookReceiver({ port: Number(process.env.FAKE_WEBHOOK_PORT ?? 3197) })
	console.log(`fake webhook receiver on ${receiver.url}`)
	const stop = () => void receiver.close().then(() => process.exit(0))
	process.on('SIGTERM', stop)
	process.on('SIGINT', stop)
}
