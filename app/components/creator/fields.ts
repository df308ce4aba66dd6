import { z } from 'zod/mini'
import type { Platform } from '#modules/content/platforms.ts'
import { MAX_TEXT } from '#modules/content/text-limit.ts'
import { PROMPT_MAX } from '#modules/media/kinds.ts'
import { APP_VIDEO_PATH } from '#modules/generation/generated-media-key.ts'
import { APP_IMAGE_PATH, isAppImagePath, MAX_CREATOR_CHANNELS, type CreatorState } from './types.ts'

// The form fields the creator sends to its route action, built here and parsed there.

export const CREATOR_INTENTS = ['save-draft', 'schedule', 'publish'] as const

/** A chosen channel's text of its own: `channelText.<channel id>`. */
const CHANNEL_TEXT = 'channelText.'

/** The chosen platforms with their texts and images, the chosen channels, and the draft or post being edited. */
export function contentFields(state: CreatorState): Array<[string, string]> {
	const fields: Array<[string, string]> = []
	for (const platform of state.selectedPlatforms) {
		fields.push(['platforms', platform], [`text.${platform}`, state.content[platform] ?? ''])
		const comment = state.firstComments[platform]
		if (comment?.trim()) fields.push([`firstComment.${platform}`, comment])
		const image = state.generatedImages[platform]
		if (isAppImagePath(image)) fields.push([`image.${platform}`, image])
	}
	for (const channel of state.selectedChannels) {
		fields.push(['channels', channel])
		const own = state.channelTexts[channel]
		if (own !== undefined) fields.push([`channelText.${channel}`, own])
	}
	if (state.modelTestMedia?.kind === 'video') fields.push(['video', state.modelTestMedia.url])
	fields.push(['prompt', state.inputs.prompt])
	if (state.generationId) fields.push(['generationId', state.generationId])
	if (state.editing) fields.push(['editKind', state.editing.kind], ['editId', state.editing.id])
	return fields
}

export function toFormData(intent: (typeof CREATOR_INTENTS)[number], fields: Array<[string, string]>) {
	const form = new FormData()
	form.set('intent', intent)
	for (const [name, value] of fields) form.append(name, value)
	return form
}

/** `registered`: the registered platform ids (publishing.platforms.ids); a form naming another is malformed. */
const contentSchema = (registered: ReadonlyArray<Platform>) => {
	const platforms = registered as [Platform, ...Array<Platform>]
	return z.object({
		platforms: z.array(z.enum(platforms)).check(z.minLength(1), z.maxLength(platforms.length)),
		texts: z.partialRecord(z.enum(platforms), z.string().check(z.maxLength(MAX_TEXT))),
		firstComments: z.partialRecord(z.enum(platforms), z.string().check(z.maxLength(MAX_TEXT))),
		// Only images this app stored: a client cannot make a post point anywhere else.
		images: z.partialRecord(z.enum(platforms), z.string().check(z.regex(APP_IMAGE_PATH))),
		// Only a model test's video this app stored (that it is the user's is checked where the post is written).
		video: z.nullable(z.string().check(z.regex(APP_VIDEO_PATH))),
		prompt: z.string().check(z.maxLength(PROMPT_MAX)),
		// Whether it is the user's and wrote texts is checked where the post or draft is written.
		generationId: z.nullable(z.uuid()),
		// Ids only: that they are the user's and of one brand is chooseCreatorChannels' to check.
		channelIds: z.array(z.uuid()).check(z.maxLength(MAX_CREATOR_CHANNELS)),
		channelTexts: z.record(z.uuid(), z.string().check(z.maxLength(MAX_TEXT))),
		editing: z.nullable(z.object({ kind: z.enum(['draft', 'post']), id: z.uuid() })),
	})
}

export type CreatorContent = z.infer<ReturnType<typeof contentSchema>>

/** The content fields of a creator form, the platforms in the registry's order (`registered`); null when anything is malformed. */
export function parseContentFields(form: FormData, registered: ReadonlyArray<Platform>): CreatorContent | null {
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : undefined
	}
	const platforms = [...new Set(form.getAll('platforms'))]
	const pick = (prefix: string) => Object.fromEntries(registered.flatMap((p) => (text(`${prefix}.${p}`) === undefined ? [] : [[p, text(`${prefix}.${p}`)]])))
	const editKind = text('editKind')
	const channelTexts = Object.fromEntries([...form.keys()].filter((name) => name.startsWith(CHANNEL_TEXT)).map((name) => [name.slice(CHANNEL_TEXT.length), text(name)]))
	const parsed = contentSchema(registered).safeParse({
		platforms,
		texts: pick('text'),
		firstComments: pick('firstComment'),
		images: pick('image'),
		video: text('video') || null,
		prompt: text('prompt') ?? '',
		generationId: text('generationId') || null,
		channelIds: [...new Set(form.getAll('channels'))],
		channelTexts,
		editing: editKind ? { kind: editKind, id: text('editId') } : null,
	})
	if (!parsed.success) return null
	const chosen = new Set<Platform>(parsed.data.platforms)
	const only = <T>(map: Partial<Record<Platform, T>>) => Object.fromEntries(Object.entries(map).filter(([p]) => chosen.has(p as Platform))) as Partial<Record<Platform, T>>
	// A text of its own only for a channel the form chooses.
	const ownTexts = Object.fromEntries(Object.entries(parsed.data.channelTexts).filter(([id]) => parsed.data.channelIds.includes(id)))
	return { ...parsed.data, platforms: registered.filter((p) => chosen.has(p)), texts: only(parsed.data.texts), firstComments: only(parsed.data.firstComments), images: only(parsed.data.images), channelTexts: ownTexts }
}
