import type { RouterContextProvider } from 'react-router'
import { servicesContext } from '#app/context.ts'
import { applyUserSpelling } from '#app/middleware/i18next.ts'
import { problem } from './problem.server.ts'
import { withRateLimitHeaders } from './rate-limit-headers.server.ts'
import { parseInput, queryOf, requireApiPrincipal } from './request.server.ts'
import { operationsFor } from './v1/operations.server.ts'
import type { ApiMethod } from './v1/operation.server.ts'

// The REST API's routes (/api/v1/...): each route module hands its path to apiRoute, which picks the
// operation by method (405 with Allow for another), checks the token's scope, the path and query
// parameters, and turns anything unexpected into a 500 problem without details. Every answer carries
// the RateLimit header fields (ADR 0073).

export const API_BASE = '/api/v1'

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> }

async function guarded(context: Readonly<RouterContextProvider>, run: () => Promise<Response>) {
	return withRateLimitHeaders(context, await answered(context, run))
}

async function answered(context: Readonly<RouterContextProvider>, run: () => Promise<Response>) {
	try {
		return await run()
	} catch (error) {
		if (error instanceof Response) return error
		console.error('api_internal_error', error instanceof Error ? error.stack : String(error))
		return problem(context, 500, 'internal')
	}
}

/** The loader and action of the route for `path` (OpenAPI form below /api/v1, e.g. '/posts/{id}'). */
export function apiRoute(path: string) {
	return ({ request, context, params }: Args) =>
		guarded(context, async () => {
			const services = context.get(servicesContext)
			const operations = operationsFor(services.publishing.platforms.ids).filter((o) => o.path === path)
			const method = (request.method === 'HEAD' ? 'GET' : request.method) as ApiMethod
			const operation = operations.find((o) => o.method === method)
			if (!operation) return problem(context, 405, 'method_not_allowed', { headers: { Allow: operations.map((o) => o.method).join(', ') } })
			const principal = operation.scope ? await requireApiPrincipal(context, request, operation.scope) : null
			// The user's own spelling (Settings › Schreibweise) for every German text of the answer.
			applyUserSpelling(context, principal?.user.spelling ?? null)
			const pathParams = operation.pathParams?.safeParse(params)
			// A malformed id cannot name anything of the user's.
			if (pathParams && !pathParams.success) return problem(context, 404, 'not_found')
			const query = operation.query ? parseInput(context, operation.query, queryOf(request)) : {}
			return operation.handle({ context, request, services, principal: principal!, params: (pathParams?.data ?? {}) as Record<string, string>, query })
		})
}

/** Any other address below /api/v1: a 404 problem (never the app's HTML page). */
export function apiNotFound({ context }: Args) {
	return withRateLimitHeaders(context, problem(context, 404, 'not_found'))
}
