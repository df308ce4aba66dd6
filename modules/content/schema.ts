import { z } from 'zod'
import { withoutEmpty, type FirstComment } from './first-comment.ts'
import { mediaListSchema } from './media-items.ts'
import { AI_LABELS, CAROUSEL_FITS, type Platform } from './platforms.ts'
import type { PostContent } from './post-content.ts'
import type { PostEdit } from './posts.server.ts'
import { MAX_TEXT } from './text-limit.ts'

// Shared by the forms and the actions. Messages are keys of the `posts` namespace.
export { MAX_TEXT }

const text = z.string({ error: 'errors.invalid' }).max(MAX_TEXT, { error: 'errors.textTooLong' })
// Only images this app stored (/media/...): a post image is fetched by the server when it is
// published (LinkedIn uploads the bytes), so a form may not point it anywhere else (SSRF).
const APP_MEDIA_IMAGE = /^\/media\/(?:[a-z0-9][a-z0-9-]{0,63}\/){1,4}[a-z0-9][a-z0-9.-]{0,127}\.(?:jpg|png|webp|gif)$/
/** A post image: only a file this app stored ('' for none). */
export const imageUrl = z
	.string()
	.max(2048, { error: 'errors.invalid' })
	.refine((v) => v === '' || (APP_MEDIA_IMAGE.test(v) && !v.includes('..')), { error: 'errors.invalid' })

/** A post's AI label: 'auto' (marked when any text or item was generated), 'on' or 'off'. */
export const aiLabelSchema = z.enum(AI_LABELS, { error: 'errors.invalid' })
export const carouselFitSchema = z.enum(CAROUSEL_FITS, { error: 'errors.invalid' })

/** The registered platform ids (publishing.platforms.ids): a form may name only these. */
const platformEnum = (registered: ReadonlyArray<Platform>) => z.enum(registered as [Platform, ...Array<Platform>])

/** The editor's channel picker: the ids ticked; `channelsChosen` when the user changed them (else a post's channels stay). */
const channelChoice = {
	channelIds: z.array(z.uuid({ error: 'errors.invalid' })).max(200, { error: 'errors.invalid' }).default([]),
	channelsChosen: z.literal('1').optional(),
	/** Texts of their own for channels (`channelTexts.<channel id>`); only those of `channelIds` are kept (withChosenTexts). */
	channelTexts: z.record(z.uuid({ error: 'errors.invalid' }), text).default({}),
}

/**
 * The editor's first comment (ADR 0062): `firstComment.base` for all networks, `firstComment.platforms.<id>`
 * a network's own, `firstComment.channels.<channel id>` a channel's own (kept as stored, the editor has no
 * field for it). `firstCommentShown` says the editor showed the field: its value replaces the stored one,
 * also when it is empty (the form parser drops empty fields, so an emptied comment arrives as nothing).
 */
const firstCommentFields = (registered: ReadonlyArray<Platform>) => ({
	firstComment: z
		.object({
			base: text.default(''),
			platforms: z.partialRecord(platformEnum(registered), text).default({}),
			channels: z.record(z.uuid({ error: 'errors.invalid' }), text).default({}),
		})
		.optional(),
	firstCommentShown: z.literal('1').optional(),
})

/** A channel's text (and first comment) of its own stays only for a channel the form names as chosen: an un-ticked channel loses it. */
function withChosenTexts<T extends { channelIds: Array<string>; channelTexts: Record<string, string>; firstComment?: { channels: Record<string, string> } }>(value: T): T {
	const chosen = ([id]: [string, string]) => value.channelIds.includes(id)
	const firstComment = value.firstComment ? { ...value.firstComment, channels: Object.fromEntries(Object.entries(value.firstComment.channels).filter(chosen)) } : undefined
	return { ...value, channelTexts: Object.fromEntries(Object.entries(value.channelTexts).filter(chosen)), ...(firstComment ? { firstComment } : {}) }
}

/** The content's `firstComment` key when the editor showed the field (undefined: none from now on); without it, nothing (the stored comment stays). */
export function editedFirstComment(value: { firstComment?: FirstComment; firstCommentShown?: '1' }): Pick<PostContent, 'firstComment'> {
	if (!value.firstCommentShown) return {}
	return { firstComment: withoutEmpty(value.firstComment) }
}

/** The draft editor: a text (and optional image) per platform, and its channels. */
export const draftEditSchema = (registered: ReadonlyArray<Platform>) =>
	z.object({
		intent: z.literal('save-draft'),
		id: z.uuid({ error: 'errors.invalid' }),
		platforms: z.array(platformEnum(registered), { error: 'errors.platformsRequired' }).min(1, { error: 'errors.platformsRequired' }),
		texts: z.partialRecord(platformEnum(registered), text).default({}),
		images: z.partialRecord(platformEnum(registered), imageUrl).default({}),
		pageIds: z.partialRecord(platformEnum(registered), z.string().max(64)).default({}),
		...channelChoice,
		...firstCommentFields(registered),
	}).transform(withChosenTexts)

/** Editing a post: its text per network and, while it is not published, its channels; its status and time stay. */
export const postEditSchema = (registered: ReadonlyArray<Platform>) =>
	z.object({
		intent: z.literal('save-post'),
		id: z.uuid({ error: 'errors.invalid' }),
		platforms: z.array(platformEnum(registered), { error: 'errors.platformsRequired' }).min(1, { error: 'errors.platformsRequired' }),
		texts: z.partialRecord(platformEnum(registered), text).default({}),
		aiLabel: aiLabelSchema.optional(),
		carouselFit: carouselFitSchema.optional(),
		/** The editor's media strip, once changed: the post's list from now on, as JSON (content.setPostMedia). */
		media: z
			.string()
			.max(200_000, { error: 'errors.invalid' })
			.transform((value, ctx) => {
				try {
					return JSON.parse(value) as unknown
				} catch {
					ctx.addIssue({ code: 'custom', message: 'errors.invalid' })
					return z.NEVER
				}
			})
			.pipe(mediaListSchema)
			.optional(),
		...channelChoice,
		...firstCommentFields(registered),
	}).transform(withChosenTexts)

export type PostEditInput = z.infer<ReturnType<typeof postEditSchema>>

/**
 * The editor's save of a post: its texts, the texts of its own of each channel the editor showed (the
 * others', e.g. of a channel already published, stay) and, when ticked, its channels from now on.
 */
export function postEditOf(value: PostEditInput): PostEdit {
	const { platforms, texts, channelIds, channelsChosen, channelTexts, aiLabel, carouselFit } = value
	const content = { base: texts[platforms[0]!] ?? '', platforms: platforms.length > 1 ? texts : {}, channels: channelTexts, ...editedFirstComment(value) }
	return { content, textChannels: channelIds, ...(channelsChosen ? { channelIds } : {}), ...(aiLabel ? { aiLabel } : {}), ...(carouselFit ? { carouselFit } : {}) }
}

export const DeleteSchema = z.object({
	intent: z.enum(['delete-post', 'delete-draft']),
	id: z.uuid({ error: 'errors.invalid' }),
})

export type DraftEditInput = z.infer<ReturnType<typeof draftEditSchema>>
