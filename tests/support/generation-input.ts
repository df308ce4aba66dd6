import { randomUUID } from 'node:crypto'
import type { GenerationInput } from '#modules/generation/index.ts'

/** A creator's 'Smart Post' request about one idea, for the networks named, with a new request id. */
export function smartPostInput(platforms: GenerationInput['platforms'], overrides: Partial<GenerationInput> = {}): GenerationInput {
	return {
		requestId: randomUUID(),
		kind: 'smart-post',
		platforms,
		agentId: null,
		prompt: 'Wie kleine Unternehmen mit künstlicher Intelligenz Zeit im Kundenservice sparen',
		url: '',
		notes: '',
		article: null,
		document: null,
		image: null,
		audio: null,
		...overrides,
	}
}
