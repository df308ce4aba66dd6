import type { Route } from './+types/api.model-tests'
import { servicesContext } from '#app/context.ts'
import { requireUser } from '#app/server/guards.server.ts'

// The model test page follows its tests here (?ids=<id,...>); another user's ids are not found.
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const ids = (new URL(request.url).searchParams.get('ids') ?? '').split(',').filter(Boolean)
	const tests = await context.get(servicesContext).generation.modelTests(user.id, ids)
	return Response.json({ tests }, { headers: { 'Cache-Control': 'no-store' } })
}
