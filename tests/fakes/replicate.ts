// A local stand-in for the Replicate API (ADAPTERS.md 5.5), for the real `replicate` SDK pointed
// at it with `baseUrl: fake.url` (which includes /v1). Predictions start as `starting`, answer
// `processing` to the first poll(s) and then succeed with output URLs that point back at the
// fake's own /files route (never at replicate.delivery).
//
// In tests:   await using replicate = await startReplicateFake()
//             replicate.scenario('rate_limited', { times: 6, retryAfter: '0' })
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

/**
 * ok: starting, `processingPolls` × processing, succeeded. error500: create answers 500.
 * rate_limited: create answers 429 + Retry-After `times` times (default 6, as many as the SDK
 * tries itself), then ok. failed: the prediction ends `failed` with an NSFW error. auth: 401 on
 * the API. slow: every answer is held back `delayMs`, and predictions process for 3 polls.
 */
export type ReplicateScenario = 'ok' | 'error500' | 'rate_limited' | 'failed' | 'auth' | 'slow'

export type ReplicateScenarioOptions = {
	/** error500 and rate_limited: how many create requests fail before it works again; default all (error500), 6 (rate_limited). */
	times?: number
	/** rate_limited: the Retry-After header (seconds); default '1'. */
	retryAfter?: string
	/** slow: how long every answer is held back; default 100 ms. */
	delayMs?: number
	/** How many polls answer `processing` before the end; Infinity for a prediction that never finishes. Default 1 (slow: 3). */
	processingPolls?: number
}

export type ReplicateFakeRequest = { method: string; path: string; body: unknown; headers: http.IncomingHttpHeaders; at: number }

export type FakePrediction = {
	id: string
	model: string
	input: Record<string, unknown>
	status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled'
	polls: number
	processingPolls: number
	fails: boolean
}

export type ReplicateFake = {
	/** The API base including /v1, for the SDK's `baseUrl`. */
	url: string
	/** The fake's origin, where output files are served (/files/...). */
	origin: string
	requests: Array<ReplicateFakeRequest>
	predictions: Map<string, FakePrediction>
	scenario: (name: ReplicateScenario, options?: ReplicateScenarioOptions) => void
	close: () => Promise<void>
	[Symbol.asyncDispose]: () => Promise<void>
}

export const nsfwError = 'NSFW content detected. Try running it again, or try a different prompt.'

type Reply = { status: number; body: unknown; headers?: Record<string, string>; raw?: Buffer }

/** The smallest useful MP4 head: an ftyp box (enough for type sniffing). */
const mp4 = Buffer.concat([
	Buffer.from([0, 0, 0, 0x18]),
	Buffer.from('ftypisom', 'latin1'),
	Buffer.from([0, 0, 2, 0]),
	Buffer.from('isomiso2', 'latin1'),
	Buffer.from([0, 0, 0, 8]),
	Buffer.from('free', 'latin1'),
])

export async function startReplicateFake(): Promise<ReplicateFake> {
	const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).jpeg().toBuffer()
	const requests: Array<ReplicateFakeRequest> = []
	const predictions = new Map<string, FakePrediction>()
	const timers = new Set<NodeJS.Timeout>()
	let current: { name: ReplicateScenario; options: ReplicateScenarioOptions; createFailures: number } = { name: 'ok', options: {}, createFailures: 0 }
	let counter = 0
	let origin = ''

	// No keep-alive timeout: the client ends idle connections. A request on a kept-alive connection this
	// server is just closing fails (ECONNRESET) when a loaded machine holds the event loop past 5 s.
	const server = http.createServer({ keepAliveTimeout: 0 }, (req, res) => {
		handle(req, res).catch((error: unknown) => {
			if (!res.headersSent) send(res, { status: 500, body: { detail: String(error), status: 500 } })
		})
	})

	async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
		const url = new URL(req.url ?? '/', 'http://fake')
		const raw = (await readBody(req)).toString('utf8')
		const body = parseJson(raw)
		requests.push({ method: req.method ?? 'GET', path: url.pathname, body, headers: req.headers, at: Date.now() })
		const reply = route(req, url.pathname, body)
		if (current.name !== 'slow') return send(res, reply)
		const timer = setTimeout(() => {
			timers.delete(timer)
			if (!res.destroyed) send(res, reply)
		}, current.options.delayMs ?? 100)
		timers.add(timer)
	}

	function route(req: http.IncomingMessage, path: string, body: unknown): Reply {
		const method = req.method ?? 'GET'
		const file = /^\/files\/([\w.-]+)$/.exec(path)
		if (method === 'GET' && file) return fileReply(file[1]!)
		if (!path.startsWith('/v1/')) return { status: 404, body: { detail: 'Not found.', status: 404 } }
		if (current.name === 'auth' || !/^Bearer \S+/.test(req.headers.authorization ?? '')) {
			return { status: 401, body: { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 } }
		}
		const create = /^\/v1\/models\/([\w.-]+)\/([\w.-]+)\/predictions$/.exec(path)
		if (method === 'POST' && create) return createPrediction(`${create[1]}/${create[2]}`, body)
		const get = /^\/v1\/predictions\/([\w]+)$/.exec(path)
		if (method === 'GET' && get) return pollPrediction(get[1]!)
		const cancel = /^\/v1\/predictions\/([\w]+)\/cancel$/.exec(path)
		if (method === 'POST' && cancel) {
			const prediction = predictions.get(cancel[1]!)
			if (!prediction) return notFound()
			if (prediction.status === 'starting' || prediction.status === 'processing') prediction.status = 'canceled'
			return { status: 200, body: view(prediction) }
		}
		return notFound()
	}

	function createPrediction(model: string, body: unknown): Reply {
		const { name, options } = current
		const failures = name === 'error500' ? (options.times ?? Infinity) : name === 'rate_limited' ? (options.times ?? 6) : 0
		if (current.createFailures < failures) {
			current.createFailures++
			if (name === 'error500') return { status: 500, body: { detail: 'Internal server error', status: 500 } }
			const retryAfter = options.retryAfter ?? '1'
			return {
				status: 429,
				body: { title: 'Request was throttled', detail: `Request was throttled. Expected available in ${retryAfter} second.`, status: 429 },
				headers: { 'retry-after': retryAfter },
			}
		}
		const input = (body as { input?: unknown } | null)?.input
		if (!input || typeof input !== 'object' || typeof (input as { prompt?: unknown }).prompt !== 'string') {
			return { status: 422, body: { title: 'Input validation failed', detail: '- input.prompt: Field required', status: 422 } }
		}
		const prediction: FakePrediction = {
			id: `pred${String(++counter).padStart(4, '0')}`,
			model,
			input: input as Record<string, unknown>,
			status: 'starting',
			polls: 0,
			processingPolls: options.processingPolls ?? (name === 'slow' ? 3 : 1),
			fails: name === 'failed',
		}
		predictions.set(prediction.id, prediction)
		return { status: 201, body: view(prediction) }
	}

	function pollPrediction(id: string): Reply {
		const prediction = predictions.get(id)
		if (!prediction) return notFound()
		if (prediction.status === 'starting' || prediction.status === 'processing') {
			prediction.polls++
			if (prediction.polls <= prediction.processingPolls) prediction.status = 'processing'
			else prediction.status = prediction.fails ? 'failed' : 'succeeded'
		}
		return { status: 200, body: view(prediction) }
	}

	function output(prediction: FakePrediction) {
		if (/seedance|video|kling|veo/i.test(prediction.model)) return `${origin}/files/out.mp4`
		if (prediction.model === 'black-forest-labs/flux-schnell' || prediction.model === 'black-forest-labs/flux-dev') {
			const count = Number(prediction.input.num_outputs ?? 1)
			return Array.from({ length: Number.isInteger(count) && count > 0 ? count : 1 }, (_, i) => `${origin}/files/out-${i}.jpg`)
		}
		return `${origin}/files/out.jpg`
	}

	function view(prediction: FakePrediction) {
		const done = prediction.status === 'succeeded' || prediction.status === 'failed' || prediction.status === 'canceled'
		return {
			id: prediction.id,
			model: prediction.model,
			version: 'hidden',
			input: prediction.input,
			logs: '',
			output: prediction.status === 'succeeded' ? output(prediction) : null,
			error: prediction.status === 'failed' ? nsfwError : null,
			status: prediction.status,
			source: 'api',
			data_removed: false,
			created_at: '2026-01-01T00:00:00.000Z',
			started_at: prediction.status === 'starting' ? null : '2026-01-01T00:00:01.000Z',
			completed_at: done ? '2026-01-01T00:00:05.000Z' : null,
			urls: {
				get: `${origin}/v1/predictions/${prediction.id}`,
				cancel: `${origin}/v1/predictions/${prediction.id}/cancel`,
				web: `${origin}/p/${prediction.id}`,
			},
			metrics: done ? { predict_time: 4.2 } : {},
		}
	}

	function fileReply(name: string): Reply {
		if (name.endsWith('.jpg') || name.endsWith('.jpeg')) return { status: 200, body: null, raw: jpeg, headers: { 'content-type': 'image/jpeg' } }
		if (name.endsWith('.mp4')) return { status: 200, body: null, raw: mp4, headers: { 'content-type': 'video/mp4' } }
		return { status: 404, body: { detail: 'Not found.' } }
	}

	const notFound = (): Reply => ({ status: 404, body: { detail: 'Not found.', status: 404 } })

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(0, '127.0.0.1', () => resolve())
	})
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	const close = () =>
		new Promise<void>((resolve) => {
			for (const timer of timers) clearTimeout(timer)
			timers.clear()
			server.close(() => resolve())
			server.closeAllConnections()
		})
	return {
		url: `${origin}/v1`,
		origin,
		requests,
		predictions,
		scenario(name, options = {}) {
			current = { name, options, createFailures: 0 }
		},
		close,
		[Symbol.asyncDispose]: close,
	}
}

function readBody(req: http.IncomingMessage) {
	return new Promise<Buffer>((resolve, reject) => {
		const chunks: Array<Buffer> = []
		req.on('data', (chunk: Buffer) => chunks.push(chunk))
		req.on('end', () => resolve(Buffer.concat(chunks)))
		req.on('error', reject)
	})
}

function parseJson(raw: string): unknown {
	if (!raw) return null
	try {
		return JSON.parse(raw)
	} catch {
		return raw
	}
}

function send(res: http.ServerResponse, reply: Reply) {
	if (reply.raw) {
		res.writeHead(reply.status, { 'content-length': String(reply.raw.length), ...reply.headers })
		res.end(reply.raw)
		return
	}
	res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
	res.end(JSON.stringify(reply.body))
}
