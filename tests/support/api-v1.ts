// Calls the REST API's route modules (/api/v1/...) directly, as React Router would: a Request, a
// RouterContextProvider with the services, and the route's params, after the spelling middleware.
import { RouterContextProvider } from 'react-router'
import { servicesContext } from '#app/context.ts'
import { i18nextMiddleware } from '#app/middleware/i18next.ts'
import * as accounts from '#app/routes/api.v1.accounts.ts'
import * as catchAll from '#app/routes/api.v1.$.ts'
import * as channels from '#app/routes/api.v1.channels.ts'
import * as credits from '#app/routes/api.v1.credits.ts'
import * as ledger from '#app/routes/api.v1.credits.ledger.ts'
import * as drafts from '#app/routes/api.v1.drafts.ts'
import * as draft from '#app/routes/api.v1.drafts.$id.ts'
import * as generations from '#app/routes/api.v1.generations.ts'
import * as generation from '#app/routes/api.v1.generations.$id.ts'
import * as ideas from '#app/routes/api.v1.ideas.ts'
import * as media from '#app/routes/api.v1.media.ts'
import * as openapi from '#app/routes/api.v1.openapi[.]json.ts'
import * as posts from '#app/routes/api.v1.posts.ts'
import * as validate from '#app/routes/api.v1.posts.validate.ts'
import * as agents from '#app/routes/api.v1.agents.ts'
import * as times from '#app/routes/api.v1.times.ts'
import * as post from '#app/routes/api.v1.posts.$id.ts'
import * as publish from '#app/routes/api.v1.posts.$id.publish.ts'
import * as webhooks from '#app/routes/api.v1.webhooks.ts'
import * as webhook from '#app/routes/api.v1.webhooks.$id.ts'
import * as webhookDeliveries from '#app/routes/api.v1.webhooks.$id.deliveries.ts'
import * as webhookTest from '#app/routes/api.v1.webhooks.$id.send-test.ts'
import * as webhookReplay from '#app/routes/api.v1.webhooks.$id.replay.ts'
import type { Services } from '#modules/services.ts'

type RouteModule = { loader: (args: never) => Promise<Response> | Response; action: (args: never) => Promise<Response> | Response }

const ROUTES: Array<[RegExp, RouteModule]> = [
	[/^\/accounts$/, accounts],
	[/^\/channels$/, channels],
	[/^\/posts$/, posts],
	[/^\/posts\/validate$/, validate],
	[/^\/agents$/, agents],
	[/^\/times$/, times],
	[/^\/posts\/(?<id>[^/]+)$/, post],
	[/^\/posts\/(?<id>[^/]+)\/publish$/, publish],
	[/^\/drafts$/, drafts],
	[/^\/drafts\/(?<id>[^/]+)$/, draft],
	[/^\/media$/, media],
	[/^\/generations$/, generations],
	[/^\/generations\/(?<id>[^/]+)$/, generation],
	[/^\/credits$/, credits],
	[/^\/credits\/ledger$/, ledger],
	[/^\/ideas$/, ideas],
	[/^\/webhooks$/, webhooks],
	[/^\/webhooks\/(?<id>[^/]+)$/, webhook],
	[/^\/webhooks\/(?<id>[^/]+)\/deliveries$/, webhookDeliveries],
	[/^\/webhooks\/(?<id>[^/]+)\/test$/, webhookTest],
	[/^\/webhooks\/(?<id>[^/]+)\/replay$/, webhookReplay],
	[/^\/openapi\.json$/, openapi],
]

export type ApiCall = { token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string>; idempotencyKey?: string }

/** `call('POST', '/posts', { token, json })`: the route's answer. */
export function apiClient(services: Services) {
	return async function call(method: string, pathAndQuery: string, options: ApiCall = {}) {
		const path = pathAndQuery.split('?')[0]!
		const found = ROUTES.map(([pattern, module]) => [pattern.exec(path), module] as const).find(([match]) => match)
		const module = found?.[1] ?? catchAll
		const params = { ...(found?.[0]?.groups ?? {}), '*': path.slice(1) }
		const headers: Record<string, string> = { ...options.headers }
		if (options.token) headers.Authorization = `Bearer ${options.token}`
		if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey
		let body = options.body
		if (options.json !== undefined) {
			body = JSON.stringify(options.json)
			headers['Content-Type'] ??= 'application/json'
		}
		const request = new Request(`http://127.0.0.1:3999/api/v1${pathAndQuery}`, { method, headers, body })
		const context = new RouterContextProvider()
		context.set(servicesContext, services)
		const handler = method === 'GET' || method === 'HEAD' ? module.loader : module.action
		const args = { request, context, params }
		// The root's first middleware: the spelling of the browser's Accept-Language.
		return (await i18nextMiddleware(args as never, async () => (await handler(args as never)) as Response)) as Response
	}
}

/** A token of `userId` with `scopes` (the secret). */
export async function apiToken(services: Services, userId: string, scopes: Array<'read' | 'posts' | 'generate' | 'webhooks'> = ['read', 'posts', 'generate'], expiresAt: Date | null = null) {
	const created = await services.accounts.apiTokens.create(userId, { name: 'Test', scopes, expiresAt })
	if (!created.ok) throw new Error('token refused')
	return created.secret
}
