import type { Route } from './+types/api.v1.$'
import { apiNotFound } from '#app/server/api/handler.server.ts'

// Any other address below /api/v1: a 404 problem, never the app's page.
export const loader = (args: Route.LoaderArgs) => apiNotFound(args)
export const action = (args: Route.ActionArgs) => apiNotFound(args)
