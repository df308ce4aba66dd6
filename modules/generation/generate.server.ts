import { randomUUID } from 'node:crypto'
import { logActivity } from '#modules/activity/index.ts'
import { emitWebhookEvent } from '#modules/webhooks/index.ts'
import { findPersona, selectKnowledge, type AgentPersona } from '#modules/agents/index.ts'
import { modelsById } from '#modules/catalog/index.ts'
import { countText, type CountingKind } from '#modules/publishing/counting.ts'
import type { Platform, PlatformCatalog } from '#modules/publishing/index.ts'
import { debitCredits, refundCredits } from '#modules/credits/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import { keyOfMediaUrl, mediaPath, type FileStore } from '#modules/core/files.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import generationTexts from '#locales/de/generation.json' with { type: 'json' }
import { DEFAULT_IMAGE_MODEL, DEFAULT_LANGUAGE_MODEL, REGENERATION_MODEL, UNKNOWN_MODEL_COST, generationCost, imageAspects, regenerationCost, textGroups } from './costs.ts'
import { ExtractionError, extract, toExtractionError, validateInput } from './extract.server.ts'
import { inputSummaryOf, type GenerationInput } from './input.ts'
import { findHandedMedia } from './handed-media.server.ts'
import { fitJpeg, labelAsAiGenerated, readAudio } from '#modules/media/index.ts'
import type { GenerationErrorCode, GenerationOutcome, GenerationResult, GenerationStep, GenerationWarning, RegenerationOutcome } from './outcome.ts'
import { AiError, type AiProviders, type ImageAspect, type ImageBrief, type Persona, type SourceMaterial } from '#modules/ai/index.ts'
import type { WebReader } from '#modules/media/index.ts'
import { altTextLimit, writeAltText } from './alt-text.server.ts'
import { emitGenerationFailed } from './failed-event.server.ts'
import { activePromptTemplates } from './prompt-templates.server.ts'
import { imagePrompt, textPrompts } from './prompts.server.ts'
import { REPLAY_WAIT_MS, claimRegeneration, regenerationExists, replayRegeneration, settleRegeneration } from './regeneration-claims.server.ts'

export type GenerationDeps = {
	db: Db
	ai: AiProviders
	web: WebReader
	files: FileStore
	logger: Logger
	/** The registered platforms (through publishing): limits, counting, styles, text groups, image aspects. */
	platforms: PlatformCatalog
	/** How long a repeated 'Bild neu generieren' waits for the first request (default REPLAY_WAIT_MS). */
	replayWaitMs?: number
}

export type ResolvedModel = { modelId: string; name: string; provider: string; cost: number; parameters: Record<string, unknown> }

/** A model id the catalogue does not know (an admin deleted it) runs on the provider its name suggests. */
function resolve(map: Map<string, { name: string; provider: string; creditsCost: number; parameters: Record<string, unknown> }>, modelId: string, ai: Pick<AiProviders, 'providerOfModel'>): ResolvedModel {
	const row = map.get(modelId)
	return row
		? { modelId, name: row.name, provider: row.provider, cost: row.creditsCost, parameters: row.parameters }
		: { modelId, name: modelId, provider: ai.providerOfModel(modelId), cost: UNKNOWN_MODEL_COST, parameters: {} }
}

/** The models of an agent (or the defaults without one) with their catalogue costs, in one query. */
export async function resolveModels(db: Db, ai: Pick<AiProviders, 'providerOfModel'>, agents: ReadonlyArray<Pick<AgentPersona, 'id' | 'languageModel' | 'imageModel'>>) {
	const map = await modelsById(db, [DEFAULT_LANGUAGE_MODEL, DEFAULT_IMAGE_MODEL, REGENERATION_MODEL, ...agents.flatMap((a) => [a.languageModel, a.imageModel])])
	const none = { text: resolve(map, DEFAULT_LANGUAGE_MODEL, ai), image: resolve(map, DEFAULT_IMAGE_MODEL, ai) }
	const byAgent = new Map(agents.map((a) => [a.id, { text: resolve(map, a.languageModel, ai), image: resolve(map, a.imageModel, ai) }]))
	return { none, byAgent, regeneration: resolve(map, REGENERATION_MODEL, ai) }
}

function toPersona(agent: AgentPersona | null): Persona | null {
	if (!agent) return null
	const { id: _id, languageModel: _l, imageModel: _i, videoModel: _v, ...persona } = agent
	return persona
}

/** Cuts a text to `max` characters at a word boundary (models are asked to stay within; this makes sure). */
/** `text` cut at a word (with '…') so that it is at most `max` long, counted as `counting` says (default: UTF-16 units). */
export function fitLength(text: string, max: number, counting?: CountingKind) {
	const count = (value: string) => (counting ? countText(counting, value) : value.length)
	const clean = text.trim()
	if (count(clean) <= max) return clean
	// A network that counts some characters as more than one (emoji bytes, escapes) needs a shorter cut.
	for (let room = max; room > 1; room -= Math.max(1, Math.ceil((room * 0.05)))) {
		const slice = clean.slice(0, room - 1)
		const space = slice.search(/\s\S*$/)
		const cut = `${(space > room * 0.6 ? slice.slice(0, space) : slice).trimEnd()}…`
		if (count(cut) <= max) return cut
	}
	return '…'
}

function headlineOf(source: SourceMaterial) {
	const first = source.title ?? source.text.split(/(?<=[.!?])\s|\n/)[0] ?? ''
	return fitLength(first.replace(/\s+/g, ' '), 90) || 'Neuer Beitrag'
}

// Long German function words that would otherwise become image tags.
const STOP_WORDS = new Set(['unsere', 'unserer', 'unseren', 'unserem', 'unser', 'welche', 'welcher', 'welches', 'werden', 'wurden', 'worden', 'können', 'könnte', 'sollte', 'sollten', 'müssen', 'dieser', 'dieses', 'diesen', 'diesem', 'zwischen', 'nachdem', 'während', 'weshalb', 'darüber', 'deshalb', 'außerdem', 'ausserdem', 'jeden', 'jedes', 'jeder', 'einige', 'einigen', 'keinen', 'seinen', 'seiner', 'ihrer', 'ihren', 'ihrem', 'eigenen', 'wirklich', 'immer', 'schon', 'heute', 'morgen', 'damit', 'dabei', 'obwohl', 'sondern', 'anderen', 'andere', 'sowie', 'etwas', 'nichts', 'vielleicht', 'allerdings'])

function keywordsOf(source: SourceMaterial, persona: Persona | null) {
	const words = (source.text.toLowerCase().match(/[a-zäöüß][a-zäöüß-]{5,}/g) ?? []).filter((w) => !STOP_WORDS.has(w))
	const counts = new Map<string, number>()
	for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1)
	const frequent = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([w]) => w)
	return [...new Set([...(persona?.specialties ?? []).slice(0, 2), ...frequent])].slice(0, 5)
}

type StepListener = (step: GenerationStep) => void

export function createGenerator(deps: GenerationDeps) {
	const { db, ai, files, logger } = deps

	/** `altText`: a generated image's (ADR 0060), which the post_media row made from it takes over. */
	async function storeImage(userId: string, bytes: Uint8Array, kind: 'generated_image' | 'post_image', altText: string | null = null) {
		const key = `images/${randomUUID()}.jpg`
		await files.put(key, bytes, 'image/jpeg')
		await db.insertInto('uploads').values({ user_id: userId, kind, storage_key: key, content_type: 'image/jpeg', byte_size: bytes.byteLength, alt_text: altText }).execute()
		return mediaPath(key)
	}

	async function storeAudio(userId: string, file: { name: string; bytes: Uint8Array }) {
		// Checked already (readAudio): a WAV recording or an uploaded WAV, MP3 or M4A file.
		const format = readAudio(file)
		const key = `audio/${randomUUID()}.${format.ext}`
		await files.put(key, file.bytes, format.contentType)
		await db
			.insertInto('uploads')
			.values({ user_id: userId, kind: 'audio', storage_key: key, content_type: format.contentType, byte_size: file.bytes.byteLength, original_name: file.name.slice(0, 255) || null })
			.execute()
	}

	/** The platform's descriptor; input was checked against the registry, so a miss is a programming error. */
	function descriptor(platform: Platform) {
		const found = deps.platforms.get(platform)
		if (!found) throw new Error(`no platform '${platform}' is registered`)
		return found
	}

	async function writeText(generationId: string, platform: Platform, model: ResolvedModel, persona: Persona | null, source: SourceMaterial, templates: Awaited<ReturnType<typeof activePromptTemplates>>, signal?: AbortSignal) {
		const { name, text: rules } = descriptor(platform)
		const brief = { platform, platformName: name, group: rules.group, maxLength: rules.limit, style: rules.style, hashtags: rules.hashtags, persona, source }
		const { system, prompt } = textPrompts(brief, templates)
		const provider = ai.forProvider(model.provider)
		const text = provider.text ?? ai.offline.text!
		const result = await text.generate({ model: model.modelId, parameters: model.parameters, system, prompt, brief, seed: generationId, signal })
		return fitLength(result.text, rules.limit, rules.counting)
	}

	/** The brand logo lives in the file store (/media/...); image adapters get its bytes as a data: URL. */
	async function withStoredLogo(persona: Persona | null): Promise<Persona | null> {
		const key = persona?.brand.useBranding && persona.brand.logoUrl ? keyOfMediaUrl(persona.brand.logoUrl, '') : null
		if (!persona || !key) return persona
		const file = await files.get(key).catch(() => null)
		if (!file) return persona
		return { ...persona, brand: { ...persona.brand, logoUrl: `data:${file.contentType};base64,${Buffer.from(file.bytes).toString('base64')}` } }
	}

	/**
	 * One generated image with its German alt text (ADR 0060), written by the text model's provider from
	 * the image's prompt, the post's text (`context.postText`) and the image itself.
	 */
	async function makeImage(userId: string, aspect: ImageAspect, model: ResolvedModel, brief: Omit<ImageBrief, 'aspect'>, templates: Awaited<ReturnType<typeof activePromptTemplates>>, context: { textModel: ResolvedModel; postText: string }, signal?: AbortSignal) {
		const full = { ...brief, persona: await withStoredLogo(brief.persona), aspect }
		const provider = ai.forProvider(model.provider)
		const image = provider.image ?? ai.offline.image!
		const prompt = imagePrompt(full, templates)
		const result = await image.generate({ model: model.modelId, parameters: model.parameters, prompt, brief: full, signal })
		// Every provider's image (the offline card too) is stored with the AI label in its XMP (ADR 0052).
		const bytes = await labelAsAiGenerated(result.bytes)
		const brand = full.persona?.brand
		const altText = await writeAltText({ ai, logger, maxLength: altTextLimit(deps.platforms.descriptors) }, context.textModel.provider, {
			model: context.textModel.modelId,
			imagePrompt: prompt,
			subject: brief.headline,
			keywords: brief.keywords,
			postText: context.postText,
			titleCard: image === ai.offline.image,
			brandName: brand?.useBranding ? brand.name : '',
			image: { bytes, contentType: 'image/jpeg' },
			signal,
		})
		return storeImage(userId, bytes, 'generated_image', altText)
	}

	/** Claims the request id and reserves the cost in one transaction; a replay finds the earlier generation. */
	async function claim(userId: string, input: GenerationInput, agent: AgentPersona | null, models: { text: ResolvedModel; image: ResolvedModel }, cost: number) {
		try {
			return await db.transaction().execute(async (trx) => {
				const row = await trx
					.insertInto('generations')
					.values({
						user_id: userId,
						kind: 'content',
						status: 'running',
						source_type: input.kind,
						agent_configuration_id: agent?.id ?? null,
						language_model: models.text.modelId,
						image_model: models.image.modelId,
						platforms: input.platforms,
						cost_credits: cost,
						input_summary: inputSummaryOf(input),
						idempotency_key: input.requestId,
					})
					.onConflict((oc) => oc.columns(['user_id', 'kind', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing())
					.returning('id')
					.executeTakeFirst()
				if (!row) return { kind: 'replay' as const }
				const debit = await debitCredits(trx, { userId, amount: cost, type: 'generation', reference: row.id })
				if (!debit.ok) throw new InsufficientCredits(debit.balance)
				await notifyChange(trx, { userId, topic: 'credits' })
				return { kind: 'new' as const, id: row.id, balance: debit.balance }
			})
		} catch (error) {
			if (error instanceof InsufficientCredits) return { kind: 'insufficient' as const, balance: error.balance }
			throw error
		}
	}

	async function replay(userId: string, requestId: string): Promise<GenerationOutcome> {
		const row = await db
			.selectFrom('generations')
			.select(['status', 'result', 'error_code', 'error_message'])
			.where('user_id', '=', userId)
			.where('kind', '=', 'content')
			.where('idempotency_key', '=', requestId)
			.executeTakeFirst()
		if (!row) return { ok: false, code: 'failed' }
		if (row.status === 'succeeded' && row.result) return { ok: true, ...(row.result as unknown as GenerationResult) }
		if (row.status === 'failed') return { ok: false, code: (row.error_code as GenerationErrorCode | null) ?? 'failed', detail: row.error_message }
		return { ok: false, code: 'in_progress' }
	}

	async function fail(userId: string, generation: { id: string; kind: string; networks: ReadonlyArray<string> }, cost: number, code: string, detail: string | null) {
		const generationId = generation.id
		return db.transaction().execute(async (trx) => {
			const balance = await refundCredits(trx, { userId, amount: cost, type: 'generation_refund', reference: generationId })
			await trx
				.updateTable('generations')
				.set({ status: 'failed', error_code: code, error_message: detail?.slice(0, 5000) ?? null, completed_at: new Date() })
				.where('id', '=', generationId)
				.execute()
			await logActivity(trx, {
				userId,
				logType: 'content_generation',
				title: generationTexts.activity.contentFailed,
				description: detail ?? (generationTexts.errors as Record<string, { message: string }>)[code]?.message ?? code,
				status: 'error',
				metadata: { generationId, code },
			})
			await emitGenerationFailed(trx, userId, { generationId, kind: generation.kind, networks: generation.networks, code, refunded: cost })
			await notifyChange(trx, { userId, topic: 'credits' })
			return balance ?? undefined
		})
	}

	/**
	 * The creator's 'Bilder generieren & Vorschau': validate, reserve the cost, read the input,
	 * write the texts and make the images side by side, then settle (refund what was not delivered).
	 */
	async function generate(userId: string, asked: GenerationInput, onStep: StepListener = () => {}, signal?: AbortSignal): Promise<GenerationOutcome> {
		// A model test's image or video (ADR 0068): the user's own generated file by its key, else refused.
		const handed = asked.generatedMedia ? await findHandedMedia({ db, files }, userId, asked.generatedMedia) : null
		if (asked.generatedMedia && !handed) return { ok: false, code: 'generated_media_unavailable' }
		const input = handed?.kind === 'image' ? { ...asked, image: { name: '', bytes: handed.bytes } } : asked
		const invalid = validateInput(input)
		if (invalid) return { ok: false, code: invalid }
		const agent = input.agentId ? await findPersona(db, userId, input.agentId) : null
		if (input.agentId && !agent) return { ok: false, code: 'unknown_agent' }
		const resolved = await resolveModels(db, ai, agent ? [agent] : [])
		const models = agent ? resolved.byAgent.get(agent.id)! : resolved.none
		// The user's own image is the post image: no image is generated or charged.
		const withImages = !input.image && handed?.kind !== 'video'
		const cost = generationCost({ descriptors: deps.platforms.descriptors, platforms: input.platforms, textModelCost: models.text.cost, imageModelCost: models.image.cost, withImages })

		const claimed = await claim(userId, input, agent, models, cost.total)
		if (claimed.kind === 'insufficient') return { ok: false, code: 'insufficient_credits', balance: claimed.balance }
		if (claimed.kind === 'replay') return replay(userId, input.requestId)
		const generationId = claimed.id
		const persona = toPersona(agent)

		let extracted
		try {
			onStep('extracting')
			extracted = await extract(input, { web: deps.web, ai, signal })
			if (extracted.audio) await storeAudio(userId, extracted.audio)
		} catch (error) {
			if (input.audio && error instanceof ExtractionError && error.code === 'transcription_unavailable') {
				await storeAudio(userId, input.audio).catch((e: unknown) => logger.error('audio_store_failed', { error: String(e) }))
			}
			const mapped = toExtractionError(error)
			// SECURITY.md: refused addresses are logged (who asked), never fetched.
			if (mapped?.code === 'article_blocked') logger.warn('ssrf_blocked', { userId, generationId, url: (input.url || input.article?.url || '').slice(0, 300) })
			if (!mapped) logger.error('generation_extract_failed', { generationId, error: error instanceof Error ? error.stack : String(error) })
			const code = mapped?.code ?? 'failed'
			const balance = await fail(userId, { id: generationId, kind: input.kind, networks: input.platforms }, cost.total, code, mapped?.detail ?? null)
			return { ok: false, code, balance, detail: mapped?.detail ?? null }
		}
		const { source } = extracted
		// The knowledge base's passages that match this input, within the budget (the result says which).
		const knowledge = agent && persona?.knowledgeBase ? await selectKnowledge(db, userId, agent.id, `${source.title ?? ''}\n${source.text}`) : null
		const writer = persona && knowledge ? { ...persona, knowledgeBase: knowledge.text } : persona
		const templates = await activePromptTemplates(db)
		const warnings: Array<GenerationWarning> = [...extracted.warnings]
		let detail: string | null = null

		onStep('writing')
		const textsWork = Promise.all(
			input.platforms.map((platform) =>
				writeText(generationId, platform, models.text, writer, source, templates, signal).then(
					(text) => [platform, text] as const,
					(error: unknown) => {
						logger.warn('generation_text_failed', { generationId, platform, error: error instanceof Error ? error.message : String(error) })
						if (error instanceof AiError) detail ??= error.message
						return [platform, null] as const
					},
				),
			),
		)
		const aspects = imageAspects(deps.platforms.descriptors, input.platforms)
		if (withImages) onStep('images')
		const brief = { headline: headlineOf(source), keywords: keywordsOf(source, persona), persona }
		// The user's own image cut to each aspect is no generated image: stored without the AI label. A
		// model test's image stays generated: each cut labelled again, with the test's alt text (ADR 0068).
		const cutOwnImage = async (aspect: ImageAspect) => {
			const cut = await fitJpeg(extracted.image!, aspect)
			return handed?.kind === 'image' ? storeImage(userId, await labelAsAiGenerated(cut), 'generated_image', handed.altText) : storeImage(userId, cut, 'post_image')
		}
		const imagesWork: Promise<Array<readonly [ImageAspect, string | null]>> = extracted.image
			? Promise.all(aspects.map(async (aspect) => [aspect, await cutOwnImage(aspect)] as const))
			: !withImages
				? // A model test's video is the post's media: no images.
					Promise.resolve([])
				: Promise.all(
						aspects.map((aspect) =>
							makeImage(userId, aspect, models.image, brief, templates, { textModel: models.text, postText: source.text }, signal).then(
								(url) => [aspect, url] as const,
								(error: unknown) => {
									logger.warn('generation_image_failed', { generationId, aspect, error: error instanceof Error ? error.message : String(error) })
									if (error instanceof AiError) detail ??= error.message
									return [aspect, null] as const
								},
							),
						),
					)
		const [textResults, imageResults] = await Promise.all([textsWork, imagesWork])
		onStep('saving')

		const texts: Partial<Record<Platform, string>> = {}
		const fallback = fitLength(source.text, 500)
		for (const [platform, text] of textResults) texts[platform] = text ?? fitLength(fallback, descriptor(platform).text.limit, descriptor(platform).text.counting)
		const images: Partial<Record<Platform, string>> = {}
		const byAspect = new Map(imageResults)
		for (const platform of input.platforms) {
			const url = byAspect.get(descriptor(platform).images.generate)
			if (url) images[platform] = url
		}

		// Settle: a text group counts as delivered when one of its texts was written; an image when stored.
		const delivered = new Set(textResults.filter(([, text]) => text !== null).map(([platform]) => platform))
		const failedGroups = textGroups(deps.platforms.descriptors, input.platforms).filter((group) => !input.platforms.some((p) => delivered.has(p) && descriptor(p).text.group === group))
		const failedImages = withImages ? imageResults.filter(([, url]) => url === null).length : 0
		if (failedGroups.length > 0) warnings.push('text_failed')
		if (failedImages > 0) warnings.push('images_failed')
		const refund = failedGroups.length * models.text.cost + failedImages * models.image.cost

		const result: GenerationResult = {
			generationId,
			texts,
			images,
			charged: cost.total,
			refunded: refund,
			balance: claimed.balance + refund,
			warnings,
			source: { kind: source.kind, title: source.title },
			detail,
			knowledge: knowledge?.use ?? null,
		}
		await db.transaction().execute(async (trx) => {
			if (refund > 0) {
				const balance = await refundCredits(trx, { userId, amount: refund, type: 'generation_refund', reference: generationId })
				if (balance !== null) result.balance = balance
			}
			await trx
				.updateTable('generations')
				.set({ status: 'succeeded', result: JSON.stringify(result), completed_at: new Date() })
				.where('id', '=', generationId)
				.execute()
			await logActivity(trx, {
				userId,
				logType: 'content_generation',
				title: generationTexts.activity.contentGenerated,
				description: (source.title ?? source.text).replace(/\s+/g, ' '),
				status: failedGroups.length > 0 ? 'warning' : 'success',
				metadata: { generationId, kind: input.kind, platforms: input.platforms, title: (source.title ?? source.text).slice(0, 100), credits: cost.total - refund, model: models.text.modelId, agentId: agent?.id ?? null },
			})
			if (withImages && aspects.length > 0) {
				await logActivity(trx, {
					userId,
					logType: 'image_generation',
					title: failedImages === aspects.length ? generationTexts.activity.imagesFailed : generationTexts.activity.imagesGenerated,
					description: brief.headline,
					status: failedImages === 0 ? 'success' : failedImages === aspects.length ? 'error' : 'warning',
					metadata: { generationId, prompt: imagePrompt({ ...brief, aspect: aspects[0]! }, templates).slice(0, 200), model: models.image.modelId, aspects },
				})
			}
			await emitWebhookEvent(trx, userId, 'generation.completed', {
				generationId,
				kind: input.kind,
				networks: input.platforms,
				title: (source.title ?? source.text).replace(/\s+/g, ' ').slice(0, 100),
				credits: cost.total - refund,
				complete: failedGroups.length === 0,
			})
			await notifyChange(trx, { userId, topic: 'credits' })
		})
		return { ok: true, ...result }
	}

	/**
	 * 'Bild neu generieren' for one platform: flux-schnell's credits + 1, refunded when it fails.
	 * Once per request id: a repeat answers the first request's outcome (waiting while it runs)
	 * and never calls the provider, charges or refunds again.
	 */
	async function regenerateImage(userId: string, input: { requestId: string; platform: Platform; content: string; agentId: string | null }, signal?: AbortSignal): Promise<RegenerationOutcome> {
		const replayed = () => replayRegeneration(db, userId, input.requestId, { waitMs: deps.replayWaitMs ?? REPLAY_WAIT_MS, signal })
		if (await regenerationExists(db, userId, input.requestId)) return replayed()
		if (!input.content.trim()) return { ok: false, code: 'content_required' }
		const agent = input.agentId ? await findPersona(db, userId, input.agentId) : null
		if (input.agentId && !agent) return { ok: false, code: 'unknown_agent' }
		const resolved = await resolveModels(db, ai, agent ? [agent] : [])
		const { regeneration } = resolved
		const textModel = agent ? resolved.byAgent.get(agent.id)!.text : resolved.none.text
		const cost = regenerationCost(regeneration.cost)
		const claimed = await claimRegeneration(db, userId, { ...input, agentId: agent?.id ?? null, imageModel: regeneration.modelId, cost })
		if (claimed.kind === 'insufficient') return { ok: false, code: 'insufficient_credits', balance: claimed.balance }
		if (claimed.kind === 'replay') return replayed()
		const claim = { id: claimed.id, cost, balance: claimed.balance }
		const persona = toPersona(agent)
		const source: SourceMaterial = { kind: 'smart-post', title: null, text: input.content, origin: null }
		const aspect: ImageAspect = descriptor(input.platform).images.generate
		const brief = { headline: headlineOf(source), keywords: keywordsOf(source, persona), persona }
		let settled: RegenerationOutcome | null
		try {
			const templates = await activePromptTemplates(db)
			const imageUrl = await makeImage(userId, aspect, regeneration, brief, templates, { textModel, postText: input.content }, signal)
			settled = await settleRegeneration(db, userId, claim, { ok: true, imageUrl }, (trx) =>
				logActivity(trx, {
					userId,
					logType: 'image_generation',
					title: generationTexts.activity.imageRegenerated,
					description: brief.headline,
					status: 'success',
					metadata: { generationId: claim.id, platform: input.platform, prompt: imagePrompt({ ...brief, aspect }, templates).slice(0, 200), model: regeneration.modelId, credits: cost },
				}),
			)
		} catch (error) {
			logger.warn('image_regeneration_failed', { generationId: claim.id, error: error instanceof Error ? error.message : String(error) })
			settled = await settleRegeneration(db, userId, claim, { ok: false, detail: error instanceof AiError ? error.message : null })
		}
		// Cut off meanwhile by the reclaim job (failed and refunded): its outcome is the answer.
		return settled ?? replayed()
	}

	return { generate, regenerateImage }
}

class InsufficientCredits extends Error {
	readonly balance: number
	constructor(balance: number) {
		super('insufficient credits')
		this.balance = balance
	}
}
