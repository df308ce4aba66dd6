import type { Route } from './+types/settings.export'
import { servicesContext } from '#app/context.ts'
import { requireUser } from '#app/server/guards.server.ts'

// 'Daten exportieren': everything of the signed-in user's as a JSON download (no password hash,
// sessions or tokens; see the accounts module's exportUserData).
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const exported = await context.get(servicesContext).accounts.exportUserData(user.id)
	if (!exported) throw new Response(null, { status: 404 })
	const day = new Date().toISOString().slice(0, 10)
	return new Response(JSON.stringify(exported, null, 2), {
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Disposition': `attachment; filename="postwerk-export-${day}.json"`,
			'Cache-Control': 'no-store',
		},
	})
}
