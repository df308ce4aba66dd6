import path from 'node:path'
import type { Express } from 'express'
import { platformModules, type Endpoints, type PlatformModule } from '#adapters/platforms/index.ts'
import { fetch as undiciFetch } from 'undici'
import { createSafeFetch, createSafeHttp, type Lookup, type SafeFetch } from '#adapters/web/index.ts'
import { sandboxUserFetch } from '#adapters/platforms/sandbox/user-hosts.ts'
import { WebReadError } from '#modules/media/index.ts'
import { createSandboxNetwork, type SandboxFactory, type SandboxNetwork } from '#adapters/platforms/sandbox/network.ts'
import { SandboxStore } from '#adapters/platforms/sandbox/store.ts'
import { unconfiguredAdapter } from '#adapters/platforms/unconfigured.ts'
import { createRequestFetch } from '#adapters/platforms/request-fetch.ts'
import { deriveCookieSecret } from '#modules/core/crypto.server.ts'
import type { Env } from '#modules/core/env.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { z } from 'zod'
import { DEFAULT_REQUIRED_SETTINGS, DEVELOPMENT_SETTINGS, ENV_DEFAULT_NAMES, type EnvSetting, type Platform, type PlatformAdapter, type PlatformDescriptor } from '#modules/publishing/index.ts'

type Credentials = { clientId?: string; clientSecret?: string; enabled?: string; overrides: Partial<Endpoints> }
type PlatformEnv = Pick<Env, 'variables'> & { isProduction?: boolean }

const httpUrl = z.url({ protocol: /^https?$/, error: 'an http(s):// address' })
/** What each setting must look like (an invalid value stops the start, like every other setting). */
const settingSchemas: Record<EnvSetting, z.ZodType<string>> = {
	clientId: z.string().min(1),
	clientSecret: z.string().min(1),
	apiBase: httpUrl,
	authorizeUrl: httpUrl,
	tokenUrl: httpUrl,
	version: z.string().regex(/^\d{6}$/, 'six digits (YYYYMM)'),
	enabled: z.enum(['true', 'false', '1', '0']),
	directoryUrl: httpUrl,
}

/** The name of a platform's setting, e.g. LINKEDIN_CLIENT_ID or META_APP_ID (descriptor.env). */
export function variableName(descriptor: PlatformDescriptor, setting: EnvSetting) {
	return `${descriptor.env.prefix}_${descriptor.env.names?.[setting] ?? ENV_DEFAULT_NAMES[setting]}`
}

/** A platform's client id, secret and endpoint overrides, read by the prefix its descriptor names. */
export function credentials(env: PlatformEnv, descriptor: PlatformDescriptor): Credentials {
	const read = (setting: EnvSetting) => {
		const name = variableName(descriptor, setting)
		const value = env.variables[name]
		if (value === undefined || (env.isProduction && DEVELOPMENT_SETTINGS.includes(setting))) return undefined
		const parsed = settingSchemas[setting].safeParse(value)
		if (!parsed.success) throw new Error(`Invalid configuration (see .env.example):\n  ${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
		return parsed.data
	}
	return {
		clientId: read('clientId'),
		clientSecret: read('clientSecret'),
		enabled: read('enabled'),
		overrides: { apiBase: read('apiBase'), authorizeUrl: read('authorizeUrl'), tokenUrl: read('tokenUrl'), version: read('version'), directoryUrl: read('directoryUrl') },
	}
}

/** The development-only variables set in production, where they are ignored: DEV_INSECURE_HOSTS and the platforms' (e.g. a local PLC directory). */
export function ignoredDevelopmentSettings(env: Pick<Env, 'variables' | 'isProduction' | 'ignoredDevSettings'>) {
	if (!env.isProduction) return []
	const platformSettings = platformModules.flatMap((module) => DEVELOPMENT_SETTINGS.map((setting) => variableName(module.descriptor, setting)))
	return [...env.ignoredDevSettings, ...platformSettings.filter((name) => env.variables[name] !== undefined)]
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
 * Streams a post's video from the app's own /media/ files (AdapterSettings.mediaStream, ADR 0058):
 * not buffered and not capped like createMediaFetch, so a 500 MB video passes through in chunks.
 * Any other origin or path is refused (403, like a refused address); redirects are not followed.
 */
export function createMediaStream(env: Pick<Env, 'APP_URL'>): typeof fetch {
	const origin = new URL(env.APP_URL).origin
	return (async (input: string | URL | Request, init?: RequestInit) => {
		const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
		if (url.origin !== origin || !url.pathname.startsWith('/media/')) return new Response(null, { status: 403, statusText: 'Only our own media are streamed' })
		return undiciFetch(url, { ...init, redirect: 'manual' } as never) as unknown as Promise<Response>
	}) as typeof fetch
}

/** Whether the settings the descriptor requires are there (client id and secret, or <PREFIX>_ENABLED=true). */
export function isConfigured(creds: Credentials, descriptor: PlatformDescriptor) {
	return (descriptor.env.required ?? DEFAULT_REQUIRED_SETTINGS).every((setting) => {
		const value = creds[setting as 'clientId' | 'clientSecret' | 'enabled'] ?? creds.overrides[setting as keyof Endpoints]
		return setting === 'enabled' ? value === 'true' || value === '1' : Boolean(value)
	})
}

/** The byte limit of an answer from a user's own server (an instance's API, a PDS). */
const USER_HOST_MAX_BYTES = 5 * 1024 * 1024

/**
 * Requests to servers the user names (Mastodon instances, a Bluesky handle's host and PDS): the
 * SSRF-safe rules for every request (public addresses, pinned, no redirects followed). Under
 * APP_ENV=test only the hosts in WEB_FETCH_ALLOW_HOSTS are reachable.
 */
export function createUserFetch(env: Pick<Env, 'APP_ENV' | 'PUBLISH_TIMEOUT_MS' | 'WEB_FETCH_ALLOW_HOSTS' | 'isProduction'> & { insecureHosts?: ReadonlyArray<string> }, options: { lookup?: Lookup } = {}): typeof fetch {
	// DEV_INSECURE_HOSTS: self-hosted servers in development (empty in production, see env.server.ts).
	const allowHosts = env.isProduction ? [] : [...(env.WEB_FETCH_ALLOW_HOSTS?.split(',') ?? []), ...(env.insecureHosts ?? [])]
	return createSafeHttp({ allowHosts, onlyAllowHosts: env.APP_ENV === 'test', maxBytes: USER_HOST_MAX_BYTES, timeoutMs: env.PUBLISH_TIMEOUT_MS, lookup: options.lookup })
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
export function createPlatforms(env: Env, logger?: Pick<Logger, 'warn'>, options: { lookup?: Lookup } = {}) {
	for (const name of ignoredDevelopmentSettings(env)) logger?.warn('development_setting_ignored', { name, reason: 'APP_ENV=production' })
	const browserBase = `${env.APP_URL}/sandbox`
	const serverBase = (env.SANDBOX_API_BASE ?? `http://127.0.0.1:${env.PORT}/sandbox`).replace(/\/$/, '')
	const configured = (module: PlatformModule) => isConfigured(credentials(env, module.descriptor), module.descriptor)
	const testMode = env.isProduction ? [] : platformModules.filter((module) => !configured(module))
	const sandbox = testMode.length ? createSandbox(env, browserBase, testMode) : null
	const mediaFetch = createMediaFetch(env)
	const mediaStream = createMediaStream(env)
	const userFetch = createUserFetch(env, options)
	// The platforms' own APIs (and the sandbox standing in for them) through undici's request (ADR 0023, ninth addendum).
	const platformFetch = createRequestFetch()
	const adapters = Object.fromEntries(
		platformModules.map((module: PlatformModule) => {
			const real = configured(module)
			if (!real && env.isProduction) return [module.platform, unconfiguredAdapter(module.platform)]
			const creds = credentials(env, module.descriptor)
			const endpoints = real ? { ...module.endpoints, ...defined(creds.overrides) } : module.sandboxEndpoints(serverBase, browserBase)
			const adapter = module.create({
				...endpoints,
				clientId: real ? creds.clientId! : `sandbox-${module.platform}`,
				clientSecret: real ? creds.clientSecret! : 'sandbox-secret',
				sandbox: !real,
				fetch: platformFetch,
				mediaFetch,
				mediaStream,
				userFetch: real ? userFetch : sandboxUserFetch(`${serverBase}/${module.sandboxName}`, platformFetch),
				insecureHosts: real ? env.insecureHosts : [],
				timeoutMs: env.PUBLISH_TIMEOUT_MS,
			})
			return [module.platform, adapter]
		}),
	) as Record<Platform, PlatformAdapter>
	return { adapters, descriptors: platformModules.map((module) => module.descriptor), sandbox }
}

/** The sandbox network with the fakes of the platforms in test mode (Facebook and Instagram share one). */
function createSandbox(env: Env, publicBase: string, modules: Array<PlatformModule>) {
	const store = new SandboxStore({ secret: deriveCookieSecret(`${env.APP_SECRET}:sandbox`), file: path.join(env.dataDir, 'sandbox-posts.json') })
	const fakes: Record<string, SandboxFactory> = {}
	for (const module of modules) fakes[module.sandboxName] = module.sandbox
	const names = Object.fromEntries(modules.map((module) => [module.descriptor.id, module.descriptor.name]))
	return createSandboxNetwork({ publicBase, store, fakes, names, callbackUrls: appCallbackUrls(env.APP_URL), controls: env.APP_ENV === 'test' })
}

/**
 * Serves the sandbox network below /sandbox when there is one. server/web.ts calls this after
 * secureApp, so its pages carry the app's security headers and cross-origin posts are refused.
 */
export function mountSandbox(app: Express, sandbox: SandboxNetwork | null) {
	if (sandbox) app.use('/sandbox', (req, res, next) => sandbox.handle(req, res, next))
}
