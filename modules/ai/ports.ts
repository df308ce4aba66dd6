import type { Env } from '#modules/core/env.server.ts'
import type { MediaKind } from '#modules/media/kinds.ts'
import type { Platform, TextGroup } from '#modules/publishing/descriptor.ts'

export type { MediaKind }

// The AI ports and their vocabulary (persona, briefs, requests). Each folder adapters/ai/<name>
// exports an AiProviderModule; the registry (adapters/ai/index.ts) lists them, and
// createAiProviders builds the providers the configuration has keys for. The catalogue row's
// `provider` (ai_models.provider, a name) picks the adapter; `model` is its model_id.

/** What the agent (persona) brings into every prompt and image. */
export type Persona = {
	name: string
	personality: string
	tone: string
	targetAudience: string
	description: string
	industry: string | null
	specialties: Array<string>
	knowledgeBase: string
	/** 0-100 sliders. */
	formality: number
	creativity: number
	humor: number
	empathy: number
	enthusiasm: number
	brand: { name: string; colors: Array<string>; accentColor: string; useBranding: boolean; logoUrl: string | null }
	/** What 'Agent trainieren' learned from the agent's training texts and post URLs; null before training. */
	styleProfile?: StyleProfile | null
}

/** The writing habits measured in an agent's sample posts (modules/agents/style.ts). */
export type StyleProfile = {
	/** How many texts were analysed (training texts plus readable post URLs). */
	samples: number
	/** Median length of a sample in characters. */
	typicalLength: number
	/** Average words per sentence. */
	sentenceWords: number
	emojisPerPost: number
	/** Most used first. */
	topEmojis: Array<string>
	hashtagsPerPost: number
	/** With '#', most used first. */
	topHashtags: Array<string>
	/** Recurring 2-3 word phrases, most frequent first. */
	phrases: Array<string>
	/** From the counts of Sie and du forms; null when neither occurs or they are even. */
	formality: 'formell' | 'locker' | null
	sieCount: number
	duCount: number
	questionsPerPost: number
	exclamationsPerPost: number
	/** The closing line most samples share ('Herzlich, Ihr Team vom Beck'); null when none recurs. Optional: older profiles lack it. */
	signature?: string | null
	/** Where the samples usually ask: in the first sentence, in the last, or neither. Optional: older profiles lack it. */
	questionPosition?: 'opening' | 'closing' | null
}

/** The extracted input a text is written from (what the user brought, already read and cut). */
export type SourceMaterial = {
	kind: MediaKind
	/** A title where the source has one (video title, article headline, file name). */
	title: string | null
	/** The readable text: the idea, article text, transcript, document text, image description. */
	text: string
	/** Where it came from (URL or file name), for the prompt and the activity log. */
	origin: string | null
}

/** A structured brief: LLM adapters send `system` + `prompt`; the local adapter composes from the brief. */
export type TextBrief = {
	platform: Platform
	/** The network's name for prompts (descriptor.name). */
	platformName: string
	/** Which text this is ('long', 'short'): writers without platform knowledge shape it by group and style. */
	group: TextGroup
	/** Maximum characters of the result (the platform limit); adapters must stay within it. */
	maxLength: number
	/** German style label from the platform's descriptor (e.g. 'Professionell', 'Kurz & knackig'). */
	style: string
	/** How many hashtags fit the platform (descriptor.text.hashtags). */
	hashtags: { min: number; max: number }
	persona: Persona | null
	source: SourceMaterial
}

export type TextRequest = {
	model: string
	/** The catalogue row's api_parameters (temperature, reasoning_effort, ...). */
	parameters: Record<string, unknown>
	system: string
	prompt: string
	brief: TextBrief
	/** Varies a writer that composes from the brief (the offline one): the generation's id, so every run reads differently. */
	seed?: string
	signal?: AbortSignal
}

export type TextResult = { text: string }

export interface TextModel {
	generate(request: TextRequest): Promise<TextResult>
}

export type ImageAspect = '1:1' | '16:9'

export type ImageBrief = {
	aspect: ImageAspect
	/** Short headline for locally rendered images (taken from the source). */
	headline: string
	/** Keywords of the content (specialties, source keywords). */
	keywords: Array<string>
	persona: Persona | null
}

export type ImageRequest = {
	model: string
	parameters: Record<string, unknown>
	prompt: string
	brief: ImageBrief
	signal?: AbortSignal
}

/** The image bytes (the module stores them as JPEG in its own storage; provider URLs are temporary). */
export type ImageResult = { bytes: Uint8Array; contentType: string }

export interface ImageModel {
	generate(request: ImageRequest): Promise<ImageResult>
}

export type VideoRequest = {
	model: string
	parameters: Record<string, unknown>
	prompt: string
	aspectRatio: string
	resolution: string
	durationSeconds: number
	/** Image-to-video: a publicly reachable reference image. */
	imageUrl: string | null
	signal?: AbortSignal
}

export type VideoResult = { bytes: Uint8Array; contentType: string }

export interface VideoModel {
	generate(request: VideoRequest): Promise<VideoResult>
}

export interface Transcriber {
	/** German speech to text. The local default throws AiError code 'transcription_unavailable'. */
	transcribe(input: { audio: Uint8Array; contentType: string; fileName: string; signal?: AbortSignal }): Promise<{ text: string }>
}

export interface Vision {
	/** A German description of what the image shows, for writing a post about it. */
	describe(input: { image: Uint8Array; contentType: string; signal?: AbortSignal }): Promise<{ description: string }>
}

/**
 * A German alt text for an image (ADR 0060): descriptive, what is seen (no "Bild von"), within
 * `maxLength` code points. LLM adapters send `system` + `prompt` (with `image` to a vision model);
 * the local adapter composes from the brief's fields.
 */
export type AltTextRequest = {
	/** The language model of the generation (a vision-capable adapter may use its own vision model for `image`). */
	model: string
	system: string
	prompt: string
	/** The prompt the image was made from; null for an image that was not generated (an upload). */
	imagePrompt: string | null
	/** The image's subject as the generation put it (its headline) and its keywords. */
	subject: string
	keywords: Array<string>
	/** The text of the post the image belongs to. */
	postText: string
	/** The image was rendered offline as a title card (headline, keywords, brand name): what it shows is known. */
	titleCard: boolean
	/** The brand name a title card shows in its footer ('' when none). */
	brandName: string
	/** The image itself, for a writer that can look at it. */
	image: { bytes: Uint8Array; contentType: string } | null
	maxLength: number
	signal?: AbortSignal
}

export interface AltTextWriter {
	write(request: AltTextRequest): Promise<{ text: string }>
}

/** One provider's capabilities; a provider may offer only some of them. */
export type AiProvider = {
	/** Its module's name (the folder adapters/ai/<name>); matches ai_models.provider. */
	name: string
	/** true for the offline default: the UI shows 'Testmodus'. */
	testMode: boolean
	text?: TextModel
	image?: ImageModel
	video?: VideoModel
	transcriber?: Transcriber
	vision?: Vision
	altText?: AltTextWriter
}

/**
 * What each folder adapters/ai/<name> exports; the registry (adapters/ai/index.ts) is a list of
 * them. Adding a provider: one folder and one entry in that list, nothing else.
 */
export type AiProviderModule<Settings = unknown> = {
	/** The catalogue's provider (ai_models.provider), the same as the folder's name. */
	name: string
	/** The provider's settings from the configuration; null when its key is not set (the offline provider stands in). */
	fromEnv(env: Env): Settings | null
	create(settings: Settings): AiProvider
	/**
	 * The offline default (exactly one in the registry, always configured, shown as 'Testmodus'): it
	 * stands in for a provider without a key and for a capability the chosen provider lacks.
	 */
	offline?: boolean
	/** Whether a model id the catalogue does not list (an admin deleted the row) runs here, judged by its name. */
	runsModel?(modelId: string): boolean
}

/** The registry the composition root builds (createAiProviders): providers by name, the offline one as fallback. */
export type AiProviders = {
	/** The adapter for a catalogue provider; the offline provider when that provider has no key configured. */
	forProvider(name: string): AiProvider
	/** The provider of a model id the catalogue does not know: the first module that runs it, else the offline one. */
	providerOfModel(modelId: string): string
	/** The offline default, for a capability the chosen provider lacks. */
	offline: AiProvider
	/** Speech to text: the first configured provider with one, else the offline one that explains what is missing. */
	transcriber: Transcriber
	/** Image descriptions: the first configured provider with one, else the offline one. */
	vision: Vision
	/** Alt texts: the first configured provider with a writer, else the offline one (for a text provider without one). */
	altText: AltTextWriter
}

export type AiErrorKind =
	| 'auth' // bad or missing key: do not retry
	| 'rate_limited' // retry later
	| 'quota_exhausted' // billing cap: do not retry
	| 'transient' // 5xx or network: retried already by the adapter
	| 'invalid_request' // prompt rejected (moderation, context length): show the message
	| 'unavailable' // this capability is not configured (e.g. transcription offline)

/** Every AI adapter failure is mapped onto this one error. `message` is German and may be shown. */
export class AiError extends Error {
	readonly kind: AiErrorKind
	readonly code: string
	readonly retryAfterMs: number | null
	constructor(input: { kind: AiErrorKind; code: string; message: string; retryAfterMs?: number | null; cause?: unknown }) {
		super(input.message, { cause: input.cause })
		this.name = 'AiError'
		this.kind = input.kind
		this.code = input.code
		this.retryAfterMs = input.retryAfterMs ?? null
	}
}
