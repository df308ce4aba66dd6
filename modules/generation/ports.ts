import type { Platform, TextGroup } from '#modules/publishing/descriptor.ts'
import type { MediaKind } from './media.ts'

export type { MediaKind }

// The AI ports of the generation module. Adapters (adapters/ai/<provider>) implement them against
// the provider's real HTTP API; adapters/ai/local is the offline default when no key is set.
// The catalogue row's `provider` (ai_models.provider) picks the adapter; `model` is its model_id.

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

/** One provider's capabilities; a provider may offer only some of them. */
export type AiProvider = {
	/** 'openai', 'replicate', 'local' — matches ai_models.provider. */
	name: string
	/** true for the offline default: the UI shows 'Testmodus'. */
	testMode: boolean
	text?: TextModel
	image?: ImageModel
	video?: VideoModel
	transcriber?: Transcriber
	vision?: Vision
}

/** The registry the composition root builds: providers by name, with the local one as fallback. */
export type AiProviders = {
	/** The adapter for a catalogue provider; the local provider when that provider has no key configured. */
	forProvider(name: string): AiProvider
	/** Speech to text (OpenAI when configured, else the local one that explains what is missing). */
	transcriber: Transcriber
	vision: Vision
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

// ---------------------------------------------------------------------------------------------
// Reading the open web (adapters/web): YouTube metadata and web articles. Adapters never fetch a
// user-supplied URL except through the SSRF-safe fetcher.

export type Article = { url: string; title: string; text: string; siteName: string | null; publishedAt: string | null; imageUrl: string | null }

export type YoutubeVideo = { id: string; title: string; description: string; channel: string | null; transcript: string | null }

export interface WebReader {
	/** Fetches and extracts a readable article; throws WebReadError. */
	article(url: string, signal?: AbortSignal): Promise<Article>
	/** Metadata and (where available) the transcript of a video, from a fixed API host. */
	youtube(videoId: string, signal?: AbortSignal): Promise<YoutubeVideo>
}

export type WebReadErrorCode =
	| 'invalid_url' // not http(s), unparsable, credentials in URL, bad port
	| 'blocked_address' // resolves to loopback/private/link-local/metadata (also after a redirect)
	| 'too_large' // body over the size limit
	| 'timeout'
	| 'unreachable' // DNS failure, connection refused, 4xx/5xx
	| 'not_html' // content type not text/html or application/xhtml+xml
	| 'no_content' // nothing readable found
	| 'too_many_redirects'

export class WebReadError extends Error {
	readonly code: WebReadErrorCode
	constructor(code: WebReadErrorCode, message?: string, options?: { cause?: unknown }) {
		super(message ?? code, options)
		this.name = 'WebReadError'
		this.code = code
	}
}
