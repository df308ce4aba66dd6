import { createContext, type RouterContext } from 'react-router'
import type { Services } from '#modules/services.ts'
import type { CurrentUser } from '#modules/accounts/index.ts'
import type { Logger } from '#modules/core/logger.server.ts'

export type RequestInfo = {
	nonce: string
	ip: string
	userAgent: string
	appUrl: string
	isProduction: boolean
	/** Shows development-only helpers such as the mailbox link. */
	showDevTools: boolean
	cookieSecret: string
	googleConfigured: boolean
	/** BENCH_EMPTY_PAGE: the benchmarks' empty page (/bench/leer) answers instead of 404. */
	benchEmptyPage: boolean
}

// The server (plain Node) and the route modules (bundled by Vite) each load this file, so the
// context keys are kept on globalThis: both sides must hold the very same key objects.
function sharedContext<T>(name: string, fallback?: T): RouterContext<T> {
	const key = Symbol.for(`postwerk.context.${name}`)
	const store = globalThis as unknown as Record<symbol, RouterContext<T> | undefined>
	store[key] ??= createContext<T>(fallback)
	return store[key]
}

export const servicesContext = sharedContext<Services>('services')
export const requestInfoContext = sharedContext<RequestInfo>('request')
/** Set by the session middleware of the root route: the signed-in user or null. */
export const userContext = sharedContext<CurrentUser | null>('user', null)
/** Set by the root's databaseOutageMiddleware; entry.server's handleError marks it when the database was unreachable. */
export const databaseOutageContext = sharedContext<{ seen: boolean } | null>('database-outage', null)
/** The server's JSON logger (server/web.ts); null outside the server (entry.server then makes its own). */
export const loggerContext = sharedContext<Logger | null>('logger', null)
