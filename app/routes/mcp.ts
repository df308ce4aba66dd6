import type { Route } from './+types/mcp'
import { withRateLimitHeaders } from '#app/server/api/rate-limit-headers.server.ts'
import { requireApiPrincipal } from '#app/server/api/request.server.ts'
import { handleMcpPost, mcpMethodNotAllowed } from '#app/server/mcp/server.server.ts'

// The MCP server for AI assistants (Claude, ChatGPT, Cursor, ...): Streamable HTTP, signed in with a
// personal API token (Authorization: Bearer pw_…) that has at least the scope 'read' (ADR 0019).
// Every answer carries the RateLimit header fields (ADR 0073).

export async function action({ request, context }: Route.ActionArgs) {
	return withRateLimitHeaders(context, await answer(request, context))
}

async function answer(request: Request, context: Route.ActionArgs['context']) {
	if (request.method !== 'POST') return mcpMethodNotAllowed(context)
	try {
		const principal = await requireApiPrincipal(context, request, 'read', 'mcp')
		return await handleMcpPost(context, request, principal)
	} catch (error) {
		// The API helpers throw their German problem answers (401, 403, 413, 415, 429).
		if (error instanceof Response) return error
		throw error
	}
}

export function loader({ context }: Route.LoaderArgs) {
	return withRateLimitHeaders(context, mcpMethodNotAllowed(context))
}
