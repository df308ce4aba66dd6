import type { Route } from './+types/api.v1.credits.ledger'
import { apiRoute } from '#app/server/api/handler.server.ts'

// /credits/ledger (REST API v1; the operations live in app/server/api/v1).
const route = apiRoute('/credits/ledger')

export function loader(args: Route.LoaderArgs) {
	return route(args)
}

export function action(args: Route.ActionArgs) {
	return route(args)
}
