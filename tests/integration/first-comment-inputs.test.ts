import { randomUUID } from 'node:crypto'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { servicesContext } from '#app/context.ts'
import { action, loader } from '#app/routes/mcp.ts'
import { parseContent } from '#modules/content/post-content.ts'
import { importRows, previewRows } from '#modules/posting/index.ts'
import { addDays, todayIn } from '#modules/scheduling/index.ts'
import type { Services } from '#modules/services.ts'
import { apiClient, apiToken } from '#tests/support/api-v1.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

// Issue 39 item 5: the first comment through every way a post comes in: the REST API (firstComment),
// MCP (create_post, schedule_post) and the CSV column erster_kommentar; each round trips.

const zone = 'Europe/Zurich'
const inDays = (days: number, hour = 9) => {
	const at = new Date(Date.now() + days * 86_400_000)
	at.setUTCHours(hour, 0, 0, 0)
	return at.toISOString()
}

test('REST: a post with firstComment answers it, PATCH changes and removes it, and publishing shows the comment’s state', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['bluesky'])
	const token = await apiToken(h.services, userId)
	const call = apiClient(h.services)

	const created = await call('POST', '/posts', { token, json: { networks: ['bluesky'], text: 'Mit Kommentar', firstComment: 'Mehr im Link', schedule: { type: 'at', at: inDays(3) } } })
	expect(created.status).toBe(201)
	const post = (await created.json()) as { id: string; firstComment: string | null; deliveries: Array<{ firstComment: unknown }> }
	expect(post.firstComment).toBe('Mehr im Link')
	expect(post.deliveries[0]!.firstComment).toBeNull()

	const changed = await call('PATCH', `/posts/${post.id}`, { token, json: { firstComment: 'Neuer Kommentar' } })
	expect(changed.status).toBe(200)
	expect(((await changed.json()) as { firstComment: string; text: string })).toMatchObject({ firstComment: 'Neuer Kommentar', text: 'Mit Kommentar' })
	// A text change keeps the comment; '' removes it.
	expect(((await (await call('PATCH', `/posts/${post.id}`, { token, json: { text: 'Anderer Text' } })).json()) as { firstComment: string }).firstComment).toBe('Neuer Kommentar')
	expect(((await (await call('PATCH', `/posts/${post.id}`, { token, json: { firstComment: '' } })).json()) as { firstComment: string | null }).firstComment).toBeNull()

	const now = await call('POST', '/posts', { token, json: { networks: ['bluesky'], text: 'Sofort mit Kommentar', firstComment: 'Sofort darunter', schedule: { type: 'now' } } })
	expect(now.status).toBe(201)
	const nowId = ((await now.json()) as { id: string }).id
	await h.runDueJobs()
	const read = (await (await call('GET', `/posts/${nowId}`, { token })).json()) as { deliveries: Array<{ status: string; firstComment: { status: string; url: string | null; reason: string | null } }> }
	expect(read.deliveries).toMatchObject([{ status: 'published', firstComment: { status: 'published', url: expect.stringContaining('/post/'), reason: null } }])

	// The OpenAPI document names the new fields.
	const openapi = (await (await call('GET', '/openapi.json')).json()) as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }
	expect(Object.keys(openapi.components.schemas.NewPost!.properties!)).toContain('firstComment')
	expect(Object.keys(openapi.components.schemas.Post!.properties!)).toContain('firstComment')
	expect(Object.keys(openapi.components.schemas.Delivery!.properties!)).toContain('firstComment')
})

/** The MCP route as a fetch (as tests/integration/mcp.test.ts). */
function routeFetch(services: Services) {
	return async (input: string | URL | Request, init?: RequestInit) => {
		const request = new Request(input, init)
		const context = new RouterContextProvider()
		context.set(servicesContext, services)
		const args = { request, context, params: {} } as never
		return request.method === 'GET' ? loader(args) : action(args)
	}
}

test('MCP: create_post takes firstComment, schedule_post sets it on a post; the answers carry it', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['mastodon'])
	const created = await h.services.accounts.apiTokens.create(userId, { name: 'Claude Desktop', scopes: ['read', 'posts'], expiresAt: null })
	if (!created.ok || !created.secret) throw new Error('token refused')
	const client = new Client({ name: 'vitest', version: '1.0.0' })
	await client.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1:3999/mcp'), { fetch: routeFetch(h.services), requestInit: { headers: { Authorization: `Bearer ${created.secret}` } } }))
	const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult
	type Answer = { post: { id: string; firstComment: string | null } }

	const made = await call('create_post', { networks: ['mastodon'], text: 'Von der KI', firstComment: 'Quelle im Kommentar', schedule: { type: 'next_slot' } })
	expect(made.isError).toBeFalsy()
	expect((made.structuredContent as Answer).post.firstComment).toBe('Quelle im Kommentar')

	const draft = await h.services.content.createPost(userId, { platform: 'mastodon', content: { base: 'Noch ohne', platforms: {} }, status: 'draft', timeZone: zone })
	const scheduled = await call('schedule_post', { id: draft.id, schedule: { type: 'at', at: inDays(4) }, firstComment: 'Nachgereicht' })
	expect(scheduled.isError).toBeFalsy()
	expect((scheduled.structuredContent as Answer).post.firstComment).toBe('Nachgereicht')
	const stored = await h.services.content.getPost(userId, draft.id)
	expect(parseContent(stored!.content).firstComment).toEqual({ base: 'Nachgereicht', platforms: {} })
	await client.close()
})

test('CSV: erster_kommentar becomes the post’s first comment (no note any more), checked against the network’s limit', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['bluesky'])
	const user = { id: userId, timeZone: zone }
	const day = addDays(todayIn(zone, new Date()), 3)
	const date = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`
	const rows = [
		{ row: 2, text: 'Aus der Tabelle', networks: 'Bluesky', date, time: '10:00', imageUrl: '', firstComment: 'Danke fürs Lesen' },
		{ row: 3, text: 'Zu langer Kommentar', networks: 'Bluesky', date, time: '10:30', imageUrl: '', firstComment: 'x'.repeat(301) },
	]
	const preview = await previewRows(h.services, user, rows, { asDrafts: false })
	expect(preview.rows[0]).toMatchObject({ kind: 'planned', notes: [] })
	expect(preview.rows[1]).toMatchObject({ kind: 'error' })
	expect(preview.rows[1]!.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^Erster Kommentar: Der Text ist für Bluesky zu lang/)])
	const result = await importRows(h.services, user, rows, { asDrafts: false, requestId: randomUUID() })
	expect(result).toMatchObject({ ok: true, planned: 1 })
	const posts = await t.db.selectFrom('posts').select(['content']).where('user_id', '=', userId).execute()
	expect(posts.map((p) => parseContent(p.content).firstComment)).toEqual([{ base: 'Danke fürs Lesen', platforms: {} }])
})

test('CSV: the check refuses erster_kommentar on a LinkedIn member channel in German, as the import does; the page takes it', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const channels = await h.services.publishing.listChannels(userId)
	const member = channels.find((c) => c.platform === 'linkedin' && c.pageType === 'personal')!
	const page = channels.find((c) => c.platform === 'linkedin' && c.pageType === 'business')!
	const user = { id: userId, timeZone: zone }
	const day = addDays(todayIn(zone, new Date()), 3)
	const date = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`
	const rows = [
		{ row: 2, text: 'Vom Mitglied', networks: 'LinkedIn', channels: member.pageName, date, time: '10:00', imageUrl: '', firstComment: 'Darf nicht' },
		{ row: 3, text: 'Von der Seite', networks: 'LinkedIn', channels: page.pageName, date, time: '10:30', imageUrl: '', firstComment: 'Darf' },
		{ row: 4, text: 'Vom Mitglied ohne Kommentar', networks: 'LinkedIn', channels: member.pageName, date, time: '11:00', imageUrl: '', firstComment: '' },
	]
	const preview = await previewRows(h.services, user, rows, { asDrafts: false })
	expect(preview.rows.map((r) => r.kind)).toEqual(['error', 'planned', 'planned'])
	const refusal = preview.rows[0]!.problems.map((p) => p.message)
	expect(refusal).toEqual([expect.stringContaining('erlaubt den ersten Kommentar nur auf Unternehmensseiten')])
	const result = await importRows(h.services, user, rows, { asDrafts: false, requestId: randomUUID() })
	expect(result).toMatchObject({ ok: true, planned: 2, skipped: [{ row: 2, reasons: refusal }] })
	const posts = await t.db.selectFrom('posts').select(['title']).where('user_id', '=', userId).orderBy('scheduled_at').execute()
	expect(posts.map((p) => p.title)).toEqual(['Von der Seite', 'Vom Mitglied ohne Kommentar'])
})
