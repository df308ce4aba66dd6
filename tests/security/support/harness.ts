// The security suite's way into the app: the route modules of the route table (support/routes.ts)
// loaded as the server loads them, and one request through the middleware chain
// React Router runs for a route (root: i18n and the session cookie; the app and admin layouts:
// requireUser and requireAdmin) into the route's loader (GET) or action (other methods), with the
// module services of the composition root on a per-file test database.
//
// The HTTP-level protections in front of React Router (the same-origin guard and the security
// headers of server/security.ts) are not part of this chain: csrf.test.ts and headers.test.ts test
// them on their own, and tests/e2e/security.spec.ts against the real server.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll } from 'vitest'
import { RouterContextProvider, type MiddlewareFunction } from 'react-router'
import { requestInfoContext, servicesContext, type RequestInfo } from '#app/context.ts'
import { createSessionCookie } from '#app/server/cookies.server.ts'
import { deriveCookieSecret } from '#modules/core/crypto.server.ts'
import type { DB } from '#modules/core/db.server.ts'
import { readEnv, type Env } from '#modules/core/env.server.ts'
import { createLogger, type Logger } from '#modules/core/logger.server.ts'
import type { Services } from '#modules/services.ts'
import { composeServices } from '#server/compose.ts'
import { seedReferenceData } from '#server/seed.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { flatRoutes, type FlatRoute } from './routes.ts'

export { flatRoutes, routeSource, type FlatRoute } from './routes.ts'

/** The app's address in the harness (env APP_URL may set another one, e.g. where a sandbox is served). */
export const APP_URL = 'http://127.0.0.1:3999'
export const PASSWORD = 'sicheres-Test-Passwort-1'

/** vi.mock factory for UI-only packages: route modules load in ~4 s instead of ~13 s (their components never run here). */
export const uiStub = () => new Proxy({}, { has: () => true, get: (_target, key) => (key === 'then' || key === '__esModule' ? undefined : () => null) })

type RouteModule = {
	loader?: (args: unknown) => unknown
	action?: (args: unknown) => unknown
	middleware?: Array<MiddlewareFunction<Response>>
}

const modules = import.meta.glob<RouteModule>(['/app/routes/**/*.ts', '/app/routes/**/*.tsx', '/app/root.tsx'])

export async function loadModule(file: string): Promise<RouteModule> {
	const load = modules[`/app/${file}`]
	if (!load) throw new Error(`route module app/${file} not found`)
	return load()
}

// ---------------------------------------------------------------------------------------------
// Services and users

export type Harness = Awaited<ReturnType<typeof createHarness>>
export type TestUser = { id: string; email: string; password: string; token: string; cookie: string }

/**
 * The composition root's services on `db` (APP_ENV=test, offline adapters, files in a temporary
 * folder), the reference data seeded, and helpers to sign users in and call routes.
 */
export async function createHarness(db: Kysely<DB>, options: { env?: Record<string, string>; logger?: Logger } = {}) {
	const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-security-'))
	const env: Env = readEnv({
		APP_ENV: 'test',
		APP_SECRET: 'security-suite-secret-0123456789abcdef',
		APP_URL,
		DATA_DIR: dataDir,
		// The sandbox network is not served here: a closed port makes every platform call fail fast.
		SANDBOX_API_BASE: 'http://127.0.0.1:9/sandbox',
		...options.env,
	})
	const composition = composeServices({ env, db, logger: options.logger ?? createLogger('silent') })
	const { services } = composition
	await seedReferenceData(db)
	const cookieSecret = deriveCookieSecret(env.APP_SECRET)
	const appUrl = env.APP_URL
	const info = (ip = '127.0.0.1'): RequestInfo => ({
		nonce: 'test-nonce',
		ip,
		userAgent: 'security-suite',
		appUrl,
		isProduction: false,
		showDevTools: services.devMailbox !== null,
		cookieSecret,
		googleConfigured: services.googleSignIn !== null,
		benchEmptyPage: false,
	})
	const sessionCookie = createSessionCookie({ isProduction: false, cookieSecret })

	/** The Cookie header value that carries a session token (signed like the server signs it). */
	async function cookieOf(token: string) {
		return (await sessionCookie.serialize(token)).split(';')[0]!
	}

	/** A confirmed user with a session (and the admin role when asked). */
	async function user(options: { admin?: boolean; name?: string } = {}): Promise<TestUser> {
		const email = `${randomUUID()}@beispiel.ch`
		const id = await services.accounts.createConfirmedUser({ email, password: PASSWORD, fullName: options.name ?? 'Test Person' })
		if (options.admin) await services.accounts.grantRole(email, 'admin')
		const signIn = await services.accounts.signIn({ email, password: PASSWORD }, { ip: '127.0.0.1', userAgent: 'security-suite' })
		if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.error}`)
		return { id, email, password: PASSWORD, token: signIn.token, cookie: await cookieOf(signIn.token) }
	}

	return {
		db,
		env,
		services,
		composition,
		dataDir,
		info,
		cookieOf,
		sessionCookie,
		user,
		/** One request to `route` (a FlatRoute or its path) through the middleware chain into its loader or action. */
		call: (route: FlatRoute | string, request: CallRequest = {}): Promise<CallResult> => callRoute({ services, info, appUrl }, route, request),
		async [Symbol.asyncDispose]() {
			await fs.rm(dataDir, { recursive: true, force: true })
		},
	}
}

/**
 * A test file's database and harness: made before its tests and handed to `use`, disposed after
 * them (`let t, h; harnessPerFile((made) => ({ t, h } = made))`).
 */
export function harnessPerFile(use: (made: { t: TestDatabase; h: Harness }) => void, options?: Parameters<typeof createHarness>[1]) {
	let t: TestDatabase | undefined
	let h: Harness | undefined
	beforeAll(async () => {
		t = await createTestDatabase()
		h = await createHarness(t.db, options)
		use({ t, h })
	})
	afterAll(async () => {
		await h?.[Symbol.asyncDispose]()
		await t?.[Symbol.asyncDispose]()
	})
}

// ---------------------------------------------------------------------------------------------
// Calling a route

export type FormValue = string | File | Array<string | File>
export type CallRequest = {
	method?: string
	/** The user's session cookie (TestUser.cookie), or a whole Cookie header. */
	cookie?: string
	/** Values for the dynamic segments; default: a random UUID for each. */
	params?: Record<string, string>
	/** Query string without '?', or the params as an object. */
	search?: string | Record<string, string>
	/** The form (multipart) of a POST; strings, files or lists of them (repeated keys). */
	form?: FormData | Record<string, FormValue>
	/** A raw body instead of a form. */
	body?: string | Uint8Array<ArrayBuffer>
	headers?: Record<string, string>
	ip?: string
}

export type CallResult = {
	status: number
	/** Thrown by the route or a middleware (a redirect or an error response). */
	thrown: boolean
	headers: Headers
	/** The answer's data: a returned object, data() payload, or a Response's text (JSON parsed when it is JSON). */
	data: unknown
	/** The data as text (JSON for objects), for "does not contain" checks. */
	text: string
	location: string | null
}

export function toFormData(form: FormData | Record<string, FormValue>) {
	if (form instanceof FormData) return form
	const data = new FormData()
	for (const [key, value] of Object.entries(form)) for (const item of Array.isArray(value) ? value : [value]) data.append(key, item)
	return data
}

function fillPath(route: FlatRoute, params: Record<string, string>) {
	return route.path.replace(/:(\w+)\??/g, (_m, name: string) => encodeURIComponent(params[name] ?? '')).replace(/\*$/, params['*'] ?? '')
}

const flat = flatRoutes()

export function routeByPath(routePath: string) {
	const found = flat.find((r) => r.path === routePath)
	if (!found) throw new Error(`no route ${routePath} in app/routes.ts`)
	return found
}

type DataWithInit = { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null }
const isDataWithInit = (value: unknown): value is DataWithInit => typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit'

async function settle(value: unknown, thrown: boolean): Promise<CallResult> {
	if (value instanceof Response) {
		const type = value.headers.get('content-type') ?? ''
		// An event stream never ends: its headers are the answer.
		let text = ''
		if (type.startsWith('text/event-stream')) await value.body?.cancel()
		else text = await value.text()
		let data: unknown = text
		if (/json/.test(type)) {
			try {
				data = JSON.parse(text)
			} catch {
				data = text
			}
		}
		return { status: value.status, thrown, headers: value.headers, data, text, location: value.headers.get('location') }
	}
	if (isDataWithInit(value)) {
		const headers = new Headers(value.init?.headers)
		return { status: value.init?.status ?? 200, thrown, headers, data: value.data, text: JSON.stringify(value.data ?? null) ?? '', location: headers.get('location') }
	}
	return { status: 200, thrown, headers: new Headers(), data: value, text: JSON.stringify(value ?? null) ?? '', location: null }
}

/**
 * Runs root, layout and route middleware and then the loader (GET/HEAD) or action. A thrown
 * Response or data() is the answer (as React Router makes it); any other exception escapes, which
 * the server would turn into a 500.
 */
export async function callRoute(deps: { services: Services; info: (ip?: string) => RequestInfo; appUrl: string }, route: FlatRoute | string, request: CallRequest = {}): Promise<CallResult> {
	const target = typeof route === 'string' ? routeByPath(route) : route
	const method = (request.method ?? (request.form || request.body !== undefined ? 'POST' : 'GET')).toUpperCase()
	const params = Object.fromEntries(target.params.map((name) => [name, request.params?.[name] ?? randomUUID()]))
	const search = typeof request.search === 'string' ? request.search : request.search ? new URLSearchParams(request.search).toString() : ''
	const url = `${deps.appUrl}${fillPath(target, params)}${search ? `?${search}` : ''}`
	const headers = new Headers(request.headers)
	if (request.cookie) headers.set('Cookie', request.cookie)
	let body: Uint8Array | undefined
	if (method !== 'GET' && method !== 'HEAD' && (request.form || request.body !== undefined)) {
		// Encoded as a browser sends it, with its Content-Length (the body limits read that header first).
		const encoded = new Response(request.form ? toFormData(request.form) : request.body)
		body = new Uint8Array(await encoded.arrayBuffer())
		if (!headers.has('content-type')) headers.set('content-type', encoded.headers.get('content-type') ?? 'text/plain;charset=UTF-8')
		headers.set('content-length', String(body.byteLength))
	}
	const req = new Request(url, { method, headers, body: body as BodyInit | undefined })

	const context = new RouterContextProvider()
	context.set(servicesContext, deps.services)
	context.set(requestInfoContext, deps.info(request.ip))
	const chain = [await loadModule('root.tsx'), ...(await Promise.all(target.layouts.map(loadModule)))].flatMap((m) => m.middleware ?? [])
	const mod = await loadModule(target.file)
	const handler = method === 'GET' || method === 'HEAD' ? mod.loader : mod.action
	const args = { request: req, params, context }

	async function run(index: number): Promise<unknown> {
		if (index < chain.length) {
			let called = false
			let downstream: unknown
			const result = await chain[index]!(args as never, async () => {
				called = true
				downstream = await run(index + 1)
				return downstream as Response
			})
			// A middleware that does not call next() has it called after it returns (React Router does the same).
			if (!called) return run(index + 1)
			return result === undefined ? downstream : result
		}
		// No loader: React Router answers 405 for an action-less POST and 400/404 for a loader-less GET.
		if (!handler) return new Response(null, { status: method === 'GET' || method === 'HEAD' ? 400 : 405 })
		return handler(args)
	}

	try {
		return await settle(await run(0), false)
	} catch (error) {
		if (error instanceof Response || isDataWithInit(error)) return settle(error, true)
		throw error
	}
}
