// MCP and REST held to parity (issue 40): every MCP tool maps to a REST operation of the OpenAPI
// document with the same scope, and a tool without one fails here; for some tools the structured
// result equals the REST body for the same input.
import { randomUUID } from 'node:crypto'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { apiDocument } from '#app/server/api/v1/operations.server.ts'
import { tools } from '#app/server/mcp/server.server.ts'
import type { McpCall } from '#app/server/mcp/tool.server.ts'
import { apiClient, apiToken } from '#tests/support/api-v1.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { mcpClient, mcpToken } from '#tests/support/mcp-client.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

/** Each tool's REST operation (operationId). */
const TOOL_OPERATIONS: Record<string, string> = {
	list_accounts: 'listAccounts',
	list_channels: 'listChannels',
	list_agents: 'listAgents',
	list_posts: 'listPosts',
	get_post: 'getPost',
	validate_post: 'validatePost',
	create_post: 'createPost',
	update_post: 'updatePost',
	schedule_post: 'updatePost',
	publish_post: 'publishPost',
	delete_post: 'deletePost',
	generate_post: 'startGeneration',
	suggest_times: 'suggestTimes',
	get_credits: 'getCredits',
	list_ideas: 'listIdeas',
}

type OpenApiOperation = { operationId: string; 'x-scope'?: string }

test('every MCP tool maps to a REST operation with the same scope', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const call = { context: new RouterContextProvider(), services: h.services, principal: null, t: (key: string) => key, spelling: 'de-CH' } as unknown as McpCall
	const defined = tools.map((tool) => tool(call))
	const operations = Object.values(apiDocument(h.services.publishing.platforms.ids).paths ?? {}).flatMap((path) => Object.values(path as Record<string, OpenApiOperation>))
	const byId = new Map(operations.map((o) => [o.operationId, o]))
	for (const tool of defined) {
		const operationId = TOOL_OPERATIONS[tool.name]
		expect(operationId, `${tool.name} has no REST operation in TOOL_OPERATIONS`).toBeDefined()
		expect(byId.has(operationId!), `${tool.name}: ${operationId} is not in the OpenAPI document`).toBe(true)
		expect(byId.get(operationId!)!['x-scope'], tool.name).toBe(tool.scope)
	}
	// No row for a tool that is gone.
	expect(Object.keys(TOOL_OPERATIONS).sort()).toEqual(defined.map((tool) => tool.name).sort())
})

test('get_post, list_agents, validate_post, suggest_times and list_channels answer what REST answers for the same input', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin', 'mastodon'])
	await h.services.agents.createPreset(userId, 'Paulas Stimme', randomUUID())
	const rest = apiClient(h.services)
	const token = await apiToken(h.services, userId)
	const { client, call } = await mcpClient(h.services, await mcpToken(h.services, userId, ['read', 'posts']))
	const data = (result: CallToolResult) => result.structuredContent as Record<string, unknown>
	const body = async (method: string, path: string, json?: unknown) => {
		const response = await rest(method, path, { token, json })
		expect(response.status, `${method} ${path}`).toBeLessThan(300)
		return (await response.json()) as Record<string, unknown>
	}

	const created = (await body('POST', '/posts', { networks: ['linkedin', 'mastodon'], text: 'Parität', schedule: { type: 'next_slot' } })) as { id: string }
	expect(data(await call('get_post', { id: created.id }))).toEqual(await body('GET', `/posts/${created.id}`))
	expect(data(await call('list_agents')).agents).toEqual((await body('GET', '/agents')).data)
	expect(data(await call('suggest_times', { count: 3 }))).toEqual(await body('GET', '/times?count=3'))
	const channels = (data(await call('list_channels')).channels as Array<Record<string, unknown>>).map(({ networkName: _name, ...channel }) => channel)
	expect(channels).toEqual((await body('GET', '/channels')).data)
	for (const input of [{ networks: ['linkedin'], text: 'Gut' }, { networks: ['linkedin', 'threads'], text: 'x'.repeat(3100) }, { channels: [randomUUID()], text: 'Fremd' }]) {
		expect(data(await call('validate_post', input))).toEqual(await body('POST', '/posts/validate', input))
	}
	// The same change through both: the same post.
	const change = { text: 'Geändert', firstComment: 'Erster Kommentar' }
	const viaMcp = data(await call('update_post', { id: created.id, ...change }))
	const viaRest = await body('PATCH', `/posts/${created.id}`, change)
	expect({ ...viaMcp, updatedAt: null }).toEqual({ ...viaRest, updatedAt: null })
	await client.close()
})
