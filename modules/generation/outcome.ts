import type { Platform } from '#modules/content/platforms.ts'
import type { InputErrorCode } from '#modules/media/errors.ts'
import type { KnowledgeUse } from '#modules/agents/knowledge.ts'

// Pure and shared with the browser: what a generation answers (streamed as NDJSON by /api/generations).

export type GenerationStep = 'extracting' | 'writing' | 'images' | 'saving'

export type GenerationWarning = 'images_failed' | 'text_failed' | 'transcription_unavailable'

export type GenerationErrorCode =
	| 'no_platform'
	| 'url_required'
	| 'youtube_invalid'
	| 'web_url_required'
	| 'web_url_invalid'
	| 'prompt_required'
	| 'image_or_prompt_required'
	| 'audio_or_image_required'
	| 'notes_or_file_required'
	/** The model test's image or video named is none of the user's (or its file is gone). */
	| 'generated_media_unavailable'
	| InputErrorCode
	| 'request_too_large'
	| 'unknown_agent'
	| 'insufficient_credits'
	| 'rate_limited'
	| 'in_progress'
	| 'article_blocked'
	| 'article_unreachable'
	| 'article_empty'
	| 'youtube_unavailable'
	| 'transcription_unavailable'
	| 'content_required'
	| 'provider_error'
	| 'failed'

export type GenerationResult = {
	generationId: string
	texts: Partial<Record<Platform, string>>
	images: Partial<Record<Platform, string>>
	/** Credits taken and given back (undelivered parts). */
	charged: number
	refunded: number
	balance: number
	warnings: Array<GenerationWarning>
	source: { kind: string; title: string | null }
	/** The provider's message when a part failed (German, may be shown). */
	detail: string | null
	/** What the texts took from the agent's knowledge base (absent: none, or a result stored before). */
	knowledge?: KnowledgeUse | null
}

export type GenerationOutcome = ({ ok: true } & GenerationResult) | { ok: false; code: GenerationErrorCode; balance?: number; detail?: string | null }

/** One line of the /api/generations stream. */
export type GenerationEvent = { type: 'step'; step: GenerationStep } | { type: 'done'; outcome: GenerationOutcome }

export type RegenerationOutcome = { ok: true; imageUrl: string; charged: number; balance: number } | { ok: false; code: GenerationErrorCode; balance?: number; detail?: string | null }
