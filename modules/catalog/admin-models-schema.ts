// Pure and shared with the browser: the admin's model form ('KI-Modelle', spec sections 3, 5 and 9)
// and the entries of `npm run seed:models -- <file>`. One set of rules for both; the field names are
// the columns of ai_models (the catalogue's shape). Messages are keys of the `adminModels` namespace.
import { z } from 'zod'
import { IMAGE_MAX_BYTES } from '#modules/media/kinds.ts'
import { ASPECT_RATIOS, MODEL_CATEGORIES } from './costs.ts'

/** The formats the form offers (a model's other stored formats stay selectable). */
export const ADMIN_FORMATS = ['16:9', '1:1', '9:16', '4:3', '3:2', '2:3'] as const
/** 4K is stored as '4K'; a file may also say '2160p'. */
export const ADMIN_RESOLUTIONS = ['480p', '720p', '1080p', '1440p', '4K'] as const
export type AdminResolution = (typeof ADMIN_RESOLUTIONS)[number]
/** 0 Standard, 1 Gut, 2 Empfohlen, 3 Featured */
export const RECOMMENDATION_LEVELS = [0, 1, 2, 3] as const
export const DEFAULT_MODEL_CREDITS = 2
export const DEFAULT_VIDEO_DURATION = { min: 1, max: 30 } as const
export const PREVIEW_MAX_BYTES = IMAGE_MAX_BYTES
export const PREVIEW_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif'
export const MAX_FEATURES = 30

/** What the database's check on ai_models.provider allows. */
export const PROVIDER_PATTERN = /^[a-z0-9][a-z0-9_-]{0,49}$/
/** No spaces or commas: model ids travel comma-separated in /model-test?models=. */
const MODEL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/-]*$/

const unique = <T>(values: ReadonlyArray<T>) => [...new Set(values)]
const tenths = (value: number) => Math.abs(Math.round(value * 10) - value * 10) < 1e-6
const resolutionKey = (value: unknown) => (value === '2160p' ? '4K' : value)

/** A textarea (one entry per line) or, in a file, a list. */
const lines = (value: unknown) =>
	typeof value === 'string'
		? value
				.split(/\r?\n/)
				.map((line) => line.trim())
				.filter(Boolean)
		: value

/** A text field ('5, 10') or, in a file, a list of numbers. */
const numberList = (value: unknown) =>
	typeof value === 'string'
		? value
				.split(/[\s,;]+/)
				.filter(Boolean)
				.map(Number)
		: value

const duration = z.number({ error: 'form.errors.durationInvalid' }).int('form.errors.durationInvalid').min(1, 'form.errors.durationMin').max(3600, 'form.errors.durationTooLarge')

const perSecond = z
	.number({ error: 'form.errors.resolutionCreditsInvalid' })
	.min(0.1, 'form.errors.resolutionCreditsMin')
	.max(10_000, 'form.errors.resolutionCreditsTooLarge')
	.refine(tenths, 'form.errors.resolutionCreditsStep')

/** The textarea's JSON text, or an object in a file; empty or missing is {}. */
function apiParameters(value: unknown, ctx: z.RefinementCtx): Record<string, unknown> {
	let parsed = value
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return {}
	if (typeof value === 'string') {
		if (value.length > 20_000) {
			ctx.addIssue({ code: 'custom', message: 'form.errors.apiParametersTooLong' })
			return z.NEVER
		}
		try {
			parsed = JSON.parse(value)
		} catch {
			ctx.addIssue({ code: 'custom', message: 'form.errors.apiParametersJson' })
			return z.NEVER
		}
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		ctx.addIssue({ code: 'custom', message: 'form.errors.apiParametersObject' })
		return z.NEVER
	}
	return parsed as Record<string, unknown>
}

const formats = z.array(z.enum(ASPECT_RATIOS, { error: 'form.errors.formatInvalid' }), { error: 'form.errors.formatInvalid' }).optional().default([])

function fieldsWith(isActiveDefault: boolean) {
	return {
		name: z.string({ error: 'form.errors.nameRequired' }).trim().min(1, 'form.errors.nameRequired').max(200, 'form.errors.nameTooLong'),
		model_id: z
			.string({ error: 'form.errors.modelIdRequired' })
			.trim()
			.min(1, 'form.errors.modelIdRequired')
			.max(200, 'form.errors.modelIdTooLong')
			.regex(MODEL_ID_PATTERN, 'form.errors.modelIdChars'),
		category: z.enum(MODEL_CATEGORIES, { error: 'form.errors.categoryInvalid' }),
		description: z.string({ error: 'form.errors.descriptionTooLong' }).trim().max(5000, 'form.errors.descriptionTooLong').optional().default(''),
		provider: z
			.string({ error: 'form.errors.providerRequired' })
			.trim()
			.min(1, 'form.errors.providerRequired')
			.regex(PROVIDER_PATTERN, 'form.errors.providerInvalid'),
		/** Required except for video, whose price is per second and resolution. */
		credits_cost: z.number({ error: 'form.errors.creditsInvalid' }).int('form.errors.creditsInvalid').min(1, 'form.errors.creditsMin').max(100_000, 'form.errors.creditsTooLarge').optional(),
		recommendation_level: z
			.number({ error: 'form.errors.levelInvalid' })
			.int('form.errors.levelInvalid')
			.min(0, 'form.errors.levelInvalid')
			.max(3, 'form.errors.levelInvalid')
			.optional()
			.default(0),
		features: z.preprocess(
			lines,
			z
				.array(z.string({ error: 'form.errors.featureInvalid' }).trim().min(1, 'form.errors.featureInvalid').max(200, 'form.errors.featureTooLong'), { error: 'form.errors.featureInvalid' })
				.max(MAX_FEATURES, 'form.errors.featuresTooMany')
				.optional()
				.default([]),
		),
		api_endpoint: z.preprocess(
			(value) => (typeof value === 'string' && value.trim() === '' ? null : value),
			z
				.string({ error: 'form.errors.apiEndpointInvalid' })
				.trim()
				.max(2048, 'form.errors.apiEndpointInvalid')
				.pipe(z.url({ protocol: /^https?$/, error: 'form.errors.apiEndpointInvalid' }))
				.nullable()
				.optional(),
		),
		api_parameters: z.unknown().optional().transform(apiParameters),
		is_active: z.boolean({ error: 'form.errors.booleanInvalid' }).optional().default(isActiveDefault),
		supported_formats: formats,
		aspect_ratios: formats,
		supported_resolutions: z.preprocess(
			(value) => (Array.isArray(value) ? value.map(resolutionKey) : typeof value === 'string' ? [resolutionKey(value)] : value),
			z.array(z.enum(ADMIN_RESOLUTIONS, { error: 'form.errors.resolutionInvalid' }), { error: 'form.errors.resolutionInvalid' }).optional().default([]),
		),
		fixed_durations: z.preprocess(
			numberList,
			z
				.array(z.number({ error: 'form.errors.fixedDurationsInvalid' }).int('form.errors.fixedDurationsInvalid').min(1, 'form.errors.fixedDurationsInvalid').max(3600, 'form.errors.durationTooLarge'), {
					error: 'form.errors.fixedDurationsInvalid',
				})
				.max(20, 'form.errors.fixedDurationsTooMany')
				.refine((list) => new Set(list).size === list.length, 'form.errors.fixedDurationsUnique')
				.optional()
				.default([]),
		),
		video_duration_min: duration.nullable().optional(),
		video_duration_max: duration.nullable().optional(),
		/** Credits per second, by resolution. */
		resolution_credits: z.preprocess(
			(value) =>
				value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).map(([key, credits]) => [resolutionKey(key), credits])) : value,
			z
				.strictObject(Object.fromEntries(ADMIN_RESOLUTIONS.map((resolution) => [resolution, perSecond.optional()])) as Record<AdminResolution, z.ZodOptional<typeof perSecond>>, {
					error: 'form.errors.resolutionInvalid',
				})
				.optional()
				.default({}),
		),
		supports_audio: z.boolean({ error: 'form.errors.booleanInvalid' }).optional().default(false),
		reference_image_required: z.boolean({ error: 'form.errors.booleanInvalid' }).optional().default(false),
		sort_order: z
			.number({ error: 'form.errors.sortOrderInvalid' })
			.int('form.errors.sortOrderInvalid')
			.min(-1_000_000, 'form.errors.sortOrderInvalid')
			.max(1_000_000, 'form.errors.sortOrderInvalid')
			.optional()
			.default(0),
	}
}

type Fields = z.infer<z.ZodObject<ReturnType<typeof fieldsWith>>>

/**
 * The admin dialog only: a video model saved there offers at least one resolution and one format, else
 * it cannot be tested or generated with (issue 20). Files of seed:models keep their own completeness.
 */
function checkVideoOffer(value: Fields, ctx: z.RefinementCtx) {
	if (value.category !== 'video') return
	if (value.supported_resolutions.length === 0) ctx.addIssue({ code: 'custom', path: ['supported_resolutions'], message: 'form.errors.resolutionRequired' })
	if (value.supported_formats.length === 0) ctx.addIssue({ code: 'custom', path: ['supported_formats'], message: 'form.errors.formatRequired' })
}

/** Section 5: credits for non-video models, video durations with min <= max, a price for each resolution. */
function checkModel(value: Fields, ctx: z.RefinementCtx) {
	if (value.category !== 'video') {
		if (value.credits_cost === undefined) ctx.addIssue({ code: 'custom', path: ['credits_cost'], message: 'form.errors.creditsRequired' })
		return
	}
	const min = value.video_duration_min
	const max = value.video_duration_max
	if (min === undefined || min === null) ctx.addIssue({ code: 'custom', path: ['video_duration_min'], message: 'form.errors.durationRequired' })
	if (max === undefined || max === null) ctx.addIssue({ code: 'custom', path: ['video_duration_max'], message: 'form.errors.durationRequired' })
	if (typeof min === 'number' && typeof max === 'number' && max >= 1 && min > max) ctx.addIssue({ code: 'custom', path: ['video_duration_max'], message: 'form.errors.durationRange' })
	for (const resolution of value.supported_resolutions) {
		if (value.resolution_credits[resolution] === undefined) ctx.addIssue({ code: 'custom', path: ['resolution_credits', resolution], message: 'form.errors.resolutionCreditsRequired' })
	}
}

/** A model as stored: what the category does not use is cleared (video fields only for video, aspect ratios only for images). */
function normalise(value: Fields) {
	const video = value.category === 'video'
	const resolutions = video ? unique(value.supported_resolutions) : []
	return {
		name: value.name,
		model_id: value.model_id,
		category: value.category,
		description: value.description,
		provider: value.provider,
		credits_cost: value.credits_cost ?? DEFAULT_MODEL_CREDITS,
		recommendation_level: value.recommendation_level,
		features: value.features,
		api_endpoint: value.api_endpoint || null,
		api_parameters: value.api_parameters,
		is_active: value.is_active,
		supported_formats: video ? unique(value.supported_formats) : [],
		aspect_ratios: value.category === 'image' ? unique(value.aspect_ratios) : [],
		supported_resolutions: resolutions,
		fixed_durations: video ? [...value.fixed_durations].sort((a, b) => a - b) : [],
		video_duration_min: video ? (value.video_duration_min ?? null) : null,
		video_duration_max: video ? (value.video_duration_max ?? null) : null,
		resolution_credits: Object.fromEntries(resolutions.map((resolution) => [resolution, value.resolution_credits[resolution]!])) as Partial<Record<AdminResolution, number>>,
		supports_audio: video && value.supports_audio,
		reference_image_required: video && value.reference_image_required,
		sort_order: value.sort_order,
	}
}

export type AiModelValues = ReturnType<typeof normalise>

/** The admin dialog: an unchecked 'Aktiv' box sends nothing, so it means false here. */
export const AiModelFormSchema = z
	.object({
		...fieldsWith(false),
		id: z.uuid({ error: 'form.errors.idInvalid' }).optional(),
		/** A new preview image; the server judges it by its content. */
		preview: z.file({ error: 'form.errors.previewType' }).max(PREVIEW_MAX_BYTES, 'form.errors.previewTooLarge').optional(),
		remove_preview: z.boolean({ error: 'form.errors.booleanInvalid' }).optional().default(false),
	})
	.superRefine(checkModel)
	.superRefine(checkVideoOffer)
	.transform((value) => ({ id: value.id, preview: value.preview, removePreview: value.remove_preview, model: normalise(value) }))

export type AiModelFormInput = z.infer<typeof AiModelFormSchema>

/** An entry of a seed:models file (the catalogue's shape): a missing is_active means active. */
export const AiModelFileEntrySchema = z
	.object({
		...fieldsWith(true),
		/** Absent: an existing model keeps its preview. */
		preview_image_url: z
			.string({ error: 'form.errors.previewUrlInvalid' })
			.trim()
			.max(2048, 'form.errors.previewUrlInvalid')
			.regex(/^(https?:\/\/|\/media\/)\S+$/, 'form.errors.previewUrlInvalid')
			.nullable()
			.optional(),
	})
	.superRefine(checkModel)
	.transform((value) => ({ ...normalise(value), preview_image_url: value.preview_image_url }))

export type AiModelFileEntry = z.infer<typeof AiModelFileEntrySchema>

export const AiModelDeleteSchema = z.object({ id: z.uuid() })

/** The list's filter (?category=): a category, or all models. */
export function parseCategoryFilter(value: string | null) {
	return (MODEL_CATEGORIES as ReadonlyArray<string>).includes(value ?? '') ? (value as (typeof MODEL_CATEGORIES)[number]) : null
}
