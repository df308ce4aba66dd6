import type { Route } from './+types/api.v1.agents'
import { apiRoute } from '#app/server/api/handler.server.ts'

// /agents (REST API v1; the operations live in app/server/api/v1).
const route = apiRoute('/agents')

export function loader(args: Route.LoaderArgs) {
	return route(args)
}

export function action(args: Route.ActionArgs) {
	return route(args)
}
