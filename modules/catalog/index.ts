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
