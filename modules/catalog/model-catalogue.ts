// The AI models a fresh installation offers. After the first seed the admin area owns the
// catalogue; this list only adds models that are missing (see seed.server.ts).

import type { AspectRatio, VideoResolution } from './costs.ts'

export { ASPECT_RATIOS, VIDEO_RESOLUTIONS, type AspectRatio, type VideoResolution } from './costs.ts'

type BaseModel = {
	model_id: string
	name: string
	/** The provider's name in the AI registry (adapters/ai/<name>); any name the database's pattern allows. */
	provider: string
	description: string
	credits_cost: number
	/** 0 Standard, 1 Gut, 2 Empfohlen, 3 Featured */
	recommendation_level: 0 | 1 | 2 | 3
	features: string[]
	sort_order: number
	/** What the provider adapter sends besides the prompt (e.g. the Replicate model path). */
	api_parameters: Record<string, string | number | boolean>
}

export type LanguageModelSeed = BaseModel & { category: 'language' }

export type ImageModelSeed = BaseModel & { category: 'image'; aspect_ratios: AspectRatio[] }

export type VideoModelSeed = BaseModel & {
	category: 'video'
	supported_formats: AspectRatio[]
	supported_resolutions: VideoResolution[]
	fixed_durations: number[]
	video_duration_min: number
	video_duration_max: number
	/** Credits per second of video, by resolution. */
	resolution_credits: Partial<Record<VideoResolution, number>>
	supports_audio: boolean
	reference_image_required: boolean
}

export type CatalogueModel = LanguageModelSeed | ImageModelSeed | VideoModelSeed

const languageModels: LanguageModelSeed[] = [
	{
		category: 'language',
		model_id: 'gpt-5-2025-08-07',
		name: 'GPT-5',
		provider: 'openai',
		description: 'Das stärkste Sprachmodell von OpenAI: durchdachte, stilsichere Texte mit feinem Gespür für Tonalität und Zielgruppe.',
		credits_cost: 3,
		recommendation_level: 3,
		features: ['Höchste Textqualität', 'Versteht komplexe Briefings', 'Sehr gutes Deutsch'],
		sort_order: 10,
		api_parameters: { reasoning_effort: 'minimal' },
	},
	{
		category: 'language',
		model_id: 'gpt-5-mini-2025-08-07',
		name: 'GPT-5 mini',
		provider: 'openai',
		description: 'Kompakte Variante von GPT-5: schnelle, präzise Texte zu einem günstigeren Preis.',
		credits_cost: 2,
		recommendation_level: 2,
		features: ['Schnell', 'Gutes Preis-Leistungs-Verhältnis', 'Zuverlässige Struktur'],
		sort_order: 20,
		api_parameters: { reasoning_effort: 'minimal' },
	},
	{
		category: 'language',
		model_id: 'gpt-4.1',
		name: 'GPT-4.1',
		provider: 'openai',
		description: 'Bewährtes Modell für lange, sorgfältig aufgebaute Beiträge und das Befolgen detaillierter Vorgaben.',
		credits_cost: 2,
		recommendation_level: 2,
		features: ['Folgt Vorgaben genau', 'Langer Kontext', 'Ideal für LinkedIn'],
		sort_order: 30,
		api_parameters: { temperature: 0.7 },
	},
	{
		category: 'language',
		model_id: 'gpt-4o',
		name: 'GPT-4o',
		provider: 'openai',
		description: 'Vielseitiges Modell mit natürlichem, lebendigem Schreibstil, auch für Bild- und Audio-Eingaben.',
		credits_cost: 2,
		recommendation_level: 1,
		features: ['Natürlicher Stil', 'Versteht Bilder', 'Vielseitig'],
		sort_order: 40,
		api_parameters: { temperature: 0.8 },
	},
	{
		category: 'language',
		model_id: 'gpt-4.1-mini',
		name: 'GPT-4.1 mini',
		provider: 'openai',
		description: 'Schnelles, günstiges Modell für kurze Beiträge und viele Varianten.',
		credits_cost: 1,
		recommendation_level: 0,
		features: ['Sehr schnell', 'Günstig', 'Gut für Varianten'],
		sort_order: 50,
		api_parameters: { temperature: 0.7 },
	},
	{
		category: 'language',
		model_id: 'gpt-4o-mini',
		name: 'GPT-4o mini',
		provider: 'openai',
		description: 'Das Standardmodell ohne Agent: schnell und günstig für alltägliche Social-Media-Texte.',
		credits_cost: 1,
		recommendation_level: 1,
		features: ['Schnell', 'Günstig', 'Solide Qualität'],
		sort_order: 60,
		api_parameters: { temperature: 0.7 },
	},
]

const imageModels: ImageModelSeed[] = [
	{
		category: 'image',
		model_id: 'flux-1.1-pro',
		name: 'FLUX1.1 [pro]',
		provider: 'replicate',
		description: 'Hochwertige, fotorealistische Bilder mit präziser Umsetzung des Prompts. Standard für Agenten.',
		credits_cost: 5,
		recommendation_level: 3,
		features: ['Fotorealistisch', 'Präzise Prompt-Treue', 'Hohe Auflösung'],
		sort_order: 10,
		api_parameters: { replicate_model: 'black-forest-labs/flux-1.1-pro', output_format: 'webp' },
		aspect_ratios: ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '4:5', '5:4'],
	},
	{
		category: 'image',
		model_id: 'flux-1.1-pro-ultra',
		name: 'FLUX1.1 [pro] Ultra',
		provider: 'replicate',
		description: 'Bilder mit bis zu 4 Megapixeln für Kampagnen und großformatige Visuals.',
		credits_cost: 8,
		recommendation_level: 1,
		features: ['Bis 4 Megapixel', 'Raw-Modus', 'Detailreich'],
		sort_order: 20,
		api_parameters: { replicate_model: 'black-forest-labs/flux-1.1-pro-ultra', output_format: 'jpg' },
		aspect_ratios: ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '21:9', '9:21'],
	},
	{
		category: 'image',
		model_id: 'ideogram-v3-turbo',
		name: 'Ideogram 3.0 Turbo',
		provider: 'replicate',
		description: 'Stark bei Typografie: lesbare Schriftzüge, Logos und Grafiken mit Text im Bild.',
		credits_cost: 4,
		recommendation_level: 2,
		features: ['Text im Bild', 'Grafikdesign', 'Klare Kompositionen'],
		sort_order: 30,
		api_parameters: { replicate_model: 'ideogram-ai/ideogram-v3-turbo' },
		aspect_ratios: ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '4:5', '5:4'],
	},
	{
		category: 'image',
		model_id: 'gpt-image-1',
		name: 'GPT Image 1',
		provider: 'openai',
		description: 'Bildmodell von OpenAI, das komplexe Anweisungen versteht und Text sauber darstellt.',
		credits_cost: 6,
		recommendation_level: 1,
		features: ['Versteht lange Prompts', 'Text im Bild', 'Illustrationen'],
		sort_order: 40,
		api_parameters: { quality: 'medium' },
		aspect_ratios: ['1:1', '3:2', '2:3'],
	},
	{
		category: 'image',
		model_id: 'flux-dev',
		name: 'FLUX.1 [dev]',
		provider: 'replicate',
		description: 'Offenes FLUX-Modell mit guter Qualität und vielen Stilmöglichkeiten.',
		credits_cost: 4,
		recommendation_level: 0,
		features: ['Vielseitige Stile', 'Gute Details', 'Offenes Modell'],
		sort_order: 50,
		api_parameters: { replicate_model: 'black-forest-labs/flux-dev', output_format: 'webp' },
		aspect_ratios: ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '4:5', '5:4', '21:9', '9:21'],
	},
	{
		category: 'image',
		model_id: 'flux-schnell',
		name: 'FLUX.1 [schnell]',
		provider: 'replicate',
		description: 'Das Standard-Bildmodell ohne Agent: Bilder in wenigen Sekunden, ideal für Entwürfe.',
		credits_cost: 2,
		recommendation_level: 1,
		features: ['In Sekunden fertig', 'Günstig', 'Gut für Entwürfe'],
		sort_order: 60,
		api_parameters: { replicate_model: 'black-forest-labs/flux-schnell', output_format: 'webp' },
		aspect_ratios: ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '4:5', '5:4', '21:9', '9:21'],
	},
]

const videoModels: VideoModelSeed[] = [
	{
		category: 'video',
		model_id: 'seedance-1-pro',
		name: 'Seedance 1 Pro',
		provider: 'replicate',
		description: 'Videomodell von ByteDance: flüssige Bewegungen, filmische Kamerafahrten und bis zu 1080p. Standard für Agenten.',
		credits_cost: 3,
		recommendation_level: 3,
		features: ['Bis 1080p', 'Filmische Kamera', 'Text oder Bild als Start'],
		sort_order: 10,
		api_parameters: { replicate_model: 'bytedance/seedance-1-pro', fps: 24 },
		supported_formats: ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'],
		supported_resolutions: ['480p', '720p', '1080p'],
		fixed_durations: [5, 10],
		video_duration_min: 2,
		video_duration_max: 12,
		resolution_credits: { '480p': 1, '720p': 2, '1080p': 3 },
		supports_audio: false,
		reference_image_required: false,
	},
	{
		category: 'video',
		model_id: 'veo-3-fast',
		name: 'Veo 3 Fast',
		provider: 'replicate',
		description: 'Videomodell von Google mit passendem Ton: Geräusche, Musik und Sprache direkt im Clip.',
		credits_cost: 5,
		recommendation_level: 2,
		features: ['Mit Ton', 'Realistische Szenen', 'Bis 1080p'],
		sort_order: 20,
		api_parameters: { replicate_model: 'google/veo-3-fast' },
		supported_formats: ['16:9', '9:16'],
		supported_resolutions: ['720p', '1080p'],
		fixed_durations: [8],
		video_duration_min: 8,
		video_duration_max: 8,
		resolution_credits: { '720p': 4, '1080p': 5 },
		supports_audio: true,
		reference_image_required: false,
	},
	{
		category: 'video',
		model_id: 'kling-v2.1',
		name: 'Kling 2.1',
		provider: 'replicate',
		description: 'Erweckt ein Startbild zum Leben: natürliche Bewegungen von Personen und Produkten.',
		credits_cost: 3,
		recommendation_level: 2,
		features: ['Bild zu Video', 'Natürliche Bewegung', 'Bis 1080p'],
		sort_order: 30,
		api_parameters: { replicate_model: 'kwaivgi/kling-v2.1' },
		supported_formats: ['16:9', '9:16', '1:1'],
		supported_resolutions: ['720p', '1080p'],
		fixed_durations: [5, 10],
		video_duration_min: 5,
		video_duration_max: 10,
		resolution_credits: { '720p': 2, '1080p': 3.5 },
		supports_audio: false,
		reference_image_required: true,
	},
	{
		category: 'video',
		model_id: 'seedance-1-lite',
		name: 'Seedance 1 Lite',
		provider: 'replicate',
		description: 'Günstige Seedance-Variante für schnelle Clips und erste Ideen.',
		credits_cost: 2,
		recommendation_level: 1,
		features: ['Günstig', 'Schnell', 'Text oder Bild als Start'],
		sort_order: 40,
		api_parameters: { replicate_model: 'bytedance/seedance-1-lite', fps: 24 },
		supported_formats: ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'],
		supported_resolutions: ['480p', '720p', '1080p'],
		fixed_durations: [5, 10],
		video_duration_min: 2,
		video_duration_max: 12,
		resolution_credits: { '480p': 0.5, '720p': 1, '1080p': 2 },
		supports_audio: false,
		reference_image_required: false,
	},
	{
		category: 'video',
		model_id: 'wan-2.2-t2v-fast',
		name: 'Wan 2.2 Fast',
		provider: 'replicate',
		description: 'Offenes Videomodell für kurze, schnelle Clips aus einem Text-Prompt.',
		credits_cost: 1,
		recommendation_level: 0,
		features: ['Sehr schnell', 'Sehr günstig', 'Offenes Modell'],
		sort_order: 50,
		api_parameters: { replicate_model: 'wan-video/wan-2.2-t2v-fast' },
		supported_formats: ['16:9', '9:16'],
		supported_resolutions: ['480p', '720p'],
		fixed_durations: [5],
		video_duration_min: 5,
		video_duration_max: 5,
		resolution_credits: { '480p': 0.5, '720p': 1 },
		supports_audio: false,
		reference_image_required: false,
	},
]

export const modelCatalogue: CatalogueModel[] = [...languageModels, ...imageModels, ...videoModels]
