import { z } from 'zod/mini'
import type { Platform } from '#modules/content/platforms.ts'
import type { CreatorAgent } from '#modules/generation/index.ts'
import type { OpenedPost } from '#modules/posting/index.ts'
import { PROMPT_MAX } from '#modules/media/kinds.ts'
import { isAppVideoPath } from '#modules/generation/generated-media-key.ts'
import { readCreatorState } from './storage.ts'
import { NO_AGENT, initialCreatorState, isAppImagePath, type CreatorState } from './types.ts'

// Where the creator starts: an opened draft or post, an entry point (navigation state from the news
// feed, the model test's query), else the state stored in the last 24 hours, else the first step.

/** A draft or post opened with ?draft=<id> or ?post=<id>, as the loader gives it (posting's openForEditing). */
export type OpenedContent = OpenedPost

export type Start = {
	state: CreatorState
	/** model-test: the test's image or video is in the state (modelTestMedia); model-test-rejected: its URL was refused. */
	notice: { kind: 'welcome' } | { kind: 'model-test'; modelName: string } | { kind: 'model-test-rejected' } | null
	clearEntry: { state: boolean; query: boolean }
}

/** A string of at most `length` characters, else ''. */
const text = (length: number) => z.catch(z.string().check(z.maxLength(length)), '')
/** An optional string of at most `length` characters, else undefined. */
const optionalText = (length: number) => z.catch(z.optional(z.string().check(z.maxLength(length))), undefined)

const SuggestionState = z.object({
	suggestion: z.looseObject({
		title: text(1000),
		description: optionalText(10_000),
		content: optionalText(10_000),
		platform: z.catch(z.optional(z.union([z.string(), z.array(z.string())])), undefined),
	}),
})

const ArticleState = z.object({
	contentType: z.literal('web-article'),
	articleData: z.object({
		title: text(500),
		url: text(2048),
		source: text(200),
		published_date: text(50),
		content: optionalText(20_000),
	}),
})

export function withAgent(state: CreatorState, agents: ReadonlyArray<CreatorAgent>): CreatorState {
	const known = state.agentId !== NO_AGENT && agents.some((a) => a.id === state.agentId)
	if (known) return state
	// 'Kein Agent' with agents to choose from: the default agent (or the first) is chosen once, here.
	const pick = agents.find((a) => a.isDefault) ?? agents[0]
	return { ...state, agentId: pick?.id ?? NO_AGENT }
}

export function openedState(opened: OpenedContent): CreatorState {
	const first = opened.texts[opened.platforms[0]!] ?? ''
	return {
		...initialCreatorState(),
		currentStep: 'preview',
		selectedMedia: 'smart-post',
		selectedPlatforms: opened.platforms,
		selectedChannels: opened.channelIds,
		content: opened.texts,
		channelTexts: opened.channelTexts,
		firstComments: opened.firstComments,
		generatedImages: Object.fromEntries(Object.entries(opened.images).filter(([, url]) => isAppImagePath(url))),
		inputs: { prompt: first.slice(0, PROMPT_MAX), url: '', notes: '', pasted: '' },
		editing: opened.editing,
	}
}

/** A file of this app given as a path or as an absolute URL of this origin, when `isPath` takes its path. */
function ownFile(value: string | null, origin: string, isPath: (path: string) => boolean) {
	if (!value) return null
	try {
		const url = new URL(value, origin)
		return url.origin === origin && isPath(url.pathname) ? url.pathname : null
	} catch {
		return null
	}
}

/** The server's first render: only what the loader knows. */
export function serverStart(opened: OpenedContent | null, agents: ReadonlyArray<CreatorAgent>): Start {
	return { state: withAgent(opened ? openedState(opened) : initialCreatorState(), agents), notice: null, clearEntry: { state: false, query: false } }
}

/** `platforms`: the registered ids in the registry's order (usePlatforms). */
export function clientStart(input: { opened: OpenedContent | null; locationState: unknown; search: URLSearchParams; origin: string; agents: ReadonlyArray<CreatorAgent>; platforms: ReadonlyArray<Platform> }): Start {
	const registered = input.platforms
	const none = { state: false, query: false }
	const done = (state: CreatorState, notice: Start['notice'] = null, clearEntry = none): Start => ({ state: withAgent(state, input.agents), notice, clearEntry })
	const stored = readCreatorState(registered)
	if (input.opened) {
		// A reload while editing it keeps the unsaved edits.
		if (stored?.editing?.id === input.opened.editing.id) return done({ ...stored, editing: input.opened.editing }, { kind: 'welcome' })
		return done(openedState(input.opened))
	}
	// The link named a draft or post that is not the user's (the page says so): start fresh rather
	// than restore some other, unrelated creator state.
	if (input.search.has('draft') || input.search.has('post')) return done(initialCreatorState())

	const suggestion = SuggestionState.safeParse(input.locationState)
	if (suggestion.success) {
		const { title, description, content, platform } = suggestion.data.suggestion
		const prompt = [title.trim(), (description ?? content ?? '').trim()].filter(Boolean).join('\n\n').slice(0, PROMPT_MAX)
		const platforms = Array.isArray(platform) ? platform : platform ? [platform] : []
		return done(
			{ ...initialCreatorState(), currentStep: 'content-input', selectedMedia: 'smart-post', selectedPlatforms: registered.filter((p) => platforms.includes(p)), inputs: { prompt, url: '', notes: '', pasted: '' } },
			null,
			{ state: true, query: false },
		)
	}

	const article = ArticleState.safeParse(input.locationState)
	if (article.success) {
		return done({ ...initialCreatorState(), currentStep: 'content-input', selectedMedia: 'web-article', articleData: article.data.articleData }, null, { state: true, query: false })
	}

	if (input.search.get('fromModelTest') === 'true') {
		const askedVideo = input.search.get('videoUrl')
		const asked = askedVideo ?? input.search.get('imageUrl')
		const image = askedVideo ? null : ownFile(asked, input.origin, isAppImagePath)
		const video = askedVideo ? ownFile(askedVideo, input.origin, isAppVideoPath) : null
		const prompt = (input.search.get('prompt') ?? '').slice(0, PROMPT_MAX)
		const inputs = { prompt, url: '', notes: '', pasted: '' }
		// A foreign or broken image address: the prompt is kept on the input step, where an image can be chosen.
		if (asked && !image && !video) {
			return done({ ...initialCreatorState(), currentStep: 'content-input', selectedMedia: 'image-prompt', inputs }, { kind: 'model-test-rejected' }, { state: false, query: true })
		}
		// The image or video is taken by its key (ADR 0068), the texts are written from the prompt: the
		// platform step, which shows the cost and generates. A video is the post's media, so no images are made.
		const modelTestMedia = video ? { kind: 'video' as const, url: video } : image ? { kind: 'image' as const, url: image } : null
		return done(
			{ ...initialCreatorState(), currentStep: 'platform-selection', selectedMedia: video ? 'smart-post' : 'image-prompt', selectedPlatforms: [...registered], inputs, modelTestMedia },
			{ kind: 'model-test', modelName: (input.search.get('modelName') ?? '').slice(0, 100) },
			{ state: false, query: true },
		)
	}

	return stored ? done(stored, { kind: 'welcome' }) : done(initialCreatorState())
}
