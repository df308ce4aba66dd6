import type { Route } from './+types/api.v1.channels'
import { apiRoute } from '#app/server/api/handler.server.ts'

// /channels (REST API v1; the operations live in app/server/api/v1).
const route = apiRoute('/channels')

export function loader(args: Route.LoaderArgs) {
	return route(args)
}

export function action(args: Route.ActionArgs) {
	return route(args)
}
