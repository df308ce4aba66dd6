import type { Route } from './+types/api.v1.$'
import { apiNotFound } from '#app/server/api/handler.server.ts'

// Any other address below /api/v1: a 404 problem, never the app's page.
export function loader(args: Route.LoaderArgs) {
	return apiNotFound(args)
}

export function action(args: Route.ActionArgs) {
	return apiNotFound(args)
}
