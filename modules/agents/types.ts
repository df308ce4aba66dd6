import type { StyleProfile } from '#modules/ai/index.ts'
import type { WebReadErrorCode } from '#modules/media/index.ts'

export type { StyleProfile }

/** One preset as the agent screen shows and edits it. */
export type AgentPreset = {
	id: string
	name: string
	avatar: string
	personality: string
	description: string
	targetAudience: string
	tone: string
	industry: string | null
	formality: number
	creativity: number
	humor: number
	empathy: number
	enthusiasm: number
	voiceIdentity: string
	writingStyle: string
	brandName: string
	brandColors: Array<string>
	accentColor: string
	useBranding: boolean
	logoUrl: string | null
	trainingTexts: Array<string>
	postUrls: Array<string>
	specialties: Array<string>
	knowledgeBase: string
	languageModel: string
	imageModel: string
	videoModel: string
	isDefault: boolean
	order: number
	styleProfile: StyleProfile | null
	/** ISO timestamp of the last 'Agent trainieren'. */
	trainedAt: string | null
}

/** request_conflict: the request id was already used for another operation or other input. */
export type AgentError = 'not_found' | 'limit_reached' | 'last_agent' | 'default_agent' | 'no_material' | 'logo_type' | 'logo_too_large' | 'request_conflict'

export type AgentResult<T = object> = ({ ok: true } & T) | { ok: false; error: AgentError }

/** A post URL the training could not read, and why. */
export type UrlFailure = { url: string; reason: WebReadErrorCode | 'failed' }
