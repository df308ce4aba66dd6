import { listPersonas } from '#modules/agents/index.ts'
import { creditBalance } from '#modules/credits/index.ts'
import { regenerationCost } from './costs.ts'
import { handleJob } from '#modules/core/jobs.server.ts'
import { hitRateLimit } from '#modules/core/rate-limit.server.ts'
import type { MediaUploads } from '#modules/media/index.ts'
import { createGenerator, resolveModels, type GenerationDeps } from './generate.server.ts'
import { reclaimGenerationsJob } from './jobs.ts'
import { findGeneration } from './api-views.server.ts'
import { checkDocument } from './check-document.server.ts'
import { exportGenerationData } from './export.server.ts'
import { reclaimStaleGenerations } from './reclaim.server.ts'
import { importImageFromUrl } from './image-import.server.ts'
import { createModelTests, modelTestVideoJob, type ModelTestInput } from './model-tests.server.ts'
import { suggestAltText, type SuggestAltTextInput } from './suggest-alt-text.server.ts'

export { generationCrontab } from './jobs.ts'
export { generatedAltTextSql, generatedImageSql, mediaOrigins } from './generated-media.server.ts'
export { ALT_TEXT_MAX, altTextLimit, cleanAltText } from './alt-text.server.ts'
export type { AltTextSuggestion, SuggestAltTextInput } from './suggest-alt-text.server.ts'
export type { GenerationView } from './api-views.server.ts'
export type { DocumentCheck } from './check-document.server.ts'
export { inputSummaryOf, parseGenerationForm, type GenerationInput } from './input.ts'
export type { ImageImportResult } from './image-import.server.ts'
export type { GenerationEvent, GenerationOutcome, RegenerationOutcome } from './outcome.ts'
export { ledgerType, modelTestVideoJob, type ModelTestErrorCode, type ModelTestInput, type ModelTestOutcome, type ModelTestResult, type ModelTestStatus, type ModelTestView } from './model-tests.server.ts'
export { activePromptTemplates, promptsAdmin, type AdminPrompt, type PromptCounts, type SavePromptResult } from './prompt-templates.server.ts'
export {
	IMAGE_PROMPT_VARIABLES,
	MAX_PROMPT_VARIABLES,
	PROMPT_CATEGORIES,
	PROMPT_VARIABLES,
	TEXT_PROMPT_VARIABLES,
	detectVariables,
	isPromptCategory,
	isUsedByGeneration,
	replaceVariables,
	unknownVariables,
	type ImagePromptVariable,
	type PromptCategory,
	type TextPromptVariable,
} from './prompt-variables.ts'
export { PROMPT_NAME_MAX, PROMPT_TEXT_MAX, PromptFormSchema, PromptSearchSchema, PromptToggleSchema, type PromptInput } from './prompt-templates-schema.ts'

export type CreatorModel = { modelId: string; name: string; cost: number; testMode: boolean }
export type CreatorAgent = { id: string; name: string; avatar: string; isDefault: boolean; text: CreatorModel; image: CreatorModel }

/**
 * Anti-automation for the costly AI calls (SECURITY.md 1.1, ASVS 2.4.1), per user and fixed window:
 * credits pay for what is delivered, but refunded failures (an unreachable article, a provider
 * error) cost the provider calls and the fetches all the same. Generous for a person at the creator.
 */
export const GENERATION_LIMITS = {
	/** 'Bilder generieren & Vorschau' (/api/generations). */
	generation: { limit: 30, windowSeconds: 10 * 60 },
	/** 'Bild neu generieren' (/api/generations/image). */
	regeneration: { limit: 30, windowSeconds: 10 * 60 },
	/** The creator's document check at upload (/api/documents/check): the parsers' work, no AI. */
	documentCheck: { limit: 60, windowSeconds: 10 * 60 },
	/** 'Alt-Text vorschlagen' (/api/media-alt-text): free for the user, a model call for us. */
	altText: { limit: 60, windowSeconds: 10 * 60 },
} as const

export type GenerationAdmission = { ok: true } | { ok: false; retryAfterSeconds: number }

export type GenerationServiceDeps = GenerationDeps & {
	/** The app's absolute URL: a video provider fetches a model test's reference image from /media/ there. */
	appUrl: string
	/** The media pipeline the model test hands its generated videos to (media's adoptGeneratedVideo). */
	media: Pick<MediaUploads, 'adoptGeneratedVideo'>
}

/** Turns inputs into per-platform texts and images through the AI ports, paid in credits; runs the model tests. */
export function createGenerationService(deps: GenerationServiceDeps) {
	const generator = createGenerator(deps)
	const modelTests = createModelTests(deps)
	const model = (m: { modelId: string; name: string; cost: number; provider: string }): CreatorModel => ({
		modelId: m.modelId,
		name: m.name,
		cost: m.cost,
		testMode: deps.ai.forProvider(m.provider).testMode,
	})

	return {
		/**
		 * Counts one request of the user against GENERATION_LIMITS; the web layer asks before it
		 * starts a generation and answers 429 when it is refused.
		 */
		async admit(userId: string, kind: keyof typeof GENERATION_LIMITS): Promise<GenerationAdmission> {
			const { limit, windowSeconds } = GENERATION_LIMITS[kind]
			const result = await hitRateLimit(deps.db, `${kind}:${userId}`, limit, windowSeconds)
			if (result.allowed) return { ok: true }
			deps.logger.warn('generation_rate_limited', { userId, kind })
			return { ok: false, retryAfterSeconds: result.retryAfterSeconds }
		},
		generate: generator.generate,
		/** The creator's upload step: whether a document can be read as the generation will read it. */
		checkDocument,
		/** An image from a user-given URL stored as the user's own /media file (CSV import); checked by content. */
		importImage: (userId: string, url: string, signal?: AbortSignal) => importImageFromUrl(deps, userId, url, signal),
		/** A creator generation of the user by id or by the request id it was started with (REST API polling); null when not theirs. */
		findGeneration: (userId: string, by: { id: string } | { requestId: string }) => findGeneration(deps.db, userId, by),
		regenerateImage: generator.regenerateImage,
		/** 'Alt-Text vorschlagen' for an image of a post: the text, not saved; once per request id. */
		suggestAltText: (userId: string, input: SuggestAltTextInput) => suggestAltText(deps, userId, input),
		/** 'Modell testen' (/model-test): runs the models side by side, each charged on its own ledger row. */
		runModelTest: (userId: string, input: ModelTestInput) => modelTests.run(userId, input),
		/** The user's model tests by id (another user's ids are not found). */
		modelTests: (userId: string, ids: ReadonlyArray<string>) => modelTests.list(userId, ids),
		/** The generation part of 'Daten exportieren': generations, model tests and the metadata of the user's files. */
		exportData: (userId: string) => exportGenerationData(deps.db, userId),
		reclaimStale: (staleAfterMinutes?: number) => reclaimStaleGenerations(deps.db, staleAfterMinutes),
		tasks: [
			handleJob(reclaimGenerationsJob, async () => void (await reclaimStaleGenerations(deps.db))),
			handleJob(modelTestVideoJob, ({ testId }, helpers) => modelTests.runVideo(testId, helpers)),
		],

		/** What 'Bild neu generieren' costs outside the creator (the draft editor; the balance comes with the session user). */
		async regenerationCost() {
			const models = await resolveModels(deps.db, deps.ai, [])
			return regenerationCost(models.regeneration.cost)
		},

		/** What the creator shows before generating: balance, agents with their models and costs (three queries). */
		async creatorData(userId: string) {
			const [balance, agents] = await Promise.all([creditBalance(deps.db, userId), listPersonas(deps.db, userId)])
			const models = await resolveModels(deps.db, deps.ai, agents)
			return {
				balance,
				agents: agents.map((a): CreatorAgent => {
					const m = models.byAgent.get(a.id)!
					return { id: a.id, name: a.name, avatar: a.avatar, isDefault: a.isDefault, text: model(m.text), image: model(m.image) }
				}),
				noAgent: { text: model(models.none.text), image: model(models.none.image) },
				regenerationCost: regenerationCost(models.regeneration.cost),
			}
		},
	}
}

export type GenerationService = ReturnType<typeof createGenerationService>
