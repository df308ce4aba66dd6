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
export type { GalleryModel, ToggleResult } from './gallery.server.ts'
export { ledgerType, modelTestVideoJob, type ModelTestErrorCode, type ModelTestInput, type ModelTestOutcome, type ModelTestResult, type ModelTestStatus, type ModelTestView } from './model-test.server.ts'

export type CatalogDeps = {
	db: Db
	ai: AiProviders
	files: FileStore
	logger: Logger
	/** The app's absolute URL: a video provider fetches the reference image from /media/ there. */
	appUrl: string
}

/** The model gallery (likes, favourites) and model tests charged in credits. */
export function createCatalogService(deps: CatalogDeps) {
	const { db } = deps
	const testMode = (provider: string) => deps.ai.forProvider(provider).testMode
	const tests = createModelTests(deps)
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
		tasks: [handleJob(modelTestVideoJob, ({ testId }, helpers) => tests.runVideo(testId, helpers))],
	}
}

export type CatalogService = ReturnType<typeof createCatalogService>
