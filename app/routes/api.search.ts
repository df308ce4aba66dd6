import { data } from 'react-router'
import type { Route } from './+types/api.search'
import { servicesContext } from '#app/context.ts'
import { requireUser } from '#app/server/guards.server.ts'

/** How many hits the header's search box shows as you type. */
const LIVE_LIMIT = 8

// The header's search box as you type: the user's best hits, highlighted (rate-limited per user).
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 200)
	if (!q) return data({ q, results: [], limited: false }, { headers: { 'Cache-Control': 'no-store' } })
	const found = await context.get(servicesContext).search.live(user.id, q, LIVE_LIMIT)
	if (!found.ok) {
		return data({ q, results: [], limited: true }, { status: 429, headers: { 'Cache-Control': 'no-store', 'Retry-After': String(found.retryAfterSeconds) } })
	}
	return data({ q, results: found.results, limited: false }, { headers: { 'Cache-Control': 'no-store' } })
}
