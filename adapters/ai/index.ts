import type { AiProvider, AiProviders } from '#modules/generation/ports.ts'
import { createLocalAiProvider } from './local/index.ts'
import { createOpenAiProvider } from './openai/index.ts'
import { createReplicateProvider } from './replicate/index.ts'

export type AiConfig = {
	openai: { apiKey?: string; baseUrl: string }
	replicate: { token?: string; baseUrl: string }
	timeoutMs: number
	/** Replicate runs (video models take minutes) get their own, longer deadline. */
	replicateTimeoutMs?: number
}

/**
 * The AI providers by catalogue name. A provider without a key configured falls back to the local
 * one (German texts from the persona, branded images rendered here), which the UI marks 'Testmodus'.
 * A new provider is one folder under adapters/ai and one line below.
 */
export function createAiProviders(config: AiConfig): AiProviders {
	const local = createLocalAiProvider()
	const providers = new Map<string, AiProvider>([['local', local]])
	if (config.openai.apiKey) providers.set('openai', createOpenAiProvider({ apiKey: config.openai.apiKey, baseUrl: config.openai.baseUrl, timeoutMs: config.timeoutMs }))
	if (config.replicate.token) providers.set('replicate', createReplicateProvider({ token: config.replicate.token, baseUrl: config.replicate.baseUrl, timeoutMs: config.replicateTimeoutMs ?? Math.max(config.timeoutMs, 600_000) }))
	const openai = providers.get('openai')
	return {
		forProvider: (name) => providers.get(name) ?? local,
		transcriber: openai?.transcriber ?? local.transcriber!,
		vision: openai?.vision ?? local.vision!,
	}
}
