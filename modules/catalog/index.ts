import { creditBalance } from '#modules/credits/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import type { FileStore } from '#modules/core/files.server.ts'
import { handleJob } from '#modules/core/jobs.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import type { AiProviders } from '#modules/generation/ports.ts'
import type { GallerySort, ModelCategory } from './costs.ts'
import { listGallery, modelsForTest, setFavorite, setLike } from './gallery.server.ts'
import { createModelTests, modelTestVideoJob, type ModelTestInput } from './model-test.server.ts'
import { exportCatalogData } from './export.server.ts'
import { createAdminModels, type CatalogueActor } from './admin-models.server.ts'
import { importModels } from './admin-models-import.server.ts'
import type { PlatformCatalog } from '#modules/publishing/index.ts'

export { seedModelCatalogue, type SeedResult } from './seed.server.ts'
export {
	ASPECT_RATIOS,
	VIDEO_RESOLUTIONS,
	modelCatalogue,
	type AspectRatio,
	type CatalogueModel,
	type VideoResolution,
} from './model-catalogue.ts'
export { modelsById, type ModelInfo } from './lookup.server.ts'
export type { AdminModel, CatalogueActor, SaveModelInput, SaveModelResult } from './admin-models.server.ts'
export { validateModelEntries, type ImportProblem, type ImportResult } from './admin-models-import.server.ts'
export {
	ADMIN_FORMATS,
	ADMIN_RESOLUTIONS,
	AiModelDeleteSchema,
	AiModelFileEntrySchema,
	AiModelFormSchema,
	parseCategoryFilter,
	PREVIEW_MAX_BYTES,
	type AiModelFormInput,
	type AiModelValues,
} from './admin-models-schema.ts'
export type { GalleryModel, ToggleResult } from './gallery.server.ts'
export { ledgerType, modelTestVideoJob, type ModelTestErrorCode, type ModelTestInput, type ModelTestOutcome, type ModelTestResult, type ModelTestStatus, type ModelTestView } from './model-test.server.ts'

export type CatalogDeps = {
	db: Db
	ai: AiProviders
	files: FileStore
	logger: Logger
	/** The app's absolute URL: a video provider fetches the reference image from /media/ there. */
	appUrl: string
	/** The registered platforms (through publishing): a language model test writes a post for one. */
	platforms: PlatformCatalog
}

/** The model gallery (likes, favourites) and model tests charged in credits. */
export function createCatalogService(deps: CatalogDeps) {
	const { db } = deps
	const testMode = (provider: string) => deps.ai.forProvider(provider).testMode
	const tests = createModelTests(deps)
	const adminModels = createAdminModels(deps)
	return {
		/** A category's active models with the user's likes and favourites, and the user's balance. */
		async gallery(userId: string, input: { category: ModelCategory; sort: GallerySort }) {
			const [models, balance] = await Promise.all([listGallery(db, userId, input, testMode), creditBalance(db, userId)])
			return { models, balance }
		},
		/** The models of a test page (by model_id, in the order given) and the user's balance. */
		async testModels(userId: string, modelIds: ReadonlyArray<string>) {
			const [models, balance] = await Promise.all([modelsForTest(db, userId, modelIds, testMode), creditBalance(db, userId)])
			return { models, balance }
		},
		setLike: (userId: string, modelId: string, liked: boolean) => setLike(db, userId, modelId, liked),
		setFavorite: (userId: string, modelId: string, favorite: boolean) => setFavorite(db, userId, modelId, favorite),
		runModelTest: (userId: string, input: ModelTestInput) => tests.run(userId, input),
		/** The user's tests by id (another user's ids are not found). */
		modelTests: (userId: string, ids: ReadonlyArray<string>) => tests.list(userId, ids),
		/** The catalog part of 'Daten exportieren': model tests, likes and favourites. */
		exportData: (userId: string) => exportCatalogData(db, userId),
		/**
		 * 'KI-Modelle' (/admin/models) and `npm run seed:models`: callers must have passed requireAdmin.
		 * Every change is recorded in the admin audit log in its transaction.
		 */
		adminModels: {
			/** All models ordered by name, optionally of one category. */
			list: adminModels.list,
			/** Create (no id) or update, with an optional new preview image. */
			save: adminModels.save,
			/** False when the model does not exist. */
			remove: adminModels.remove,
			/** Upserts the entries of a JSON file by model_id (all validated first; nothing written if one is invalid). */
			importEntries: (actor: CatalogueActor, entries: unknown) => importModels(db, actor, entries),
		},
		tasks: [handleJob(modelTestVideoJob, ({ testId }, helpers) => tests.runVideo(testId, helpers))],
	}
}

export type CatalogService = ReturnType<typeof createCatalogService>
