// The MCP SDK client against the /mcp route module (its fetch calls the route's action and loader
// directly, with the services in the context), as tests/integration/mcp.test.ts drives it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult, TextContent } from '@modelcontextprotocol/sdk/types.js'
import { RouterContextProvider } from 'react-router'
import { servicesContext } from '#app/context.ts'
import { action, loader } from '#app/routes/mcp.ts'
import type { ApiScope } from '#modules/accounts/index.ts'
import type { Services } from '#modules/services.ts'

export const MCP_URL = 'http://127.0.0.1:3999/mcp'

/** The route as a fetch: a GET goes to the loader, every other method to the action. */
export function routeFetch(services: Services) {
	return async (input: string | URL | Request, init?: RequestInit) => {
		const request = new Request(input, init)
		const context = new RouterContextProvider()
		context.set(servicesContext, services)
		const args = { request, context, params: {} } as never
		return request.method === 'GET' ? loader(args) : action(args)
	}
}

export async function mcpToken(services: Services, userId: string, scopes: Array<ApiScope>) {
	const created = await services.accounts.apiTokens.create(userId, { name: 'Claude Desktop', scopes, expiresAt: null })
	if (!created.ok || !created.secret) throw new Error('token refused')
	return created.secret
}

/** A connected SDK client (it checks every structuredContent against the tool's outputSchema) and `call` for its tools. */
export async function mcpClient(services: Services, secret: string) {
	const client = new Client({ name: 'vitest', version: '1.0.0' })
	await client.connect(new StreamableHTTPClientTransport(new URL(MCP_URL), { fetch: routeFetch(services), requestInit: { headers: { Authorization: `Bearer ${secret}` } } }))
	const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult
	return { client, call }
}

export const textOf = (result: CallToolResult) => (result.content[0] as TextContent).text
