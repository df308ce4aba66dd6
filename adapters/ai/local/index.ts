import { randomUUID } from 'node:crypto'
import { AiError, type AiProvider, type AiProviderModule } from '#modules/ai/ports.ts'
import { createLocalAltText } from './alt-text.ts'
import { readDirectives } from './directives.ts'
import { renderBrandedImage } from './image.ts'
import { composePost } from './text.ts'
import { createLocalVideo } from './video.ts'
import { createLocalVision } from './vision.ts'

/** The offline default of the registry: always configured, needs no settings. */
export const local: AiProviderModule<null> = {
	name: 'local',
	offline: true,
	fromEnv: () => null,
	create: () => createLocalAiProvider(),
}

/**
 * The offline default ('Testmodus') used when no provider key is configured: texts composed from
 * the source and the persona, branded images rendered locally, a technical image description,
 * German alt texts from the image's prompt and short animated title-card clips (MP4). No transcription.
 */
export function createLocalAiProvider(): AiProvider {
	return {
		name: local.name,
		testMode: true,
		text: {
			async generate(request) {
				// An admin's template (and the learned style in the built-in one) steers the offline text too.
				// Seeded by the generation (or at random): five runs of the same idea read differently.
				const seed = `${request.model}\u0000${request.seed ?? randomUUID()}`
				return { text: composePost(request.brief, seed, readDirectives(request.system, request.prompt, request.brief)) }
			},
		},
		image: {
			async generate(request) {
				return { bytes: await renderBrandedImage(request.brief, request.prompt), contentType: 'image/jpeg' }
			},
		},
		video: createLocalVideo(),
		vision: createLocalVision(),
		altText: createLocalAltText(),
		transcriber: {
			async transcribe() {
				throw new AiError({
					kind: 'unavailable',
					code: 'transcription_unavailable',
					message: 'Die Transkription von Sprachaufnahmen benötigt einen konfigurierten KI-Schlüssel (OPENAI_API_KEY). Ihre Aufnahme wurde gespeichert.',
				})
			},
		},
	}
}
