// The MCP server over real HTTP (the built app): an assistant with the official SDK client plans a post
// with the user's token; the user sees it on Meine Posts, the database has it with origin mcp. A
// foreign Origin and a batch are refused as JSON.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult, TextContent } from '@modelcontextprotocol/sdk/types.js'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { e2eUrl } from '#tests/support/e2e.ts'

test('an assistant plans a post through /mcp and it shows on Meine Posts', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	const token = await services.accounts.apiTokens.create(user.id, { name: 'Claude Desktop', scopes: ['read', 'posts'], expiresAt: null })
	if (!token.ok) throw new Error('token refused')
	const client = new Client({ name: 'playwright', version: '1.0.0' })
	await client.connect(new StreamableHTTPClientTransport(new URL(`${e2eUrl}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token.secret}` } } }))
	const { tools } = await client.listTools()
	expect(tools.map((tool) => tool.name)).toContain('create_post')
	const result = (await client.callTool({ name: 'create_post', arguments: { networks: ['linkedin'], text: 'Vom Assistenten geplant', schedule: { type: 'next_slot' } } })) as CallToolResult
	expect(result.isError, (result.content[0] as TextContent).text).toBeFalsy()
	await client.close()

	const rows = await db.selectFrom('posts').select(['status', 'origin']).where('user_id', '=', user.id).execute()
	expect(rows).toEqual([{ status: 'scheduled', origin: 'mcp' }])
	await login(user)
	await gotoReady(page, '/posts')
	await expect(page.getByTestId('post-card').filter({ hasText: 'Vom Assistenten geplant' })).toBeVisible()

	// Without a token: 401 with a German problem; GET: 405.
	const refused = await page.request.post(`${e2eUrl}/mcp`, { headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, data: { jsonrpc: '2.0', id: 1, method: 'tools/list' } })
	expect(refused.status()).toBe(401)
	expect(await refused.json()).toMatchObject({ code: 'unauthorized', detail: expect.stringMatching(/API-Schlüssel/) })
	expect((await page.request.get(`${e2eUrl}/mcp`)).status()).toBe(405)
	// A foreign Origin (a web page trying the local server): a problem document, as every refusal here.
	const foreign = await page.request.post(`${e2eUrl}/mcp`, { headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Origin: 'https://evil.test' }, data: { jsonrpc: '2.0', id: 1, method: 'tools/list' } })
	expect(foreign.status()).toBe(403)
	expect(foreign.headers()['content-type']).toMatch(/^application\/problem\+json/)
	expect(await foreign.json()).toMatchObject({ code: 'cross_origin', detail: expect.stringMatching(/fremden Website/) })
	// A batch: one JSON-RPC error, nothing runs.
	const batch = await page.request.post(`${e2eUrl}/mcp`, {
		headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${token.secret}` },
		data: [1, 2].map((id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'create_post', arguments: { networks: ['linkedin'], text: `Stapel ${id}`, draft: true } } })),
	})
	expect(batch.status()).toBe(400)
	expect(await batch.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
	expect(await db.selectFrom('drafts').select('id').where('user_id', '=', user.id).execute()).toEqual([])
})
