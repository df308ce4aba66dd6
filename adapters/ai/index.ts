// The registry of AI providers. Adding a provider: one folder adapters/ai/<name> that exports its
// AiProviderModule ({ name, fromEnv, create }), and one entry in this list.
import type { AiProviderModule } from '#modules/ai/ports.ts'
import { local } from './local/index.ts'
import { openai } from './openai/index.ts'
import { replicate } from './replicate/index.ts'

/**
 * In order of preference: a model id the catalogue does not know runs on the first provider that
 * claims it; speech to text and image descriptions come from the first configured provider with them.
 */
export const aiProviderModules: ReadonlyArray<AiProviderModule> = [local, openai, replicate]
