// A local stand-in for the OpenAI API (ADAPTERS.md 5.4), for the real `openai` SDK pointed at it
// with `baseURL: fake.url` (which includes /v1). Routes: chat completions, responses, image
// generation (a real tiny JPEG as b64_json) and audio transcriptions (multipart).
//
// In tests:   await using openai = await startOpenAiFake()
//             openai.scenario('rate_limited', { times: 1 })   // then back to 'ok'
//
// Retried errors carry `retry-after-ms: 0` so the SDK's retries cost no time.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

export type OpenAiScenario = 'ok' | 'error500' | 'rate_limited' | 'quota' | 'auth' | 'content_filter' | 'length' | 'moderation' | 'slow'

export type OpenAiScenarioOptions = {
	/** How many requests get the scenario before the fake answers 'ok' again; default: all. */
	times?: number
	/** 'slow': how long every answer is held back; default 200 ms. */
	delayMs?: number
	/** 'rate_limited': the `retry-after-ms` header; default 0. */
	retryAfterMs?: number
}

export type OpenAiFakeRequest = {
	method: string
	path: string
	/** Parsed JSON; for multipart, the fields (files as { fileName, type, size }). */
	body: unknown
	headers: http.IncomingHttpHeaders
	at: number
}

export type OpenAiFake = {
	/** The base URL including /v1, for the SDK's `baseURL`. */
	url: string
	requests: Array<OpenAiFakeRequest>
	scenario: (name: OpenAiScenario, options?: OpenAiScenarioOptions) => void
	close: () => Promise<void>
	[Symbol.asyncDispose]: () => Promise<void>
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> }

export const fakeTranscript = 'Transkript der Aufnahme'
export const fakeImageDescription = 'Das Bild zeigt eine gleichmäßig blaue Fläche ohne Text.'

/**
 * Whether a recorded request is the alt text writer's (ADR 0060: its system message asks for
 * Alternativtexte): a generation with images sends one per image beside the texts' requests.
 */
export function isAltTextRequest(request: OpenAiFakeRequest) {
	const messages = (request.body as { messages?: Array<{ role?: string; content?: unknown }> } | null)?.messages
	const system = messages?.find((message) => message.role === 'system')?.content
	return typeof system === 'string' && system.includes('Alternativtexte')
}

/** The fake's answer text for a prompt: recognisable in assertions. */
export const fakeText = (userMessage: string) => `KI-Text: ${userMessage.slice(0, 40)}`

const apiError = (status: number, type: string, code: string | null, message: string, headers?: Record<string, string>): Reply => ({
	status,
	body: { error: { message, type, param: null, code } },
	headers,
})

export async function startOpenAiFake(): Promise<OpenAiFake> {
	const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).jpeg().toBuffer()
	const requests: Array<OpenAiFakeRequest> = []
	const timers = new Set<NodeJS.Timeout>()
	let current: { name: OpenAiScenario; options: OpenAiScenarioOptions; left: number } = { name: 'ok', options: {}, left: Infinity }
	let counter = 0

	/** The scenario for this request (counting down `times`). */
	function take() {
		const active = current
		if (active.name !== 'ok' && --active.left <= 0) current = { name: 'ok', options: {}, left: Infinity }
		return active
	}

	// No keep-alive timeout: the client ends idle connections. A request on a kept-alive connection this
	// server is just closing fails (ECONNRESET) when a loaded machine holds the event loop past 5 s.
	const server = http.createServer({ keepAliveTimeout: 0 }, (req, res) => {
		handle(req, res).catch((error: unknown) => {
			if (!res.headersSent) send(res, { status: 500, body: { error: { message: String(error), type: 'server_error', param: null, code: null } } })
		})
	})

	async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
		const url = new URL(req.url ?? '/', 'http://fake')
		const raw = await readBody(req)
		const body = await parseBody(raw, req.headers['content-type'])
		requests.push({ method: req.method ?? 'GET', path: url.pathname, body, headers: req.headers, at: Date.now() })
		const route = `${req.method} ${url.pathname}`
		const routes = ['POST /v1/chat/completions', 'POST /v1/responses', 'POST /v1/images/generations', 'POST /v1/audio/transcriptions']
		if (!routes.includes(route)) return send(res, apiError(404, 'invalid_request_error', 'unknown_url', `Unknown request URL: ${route}`))
		if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) {
			return send(res, apiError(401, 'invalid_request_error', null, "You didn't provide an API key."))
		}
		const badImage = route === 'POST /v1/chat/completions' ? invalidImagePart(body) : null
		if (badImage) return send(res, apiError(400, 'invalid_request_error', 'invalid_image_url', badImage))
		const { name, options } = take()
		const failure = errorReply(name, options, route)
		if (failure) return send(res, failure)
		const reply = answer(route, body as Record<string, unknown>, name)
		if (name !== 'slow') return send(res, reply)
		const timer = setTimeout(() => {
			timers.delete(timer)
			if (!res.destroyed) send(res, reply)
		}, options.delayMs ?? 200)
		timers.add(timer)
	}

	function errorReply(name: OpenAiScenario, options: OpenAiScenarioOptions, route: string): Reply | null {
		const retry = { 'retry-after-ms': '0' }
		switch (name) {
			case 'error500':
				return apiError(500, 'server_error', null, 'The server had an error while processing your request. Sorry about that!', retry)
			case 'rate_limited':
				return apiError(429, 'requests', 'rate_limit_exceeded', 'Rate limit reached for requests per min (RPM). Please try again in 1s.', {
					'retry-after-ms': String(options.retryAfterMs ?? 0),
				})
			case 'quota':
				return apiError(429, 'insufficient_quota', 'insufficient_quota', 'You exceeded your current quota, please check your plan and billing details.', retry)
			case 'auth':
				return apiError(401, 'invalid_request_error', 'invalid_api_key', 'Incorrect API key provided: sk-fake***. You can find your API key at https://platform.openai.com/account/api-keys.')
			case 'moderation':
				return apiError(400, 'image_generation_user_error', 'moderation_blocked', 'Your request was rejected as a result of our safety system.')
			case 'content_filter':
				// Chat and responses answer 200 with a content_filter finish; images have no such field.
				return route === 'POST /v1/images/generations'
					? apiError(400, 'image_generation_user_error', 'moderation_blocked', 'Your request was rejected as a result of our safety system.')
					: null
			default:
				return null
		}
	}

	function answer(route: string, body: Record<string, unknown>, name: OpenAiScenario): Reply {
		const id = ++counter
		const created = Math.floor(Date.now() / 1000)
		const model = typeof body.model === 'string' ? body.model : 'unknown'
		switch (route) {
			case 'POST /v1/chat/completions': {
				const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: string; content?: unknown }>) : []
				const user = messages.findLast((message) => message.role === 'user')
				const parts = Array.isArray(user?.content) ? (user.content as Array<{ type?: string; text?: string }>) : []
				const hasImage = parts.some((part) => part.type === 'image_url')
				const prompt = typeof user?.content === 'string' ? user.content : (parts.find((part) => part.type === 'text')?.text ?? '')
				let content: string | null = hasImage ? fakeImageDescription : fakeText(prompt)
				let finish = 'stop'
				if (name === 'content_filter') [content, finish] = [null, 'content_filter']
				if (name === 'length') {
					content = `${fakeText(prompt)}. Ein zweiter Satz folgt hier. ${'Und dann geht es immer weiter und weiter '.repeat(200)}und wei`
					finish = 'length'
				}
				return {
					status: 200,
					body: {
						id: `chatcmpl-${id}`,
						object: 'chat.completion',
						created,
						model,
						choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: finish, logprobs: null }],
						usage: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 },
					},
				}
			}
			case 'POST /v1/responses': {
				const input = typeof body.input === 'string' ? body.input : JSON.stringify(body.input ?? '')
				const filtered = name === 'content_filter'
				return {
					status: 200,
					body: {
						id: `resp_${id}`,
						object: 'response',
						created_at: created,
						status: filtered ? 'incomplete' : 'completed',
						incomplete_details: filtered ? { reason: 'content_filter' } : null,
						model,
						output: filtered
							? []
							: [
									{
										type: 'message',
										id: `msg_${id}`,
										status: 'completed',
										role: 'assistant',
										content: [{ type: 'output_text', text: fakeText(input), annotations: [] }],
									},
								],
						usage: { input_tokens: 12, output_tokens: 8, total_tokens: 20 },
					},
				}
			}
			case 'POST /v1/images/generations':
				return {
					status: 200,
					body: {
						created,
						data: [{ b64_json: jpeg.toString('base64') }],
						output_format: typeof body.output_format === 'string' ? body.output_format : 'png',
						size: typeof body.size === 'string' ? body.size : '1024x1024',
						quality: typeof body.quality === 'string' ? body.quality : 'auto',
						usage: { input_tokens: 10, input_tokens_details: { image_tokens: 0, text_tokens: 10 }, output_tokens: 272, total_tokens: 282 },
					},
				}
			default:
				return { status: 200, body: { text: fakeTranscript, usage: { type: 'duration', seconds: 3 } } }
		}
	}

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(0, '127.0.0.1', () => resolve())
	})
	const { port } = server.address() as AddressInfo
	const close = () =>
		new Promise<void>((resolve) => {
			for (const timer of timers) clearTimeout(timer)
			timers.clear()
			server.close(() => resolve())
			server.closeAllConnections()
		})
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		scenario(name, options = {}) {
			current = { name, options, left: options.times ?? Infinity }
		},
		close,
		[Symbol.asyncDispose]: close,
	}
}

/**
 * What the API refuses in a vision request's `image_url` part (chat completions: `{ type: 'image_url',
 * image_url: { url, detail? } }`, the url an https address or a base64 data: URL of an image, detail
 * 'low', 'high' or 'auto'); null when every image part is well formed.
 */
function invalidImagePart(body: unknown): string | null {
	const messages = (body as { messages?: Array<{ content?: unknown }> } | null)?.messages ?? []
	for (const message of messages) {
		if (!Array.isArray(message.content)) continue
		for (const part of message.content as Array<{ type?: string; image_url?: { url?: unknown; detail?: unknown } }>) {
			if (part.type !== 'image_url') continue
			const url = part.image_url?.url
			if (typeof url !== 'string' || !/^(https:\/\/|data:image\/(png|jpeg|gif|webp);base64,)/.test(url)) return "Invalid 'messages[].content[].image_url.url': expected an https URL or a base64 data URL of an image."
			const detail = part.image_url?.detail
			if (detail !== undefined && !['low', 'high', 'auto'].includes(String(detail))) return "Invalid 'image_url.detail': expected 'low', 'high' or 'auto'."
		}
	}
	return null
}

function readBody(req: http.IncomingMessage) {
	return new Promise<Buffer>((resolve, reject) => {
		const chunks: Array<Buffer> = []
		req.on('data', (chunk: Buffer) => chunks.push(chunk))
		req.on('end', () => resolve(Buffer.concat(chunks)))
		req.on('error', reject)
	})
}

async function parseBody(raw: Buffer, contentType: string | undefined): Promise<unknown> {
	if (!raw.length) return null
	if (contentType?.startsWith('multipart/form-data')) {
		const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData()
		const fields: Record<string, unknown> = {}
		for (const [key, value] of form) {
			fields[key] = typeof value === 'string' ? value : { fileName: value.name, type: value.type, size: value.size }
		}
		return fields
	}
	try {
		return JSON.parse(raw.toString('utf8'))
	} catch {
		return raw.toString('utf8')
	}
}

function send(res: http.ServerResponse, reply: Reply) {
	res.writeHead(reply.status, {
		'content-type': 'application/json',
		'x-request-id': `req_${Math.random().toString(36).slice(2, 10)}`,
		...reply.headers,
	})
	res.end(JSON.stringify(reply.body))
}
