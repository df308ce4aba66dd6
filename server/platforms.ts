import path from 'node:path'
import { fetch as undiciFetch } from 'undici'
import { platformModules, type Endpoints, type PlatformModule } from '#adapters/platforms/index.ts'
import { createSandboxNetwork, type SandboxFactory } from '#adapters/platforms/sandbox/network.ts'
import { SandboxStore } from '#adapters/platforms/sandbox/store.ts'
import { deriveCookieSecret } from '#modules/core/crypto.server.ts'
import type { Env } from '#modules/core/env.server.ts'
import type { Platform, PlatformAdapter } from '#modules/publishing/index.ts'

type Credentials = { clientId?: string; clientSecret?: string; overrides: Partial<Endpoints> }

function credentials(env: Env, platform: Platform): Credentials {
	switch (platform) {
		case 'linkedin':
			return {
				clientId: env.LINKEDIN_CLIENT_ID,
				clientSecret: env.LINKEDIN_CLIENT_SECRET,
				overrides: { apiBase: env.LINKEDIN_API_BASE, authorizeUrl: env.LINKEDIN_AUTHORIZE_URL, tokenUrl: env.LINKEDIN_TOKEN_URL, version: env.LINKEDIN_VERSION },
			}
		case 'facebook':
		case 'instagram':
			return {
				clientId: env.META_APP_ID,
				clientSecret: env.META_APP_SECRET,
				overrides: { apiBase: env.META_GRAPH_BASE, authorizeUrl: env.META_DIALOG_URL, tokenUrl: env.META_TOKEN_URL },
			}
		case 'threads':
			return {
				clientId: env.THREADS_APP_ID,
				clientSecret: env.THREADS_APP_SECRET,
				overrides: { apiBase: env.THREADS_GRAPH_BASE, authorizeUrl: env.THREADS_AUTHORIZE_URL, tokenUrl: env.THREADS_TOKEN_URL },
			}
	}
}

function defined<T extends object>(value: T): Partial<T> {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

/**
 * The social platforms: each adapter talks to the real network when its client id and secret are
 * configured, otherwise to the built-in sandbox network served below /sandbox ('Testmodus').
 */
export function createPlatforms(env: Env) {
	const browserBase = `${env.APP_URL}/sandbox`
	const serverBase = (env.SANDBOX_API_BASE ?? `http://127.0.0.1:${env.PORT}/sandbox`).replace(/\/$/, '')
	const store = new SandboxStore({ secret: deriveCookieSecret(`${env.APP_SECRET}:sandbox`), file: path.join(env.dataDir, 'sandbox-posts.json') })
	const fakes: Record<string, SandboxFactory> = {}
	for (const module of platformModules) fakes[module.sandboxName] = module.sandbox
	const sandbox = createSandboxNetwork({ publicBase: browserBase, store, fakes, controls: env.APP_ENV === 'test' })
	const adapters = Object.fromEntries(
		platformModules.map((module: PlatformModule) => {
			const creds = credentials(env, module.platform)
			const real = Boolean(creds.clientId && creds.clientSecret)
			const endpoints = real ? { ...module.endpoints, ...defined(creds.overrides) } : module.sandboxEndpoints(serverBase, browserBase)
			const adapter = module.create({
				...endpoints,
				clientId: real ? creds.clientId! : `sandbox-${module.platform}`,
				clientSecret: real ? creds.clientSecret! : 'sandbox-secret',
				sandbox: !real,
				fetch: undiciFetch as unknown as typeof fetch,
				timeoutMs: env.PUBLISH_TIMEOUT_MS,
			})
			return [module.platform, adapter]
		}),
	) as Record<Platform, PlatformAdapter>
	return { adapters, sandbox }
}
