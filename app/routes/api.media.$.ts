import type { Route } from './+types/api.media.$'
import { servicesContext } from '#app/context.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { isFileKey } from '#modules/core/files.server.ts'

// GET /api/media/<key>/status: what the media_process job has made of one of the user's uploads
// (ADR 0059), for the editor's polling when the live events are not connected. JSON of
// processedMediaOf's item; 404 for a key that is not the user's own upload.

const noStore = { 'Cache-Control': 'no-store' }
const STATUS_SUFFIX = '/status'

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const path = params['*'] ?? ''
	const key = path.endsWith(STATUS_SUFFIX) ? path.slice(0, -STATUS_SUFFIX.length) : ''
	const notFound = () => Response.json({ ok: false, code: 'not_found' }, { status: 404, headers: noStore })
	if (!isFileKey(key)) return notFound()
	const [media] = await context.get(servicesContext).media.processed(user.id, [key])
	if (!media) return notFound()
	return Response.json({ ok: true, ...media }, { headers: noStore })
}
