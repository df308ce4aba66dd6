import type { Route } from './+types/api.v1.webhooks.$id.send-test'
import { apiRoute } from '#app/server/api/handler.server.ts'

// /webhooks/{id}/test (REST API v1; the operations live in app/server/api/v1).
const route = apiRoute('/webhooks/{id}/test')

export function loader(args: Route.LoaderArgs) {
	return route(args)
}

export function action(args: Route.ActionArgs) {
	return route(args)
}
