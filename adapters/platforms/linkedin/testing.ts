import type { PublishTarget } from '#modules/publishing/ports.ts'
import { createSandboxNetwork, listenSandbox } from '../sandbox/network.ts'
import { SandboxStore } from '../sandbox/store.ts'
import type { AdapterSettings } from '../settings.ts'
import { createLinkedinAdapter } from './adapter.ts'
import { linkedin } from './index.ts'
import { createLinkedinFake } from './sandbox.ts'
import { memberSub } from './sandbox-oauth.ts'
import { sandboxOrganization } from './sandbox-rest.ts'

// For tests: the LinkedIn fake on a loopback port, adapter settings pointing at it and ready-made tokens.
// Use with `await using li = await startLinkedinSandbox()`.

/** The app's callback in these tests: the only redirect_uri the consent page accepts (any query). */
export const LINKEDIN_CALLBACK = 'http://app.test/api/social/linkedin/callback'

export async function startLinkedinSandbox() {
	const store = new SandboxStore()
	const server = await listenSandbox((base) => createSandboxNetwork({ publicBase: base, store, fakes: { linkedin: createLinkedinFake }, callbackUrls: [LINKEDIN_CALLBACK] }))
	const router = server.network.routers.linkedin!
	const settings = (overrides: Partial<AdapterSettings> = {}): AdapterSettings => ({
		...linkedin.sandboxEndpoints(server.base, server.base),
		clientId: 'sbx-client',
		clientSecret: 'sbx-secret',
		sandbox: true,
		fetch: globalThis.fetch,
		mediaFetch: globalThis.fetch,
		userFetch: globalThis.fetch,
		// Far beyond a loopback request on a loaded machine; a hanging request waits for it.
		timeoutMs: 5_000,
		...overrides,
	})
	const sub = memberSub('Max Muster')
	const token = store.issueToken({ platform: 'linkedin', subject: sub, kind: 'access' }, 3600)
	const target = (pageId: string, accessToken = token): PublishTarget => ({ accountId: sub, pageId, accessToken })
	return Object.assign(server, {
		store,
		router,
		settings,
		adapter: (overrides: Partial<AdapterSettings> = {}) => createLinkedinAdapter(settings(overrides), { imagePollIntervalMs: 5, imagePollAttempts: 5, videoPollIntervalMs: 5, videoPollAttempts: 5 }),
		token,
		person: `urn:li:person:${sub}`,
		organization: sandboxOrganization.urn,
		target,
	})
}

/** A 1x1 PNG. */
export const pngBytes = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
export const pngDataUrl = `data:image/png;base64,${pngBytes.toString('base64')}`
