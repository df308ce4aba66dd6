import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/api.posts.$id.deliveries'
import { servicesContext } from '#app/context.ts'
import { requireUser } from '#app/server/guards.server.ts'

// The per-platform state of one of the user's posts (the publish-now toast polls it).
export async function loader({ request, context, params }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const id = z.uuid().safeParse(params.id)
	if (!id.success) throw data(null, { status: 404 })
	const deliveries = await context.get(servicesContext).publishing.deliveryStatus(user.id, id.data)
	return Response.json({ deliveries }, { headers: { 'Cache-Control': 'no-store' } })
}
