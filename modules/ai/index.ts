// The AI ports and their vocabulary, used by generation, catalog, agents and news; the adapters in
// adapters/ai/<name> implement them. Owns no tables.
export {
	AiError,
	type AiErrorKind,
	type AiProvider,
	type AiProviderModule,
	type AiProviders,
	type ImageAspect,
	type ImageBrief,
	type ImageModel,
	type ImageRequest,
	type ImageResult,
	type MediaKind,
	type Persona,
	type SourceMaterial,
	type StyleProfile,
	type TextBrief,
	type TextModel,
	type TextRequest,
	type TextResult,
	type Transcriber,
	type VideoModel,
	type VideoRequest,
	type VideoResult,
	type Vision,
} from './ports.ts'
export { createAiProviders } from './providers.ts'
