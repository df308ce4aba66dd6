import { expect, test } from 'vitest'
import { readEnv } from '#modules/core/env.server.ts'
import type { AiProvider, AiProviderModule } from './ports.ts'
import { createAiProviders } from './providers.ts'

const env = readEnv({ APP_ENV: 'test', APP_SECRET: 'x'.repeat(32), AI_TIMEOUT_MS: '5000' })

const provider = (name: string, parts: Partial<AiProvider> = {}): AiProvider => ({ name, testMode: name === 'offline', ...parts })
const transcriber = (name: string) => ({ transcribe: async () => ({ text: name }) })
const vision = (name: string) => ({ describe: async () => ({ description: name }) })

const offline: AiProviderModule<null> = {
	name: 'offline',
	offline: true,
	fromEnv: () => null,
	create: () => provider('offline', { transcriber: transcriber('offline'), vision: vision('offline') }),
}
/** Configured when the timeout is 5 s (the env above): settings are what fromEnv read. */
const keyed = (name: string, parts: Partial<AiProvider>, runs: RegExp): AiProviderModule<{ timeoutMs: number }> => ({
	name,
	fromEnv: (e) => (e.AI_TIMEOUT_MS === 5000 ? { timeoutMs: e.AI_TIMEOUT_MS } : null),
	create: (settings) => provider(`${name}:${settings.timeoutMs}`, parts),
	runsModel: (modelId) => runs.test(modelId),
})
const unconfigured: AiProviderModule<string> = { name: 'ohne-schluessel', fromEnv: () => null, create: (key) => provider(key), runsModel: () => true }

test('providers by name; one without its key and an unknown name get the offline provider', () => {
	const ai = createAiProviders([offline, unconfigured, keyed('texte', {}, /^t-/)], env)
	expect(ai.forProvider('texte').name).toBe('texte:5000')
	expect(ai.forProvider('ohne-schluessel')).toBe(ai.offline)
	expect(ai.forProvider('gibt-es-nicht')).toBe(ai.offline)
	expect(ai.forProvider('offline').testMode).toBe(true)
})

test('a model id the catalogue does not know runs on the first module that claims it, else offline (configured or not)', () => {
	const ai = createAiProviders([offline, keyed('texte', {}, /^t-/), keyed('bilder', {}, /^(t-|b-)/), unconfigured], env)
	expect(ai.providerOfModel('t-1')).toBe('texte')
	expect(ai.providerOfModel('b-1')).toBe('bilder')
	expect(ai.providerOfModel('x-1')).toBe('ohne-schluessel')
	expect(createAiProviders([offline], env).providerOfModel('t-1')).toBe('offline')
})

test('speech to text and image descriptions: the first configured provider with them, else the offline one', async () => {
	const withBoth = keyed('stimme', { transcriber: transcriber('stimme'), vision: vision('stimme') }, /^s-/)
	const ai = createAiProviders([offline, keyed('texte', {}, /^t-/), withBoth], env)
	expect(await ai.transcriber.transcribe({ audio: new Uint8Array(), contentType: 'audio/wav', fileName: 'a.wav' })).toEqual({ text: 'stimme' })
	expect(await ai.vision.describe({ image: new Uint8Array(), contentType: 'image/png' })).toEqual({ description: 'stimme' })
	const none = createAiProviders([offline, keyed('texte', {}, /^t-/)], env)
	expect(await none.transcriber.transcribe({ audio: new Uint8Array(), contentType: 'audio/wav', fileName: 'a.wav' })).toEqual({ text: 'offline' })
})

test('the registry needs exactly one offline provider', () => {
	expect(() => createAiProviders([keyed('texte', {}, /^t-/)], env)).toThrow(/exactly one offline/)
	expect(() => createAiProviders([offline, { ...offline, name: 'zweites' }], env)).toThrow(/exactly one offline/)
})
