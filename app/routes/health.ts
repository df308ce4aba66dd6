import type { Route } from './+types/health'
import { servicesContext } from '#app/context.ts'

// GET /health: for monitoring (HTTP 503 when the worker has stopped or deliveries are overdue).
export async function loader({ context }: Route.LoaderArgs) {
	const health = await context.get(servicesContext).publishing.health()
	return Response.json(health, { status: health.ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
}
