// An AI provider set and a file store in memory for the catalog's and the model tests' unit tests:
// every call is recorded; `fail` makes each model fail, `video` replaces the video model.
import sharp from 'sharp'
import type { FileStore, StoredFile } from '#modules/core/files.server.ts'
import { memoryFileStore } from './memory-files.ts'
import { AiError, type AiProvider, type AiProviders, type VideoModel } from '#modules/ai/index.ts'

export function memoryFiles(): FileStore & { files: Map<string, StoredFile> } {
	return memoryFileStore()
}

export const mp4 = new Uint8Array([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')])

export type Behaviour = { fail?: boolean; video?: VideoModel | null }

export function fakeAi(behaviour: Behaviour = {}): AiProviders & { calls: Array<string> } {
	const calls: Array<string> = []
	const boom = () => new AiError({ kind: 'transient', code: 'server_error', message: 'Der KI-Dienst ist gerade nicht erreichbar.' })
	const provider = (name: string): AiProvider => ({
		name,
		testMode: name === 'local',
		text: {
			async generate(request) {
				calls.push(`text:${request.model}`)
				if (behaviour.fail) throw boom()
				return { text: `Antwort von ${request.model}` }
			},
		},
		image: {
			async generate(request) {
				calls.push(`image:${request.model}`)
				if (behaviour.fail) throw boom()
				return { bytes: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer(), contentType: 'image/png' }
			},
		},
		video:
			behaviour.video === null
				? undefined
				: (behaviour.video ?? {
						async generate(request) {
							calls.push(`video:${request.model}:${request.resolution}:${request.durationSeconds}`)
							if (behaviour.fail) throw boom()
							return { bytes: mp4, contentType: 'video/mp4' }
						},
					}),
	})
	return {
		calls,
		forProvider: (name) => provider(name),
		providerOfModel: () => 'local',
		offline: provider('local'),
		transcriber: { transcribe: () => Promise.reject(new Error('no')) },
		vision: { describe: async () => ({ description: 'Ein blaues Quadrat.' }) },
		altText: { write: async () => ({ text: 'Ein blaues Quadrat.' }) },
	}
}
