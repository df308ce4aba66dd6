import OpenAI, { toFile } from 'openai'
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions'
import type { ImageGenerateParamsNonStreaming } from 'openai/resources/images'
import type { ReasoningEffort } from 'openai/resources/shared'
import { AiError, type AiProvider, type AiProviderModule, type AltTextRequest, type ImageAspect, type TextRequest } from '#modules/ai/ports.ts'
import { aiMessages } from '../messages.ts'
import { openAiError } from './errors.ts'
import { cutAtSentence, cutAtWord } from './text.ts'

export type OpenAiOptions = {
	apiKey: string
	/** Including /v1, e.g. https://api.openai.com/v1. */
	baseUrl: string
	timeoutMs: number
	/** The SDK's own retries (connection errors, 408, 409, 429, 5xx); default 2, i.e. 3 attempts. */
	maxRetries?: number
}

export const transcriptionModel = 'gpt-4o-mini-transcribe'
export const visionModel = 'gpt-4o-mini'

const visionInstruction =
	'Beschreibe auf Deutsch in 2 bis 4 Sätzen, was auf diesem Bild zu sehen ist, so dass jemand daraus einen Social-Media-Beitrag schreiben kann. ' +
	'Nenne Motiv, Stimmung und auffällige Details; lesbaren Text im Bild gib wörtlich wieder. Antworte nur mit der Beschreibung.'

const imageSizes: Record<ImageAspect, '1024x1024' | '1536x1024'> = { '1:1': '1024x1024', '16:9': '1536x1024' }
const imageQualities = ['low', 'medium', 'high', 'auto'] as const
const reasoningEfforts = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const

/** OpenAI, with OPENAI_API_KEY (OPENAI_BASE_URL, AI_TIMEOUT_MS). */
export const openai: AiProviderModule<OpenAiOptions> = {
	name: 'openai',
	fromEnv: (env) => (env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, timeoutMs: env.AI_TIMEOUT_MS } : null),
	create: (options) => createOpenAiProvider(options),
	runsModel: (modelId) => /^(gpt|o\d|chatgpt|dall-e|whisper)/i.test(modelId),
}

/** OpenAI: chat completions for text and vision, gpt-image for images, speech to text. */
export function createOpenAiProvider(options: OpenAiOptions): AiProvider {
	const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, timeout: options.timeoutMs, maxRetries: options.maxRetries ?? 2 })

	async function call<T>(run: () => Promise<T>): Promise<T> {
		try {
			return await run()
		} catch (error) {
			throw openAiError(error)
		}
	}

	return {
		name: openai.name,
		testMode: false,
		text: {
			async generate(request) {
				const completion = await call(() => client.chat.completions.create(textBody(request), { signal: request.signal }))
				return { text: completedText(completion, request.brief.maxLength) }
			},
		},
		image: {
			async generate(request) {
				const quality = oneOf(request.parameters.quality, imageQualities) ?? 'medium'
				const body: ImageGenerateParamsNonStreaming = {
					model: request.model,
					prompt: request.prompt,
					size: imageSizes[request.brief.aspect],
					quality,
					output_format: 'jpeg',
					n: 1,
				}
				const response = await call(() => client.images.generate(body, { signal: request.signal }))
				const base64 = response.data?.[0]?.b64_json
				if (!base64) throw emptyResult()
				return { bytes: new Uint8Array(Buffer.from(base64, 'base64')), contentType: 'image/jpeg' }
			},
		},
		transcriber: {
			async transcribe(input) {
				const file = await toFile(input.audio, input.fileName, { type: input.contentType })
				const result = await call(() =>
					client.audio.transcriptions.create({ file, model: transcriptionModel, language: 'de' }, { signal: input.signal }),
				)
				const text = result.text?.trim()
				if (!text) throw emptyResult()
				return { text }
			},
		},
		vision: {
			async describe(input) {
				const url = `data:${input.contentType};base64,${Buffer.from(input.image).toString('base64')}`
				const completion = await call(() =>
					client.chat.completions.create(
						{
							model: visionModel,
							max_completion_tokens: 600,
							messages: [
								{
									role: 'user',
									content: [
										{ type: 'text', text: visionInstruction },
										{ type: 'image_url', image_url: { url } },
									],
								},
							],
						},
						{ signal: input.signal },
					),
				)
				const choice = completion.choices[0]
				if (choice?.finish_reason === 'content_filter') throw contentFiltered()
				const description = choice?.message.content?.trim()
				if (!description) throw emptyResult()
				return { description }
			},
		},
		altText: {
			async write(request) {
				const completion = await call(() => client.chat.completions.create(altTextBody(request), { signal: request.signal }))
				return { text: completedText(completion, request.maxLength) }
			},
		},
	}
}

/**
 * An alt text: with the image, the vision model looks at it (chat completions with an `image_url`
 * part, the image as a data: URL); without one, the generation's language model writes from the prompt.
 */
function altTextBody(request: AltTextRequest): ChatCompletionCreateParamsNonStreaming {
	const user: ChatCompletionCreateParamsNonStreaming['messages'][number] = request.image
		? {
				role: 'user',
				content: [
					{ type: 'text', text: request.prompt },
					{ type: 'image_url', image_url: { url: `data:${request.image.contentType};base64,${Buffer.from(request.image.bytes).toString('base64')}`, detail: 'low' } },
				],
			}
		: { role: 'user', content: request.prompt }
	const model = request.image ? visionModel : request.model
	return {
		model,
		messages: [{ role: 'system', content: request.system }, user],
		max_completion_tokens: isReasoningModel(model) ? 4000 : 600,
	}
}

/** Reasoning models (gpt-5 family, o-series) reject `temperature` and spend part of the token budget on reasoning. */
const isReasoningModel = (model: string) => /^(gpt-5|o\d)/.test(model)

function textBody(request: TextRequest): ChatCompletionCreateParamsNonStreaming {
	const { parameters, model } = request
	const reasoning = isReasoningModel(model)
	const maxTokens = parameters.max_completion_tokens
	const body: ChatCompletionCreateParamsNonStreaming = {
		model,
		messages: [
			{ role: 'system', content: request.system },
			{ role: 'user', content: request.prompt },
		],
		max_completion_tokens: typeof maxTokens === 'number' && maxTokens > 0 ? maxTokens : reasoning ? 8000 : 2000,
	}
	if (typeof parameters.temperature === 'number' && !model.startsWith('gpt-5')) body.temperature = parameters.temperature
	const effort: ReasoningEffort | null = oneOf(parameters.reasoning_effort, reasoningEfforts)
	if (effort) body.reasoning_effort = effort
	return body
}

function completedText(completion: ChatCompletion, maxLength: number): string {
	const choice = completion.choices[0]
	if (choice?.finish_reason === 'content_filter') throw contentFiltered()
	const content = choice?.message.content ?? ''
	if (!content.trim()) {
		if (choice?.message.refusal) throw contentFiltered()
		throw emptyResult()
	}
	const text = choice?.finish_reason === 'length' ? cutAtSentence(content, maxLength) : cutAtWord(content, maxLength)
	if (!text) throw emptyResult()
	return text
}

function oneOf<T extends string>(value: unknown, allowed: ReadonlyArray<T>): T | null {
	return typeof value === 'string' && (allowed as ReadonlyArray<string>).includes(value) ? (value as T) : null
}

const contentFiltered = () =>
	new AiError({ kind: 'invalid_request', code: 'content_filter', message: aiMessages.rejected(aiMessages.reasons.contentPolicy) })

const emptyResult = () => new AiError({ kind: 'transient', code: 'empty_result', message: aiMessages.emptyResult })
