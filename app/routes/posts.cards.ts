import type { Route } from './+types/posts.cards'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { boardCards, CardsParamsSchema } from '#app/server/posts-board.server.ts'
import { currentBrandId } from '#app/server/brand-choice.server.ts'
// No '#locales/ns/posts.ts' (the server has every namespace): see posts.editor-data.ts.

// The cards of 'Meine Posts' the server does not draw (ADR 0034): the first page of each column and
// their delivery states, asked for by the page right after hydration and on client-side navigation.
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const parsed = CardsParamsSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	if (!parsed.success) return Response.json({ message: getInstance(context).t('posts:errors.invalid') }, { status: 400, headers: { 'Cache-Control': 'no-store' } })
	const { q, edit, show } = parsed.data
	const cards = await boardCards(context.get(servicesContext), user.id, { q, edit: edit ?? null, show }, false, await currentBrandId(context, request, user))
	return Response.json({ ...cards, q, show }, { headers: { 'Cache-Control': 'no-store' } })
}
