// zod/mini: the creator page loads this in the browser, where classic zod would be most of its code.
import { z } from 'zod/mini'
import type { Platform } from '#modules/publishing/descriptor.ts'
import { MAX_TEXT } from '#modules/content/text-limit.ts'
import { MEDIA_KINDS, NOTES_MAX, PASTED_MAX, PROMPT_MAX } from '#modules/media/kinds.ts'
import { APP_VIDEO_PATH } from '#modules/generation/generated-media-key.ts'
import { APP_IMAGE_PATH, CREATOR_STEPS, MAX_CREATOR_CHANNELS, NO_AGENT, initialCreatorState, type CreatorState } from './types.ts'

const STORAGE_KEY = 'post-creator-state'
const WELCOMED_KEY = 'post-creator-welcomed'
/** Spec section 9: the persisted creator state expires after 24 hours. */
export const CREATOR_STATE_MAX_AGE_MS = 24 * 60 * 60 * 1000

const max = (length: number) => z.string().check(z.maxLength(length))
/** `platforms`: the registered ids (a stored state naming another is damaged). */
const storedSchema = (registered: ReadonlyArray<Platform>) => {
	const platforms = registered as [Platform, ...Array<Platform>]
	return z.object({
		currentStep: z.enum(CREATOR_STEPS),
		selectedMedia: z.nullable(z.enum(MEDIA_KINDS)),
		selectedPlatforms: z.array(z.enum(platforms)).check(z.maxLength(platforms.length)),
		// A state stored before the channel step has none.
		selectedChannels: z._default(z.array(z.uuid()).check(z.maxLength(MAX_CREATOR_CHANNELS)), []),
		content: z.partialRecord(z.enum(platforms), max(MAX_TEXT)),
		channelTexts: z._default(z.record(z.uuid(), max(MAX_TEXT)), {}),
		// A state stored before the first comment has none.
		firstComments: z._default(z.partialRecord(z.enum(platforms), max(MAX_TEXT)), {}),
		generatedImages: z.partialRecord(z.enum(platforms), z.string().check(z.regex(APP_IMAGE_PATH))),
		// A state stored before generations were recorded has none.
		generationId: z._default(z.nullable(z.uuid()), null),
		modelTestMedia: z._default(
			z.nullable(z.union([z.object({ kind: z.literal('image'), url: z.string().check(z.regex(APP_IMAGE_PATH)) }), z.object({ kind: z.literal('video'), url: z.string().check(z.regex(APP_VIDEO_PATH)) })])),
			null,
		),
		articleData: z._default(
			z.nullable(z.object({ title: max(500), url: max(2048), source: max(200), published_date: max(50), content: z.optional(max(20_000)) })),
			null,
		),
		inputs: z.object({ prompt: max(PROMPT_MAX), url: max(2048), notes: max(NOTES_MAX), pasted: z._default(max(PASTED_MAX), '') }),
		agentId: z._default(z.union([z.uuid(), z.literal(NO_AGENT)]), NO_AGENT),
		editing: z._default(z.nullable(z.object({ kind: z.enum(['draft', 'post']), id: z.uuid() })), null),
		timestamp: z.number(),
	})
}

/** The stored state when it is valid and younger than 24 hours; an expired or damaged one is removed. */
export function readCreatorState(platforms: ReadonlyArray<Platform>, now = Date.now()): CreatorState | null {
	let raw: string | null
	try {
		raw = window.localStorage.getItem(STORAGE_KEY)
	} catch {
		return null
	}
	if (!raw) return null
	let parsed
	try {
		parsed = storedSchema(platforms).safeParse(JSON.parse(raw))
	} catch {
		parsed = null
	}
	if (!parsed?.success || now - parsed.data.timestamp > CREATOR_STATE_MAX_AGE_MS || parsed.data.timestamp > now + 60_000) {
		clearCreatorState()
		return null
	}
	return parsed.data
}

/** Stores the state; a pristine creator (nothing chosen yet) leaves nothing behind. */
export function writeCreatorState(state: CreatorState) {
	try {
		if (isPristine(state)) window.localStorage.removeItem(STORAGE_KEY)
		else window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...state, timestamp: Date.now() }))
	} catch {
		// Storage full or disabled: the creator works without it.
	}
}

export function clearCreatorState() {
	try {
		window.localStorage.removeItem(STORAGE_KEY)
	} catch {
		// Nothing stored then.
	}
}

/** True once per browser session: 'Willkommen zurück!' is shown only the first time. */
export function firstWelcomeThisSession() {
	try {
		if (window.sessionStorage.getItem(WELCOMED_KEY)) return false
		window.sessionStorage.setItem(WELCOMED_KEY, '1')
		return true
	} catch {
		return false
	}
}

function isPristine(state: CreatorState) {
	const initial = initialCreatorState()
	return state.currentStep === initial.currentStep && state.selectedMedia === null && state.selectedPlatforms.length === 0 && state.selectedChannels.length === 0 && !state.editing
}
