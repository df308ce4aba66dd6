import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/api.posts.$id.preview'
import { servicesContext } from '#app/context.ts'
import { requireUser } from '#app/server/guards.server.ts'

// What a calendar chip's hover card adds to the chip (the start of the text and the image), read
// when the card opens instead of sending it for every chip of the page.
export async function loader({ request, context, params }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const id = z.uuid().safeParse(params.id)
	if (!id.success) throw data(null, { status: 404 })
	const preview = await context.get(servicesContext).content.calendarPreview(user.id, id.data)
	if (!preview) throw data(null, { status: 404 })
	return Response.json(preview, { headers: { 'Cache-Control': 'private, no-store' } })
}
