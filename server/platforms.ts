import path from 'node:path'
import type { Express } from 'express'
import { fetch as undiciFetch } from 'undici'
import { platformModules, type Endpoints, type PlatformModule } from '#adapters/platforms/index.ts'
import { createSafeFetch, type Lookup, type SafeFetch } from '#adapters/web/index.ts'
import { WebReadError } from '#modules/media/index.ts'
import { createSandboxNetwork, type SandboxFactory, type SandboxNetwork } from '#adapters/platforms/sandbox/network.ts'
import { SandboxStore } from '#adapters/platforms/sandbox/store.ts'
import { unconfiguredAdapter } from '#adapters/platforms/unconfigured.ts'
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

/** The byte limit of a post image download (the creator's images are smaller). */
const MEDIA_MAX_BYTES = 20 * 1024 * 1024

/**
 * A fetch for post images through the SSRF-safe fetcher (SECURITY.md 2.3): public addresses, and
 * the app's own origin (its /media/ files; on loopback in development and tests); base64 data: URLs
 * of images are read without a request. A refused address answers 403, an unreachable one throws
 * (retried like any network failure).
 */
export function createMediaFetch(env: Pick<Env, 'APP_URL' | 'APP_ENV' | 'PUBLISH_TIMEOUT_MS'>, options: { lookup?: Lookup } = {}): typeof fetch {
	const app = new URL(env.APP_URL)
	const appHost = `${app.hostname}:${app.port || (app.protocol === 'https:' ? 443 : 80)}`
	const safeFetch: SafeFetch = createSafeFetch({ allowHosts: [appHost], onlyAllowHosts: env.APP_ENV === 'test', maxBytes: MEDIA_MAX_BYTES, timeoutMs: env.PUBLISH_TIMEOUT_MS, lookup: options.lookup })
	return (async (input: string | URL | Request, init?: RequestInit) => {
		const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
		// An image inlined as a data: URL is decoded in-process (no request is made).
		if (/^data:image\/(png|jpeg|gif|webp);base64,/i.test(url)) return fetch(url)
		try {
			const result = await safeFetch(url, { signal: init?.signal ?? undefined })
			return new Response(result.body as BodyInit, { status: result.status, headers: result.contentType ? { 'content-type': result.contentType } : {} })
		} catch (error) {
			if (error instanceof WebReadError && (error.code === 'blocked_address' || error.code === 'invalid_url')) return new Response(null, { status: 403, statusText: error.message })
			throw error
		}
	}) as typeof fetch
}

/**
 * The app's own OAuth callbacks (modules/publishing builds each platform's redirect_uri the same
 * way): the only addresses the sandbox's consent pages send the browser back to.
 */
export function appCallbackUrls(appUrl: string) {
	return platformModules.map((module) => `${appUrl}/accounts/callback/${module.platform}`)
}

/**
 * The social platforms: each adapter talks to the real network when its client id and secret are
 * configured. Without them, outside production, it talks to the built-in sandbox network served
 * below /sandbox ('Testmodus'); in production such a platform cannot be connected (no sandbox is
 * offered to real users). `sandbox` is null when no platform runs in test mode: nothing is mounted.
 */
export function createPlatforms(env: Env) {
	const browserBase = `${env.APP_URL}/sandbox`
	const serverBase = (env.SANDBOX_API_BASE ?? `http://127.0.0.1:${env.PORT}/sandbox`).replace(/\/$/, '')
	const configured = (module: PlatformModule) => {
		const creds = credentials(env, module.platform)
		return Boolean(creds.clientId && creds.clientSecret)
	}
	const testMode = env.isProduction ? [] : platformModules.filter((module) => !configured(module))
	const sandbox = testMode.length ? createSandbox(env, browserBase, testMode) : null
	const mediaFetch = createMediaFetch(env)
	const adapters = Object.fromEntries(
		platformModules.map((module: PlatformModule) => {
			const real = configured(module)
			if (!real && env.isProduction) return [module.platform, unconfiguredAdapter(module.platform)]
			const creds = credentials(env, module.platform)
			const endpoints = real ? { ...module.endpoints, ...defined(creds.overrides) } : module.sandboxEndpoints(serverBase, browserBase)
			const adapter = module.create({
				...endpoints,
				clientId: real ? creds.clientId! : `sandbox-${module.platform}`,
				clientSecret: real ? creds.clientSecret! : 'sandbox-secret',
				sandbox: !real,
				fetch: undiciFetch as unknown as typeof fetch,
				mediaFetch,
				timeoutMs: env.PUBLISH_TIMEOUT_MS,
			})
			return [module.platform, adapter]
		}),
	) as Record<Platform, PlatformAdapter>
	return { adapters, sandbox }
}

/** The sandbox network with the fakes of the platforms in test mode (Facebook and Instagram share one). */
function createSandbox(env: Env, publicBase: string, modules: Array<PlatformModule>) {
	const store = new SandboxStore({ secret: deriveCookieSecret(`${env.APP_SECRET}:sandbox`), file: path.join(env.dataDir, 'sandbox-posts.json') })
	const fakes: Record<string, SandboxFactory> = {}
	for (const module of modules) fakes[module.sandboxName] = module.sandbox
	return createSandboxNetwork({ publicBase, store, fakes, callbackUrls: appCallbackUrls(env.APP_URL), controls: env.APP_ENV === 'test' })
}

/**
 * Serves the sandbox network below /sandbox when there is one. server/index.ts calls this after
 * secureApp, so its pages carry the app's security headers and cross-origin posts are refused.
 */
export function mountSandbox(app: Express, sandbox: SandboxNetwork | null) {
	if (sandbox) app.use('/sandbox', (req, res, next) => sandbox.handle(req, res, next))
}
