// Pure and shared with the browser: the gallery's options and the cost of a model test (spec
// section 9). The server charges with these functions from the catalogue; the page only shows them.

export const MODEL_CATEGORIES = ['language', 'image', 'video'] as const
export type ModelCategory = (typeof MODEL_CATEGORIES)[number]

export function isModelCategory(value: unknown): value is ModelCategory {
	return typeof value === 'string' && (MODEL_CATEGORIES as ReadonlyArray<string>).includes(value)
}

/** Favourites always come first, whatever the sort. */
export const GALLERY_SORTS = ['default', 'favorites', 'recommendation', 'likes_desc', 'credits_asc', 'credits_desc'] as const
export type GallerySort = (typeof GALLERY_SORTS)[number]

export function isGallerySort(value: unknown): value is GallerySort {
	return typeof value === 'string' && (GALLERY_SORTS as ReadonlyArray<string>).includes(value)
}

/** How many models one comparison runs at most. */
export const MAX_COMPARED_MODELS = 6
/** Features a gallery card lists before '+n weitere'. */
export const CARD_FEATURES = 3

/** What ai_models' format and resolution columns allow (their check constraints). */
export const ASPECT_RATIOS = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '4:5', '5:4', '21:9', '9:21'] as const
export const VIDEO_RESOLUTIONS = ['480p', '720p', '1080p', '1440p', '2160p', '4K'] as const

export type AspectRatio = (typeof ASPECT_RATIOS)[number]
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number]

export const FALLBACK_FORMATS = ['16:9', '9:16', '1:1', '4:3', '21:9']
export const FALLBACK_RESOLUTIONS = ['480p', '720p', '1080p', '1440p', '2160p']
export const FALLBACK_DURATIONS = [5, 10, 15, 30, 60]
/** In this order when offering resolutions (4K is the catalogue's name for 2160p). */
const RESOLUTION_ORDER = ['480p', '720p', '1080p', '1440p', '2160p', '4K']
export const DEFAULT_VIDEO_SETTINGS: VideoSettings = { aspectRatio: '16:9', resolution: '1080p', durationSeconds: 10 }

export type VideoSettings = { aspectRatio: string; resolution: string; durationSeconds: number }

/** What the cost and the video options are computed from (a catalogue row's fields). */
export type PricedModel = {
	creditsCost: number
	supportedFormats: ReadonlyArray<string>
	supportedResolutions: ReadonlyArray<string>
	fixedDurations: ReadonlyArray<number>
	durationMin: number | null
	durationMax: number | null
	/** Credits per second of video, by resolution. */
	resolutionCredits: Readonly<Record<string, number>>
}

/** The durations a video model offers: its fixed ones, else the fallback durations within its range. */
export function modelDurations(model: PricedModel): Array<number> {
	if (model.fixedDurations.length > 0) return [...model.fixedDurations].sort((a, b) => a - b)
	return FALLBACK_DURATIONS.filter((s) => (model.durationMin === null || s >= model.durationMin) && (model.durationMax === null || s <= model.durationMax))
}

export type VideoOptions = { formats: Array<string>; resolutions: Array<string>; durations: Array<number> }

/** The formats, resolutions and durations that every one of the models offers. */
export function sharedVideoOptions(models: ReadonlyArray<PricedModel>): VideoOptions {
	if (models.length === 0) return { formats: [], resolutions: [], durations: [] }
	const formats = models.map((m) => (m.supportedFormats.length ? m.supportedFormats : FALLBACK_FORMATS))
	const resolutions = models.map((m) => (m.supportedResolutions.length ? m.supportedResolutions : FALLBACK_RESOLUTIONS))
	const durations = models.map(modelDurations)
	return {
		formats: formats[0]!.filter((f) => formats.every((list) => list.includes(f))),
		resolutions: resolutions[0]!.filter((r) => resolutions.every((list) => list.includes(r))).sort((a, b) => RESOLUTION_ORDER.indexOf(a) - RESOLUTION_ORDER.indexOf(b)),
		durations: durations[0]!.filter((d) => durations.every((list) => list.includes(d))),
	}
}

/** 16:9, 1080p and 10 s where offered; else the first format, the highest resolution up to 1080p and the longest duration. */
export function defaultVideoSettings(options: VideoOptions): VideoSettings | null {
	if (!options.formats.length || !options.resolutions.length || !options.durations.length) return null
	const upTo1080 = options.resolutions.filter((r) => RESOLUTION_ORDER.indexOf(r) <= RESOLUTION_ORDER.indexOf('1080p'))
	return {
		aspectRatio: options.formats.includes(DEFAULT_VIDEO_SETTINGS.aspectRatio) ? DEFAULT_VIDEO_SETTINGS.aspectRatio : options.formats[0]!,
		resolution: options.resolutions.includes(DEFAULT_VIDEO_SETTINGS.resolution) ? DEFAULT_VIDEO_SETTINGS.resolution : (upTo1080.at(-1) ?? options.resolutions[0]!),
		durationSeconds: options.durations.includes(DEFAULT_VIDEO_SETTINGS.durationSeconds) ? DEFAULT_VIDEO_SETTINGS.durationSeconds : Math.max(...options.durations),
	}
}

export function isOffered(options: VideoOptions, settings: VideoSettings) {
	return options.formats.includes(settings.aspectRatio) && options.resolutions.includes(settings.resolution) && options.durations.includes(settings.durationSeconds)
}

/** Credits per second at a resolution: the model's price for it, or its credits_cost when it names none. */
export function perSecondCredits(model: PricedModel, resolution: string) {
	const price = model.resolutionCredits[resolution]
	return typeof price === 'number' && price > 0 ? price : model.creditsCost
}

/** The cheapest per-second price of a video model (what its card shows as 'ab … Credits/Sek.'). */
export function lowestPerSecond(model: PricedModel) {
	const prices = Object.values(model.resolutionCredits).filter((p) => typeof p === 'number' && p > 0)
	return prices.length ? Math.min(...prices) : model.creditsCost
}

/**
 * What one model's run costs: credits_cost for language and image; for video the per-second
 * credits of the resolution times the seconds, rounded up per model to whole credits, because
 * every model is charged (and refunded) on its own ledger row.
 */
export function runCost(model: PricedModel, category: ModelCategory, video: VideoSettings | null) {
	return Math.ceil(exactRunCost(model, category, video))
}

/** A run's cost before rounding up (2.5 for 0.5 credits/s × 5 s), to the hundredth. */
export function exactRunCost(model: PricedModel, category: ModelCategory, video: VideoSettings | null) {
	if (category !== 'video' || !video) return model.creditsCost
	// Rounded to a hundredth first so 0.1 steps times seconds do not round up on float noise.
	return Math.round(perSecondCredits(model, video.resolution) * video.durationSeconds * 100) / 100
}

/**
 * The cost of a test or comparison: each model's run cost and their sum, and the same before
 * rounding (`exact`, `exactTotal`) so the page can say that 2.5 is charged as 3.
 */
export function testCost(models: ReadonlyArray<PricedModel>, category: ModelCategory, video: VideoSettings | null) {
	const perModel = models.map((m) => runCost(m, category, video))
	const exact = models.map((m) => exactRunCost(m, category, video))
	return { perModel, total: perModel.reduce((sum, c) => sum + c, 0), exact, exactTotal: Math.round(exact.reduce((sum, c) => sum + c, 0) * 100) / 100 }
}

/** The cost of testing one model on its own with its default settings (the card's 'Testen'). */
export function singleTestCost(model: PricedModel, category: ModelCategory) {
	if (category !== 'video') return model.creditsCost
	return runCost(model, category, defaultVideoSettings(sharedVideoOptions([model])))
}
