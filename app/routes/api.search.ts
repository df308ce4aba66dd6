import { data } from 'react-router'
import type { Route } from './+types/api.search'
import { servicesContext } from '#app/context.ts'
import { requireUser } from '#app/server/guards.server.ts'

/** How many hits the header's search box shows as you type. */
const LIVE_LIMIT = 8

// The header's search box as you type: the user's best hits, highlighted.
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 200)
	const results = q ? await context.get(servicesContext).search.search(user.id, q, LIVE_LIMIT) : []
	return data({ q, results }, { headers: { 'Cache-Control': 'no-store' } })
}
