import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { z } from 'zod'
import { hasProPlan } from '#modules/accounts/index.ts'
import { logActivity } from '#modules/activity/index.ts'
import { findPersona, selectKnowledge, type AgentPersona } from '#modules/agents/index.ts'
import { AiError, type AiProviders, type ImageBrief, type Persona } from '#modules/ai/index.ts'
import { MAX_COMPARED_MODELS, isOffered, isUuid, modelsForTest, sharedVideoOptions, testCost, type GalleryModel, type ModelCategory, type VideoSettings } from '#modules/catalog/index.ts'
import { debitCredits, refundCredits, creditBalance } from '#modules/credits/index.ts'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { mediaPath, type FileStore } from '#modules/core/files.server.ts'
import { defineJob, enqueue, type TaskHelpers } from '#modules/core/jobs.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { IMAGE_MAX_BYTES, InputError, MB, PROMPT_MAX, labelAsAiGenerated, reencodeImage, sniff, type MediaUploads, type SniffedType } from '#modules/media/index.ts'
import type { PlatformCatalog } from '#modules/publishing/index.ts'
import texts from '#locales/de/catalog.json' with { type: 'json' }
import { altTextLimit, writeAltText } from './alt-text.server.ts'
import { resolveModels } from './generate.server.ts'
import { activePromptTemplates } from './prompt-templates.server.ts'
import { textPrompts } from './prompts.server.ts'

export const VIDEO_REFERENCE_MAX_BYTES = 50 * MB
/** A text or image test still running after this long was cut off (a restart): failed and refunded. */
const STALE_DIRECT_MINUTES = 15
/** The video job's own deadline is ten minutes per attempt. */
const STALE_VIDEO_MINUTES = 30
const VIDEO_ATTEMPTS = 2

export const modelTestVideoJob = defineJob({ id: 'model_test_video', schema: z.object({ testId: z.uuid() }), maxAttempts: VIDEO_ATTEMPTS })

export type ModelTestStatus = 'pending' | 'running' | 'succeeded' | 'failed'
export type ModelTestResult = { type: 'text' | 'image' | 'video'; content: string }

export type ModelTestView = {
	id: string
	modelId: string
	modelName: string
	category: ModelCategory
	status: ModelTestStatus
	result: ModelTestResult | null
	error: string | null
	creditsCost: number
	videoSettings: VideoSettings | null
}

export type ModelTestInput = {
	modelIds: ReadonlyArray<string>
	category: ModelCategory
	prompt: string
	agentId: string | null
	referenceImage?: { name: string; bytes: Uint8Array } | null
	video?: VideoSettings | null
	/** Chosen by the browser per run: a double click or a retried request is charged once. */
	requestId?: string | null
}

export type ModelTestErrorCode =
	| 'prompt_required'
	| 'no_models'
	| 'too_many_models'
	| 'unknown_model'
	| 'unknown_agent'
	| 'reference_type'
	| 'reference_too_large'
	| 'reference_required'
	| 'video_settings'
	/** Video is part of the Pro plan (as /pricing says). */
	| 'video_requires_pro'
	| 'insufficient_credits'

export type ModelTestOutcome =
	| {
			ok: true
			tests: Array<ModelTestView>
			charged: number
			balance: number
			/** Resolves when every text and image run has finished (videos run in the worker). */
			settled: Promise<void>
	  }
	| { ok: false; code: ModelTestErrorCode; balance?: number; cost?: number }

export type ModelTestDeps = {
	db: Db
	ai: AiProviders
	files: FileStore
	logger: Logger
	appUrl: string
	/** The registered platforms: a language model test writes a post for the first with long texts. */
	platforms: PlatformCatalog
	/** The media pipeline a generated video is handed to (media's adoptGeneratedVideo). */
	media: Pick<MediaUploads, 'adoptGeneratedVideo'>
}

/** {{name}} placeholders of the catalog texts. */
function fill(template: string, values: Record<string, string>) {
	return template.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match)
}

/** The spec's ledger type: 'Model Test: {name}', for videos with resolution and seconds. */
export function ledgerType(name: string, video: VideoSettings | null) {
	const base = `Model Test: ${name}`
	return (video ? `${base} (${video.resolution}, ${video.durationSeconds}s)` : base).slice(0, 200)
}

const refundType = (name: string) => `Model Test Refund: ${name}`.slice(0, 200)

function toPersona(agent: AgentPersona | null): Persona | null {
	if (!agent) return null
	const { id: _id, languageModel: _l, imageModel: _i, videoModel: _v, ...persona } = agent
	return persona
}

/** The brand's colours for an image or video prompt, when the agent uses its branding. */
function visualPrompt(prompt: string, persona: Persona | null) {
	const brand = persona?.brand
	if (!brand?.useBranding || brand.colors.length === 0) return prompt
	return `${prompt}\n${fill(texts.server.brandNote, { colors: brand.colors.join(', ') })}`
}

const REFERENCE_TYPES: Partial<Record<SniffedType, { ext: string; contentType: string; video: boolean }>> = {
	png: { ext: 'png', contentType: 'image/png', video: false },
	jpeg: { ext: 'jpg', contentType: 'image/jpeg', video: false },
	webp: { ext: 'webp', contentType: 'image/webp', video: false },
	mp4: { ext: 'mp4', contentType: 'video/mp4', video: true },
	webm: { ext: 'webm', contentType: 'video/webm', video: true },
}

/** The request id was used already: answer with the tests it started. */
class Replayed extends Error {}

class InsufficientCredits extends Error {
	readonly balance: number
	constructor(balance: number) {
		super('insufficient credits')
		this.balance = balance
	}
}

type TestRow = {
	id: string
	model_id: string
	name: string | null
	category: string
	status: string
	result: unknown
	error_message: string | null
	credits_cost: number
	video_settings: unknown
}

function toView(row: TestRow): ModelTestView {
	const settings = row.video_settings as (VideoSettings & { referenceUrl?: string }) | null
	return {
		id: row.id,
		modelId: row.model_id,
		modelName: row.name ?? row.model_id,
		category: row.category as ModelCategory,
		status: row.status as ModelTestStatus,
		result: (row.result as ModelTestResult | null) ?? null,
		error: row.error_message,
		creditsCost: row.credits_cost,
		videoSettings: settings ? { aspectRatio: settings.aspectRatio, resolution: settings.resolution, durationSeconds: settings.durationSeconds } : null,
	}
}

export function createModelTests(deps: ModelTestDeps) {
	const { db, ai, files, logger } = deps
	const testMode = (provider: string) => ai.forProvider(provider).testMode

	/** Marks a test failed, refunds its charge and logs it; a test already settled is left alone. */
	async function fail(userId: string, testId: string, model: { name: string; modelId: string }, amount: number, message: string) {
		await db.transaction().execute(async (trx) => {
			const updated = await trx
				.updateTable('model_tests')
				.set({ status: 'failed', error_message: message.slice(0, 5000) })
				.where('id', '=', testId)
				.where('user_id', '=', userId)
				.where('status', 'in', ['pending', 'running'])
				.returning('prompt')
				.executeTakeFirst()
			if (!updated) return
			await refundCredits(trx, { userId, amount, type: refundType(model.name), reference: testId })
			await logActivity(trx, {
				userId,
				logType: 'model_test',
				title: fill(texts.server.activityFailedTitle, { name: model.name }),
				description: message,
				status: 'error',
				metadata: { testId, modelId: model.modelId, prompt: updated.prompt.slice(0, 200), refunded: amount },
			})
			await notifyChange(trx, { userId, topic: 'credits' })
			await notifyChange(trx, { userId, topic: 'model_tests' })
		})
	}

	async function succeed(userId: string, testId: string, model: { name: string; modelId: string }, amount: number, result: ModelTestResult) {
		await db.transaction().execute(async (trx) => {
			const updated = await trx
				.updateTable('model_tests')
				.set({ status: 'succeeded', result: JSON.stringify(result), error_message: null })
				.where('id', '=', testId)
				.where('user_id', '=', userId)
				.where('status', 'in', ['pending', 'running'])
				.returning(['prompt', 'category'])
				.executeTakeFirst()
			if (!updated) return
			await logActivity(trx, {
				userId,
				logType: 'model_test',
				title: fill(texts.server.activityTitle, { name: model.name }),
				description: updated.prompt.replace(/\s+/g, ' '),
				status: 'success',
				metadata: { testId, modelId: model.modelId, category: updated.category, credits: amount, prompt: updated.prompt.slice(0, 200) },
			})
			await notifyChange(trx, { userId, topic: 'model_tests' })
		})
	}

	function failureMessage(error: unknown, context: Record<string, unknown>) {
		if (error instanceof AiError) return error.message
		logger.error('model_test_failed', { ...context, error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
		return texts.server.errors.failed
	}

	/** `altText`: the image's German alt text (ADR 0060), which a post's item made from the image takes over. */
	async function storeImage(userId: string, bytes: Uint8Array, altText: string) {
		const key = `images/${randomUUID()}.jpg`
		await files.put(key, bytes, 'image/jpeg')
		await db.insertInto('uploads').values({ user_id: userId, kind: 'generated_image', storage_key: key, content_type: 'image/jpeg', byte_size: bytes.byteLength, alt_text: altText }).execute()
		return mediaPath(key)
	}

	/**
	 * A model test's image's German alt text, written as for the creator's images (ADR 0060) by the
	 * default language model's provider, as 'Alt-Text vorschlagen' does (a test has no language model of
	 * its own), from the image, its prompt and subject; there is no post text.
	 */
	async function imageAltText(image: { bytes: Uint8Array; prompt: string; brief: ImageBrief; titleCard: boolean }) {
		const { none } = await resolveModels(db, ai, [])
		const brand = image.brief.persona?.brand
		return writeAltText({ ai, logger, maxLength: altTextLimit(deps.platforms.descriptors) }, none.text.provider, {
			model: none.text.modelId,
			imagePrompt: image.prompt,
			subject: image.brief.headline,
			keywords: image.brief.keywords,
			postText: '',
			titleCard: image.titleCard,
			brandName: brand?.useBranding ? brand.name : '',
			image: { bytes: image.bytes, contentType: 'image/jpeg' },
		})
	}

	async function storeVideo(userId: string, bytes: Uint8Array) {
		const type = sniff(bytes)
		if (type !== 'mp4' && type !== 'webm') throw new AiError({ kind: 'transient', code: 'unexpected_output', message: texts.server.errors.unexpectedOutput })
		const key = `videos/${randomUUID()}.${type}`
		const contentType = `video/${type}`
		await files.put(key, bytes, contentType)
		// Into the media pipeline as an uploaded video is: a post can take it as its video (ADR 0068).
		await deps.media.adoptGeneratedVideo(userId, { key, contentType, bytes: bytes.byteLength })
		return mediaPath(key)
	}

	async function storeReference(userId: string, file: { name: string; bytes: Uint8Array }, type: { ext: string; contentType: string }) {
		const key = `reference-images/${randomUUID()}.${type.ext}`
		await files.put(key, file.bytes, type.contentType)
		await db
			.insertInto('uploads')
			.values({ user_id: userId, kind: 'reference_image', storage_key: key, content_type: type.contentType, byte_size: file.bytes.byteLength, original_name: file.name.slice(0, 255) || null })
			.execute()
		return mediaPath(key)
	}

	/** A language or image model's run, right here (seconds, not minutes). */
	async function runDirect(userId: string, test: ModelTestView, model: GalleryModel, parameters: Record<string, unknown>, prompt: string, persona: Persona | null, referenceNote: string | null) {
		try {
			const provider = ai.forProvider(model.provider)
			let result: ModelTestResult
			if (model.category === 'language') {
				if (!provider.text) throw new AiError({ kind: 'unavailable', code: 'no_text', message: texts.server.errors.textUnavailable })
				const source = { kind: 'smart-post' as const, title: null, text: referenceNote ? `${prompt}\n\n${referenceNote}` : prompt, origin: null }
				const target = deps.platforms.descriptors.find((d) => d.text.group === 'long') ?? deps.platforms.descriptors[0]!
				const brief = { platform: target.id, platformName: target.name, group: target.text.group, maxLength: target.text.limit, style: target.text.style, hashtags: target.text.hashtags, persona, source }
				const { system, prompt: userPrompt } = textPrompts(brief, await activePromptTemplates(db))
				const { text } = await provider.text.generate({ model: model.modelId, parameters, system, prompt: userPrompt, brief })
				result = { type: 'text', content: text.trim() }
			} else {
				if (!provider.image) throw new AiError({ kind: 'unavailable', code: 'no_image', message: texts.server.errors.imageUnavailable })
				const full = visualPrompt(referenceNote ? `${prompt}\n${referenceNote}` : prompt, persona)
				const headline = prompt.replace(/\s+/g, ' ').slice(0, 90)
				const brief = { aspect: '1:1' as const, headline, keywords: persona?.specialties.slice(0, 3) ?? [], persona }
				const image = await provider.image.generate({ model: model.modelId, parameters, prompt: full, brief })
				const bytes = await labelAsAiGenerated(image.bytes)
				const altText = await imageAltText({ bytes, prompt: full, brief, titleCard: provider.image === ai.offline.image })
				result = { type: 'image', content: await storeImage(userId, bytes, altText) }
			}
			await succeed(userId, test.id, model, test.creditsCost, result)
		} catch (error) {
			await fail(userId, test.id, model, test.creditsCost, failureMessage(error, { testId: test.id, modelId: model.modelId }))
		}
	}

	/** The rows' api_parameters (what the adapter sends besides the prompt), kept out of the gallery's data. */
	async function apiParameters(aiModelIds: ReadonlyArray<string>) {
		const rows = await db.selectFrom('ai_models').select(['id', 'api_parameters']).where('id', 'in', aiModelIds).execute()
		return new Map(rows.map((r) => [r.id, (r.api_parameters ?? {}) as Record<string, unknown>]))
	}

	/** A description of the reference image for language and image models, which take no image themselves. */
	async function describeReference(reference: { bytes: Uint8Array; contentType: string } | null) {
		if (!reference) return null
		try {
			const { description } = await ai.vision.describe({ image: reference.bytes, contentType: reference.contentType })
			return fill(texts.server.referenceNote, { description: description.slice(0, 1000) })
		} catch (error) {
			logger.warn('model_test_reference_description_failed', { error: error instanceof Error ? error.message : String(error) })
			return null
		}
	}

	/**
	 * Validates, charges every model on its own ledger row in one transaction, then runs language and
	 * image models here and queues video models for the worker. A failing model is refunded alone.
	 */
	async function run(userId: string, input: ModelTestInput): Promise<ModelTestOutcome> {
		const prompt = input.prompt.trim().slice(0, PROMPT_MAX)
		if (!prompt) return { ok: false, code: 'prompt_required' }
		const ids = [...new Set(input.modelIds)]
		if (ids.length === 0) return { ok: false, code: 'no_models' }
		if (input.category === 'video' && !(await hasProPlan(db, userId))) return { ok: false, code: 'video_requires_pro' }
		if (ids.length > MAX_COMPARED_MODELS) return { ok: false, code: 'too_many_models' }
		const models = await modelsForTest(db, userId, ids, testMode)
		if (models.length !== ids.length || models.some((m) => m.category !== input.category)) return { ok: false, code: 'unknown_model' }

		let reference: { name: string; bytes: Uint8Array; ext: string; contentType: string; video: boolean } | null = null
		if (input.referenceImage && input.referenceImage.bytes.byteLength > 0) {
			const type = REFERENCE_TYPES[sniff(input.referenceImage.bytes) ?? 'text']
			if (!type || (type.video && input.category !== 'video')) return { ok: false, code: 'reference_type' }
			if (input.referenceImage.bytes.byteLength > (type.video ? VIDEO_REFERENCE_MAX_BYTES : IMAGE_MAX_BYTES)) return { ok: false, code: 'reference_too_large' }
			reference = { ...input.referenceImage, ...type }
			if (!type.video) {
				// Stored and served as uploaded otherwise: decoded and written again, so only a real image
				// (within the pixel limit) is kept, without its metadata (GPS) or anything appended to it.
				try {
					reference.bytes = (await reencodeImage(input.referenceImage.bytes)).bytes
				} catch (error) {
					if (error instanceof InputError) return { ok: false, code: error.code === 'image_too_large' ? 'reference_too_large' : 'reference_type' }
					throw error
				}
			}
		}
		if (models.some((m) => m.referenceImageRequired) && (!reference || reference.video)) return { ok: false, code: 'reference_required' }

		let video: VideoSettings | null = null
		if (input.category === 'video') {
			if (!input.video || !isOffered(sharedVideoOptions(models), input.video)) return { ok: false, code: 'video_settings' }
			video = { aspectRatio: input.video.aspectRatio, resolution: input.video.resolution, durationSeconds: input.video.durationSeconds }
		}

		const agent = input.agentId ? (isUuid(input.agentId) ? await findPersona(db, userId, input.agentId) : null) : null
		if (input.agentId && !agent) return { ok: false, code: 'unknown_agent' }

		const cost = testCost(models, input.category, video)
		const before = await creditBalance(db, userId)
		if (before < cost.total) return { ok: false, code: 'insufficient_credits', balance: before, cost: cost.total }

		const requestId = input.requestId && isUuid(input.requestId) ? input.requestId : null
		const referenceUrl = reference ? await storeReference(userId, reference, reference) : null
		let claimed
		try {
			claimed = await db.transaction().execute(async (trx) => {
				const tests: Array<ModelTestView> = []
				let balance = before
				for (const [index, model] of models.entries()) {
					const amount = cost.perModel[index]!
					const row = await trx
						.insertInto('model_tests')
						.values({
							user_id: userId,
							ai_model_id: model.id,
							model_id: model.modelId,
							category: input.category,
							prompt,
							agent_configuration_id: agent?.id ?? null,
							video_settings: video ? JSON.stringify({ ...video, ...(referenceUrl && !reference?.video ? { referenceUrl } : {}) }) : null,
							credits_cost: amount,
							status: video ? 'pending' : 'running',
							request_id: requestId,
						})
						.onConflict((oc) => oc.columns(['user_id', 'request_id', 'model_id']).where('request_id', 'is not', null).doNothing())
						.returning('id')
						.executeTakeFirst()
					if (!row) throw new Replayed()
					const debit = await debitCredits(trx, { userId, amount, type: ledgerType(model.name, video), reference: row.id })
					if (!debit.ok) throw new InsufficientCredits(debit.balance)
					balance = debit.balance
					if (video) await enqueue(trx, modelTestVideoJob, { testId: row.id }, { jobKey: `model_test_video:${row.id}` })
					tests.push({ id: row.id, modelId: model.modelId, modelName: model.name, category: input.category, status: video ? 'pending' : 'running', result: null, error: null, creditsCost: amount, videoSettings: video })
				}
				await notifyChange(trx, { userId, topic: 'credits' })
				await notifyChange(trx, { userId, topic: 'model_tests' })
				return { tests, balance }
			})
		} catch (error) {
			if (error instanceof InsufficientCredits) return { ok: false, code: 'insufficient_credits', balance: error.balance, cost: cost.total }
			if (error instanceof Replayed) return replay(userId, requestId!, cost.total)
			throw error
		}

		const settled =
			input.category === 'video'
				? Promise.resolve()
				: (async () => {
						const note = await describeReference(reference && !reference.video ? reference : null)
						const agentPersona = toPersona(agent)
						// The knowledge base's passages that match the prompt, as in a generation.
						const knowledge = agent && agentPersona?.knowledgeBase ? await selectKnowledge(db, userId, agent.id, prompt) : null
						const persona = agentPersona && knowledge ? { ...agentPersona, knowledgeBase: knowledge.text } : agentPersona
						const parameters = await apiParameters(models.map((m) => m.id))
						await Promise.all(claimed.tests.map((test, index) => runDirect(userId, test, models[index]!, parameters.get(models[index]!.id) ?? {}, prompt, persona, note)))
					})().catch(async (error: unknown) => {
						const message = failureMessage(error, { userId })
						for (const [index, test] of claimed.tests.entries()) {
							await fail(userId, test.id, models[index]!, test.creditsCost, message).catch((e: unknown) => logger.error('model_test_settle_failed', { testId: test.id, error: String(e) }))
						}
					})
		return { ok: true, tests: claimed.tests, charged: cost.total, balance: claimed.balance, settled }
	}

	/** The worker's video run: the provider's video model (Replicate polls its prediction), the clip stored as a file. */
	async function runVideo(testId: string, helpers: Pick<TaskHelpers, 'attempts' | 'signal'>) {
		const row = await db
			.selectFrom('model_tests as t')
			.leftJoin('ai_models as m', 'm.id', 't.ai_model_id')
			.select(['t.id', 't.user_id', 't.model_id', 't.prompt', 't.status', 't.credits_cost', 't.video_settings', 't.agent_configuration_id', 'm.name', 'm.provider', 'm.api_parameters'])
			.where('t.id', '=', testId)
			.executeTakeFirst()
		if (!row || (row.status !== 'pending' && row.status !== 'running')) return
		const model = { name: row.name ?? row.model_id, modelId: row.model_id }
		if (!row.provider) return fail(row.user_id, row.id, model, row.credits_cost, texts.server.errors.modelRemoved)
		const settings = row.video_settings as VideoSettings & { referenceUrl?: string }
		await db.updateTable('model_tests').set({ status: 'running' }).where('id', '=', row.id).where('status', '=', 'pending').execute()
		await notifyChange(db, { userId: row.user_id, topic: 'model_tests' })

		const video = ai.forProvider(row.provider).video
		if (!video) return fail(row.user_id, row.id, model, row.credits_cost, texts.server.errors.videoUnavailable)
		try {
			const agent = row.agent_configuration_id ? await findPersona(db, row.user_id, row.agent_configuration_id) : null
			const clip = await video.generate({
				model: row.model_id,
				parameters: (row.api_parameters ?? {}) as Record<string, unknown>,
				prompt: visualPrompt(row.prompt, toPersona(agent)),
				aspectRatio: settings.aspectRatio,
				resolution: settings.resolution,
				durationSeconds: settings.durationSeconds,
				imageUrl: settings.referenceUrl ? `${deps.appUrl}${settings.referenceUrl}` : null,
				signal: helpers.signal,
			})
			const url = await storeVideo(row.user_id, clip.bytes)
			await succeed(row.user_id, row.id, model, row.credits_cost, { type: 'video', content: url })
		} catch (error) {
			// Anything but a provider's answer (the database, the disk) is retried once by the worker.
			if (!(error instanceof AiError) && helpers.attempts < VIDEO_ATTEMPTS) throw error
			await fail(row.user_id, row.id, model, row.credits_cost, failureMessage(error, { testId: row.id, modelId: row.model_id }))
		}
	}

	/** Fails and refunds tests whose run was cut off (a restart while they ran). */
	async function reclaimStale(dbOrTrx: DbOrTrx, userId: string, ids: ReadonlyArray<string>) {
		const stale = await dbOrTrx
			.selectFrom('model_tests as t')
			.leftJoin('ai_models as m', 'm.id', 't.ai_model_id')
			.select(['t.id', 't.model_id', 't.credits_cost', 'm.name'])
			.where('t.user_id', '=', userId)
			.where('t.id', 'in', ids)
			.where('t.status', 'in', ['pending', 'running'])
			.where((eb) =>
				eb.or([
					eb.and([eb('t.category', '!=', 'video'), eb('t.updated_at', '<', sql<Date>`now() - make_interval(mins => ${STALE_DIRECT_MINUTES})`)]),
					eb.and([eb('t.category', '=', 'video'), eb('t.updated_at', '<', sql<Date>`now() - make_interval(mins => ${STALE_VIDEO_MINUTES})`)]),
				]),
			)
			.execute()
		for (const row of stale) await fail(userId, row.id, { name: row.name ?? row.model_id, modelId: row.model_id }, row.credits_cost, texts.server.errors.interrupted)
	}

	async function replay(userId: string, requestId: string, charged: number): Promise<ModelTestOutcome> {
		const rows = await db
			.selectFrom('model_tests as t')
			.leftJoin('ai_models as m', 'm.id', 't.ai_model_id')
			.select(['t.id', 't.model_id', 'm.name', 't.category', 't.status', 't.result', 't.error_message', 't.credits_cost', 't.video_settings'])
			.where('t.user_id', '=', userId)
			.where('t.request_id', '=', requestId)
			.orderBy('t.created_at')
			.orderBy('t.id')
			.execute()
		return { ok: true, tests: rows.map(toView), charged, balance: await creditBalance(db, userId), settled: Promise.resolve() }
	}

	/** The user's tests by id; another user's id is simply not found. */
	async function list(userId: string, ids: ReadonlyArray<string>): Promise<Array<ModelTestView>> {
		const valid = [...new Set(ids)].filter(isUuid).slice(0, 50)
		if (valid.length === 0) return []
		await reclaimStale(db, userId, valid)
		const rows = await db
			.selectFrom('model_tests as t')
			.leftJoin('ai_models as m', 'm.id', 't.ai_model_id')
			.select(['t.id', 't.model_id', 'm.name', 't.category', 't.status', 't.result', 't.error_message', 't.credits_cost', 't.video_settings'])
			.where('t.user_id', '=', userId)
			.where('t.id', 'in', valid)
			.orderBy('t.created_at')
			.orderBy('t.id')
			.execute()
		const byId = new Map(rows.map((r) => [r.id, toView(r)]))
		return valid.flatMap((id) => byId.get(id) ?? [])
	}

	return { run, runVideo, list }
}
