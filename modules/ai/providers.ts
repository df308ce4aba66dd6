import type { Env } from '#modules/core/env.server.ts'
import type { AiProvider, AiProviderModule, AiProviders } from './ports.ts'

/**
 * The AI providers of the registry's modules that the configuration has keys for. A provider
 * without its key, and a capability a provider lacks, fall back to the offline module's provider
 * (German texts from the persona, branded images rendered here), which the UI marks 'Testmodus'.
 */
export function createAiProviders(modules: ReadonlyArray<AiProviderModule>, env: Env): AiProviders {
	const offlineModules = modules.filter((m) => m.offline)
	if (offlineModules.length !== 1) throw new Error(`The AI provider registry needs exactly one offline provider, not ${offlineModules.length}`)
	const offlineModule = offlineModules[0]!
	const offline = offlineModule.create(offlineModule.fromEnv(env))
	const providers = new Map<string, AiProvider>([[offlineModule.name, offline]])
	for (const module of modules) {
		if (module.offline) continue
		const settings = module.fromEnv(env)
		if (settings !== null) providers.set(module.name, module.create(settings))
	}
	const configured = [...providers.values()].filter((p) => p !== offline)
	return {
		forProvider: (name) => providers.get(name) ?? offline,
		providerOfModel: (modelId) => modules.find((m) => !m.offline && m.runsModel?.(modelId))?.name ?? offlineModule.name,
		offline,
		transcriber: configured.find((p) => p.transcriber)?.transcriber ?? offline.transcriber!,
		vision: configured.find((p) => p.vision)?.vision ?? offline.vision!,
		altText: configured.find((p) => p.altText)?.altText ?? offline.altText!,
	}
}
