import { z } from 'zod'
import type { Route } from './+types/posts.editor-data'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { editorData } from '#app/server/posts-editor.server.ts'
// No '#locales/ns/posts.ts' here: the server has every namespace, and in the client build this module's
// side-effect imports count as one more page sharing the namespace (8 move it into the common chunk
// that the dashboard loads, scripts/vite/chunks.ts).

/** Asked for by the page's own code without parameters: strict. */
const EditorDataParamsSchema = z.object({}).strict()

const headers = { 'Cache-Control': 'private, no-store' }

// What only the editor of 'Meine Posts' needs (the signed-in user's connected pages, the cost of
// 'Bild neu generieren'), asked for when the editor first opens (ADR 0034, addendum 'editor data on demand').
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const parsed = EditorDataParamsSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	if (!parsed.success) return Response.json({ message: getInstance(context).t('posts:errors.invalid') }, { status: 400, headers })
	return Response.json(await editorData(context.get(servicesContext), user.id), { headers })
}
