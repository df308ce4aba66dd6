// Test helpers for the Meta adapters: a loopback sandbox with the Meta fake, adapter settings
// pointing at it, and a browser's walk through the consent dialog.
import type { PlatformAdapter } from '#modules/publishing/ports.ts'
import { createSandboxNetwork, listenSandbox } from '../sandbox/network.ts'
import { SandboxStore } from '../sandbox/store.ts'
import type { AdapterSettings } from '../settings.ts'
import { metaSandboxEndpoints } from './endpoints.ts'
import { createMetaFake } from './sandbox.ts'

export const REDIRECT_URI = 'http://localhost:3000/connect/callback'

export function startMetaSandbox() {
	return listenSandbox((base) => createSandboxNetwork({ publicBase: base, store: new SandboxStore(), fakes: { meta: createMetaFake }, callbackUrls: [REDIRECT_URI] }))
}

export function sandboxSettings(base: string, overrides: Partial<AdapterSettings> = {}): AdapterSettings {
	return { ...metaSandboxEndpoints(base, base), clientId: 'sandbox-meta', clientSecret: 'sandbox-secret', sandbox: true, fetch, mediaFetch: fetch, userFetch: fetch, timeoutMs: 2000, ...overrides }
}

/** What the browser does on the consent page: 'Zulassen' or 'Abbrechen'; returns the callback URL. */
export async function consent(authorizationUrl: string, decision: 'allow' | 'deny' = 'allow') {
	const url = new URL(authorizationUrl)
	url.searchParams.set('decision', decision)
	const response = await fetch(url, { redirect: 'manual' })
	if (response.status !== 302) throw new Error(`consent answered ${response.status}`)
	return new URL(response.headers.get('location')!)
}

/** The whole connect flow: authorization URL → consent → code exchange. */
export async function connect(adapter: PlatformAdapter, state = 'state-1') {
	const callback = await consent(adapter.authorizationUrl({ state, codeVerifier: 'unused', redirectUri: REDIRECT_URI }))
	return adapter.exchangeCode({ code: callback.searchParams.get('code')!, codeVerifier: 'unused', redirectUri: REDIRECT_URI })
}
