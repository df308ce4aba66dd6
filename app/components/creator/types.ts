import { NO_AGENT } from '#app/components/agent-select.tsx'
import type { Platform } from '#modules/content/platforms.ts'
import type { MediaKind } from '#modules/media/kinds.ts'

// Pure and shared by the creator's components and its route action.

export const CREATOR_STEPS = ['media-selection', 'content-input', 'platform-selection', 'preview'] as const
export type CreatorStep = (typeof CREATOR_STEPS)[number]

/** A news card or article handed to the creator (navigation state), shown instead of asking for a URL. */
export type ArticleData = { title: string; url: string; source: string; published_date: string; content?: string }

/** `pasted`: the text of a video or article that could not be read, pasted by the user instead. */
export type CreatorInputs = { prompt: string; url: string; notes: string; pasted: string }

/** The existing draft or post the creator edits (opened from 'Meine Posts'); 'Entwurf speichern' updates it. */
/** `scheduledAt`: a planned post's slot, where 'Planen' opens the dialog. */
export type EditTarget = { kind: 'draft' | 'post'; id: string; scheduledAt?: string | null }

/** Everything but the files, kept in localStorage between visits. */
export type CreatorState = {
	currentStep: CreatorStep
	selectedMedia: MediaKind | null
	selectedPlatforms: Array<Platform>
	/** The chosen channels (ids, of one brand); their networks are selectedPlatforms. Empty without channels (networks only). */
	selectedChannels: Array<string>
	/** The text per platform. */
	content: Partial<Record<Platform, string>>
	/** Texts of their own for chosen channels (by id); only those of selectedChannels are sent. */
	channelTexts: Record<string, string>
	/** The first comment per platform (ADR 0062), sent under the post right after it; empty: none. */
	firstComments: Partial<Record<Platform, string>>
	generatedImages: Partial<Record<Platform, string>>
	/** The generation that wrote the texts: sent with the post or drafts, which record the texts as generated (the AI label, ADR 0067). */
	generationId: string | null
	/**
	 * A model test's image or video handed over by its /media/ path (ADR 0068): the generation takes it by
	 * its key (no re-upload, so it stays AI-generated with its alt text); a video is the post's media.
	 */
	modelTestMedia: ModelTestMedia | null
	articleData: ArticleData | null
	inputs: CreatorInputs
	/** An agent id or 'none'. */
	agentId: string
	editing: EditTarget | null
	timestamp: number
}

export type ModelTestMedia = { kind: 'image' | 'video'; url: string }

export type CreatorFiles = { document: File | null; image: File | null; audio: File | null }

export { NO_AGENT }

/** The most channels one creator post names (as the REST API's MAX_POST_CHANNELS in modules/posting). */
export const MAX_CREATOR_CHANNELS = 200

export const EMPTY_INPUTS: CreatorInputs = { prompt: '', url: '', notes: '', pasted: '' }

export function initialCreatorState(): CreatorState {
	return {
		currentStep: 'media-selection',
		selectedMedia: null,
		selectedPlatforms: [],
		selectedChannels: [],
		content: {},
		channelTexts: {},
		firstComments: {},
		generatedImages: {},
		generationId: null,
		modelTestMedia: null,
		articleData: null,
		inputs: EMPTY_INPUTS,
		agentId: NO_AGENT,
		editing: null,
		timestamp: Date.now(),
	}
}

/** Images the creator may hand to the server: files this app stored, never arbitrary URLs. */
export const APP_IMAGE_PATH = /^\/media\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/

export function isAppImagePath(value: unknown): value is string {
	return typeof value === 'string' && APP_IMAGE_PATH.test(value)
}

export function previousStep(step: CreatorStep): CreatorStep {
	const index = CREATOR_STEPS.indexOf(step)
	return CREATOR_STEPS[Math.max(0, index - 1)]!
}
