import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { servicesContext } from '#app/context.ts'
import { getInstance, getSpelling } from '#app/middleware/i18next.ts'
import { problemResponse } from '#app/server/api/problem.server.ts'
import { readJson } from '#app/server/api/request.server.ts'
import { spellingInstance } from '#app/utils/spelling-instances.ts'
import type { ApiPrincipal } from '#modules/accounts/index.ts'
import { registerAgentResources } from './agents.server.ts'
import { registerTools, type McpCall } from './tool.server.ts'
import { listAccountsTool, listChannelsTool } from './tools/accounts.server.ts'
import { listAgentsTool } from './tools/agents.server.ts'
import { generatePostTool } from './tools/generate.server.ts'
import { listPostsTool } from './tools/list-posts.server.ts'
import { deletePostTool, getPostTool, updatePostTool } from './tools/posts.server.ts'
import { getCreditsTool } from './tools/credits.server.ts'
import { listIdeasTool } from './tools/ideas.server.ts'
import { suggestTimesTool } from './tools/times.server.ts'
import { validatePostTool } from './tools/validate.server.ts'
import { createPostTool, publishPostTool, schedulePostTool } from './tools/write-posts.server.ts'

// The MCP server at /mcp (ADR 0019): stateless Streamable HTTP, a server and a transport per request
// for the token's user, JSON answers (no SSE stream, no session store), so any instance can answer.

const SERVER_INFO = { name: 'postwerk', title: 'Postwerk', version: '1.0.0' }

/** Every tool; each maps to a REST operation (tests/integration/mcp-rest-parity.test.ts). */
export const tools = [
	listAccountsTool,
	listChannelsTool,
	listAgentsTool,
	listPostsTool,
	getPostTool,
	validatePostTool,
	createPostTool,
	updatePostTool,
	schedulePostTool,
	publishPostTool,
	deletePostTool,
	generatePostTool,
	suggestTimesTool,
	getCreditsTool,
	listIdeasTool,
]

function callOf(context: Readonly<RouterContextProvider>, principal: ApiPrincipal): McpCall {
	const spelling = principal.user.spelling ?? getSpelling(context)
	const i18n = spellingInstance(spelling) ?? getInstance(context)
	return { context, services: context.get(servicesContext), principal, t: i18n.getFixedT(null, 'mcp'), spelling }
}

export function createMcpServer(call: McpCall) {
	const { t, principal } = call
	const server = new McpServer(SERVER_INFO, {
		instructions: t('instructions', { name: principal.user.fullName || principal.user.email, timeZone: principal.user.timeZone }),
	})
	registerTools(server, tools.map((tool) => tool(call)), call)
	registerAgentResources(server, call)
	return server
}

/** Accept must name both answers a Streamable HTTP server may give (the transport refuses it in English otherwise). */
function acceptsBoth(request: Request) {
	const accept = request.headers.get('Accept') ?? ''
	return /\bapplication\/json\b|\*\/\*/.test(accept) && /\btext\/event-stream\b|\*\/\*/.test(accept)
}

const INVALID_REQUEST = -32600

/** A refusal before any message runs, as JSON-RPC answers it (no id: it belongs to no single request). */
function jsonRpcError(status: number, code: number, message: string) {
	return new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } })
}

/**
 * One MCP POST of the token's user: one JSON-RPC message answered as JSON. A batch (a JSON array) is
 * refused: the revisions since 2025-06-18 have none, and no maintained client sends one (ADR 0038).
 */
export async function handleMcpPost(context: Readonly<RouterContextProvider>, request: Request, principal: ApiPrincipal): Promise<Response> {
	const call = callOf(context, principal)
	if (!acceptsBoth(request)) return problemResponse({ status: 406, code: 'not_acceptable', title: 'Nicht annehmbar', detail: call.t('errors.notAcceptable') })
	const body = await readJson(context, request, z.unknown(), { allowNul: true })
	// The token's rate limit and activity log count HTTP requests; a batch would run many messages as one.
	if (Array.isArray(body)) return jsonRpcError(400, INVALID_REQUEST, call.t('errors.batch'))
	const server = createMcpServer(call)
	const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
	await server.connect(transport)
	try {
		return await transport.handleRequest(request, { parsedBody: body })
	} finally {
		await server.close()
	}
}

/** GET (a server-sent stream) and DELETE (a session's end): a stateless server has neither. */
export function mcpMethodNotAllowed(context: Readonly<RouterContextProvider>) {
	const t = getInstance(context).getFixedT(null, 'mcp')
	return problemResponse({ status: 405, code: 'method_not_allowed', detail: t('errors.methodNotAllowed') }, { Allow: 'POST' })
}
