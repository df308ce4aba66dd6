import type { Route } from './+types/api.v1.drafts'
import { apiRoute } from '#app/server/api/handler.server.ts'

// /drafts (REST API v1; the operations live in app/server/api/v1).
const route = apiRoute('/drafts')
export const loader = (args: Route.LoaderArgs) => route(args)
export const action = (args: Route.ActionArgs) => route(args)
