// The OpenAI and Replicate adapters with the real SDKs, against the local fakes of both APIs.
import { describe, expect, test, vi } from 'vitest'
import { createOpenAiProvider } from '#adapters/ai/openai/index.ts'
import { createReplicateProvider } from '#adapters/ai/replicate/index.ts'
import { AiError, type ImageBrief, type TextBrief, type TextRequest } from '#modules/ai/ports.ts'
import { fakeImageDescription, fakeTranscript, startOpenAiFake, type OpenAiFake } from '#tests/fakes/openai.ts'
import { startReplicateFake, type ReplicateFake } from '#tests/fakes/replicate.ts'

const prompt = 'Schreibe einen Post über den Frühling im Büro und die neuen Pflanzen.'

const textBrief: TextBrief = {
	platform: 'threads',
	platformName: 'Threads',
	group: 'short',
	maxLength: 500,
	style: 'Threads Authentisch',
	hashtags: { min: 0, max: 2 },
	persona: null,
	source: { kind: 'smart-post', title: null, text: 'Frühling im Büro', origin: null },
}

const imageBrief: ImageBrief = { aspect: '1:1', headline: 'Frühling im Büro', keywords: ['Büro', 'Pflanzen'], persona: null }

const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff

async function rejection(promise: Promise<unknown>): Promise<AiError> {
	const error = await promise.then(
		() => null,
		(reason: unknown) => reason,
	)
	expect(error).toBeInstanceOf(AiError)
	return error as AiError
}

describe('OpenAI', () => {
	const provider = (fake: OpenAiFake, options: { timeoutMs?: number; maxRetries?: number } = {}) =>
		createOpenAiProvider({ apiKey: 'sk-test', baseUrl: fake.url, timeoutMs: options.timeoutMs ?? 5000, maxRetries: options.maxRetries ?? 2 })

	const textRequest = (overrides: Partial<TextRequest> = {}): TextRequest => ({
		model: 'gpt-4.1-mini',
		parameters: { temperature: 0.7 },
		system: 'Du schreibst Social-Media-Beiträge.',
		prompt,
		brief: textBrief,
		...overrides,
	})

	test('text: a chat completion with system and user message, the answer trimmed', async () => {
		await using fake = await startOpenAiFake()
		const ai = provider(fake)
		expect(ai).toMatchObject({ name: 'openai', testMode: false })
		const { text } = await ai.text!.generate(textRequest())
		expect(text).toBe(`KI-Text: ${prompt.slice(0, 40)}`)
		expect(fake.requests).toHaveLength(1)
		const request = fake.requests[0]!
		expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' })
		expect(request.headers.authorization).toBe('Bearer sk-test')
		expect(request.body).toEqual({
			model: 'gpt-4.1-mini',
			messages: [
				{ role: 'system', content: 'Du schreibst Social-Media-Beiträge.' },
				{ role: 'user', content: prompt },
			],
			max_completion_tokens: 2000,
			temperature: 0.7,
		})
	})

	test('text: gpt-5 models get no temperature but their reasoning effort', async () => {
		await using fake = await startOpenAiFake()
		await provider(fake).text!.generate(textRequest({ model: 'gpt-5-mini', parameters: { temperature: 0.7, reasoning_effort: 'low' } }))
		const body = fake.requests[0]!.body as Record<string, unknown>
		expect(body).not.toHaveProperty('temperature')
		expect(body.reasoning_effort).toBe('low')
		expect(body.max_completion_tokens).toBeGreaterThan(2000)
	})

	test('text: never longer than brief.maxLength, cut between words', async () => {
		await using fake = await startOpenAiFake()
		const { text } = await provider(fake).text!.generate(textRequest({ brief: { ...textBrief, maxLength: 20 } }))
		// 'KI-Text: Schreibe ei' would be 20 characters, but mid-word.
		expect(text).toBe('KI-Text: Schreibe')
	})

	test('text: a completion cut off by the token limit keeps its complete sentences', async () => {
		await using fake = await startOpenAiFake()
		fake.scenario('length')
		const { text } = await provider(fake).text!.generate(textRequest({ brief: { ...textBrief, maxLength: 120 } }))
		expect(text).toBe(`KI-Text: ${prompt.slice(0, 40)}. Ein zweiter Satz folgt hier.`)
		expect(text.length).toBeLessThanOrEqual(120)
	})

	test('text: a content_filter finish is a rejected request', async () => {
		await using fake = await startOpenAiFake()
		fake.scenario('content_filter')
		const error = await rejection(provider(fake).text!.generate(textRequest()))
		expect(error).toMatchObject({ kind: 'invalid_request', code: 'content_filter' })
		expect(error.message).toMatch(/^Die Anfrage wurde vom KI-Anbieter abgelehnt: /)
	})

	test('image: gpt-image-1 as JPEG, base64 decoded to bytes', async () => {
		await using fake = await startOpenAiFake()
		const image = await provider(fake).image!.generate({
			model: 'gpt-image-1',
			parameters: {},
			prompt: 'Ein Büro voller Pflanzen im Frühling',
			brief: { ...imageBrief, aspect: '16:9' },
		})
		expect(image.contentType).toBe('image/jpeg')
		expect(isJpeg(image.bytes)).toBe(true)
		expect(fake.requests[0]).toMatchObject({
			path: '/v1/images/generations',
			body: { model: 'gpt-image-1', prompt: 'Ein Büro voller Pflanzen im Frühling', size: '1536x1024', quality: 'medium', output_format: 'jpeg', n: 1 },
		})
	})

	test('image: quality from the parameters; a moderation block is a rejected request', async () => {
		await using fake = await startOpenAiFake()
		const ai = provider(fake)
		await ai.image!.generate({ model: 'gpt-image-1', parameters: { quality: 'low' }, prompt: 'Pflanzen', brief: imageBrief })
		expect(fake.requests[0]!.body).toMatchObject({ size: '1024x1024', quality: 'low' })

		fake.scenario('moderation')
		const error = await rejection(ai.image!.generate({ model: 'gpt-image-1', parameters: {}, prompt: 'Pflanzen', brief: imageBrief }))
		expect(error).toMatchObject({ kind: 'invalid_request', code: 'moderation_blocked' })
		expect(error.message).toContain('Richtlinien')
	})

	test('transcription: multipart upload in German', async () => {
		await using fake = await startOpenAiFake()
		const audio = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4])
		const result = await provider(fake).transcriber!.transcribe({ audio, contentType: 'audio/webm', fileName: 'aufnahme.webm' })
		expect(result.text).toBe(fakeTranscript)
		expect(fake.requests[0]).toMatchObject({
			path: '/v1/audio/transcriptions',
			body: { model: 'gpt-4o-mini-transcribe', language: 'de', file: { fileName: 'aufnahme.webm', type: 'audio/webm', size: 8 } },
		})
	})

	test('vision: the image as a data URL, a German description back', async () => {
		await using fake = await startOpenAiFake()
		const image = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])
		const result = await provider(fake).vision!.describe({ image, contentType: 'image/jpeg' })
		expect(result.description).toBe(fakeImageDescription)
		const body = fake.requests[0]!.body as { model: string; messages: Array<{ content: Array<{ type: string; text?: string; image_url?: { url: string } }> }> }
		expect(body.model).toBe('gpt-4o-mini')
		const parts = body.messages[0]!.content
		expect(parts.find((part) => part.type === 'text')?.text).toMatch(/2 bis 4 Sätzen/)
		expect(parts.find((part) => part.type === 'image_url')?.image_url?.url).toBe(`data:image/jpeg;base64,${Buffer.from(image).toString('base64')}`)
	})

	test('a persistent 500 is transient after the SDK tried three times', async () => {
		await using fake = await startOpenAiFake()
		fake.scenario('error500')
		const error = await rejection(provider(fake, { maxRetries: 2 }).text!.generate(textRequest()))
		expect(error).toMatchObject({ kind: 'transient', code: 'server_error' })
		expect(error.message).toBe('Der KI-Anbieter ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.')
		expect(fake.requests).toHaveLength(3)
		expect(fake.requests.map((request) => request.headers['x-stainless-retry-count'])).toEqual(['0', '1', '2'])
	})

	test('a 500 once is retried by the SDK and then works', async () => {
		await using fake = await startOpenAiFake()
		fake.scenario('error500', { times: 1 })
		const { text } = await provider(fake).text!.generate(textRequest())
		expect(text).toContain('KI-Text')
		expect(fake.requests).toHaveLength(2)
	})

	test('401 is an auth error after one attempt', async () => {
		await using fake = await startOpenAiFake()
		fake.scenario('auth')
		const error = await rejection(provider(fake).text!.generate(textRequest()))
		expect(error).toMatchObject({ kind: 'auth', code: 'invalid_api_key', message: 'Der KI-Schlüssel ist ungültig oder abgelaufen.' })
		expect(fake.requests).toHaveLength(1)
	})

	test('429 insufficient_quota is quota_exhausted, other 429s are rate_limited', async () => {
		await using fake = await startOpenAiFake()
		const ai = provider(fake)
		fake.scenario('quota')
		const quota = await rejection(ai.image!.generate({ model: 'gpt-image-1', parameters: {}, prompt: 'Pflanzen', brief: imageBrief }))
		expect(quota).toMatchObject({ kind: 'quota_exhausted', code: 'insufficient_quota', message: 'Das Guthaben beim KI-Anbieter ist aufgebraucht.' })

		fake.scenario('rate_limited')
		const limited = await rejection(ai.text!.generate(textRequest()))
		expect(limited).toMatchObject({ kind: 'rate_limited', code: 'rate_limit_exceeded', retryAfterMs: 0 })
		expect(limited.message).toContain('überlastet')
	})

	test('a client timeout is transient', async () => {
		await using fake = await startOpenAiFake()
		fake.scenario('slow', { delayMs: 1000 })
		const error = await rejection(provider(fake, { timeoutMs: 100, maxRetries: 0 }).text!.generate(textRequest()))
		expect(error).toMatchObject({ kind: 'transient', code: 'timeout' })
	})

	test('an aborted request stops at once', async () => {
		await using fake = await startOpenAiFake()
		fake.scenario('slow', { delayMs: 1000 })
		// Aborted once the request has reached the network (not after a clock: on a busy machine 50 ms may pass before it is sent).
		const controller = new AbortController()
		const pending = rejection(provider(fake).text!.generate(textRequest({ signal: controller.signal })))
		await vi.waitFor(() => expect(fake.requests).toHaveLength(1), { timeout: 30_000 })
		controller.abort()
		const error = await pending
		expect(error).toMatchObject({ kind: 'transient', code: 'aborted' })
		expect(fake.requests).toHaveLength(1)
	})
})

describe('Replicate', () => {
	const provider = (fake: ReplicateFake, options: { timeoutMs?: number; fetch?: typeof fetch } = {}) =>
		createReplicateProvider({ token: 'r8_test', baseUrl: fake.url, timeoutMs: options.timeoutMs ?? 5000, pollIntervalMs: 5, fetch: options.fetch })

	const creates = (fake: ReplicateFake) => fake.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/predictions'))

	test('flux-schnell: create, poll, then download the first output as JPEG', async () => {
		await using fake = await startReplicateFake()
		const downloads: Array<string> = []
		const countingFetch: typeof fetch = (input, init) => {
			downloads.push(String(input))
			return fetch(input, init)
		}
		const ai = provider(fake, { fetch: countingFetch })
		expect(ai).toMatchObject({ name: 'replicate', testMode: false })
		const image = await ai.image!.generate({ model: 'flux-schnell', parameters: { go_fast: true }, prompt: 'Pflanzen im Büro', brief: imageBrief })
		expect(image.contentType).toBe('image/jpeg')
		expect(isJpeg(image.bytes)).toBe(true)

		expect(fake.requests[0]).toMatchObject({
			method: 'POST',
			path: '/v1/models/black-forest-labs/flux-schnell/predictions',
			body: { input: { prompt: 'Pflanzen im Büro', aspect_ratio: '1:1', output_format: 'jpg', num_outputs: 1, go_fast: true } },
		})
		expect(fake.requests[0]!.headers.authorization).toBe('Bearer r8_test')
		expect(fake.requests[0]!.headers.prefer).toBeUndefined()
		const polls = fake.requests.filter((request) => request.method === 'GET' && request.path.startsWith('/v1/predictions/'))
		expect(polls.length).toBeGreaterThanOrEqual(1)
		expect(downloads).toEqual([`${fake.origin}/files/out-0.jpg`])
	})

	test('flux-1.1-pro from parameters.replicate_model: a single output URL', async () => {
		await using fake = await startReplicateFake()
		const image = await provider(fake).image!.generate({
			model: 'some-catalogue-id',
			parameters: { replicate_model: 'black-forest-labs/flux-1.1-pro', output_format: 'webp', safety_tolerance: 2 },
			prompt: 'Pflanzen im Büro',
			brief: { ...imageBrief, aspect: '16:9' },
		})
		expect(isJpeg(image.bytes)).toBe(true)
		expect(fake.requests[0]).toMatchObject({ path: '/v1/models/black-forest-labs/flux-1.1-pro/predictions' })
		const input = (fake.requests[0]!.body as { input: Record<string, unknown> }).input
		expect(input).toMatchObject({ aspect_ratio: '16:9', output_format: 'jpg', safety_tolerance: 2 })
		expect(input).not.toHaveProperty('replicate_model')
		expect(fake.requests.some((request) => request.path === '/files/out.jpg')).toBe(true)
	})

	test('seedance video: duration, resolution, aspect ratio and reference image; MP4 back', async () => {
		await using fake = await startReplicateFake()
		fake.scenario('ok', { processingPolls: 3 })
		const video = await provider(fake).video!.generate({
			model: 'seedance-1-pro',
			parameters: { fps: 24 },
			prompt: 'Eine Kamerafahrt durch ein Büro voller Pflanzen',
			aspectRatio: '16:9',
			resolution: '720p',
			durationSeconds: 5,
			imageUrl: 'https://example.com/start.jpg',
		})
		expect(video.contentType).toBe('video/mp4')
		expect(video.bytes.length).toBeGreaterThan(8)
		expect(fake.requests[0]).toMatchObject({
			path: '/v1/models/bytedance/seedance-1-pro/predictions',
			body: {
				input: {
					prompt: 'Eine Kamerafahrt durch ein Büro voller Pflanzen',
					duration: 5,
					resolution: '720p',
					aspect_ratio: '16:9',
					image: 'https://example.com/start.jpg',
					fps: 24,
				},
			},
		})
		expect(fake.requests.filter((request) => request.method === 'GET' && request.path.startsWith('/v1/predictions/'))).toHaveLength(4)
	})

	test('429 on create: after the SDK gave up, the adapter waits and creates again', async () => {
		await using fake = await startReplicateFake()
		fake.scenario('rate_limited', { times: 6, retryAfter: '0' })
		const image = await provider(fake).image!.generate({ model: 'flux-schnell', parameters: {}, prompt: 'Pflanzen', brief: imageBrief })
		expect(isJpeg(image.bytes)).toBe(true)
		// Six throttled attempts inside one SDK call, then the adapter's own second call.
		expect(creates(fake)).toHaveLength(7)
	})

	test('429 on create: Retry-After is honoured', async () => {
		await using fake = await startReplicateFake()
		fake.scenario('rate_limited', { times: 6, retryAfter: '1' })
		await provider(fake).image!.generate({ model: 'flux-schnell', parameters: {}, prompt: 'Pflanzen', brief: imageBrief })
		const attempts = creates(fake)
		expect(attempts).toHaveLength(7)
		expect(attempts[6]!.at - attempts[5]!.at).toBeGreaterThanOrEqual(950)
	})

	test('429 on create that does not end is rate_limited after the adapter gave up', async () => {
		await using fake = await startReplicateFake()
		fake.scenario('rate_limited', { times: 1000, retryAfter: '0' })
		const error = await rejection(provider(fake).image!.generate({ model: 'flux-schnell', parameters: {}, prompt: 'Pflanzen', brief: imageBrief }))
		expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 0 })
		// Five SDK calls (ours: the first and four retries) of six attempts each.
		expect(creates(fake)).toHaveLength(30)
	})

	test('a failed NSFW prediction is a rejected request', async () => {
		await using fake = await startReplicateFake()
		fake.scenario('failed')
		const error = await rejection(provider(fake).image!.generate({ model: 'flux-schnell', parameters: {}, prompt: 'Pflanzen', brief: imageBrief }))
		expect(error).toMatchObject({ kind: 'invalid_request', code: 'content_rejected' })
		expect(error.message).toMatch(/^Die Anfrage wurde vom KI-Anbieter abgelehnt: /)
	})

	test('a prediction that never finishes hits the deadline and is cancelled', async () => {
		await using fake = await startReplicateFake()
		fake.scenario('ok', { processingPolls: Infinity })
		// The prediction never finishes: only the deadline can end the call (else vitest's hang guard would).
		// The deadline also covers creating the prediction (the SDK's own fetch, no seam to hold it), so it is
		// the file's 5 s rather than 300 ms, which a loaded machine spent before the request reached the fake.
		const error = await rejection(provider(fake).image!.generate({ model: 'flux-schnell', parameters: {}, prompt: 'Pflanzen', brief: imageBrief }))
		expect(error).toMatchObject({ kind: 'transient', code: 'timeout' })
		const id = [...fake.predictions.keys()][0]!
		expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/predictions/${id}/cancel` })
		expect(fake.predictions.get(id)!.status).toBe('canceled')
	})

	test('an aborted request cancels its prediction', async () => {
		await using fake = await startReplicateFake()
		fake.scenario('ok', { processingPolls: Infinity })
		// Aborted once the prediction exists (not after a clock: on a busy machine 100 ms may pass before it is created).
		const controller = new AbortController()
		const pending = rejection(provider(fake).image!.generate({ model: 'flux-schnell', parameters: {}, prompt: 'Pflanzen', brief: imageBrief, signal: controller.signal }))
		await vi.waitFor(() => expect(fake.predictions.size).toBe(1), { timeout: 30_000 })
		controller.abort()
		const error = await pending
		expect(error).toMatchObject({ kind: 'transient', code: 'aborted' })
		expect([...fake.predictions.values()][0]!.status).toBe('canceled')
	})

	test('500 on create is transient (the SDK does not retry a POST), 401 is auth', async () => {
		await using fake = await startReplicateFake()
		const ai = provider(fake)
		fake.scenario('error500')
		const failed = await rejection(ai.image!.generate({ model: 'flux-schnell', parameters: {}, prompt: 'Pflanzen', brief: imageBrief }))
		expect(failed).toMatchObject({ kind: 'transient', code: 'server_error' })
		expect(creates(fake)).toHaveLength(1)

		fake.scenario('auth')
		const auth = await rejection(ai.image!.generate({ model: 'flux-schnell', parameters: {}, prompt: 'Pflanzen', brief: imageBrief }))
		expect(auth).toMatchObject({ kind: 'auth', message: 'Der KI-Schlüssel ist ungültig oder abgelaufen.' })
	})

	test('an unknown model is refused before any request', async () => {
		await using fake = await startReplicateFake()
		const error = await rejection(provider(fake).image!.generate({ model: 'no-such-model', parameters: {}, prompt: 'Pflanzen', brief: imageBrief }))
		expect(error).toMatchObject({ kind: 'invalid_request', code: 'unknown_model' })
		expect(fake.requests).toHaveLength(0)
	})
})
