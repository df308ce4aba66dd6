// The MCP server at /mcp driven by the official SDK client: its fetch calls the route module's action
// and loader directly (a RouterContextProvider with the services), as the server would.
import { randomUUID } from 'node:crypto'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult, TextContent } from '@modelcontextprotocol/sdk/types.js'
import { expect, test } from 'vitest'
import type { draftOut, postOut } from '#app/server/mcp/tools/post-views.server.ts'
import type { ApiScope } from '#modules/accounts/index.ts'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import { fromInstant } from '#modules/scheduling/index.ts'
import type { Services } from '#modules/services.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { MCP_URL, routeFetch } from '#tests/support/mcp-client.ts'
import { rawKeys } from '#tests/support/raw-keys.ts'

async function connect(services: Services, secret: string) {
	const client = new Client({ name: 'vitest', version: '1.0.0' })
	const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), { fetch: routeFetch(services), requestInit: { headers: { Authorization: `Bearer ${secret}` } } })
	await client.connect(transport)
	return client
}

async function tokenFor(services: Services, userId: string, scopes: Array<ApiScope>) {
	const created = await services.accounts.apiTokens.create(userId, { name: 'Claude Desktop', scopes, expiresAt: null })
	if (!created.ok || !created.secret) throw new Error('token refused')
	return created.secret
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
	return (await client.callTool({ name, arguments: args })) as CallToolResult
}
const textOf = (result: CallToolResult) => (result.content[0] as TextContent).text
/** What the tools answer, loosely (each test reads the fields of its tool). */
type Answer = {
	message: string
	code: string
	reasons: Array<string>
	post: ReturnType<typeof postOut>
	draft: ReturnType<typeof draftOut>
	items: Array<ReturnType<typeof postOut>>
	networks: Array<{ network: string; pages: Array<{ isDefault: boolean }> }>
	channels: Array<{ id: string; network: string; name: string; type: string; brand: string; default: boolean; state: string; followers: number }>
	timeZone: string
	times: Array<{ at: string }>
	balance: number
	generationId: string
	texts: Record<string, string>
	charged: number
	refunded: number
}
const data = (result: CallToolResult) => result.structuredContent as Answer

/** Three days ahead at 10:00 in Zurich, as ISO 8601 with its offset. */
function inThreeDays() {
	const day = new Date(Date.now() + 3 * 86_400_000)
	const { date } = fromInstant(day, 'Europe/Zurich')
	const probe = new Date(`${date}T10:00:00Z`)
	const offsetHours = Number(fromInstant(probe, 'Europe/Zurich').time.slice(0, 2)) - 10
	return `${date}T10:00:00+0${offsetHours}:00`
}

test('an assistant lists the tools, creates and plans posts (origin mcp), reads them back and gets the networks reasons', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const client = await connect(h.services, await tokenFor(h.services, userId, ['read', 'posts']))

	expect(client.getInstructions()).toMatch(/Stimme des Nutzers/)
	const { tools } = await client.listTools()
	expect(tools.map((tool) => tool.name).sort()).toEqual(['create_post', 'delete_post', 'generate_post', 'get_credits', 'get_post', 'list_accounts', 'list_agents', 'list_channels', 'list_ideas', 'list_posts', 'publish_post', 'schedule_post', 'suggest_times', 'update_post', 'validate_post'])
	expect(tools.every((tool) => tool.outputSchema?.type === 'object')).toBe(true)
	const create = tools.find((tool) => tool.name === 'create_post')!
	expect(create.description).toMatch(/Erstellt einen Post/)
	expect(Object.keys(create.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['networks', 'channels', 'text', 'texts', 'schedule', 'draft', 'requestId']))

	const accounts = await call(client, 'list_accounts')
	const linkedin = data(accounts).networks.find((n) => n.network === 'linkedin')!
	expect(linkedin.pages.length).toBeGreaterThan(0)
	expect(linkedin.pages.filter((p) => p.isDefault)).toHaveLength(1)

	// At the next free suggested time; the same requestId again answers the same post.
	const requestId = randomUUID()
	const first = await call(client, 'create_post', { networks: ['linkedin'], text: 'Drei Tipps für den Kundenservice mit KI', schedule: { type: 'next_slot' }, requestId })
	expect(first.isError).toBeFalsy()
	expect(JSON.parse(textOf(first))).toEqual(first.structuredContent)
	const post = data(first).post
	expect(post).toMatchObject({ kind: 'post', status: 'scheduled', origin: 'mcp', networks: ['linkedin'], text: 'Drei Tipps für den Kundenservice mit KI' })
	expect(data(first).message).toMatch(/^Post geplant für /)
	const again = await call(client, 'create_post', { networks: ['linkedin'], text: 'Drei Tipps für den Kundenservice mit KI', schedule: { type: 'next_slot' }, requestId })
	expect(data(again).post.id).toBe(post.id)

	// A draft, then planned at a time by schedule_post.
	const draft = await call(client, 'create_post', { networks: ['linkedin'], text: 'Ein Entwurf aus dem Chat', draft: true })
	expect(data(draft).draft).toMatchObject({ kind: 'draft', status: 'draft' })
	const at = inThreeDays()
	const planned = await call(client, 'schedule_post', { id: data(draft).draft.id, schedule: { type: 'at', at } })
	expect(planned.isError).toBeFalsy()
	expect(new Date(data(planned).post.scheduledAt!).getTime()).toBe(new Date(at).getTime())

	const listed = await call(client, 'list_posts', { status: 'scheduled', network: 'linkedin' })
	expect(data(listed).items.map((i) => i.id).sort()).toEqual([post.id, data(planned).post.id].sort())
	expect(data(listed).items[0]!.deliveries).toEqual([expect.objectContaining({ network: 'linkedin', status: 'scheduled' })])
	const rows = await t.db.selectFrom('posts').select(['id', 'origin', 'status']).where('user_id', '=', userId).orderBy('created_at').execute()
	expect(rows.map((r) => [r.origin, r.status])).toEqual([
		['mcp', 'scheduled'],
		['mcp', 'scheduled'],
	])

	// LinkedIn would refuse a text over its limit: a tool error with the German reasons, nothing written.
	const refused = await call(client, 'create_post', { networks: ['linkedin'], text: 'x'.repeat(3100), schedule: { type: 'at', at } })
	expect(refused.isError).toBe(true)
	expect(textOf(refused)).toMatch(/^Ein Netzwerk würde diesen Post ablehnen:\n- .*LinkedIn zu lang: 3\D?100 von höchstens 3\D?000 Zeichen/)
	expect(data(refused)).toMatchObject({ code: 'preflight', reasons: [expect.stringMatching(/LinkedIn zu lang/)] })
	expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', userId).execute()).toHaveLength(2)

	// Bad input: German, per field (not the SDK's English).
	const invalid = await call(client, 'create_post', { networks: [], text: 'Hallo', schedule: { type: 'later' } })
	expect(invalid.isError).toBe(true)
	expect(textOf(invalid)).toMatch(/^Die Angaben sind ungültig:\n- networks: .*\n- schedule.type: /)
	expect(textOf(invalid)).not.toMatch(/Invalid|validation error/)
	const nul = await call(client, 'create_post', { networks: ['linkedin'], text: 'Hallo\u0000', draft: true })
	expect(textOf(nul)).toMatch(/unzulässiges Steuerzeichen/)

	// Another user's post is not found.
	const other = await h.connectedUser(['linkedin'])
	const foreign = await h.services.content.createDraft(other.userId, { platforms: ['linkedin'], content: { base: 'Fremd', platforms: {} } })
	const notFound = await call(client, 'publish_post', { id: foreign.id })
	expect(notFound.isError).toBe(true)
	expect(textOf(notFound)).toMatch(/gibt es nicht/)

	// A draft published now: on its way, then published by the worker with its link.
	const now = await call(client, 'create_post', { networks: ['linkedin'], text: 'Sofort aus dem Chat', draft: true })
	const published = await call(client, 'publish_post', { id: data(now).draft.id })
	expect(published.isError).toBeFalsy()
	expect(data(published).message).toMatch(/wird jetzt veröffentlicht/)
	await h.runDueJobs()
	const done = await call(client, 'list_posts', { status: 'published' })
	expect(done.structuredContent).toMatchObject({ items: [{ id: data(published).post.id, origin: 'mcp', deliveries: [{ network: 'linkedin', status: 'published', url: expect.stringMatching(/^http/) }] }] })

	const locked = await call(client, 'schedule_post', { id: data(published).post.id, schedule: { type: 'next_slot' } })
	expect(locked.isError).toBe(true)
	expect(data(locked).code).toBe('published_locked')

	const times = await call(client, 'suggest_times', { count: 3 })
	expect(data(times).timeZone).toBe('Europe/Zurich')
	expect(data(times).times).toHaveLength(3)
	expect(data(times).times.map((s) => s.at)).not.toContain(post.scheduledAt)
	await client.close()
})

test('a tool the token has no scope for is a German tool error; no, unknown or revoked token 401; GET 405', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const secret = await tokenFor(h.services, userId, ['read'])
	const client = await connect(h.services, secret)
	const result = await call(client, 'create_post', { networks: ['linkedin'], text: 'Ohne Berechtigung', schedule: { type: 'now' } })
	expect(result.isError).toBe(true)
	expect(textOf(result)).toMatch(/Dieser API-Schlüssel hat die Berechtigung «posts» nicht/)
	expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', userId).execute()).toEqual([])
	const credits = await call(client, 'get_credits')
	expect(data(credits).balance).toBeGreaterThan(0)
	await client.close()

	const fetch = routeFetch(h.services)
	const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } } }
	const post = (headers: Record<string, string>) => fetch(MCP_URL, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(initialize) })
	for (const headers of [{}, { Authorization: 'Bearer pw_unbekannt' }, { Authorization: `Bearer ${secret}x` }] as Array<Record<string, string>>) {
		const response = await post(headers)
		expect(response.status).toBe(401)
		expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer/)
		expect(await response.json()).toMatchObject({ code: 'unauthorized', detail: expect.stringMatching(/API-Schlüssel fehlt/) })
	}
	const ok = await post({ Authorization: `Bearer ${secret}` })
	expect(ok.status).toBe(200)
	expect((await ok.json()).result.serverInfo.name).toBe('postwerk')
	const onlyJson = await post({ Authorization: `Bearer ${secret}`, Accept: 'application/json' })
	expect(onlyJson.status).toBe(406)
	expect(await onlyJson.json()).toMatchObject({ detail: expect.stringMatching(/text\/event-stream/) })
	const notJson = await fetch(MCP_URL, { method: 'POST', headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'text/plain', Accept: 'application/json, text/event-stream' }, body: 'hallo' })
	expect(notJson.status).toBe(415)

	const [token] = await h.services.accounts.apiTokens.list(userId)
	await h.services.accounts.apiTokens.revoke(userId, token!.id)
	expect((await post({ Authorization: `Bearer ${secret}` })).status).toBe(401)
	// A client that connects without a token is refused as well.
	await expect(connect(h.services, 'pw_falsch')).rejects.toThrow(/401/)

	const get = await fetch(MCP_URL, { method: 'GET', headers: { Accept: 'text/event-stream' } })
	expect(get.status).toBe(405)
	expect(get.headers.get('Allow')).toBe('POST')
	expect((await fetch(MCP_URL, { method: 'DELETE' })).status).toBe(405)
	// Every call was logged for the user as an MCP call, counted per token and minute (ADR 0073).
	const logs = await t.db.selectFrom('activity_logs').select('title').where('user_id', '=', userId).where('log_type', '=', 'api').execute()
	expect(logs.length).toBeGreaterThan(0)
	expect(logs.every((l) => /^MCP: \d+ Aufrufe? \(POST \/mcp\)$/.test(l.title))).toBe(true)
})

test('generate_post charges like the creator, once per requestId, and names the cost', async () => {
	await using t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const before = (await t.db.selectFrom('profiles').select('credits_remaining').where('id', '=', userId).executeTakeFirstOrThrow()).credits_remaining
	const client = await connect(h.services, await tokenFor(h.services, userId, ['read', 'generate']))
	const { tools } = await client.listTools()
	expect(tools.find((tool) => tool.name === 'generate_post')!.description).toMatch(/Kostet Credits/)
	const args = { prompt: 'Wie kleine Unternehmen mit KI Zeit im Kundenservice sparen', networks: ['linkedin', 'instagram'], requestId: randomUUID() }
	const first = await call(client, 'generate_post', args)
	expect(first.isError).toBeFalsy()
	const result = data(first)
	expect(result.texts.linkedin).toBeTruthy()
	expect(result.texts.instagram).toBeTruthy()
	expect(result.charged).toBeGreaterThan(0)
	expect(result.balance).toBe(before - result.charged + result.refunded)
	expect(result.message).toMatch(new RegExp(`^${result.charged} Credits belastet`))
	const again = await call(client, 'generate_post', args)
	expect(data(again).generationId).toBe(result.generationId)
	const after = (await t.db.selectFrom('profiles').select('credits_remaining').where('id', '=', userId).executeTakeFirstOrThrow()).credits_remaining
	expect(after).toBe(result.balance)
	const debits = await t.db.selectFrom('credit_transactions').select('credits_amount').where('user_id', '=', userId).where('credits_amount', '<', 0).execute()
	expect(debits.reduce((sum, d) => sum + d.credits_amount, 0)).toBe(-result.charged)

	// Not enough credits: the cost and the balance, in German; nothing charged.
	await t.db.updateTable('profiles').set({ credits_remaining: 1 }).where('id', '=', userId).execute()
	const poor = await call(client, 'generate_post', { ...args, requestId: randomUUID() })
	expect(poor.isError).toBe(true)
	expect(textOf(poor)).toMatch(/^Nicht genügend Credits: Diese Generierung kostet \d+ Credits, Ihr Guthaben beträgt 1 Credit\./)
	// The token without 'posts' cannot store the texts.
	expect((await call(client, 'create_post', { networks: ['linkedin'], text: result.texts.linkedin, draft: true })).isError).toBe(true)
	await client.close()

	// Stored with 'posts' and naming the generation, the texts count as generated: the AI label's 'auto' marks the post (ADR 0067).
	const writer = await connect(h.services, await tokenFor(h.services, userId, ['read', 'posts']))
	const stored = await call(writer, 'create_post', { networks: ['linkedin'], text: result.texts.linkedin, generationId: result.generationId, schedule: { type: 'next_slot' } })
	expect(stored.isError).toBeFalsy()
	expect(await h.services.content.getPost(userId, data(stored).post.id)).toMatchObject({ aiLabel: 'auto', aiLabelled: true, media: [] })
	await writer.close()
})

test('resources: the user agents with persona, not another user agents', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const mine = await h.connectedUser(['linkedin'])
	const theirs = await h.connectedUser(['linkedin'])
	const created = await h.services.agents.createPreset(mine.userId, 'Paulas Stimme', randomUUID())
	const foreign = await h.services.agents.createPreset(theirs.userId, 'Fremde Stimme', randomUUID())
	if (!created.ok || !foreign.ok) throw new Error('preset refused')
	const client = await connect(h.services, await tokenFor(h.services, mine.userId, ['read']))
	const { resources } = await client.listResources()
	expect(resources.map((r) => r.name)).toContain('Paulas Stimme')
	expect(resources.map((r) => r.name)).not.toContain('Fremde Stimme')
	expect(resources.every((r) => r.uri.startsWith('postwerk://agents/'))).toBe(true)
	const read = await client.readResource({ uri: `postwerk://agents/${created.agent.id}` })
	expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ id: created.agent.id, name: 'Paulas Stimme' })
	await expect(client.readResource({ uri: `postwerk://agents/${foreign.agent.id}` })).rejects.toThrow(/gibt es nicht/)
	const templates = await client.listResourceTemplates()
	expect(templates.resourceTemplates.map((r) => r.uriTemplate)).toEqual(['postwerk://agents/{id}'])
	await client.close()
})

test('a JSON-RPC batch is refused with a JSON-RPC error (the announced revision has none): nothing runs, one count, one log entry', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const secret = await tokenFor(h.services, userId, ['read', 'posts'])
	const client = await connect(h.services, secret)
	await client.close()
	const callsLogged = async () => (await t.db.selectFrom('activity_logs').select('metadata').where('user_id', '=', userId).where('log_type', '=', 'api').execute()).reduce((sum, e) => sum + Number((e.metadata as { count?: number }).count ?? 0), 0)
	const logsBefore = await callsLogged()

	const create = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'create_post', arguments: { networks: ['linkedin'], text: `Post ${id}`, draft: true } } })
	const headers = { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-03-26' }
	for (const version of ['2025-03-26', '2025-11-25']) {
		const response = await routeFetch(h.services)(MCP_URL, { method: 'POST', headers: { ...headers, 'MCP-Protocol-Version': version }, body: JSON.stringify(Array.from({ length: 100 }, (_, i) => create(i + 1))) })
		expect(response.status).toBe(400)
		expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
		const body = await response.json()
		expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/einzeln/) } })
	}
	expect(await t.db.selectFrom('drafts').select('id').where('user_id', '=', userId).execute()).toEqual([])
	expect((await callsLogged()) - logsBefore).toBe(2)
})

test('planning for a network without a connected account is refused with the reason publish now gives: create_post and schedule_post', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const client = await connect(h.services, await tokenFor(h.services, userId, ['read', 'posts']))
	const now = await call(client, 'create_post', { networks: ['threads'], text: 'Sofort', schedule: { type: 'now' } })
	expect(data(now)).toMatchObject({ code: 'preflight', reasons: [expect.stringMatching(/^Für Threads ist kein Konto verbunden/)] })
	const { reasons } = data(now)
	for (const schedule of [{ type: 'at', at: inThreeDays() }, { type: 'next_slot' }]) {
		const planned = await call(client, 'create_post', { networks: ['linkedin', 'threads'], text: 'Später', schedule })
		expect(planned.isError, schedule.type).toBe(true)
		expect(data(planned)).toMatchObject({ code: 'preflight', reasons })
	}
	const draft = await call(client, 'create_post', { networks: ['threads'], text: 'Ein Entwurf', draft: true })
	const scheduled = await call(client, 'schedule_post', { id: data(draft).draft.id, schedule: { type: 'next_slot' } })
	expect(scheduled.isError).toBe(true)
	expect(data(scheduled)).toMatchObject({ code: 'preflight', reasons })
	expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', userId).execute()).toEqual([])
	await client.close()
})

test('a draft keeps its id when planned or published; a post sent now reads publishing; a published post is not published again; a reused requestId asks for a new one', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const client = await connect(h.services, await tokenFor(h.services, userId, ['read', 'posts']))

	const draft = data(await call(client, 'create_post', { networks: ['linkedin'], text: 'Ein Entwurf aus dem Chat', draft: true })).draft
	const planned = await call(client, 'schedule_post', { id: draft.id, schedule: { type: 'at', at: inThreeDays() } })
	expect(planned.isError).toBeFalsy()
	expect(data(planned).post).toMatchObject({ id: draft.id, kind: 'post', status: 'scheduled' })
	// The id the assistant knows still names it: planned again at the next slot, listed.
	const moved = await call(client, 'schedule_post', { id: draft.id, schedule: { type: 'next_slot' } })
	expect(data(moved).post.id).toBe(draft.id)
	expect(data(await call(client, 'list_posts', { status: 'scheduled' })).items.map((i) => i.id)).toEqual([draft.id])

	const now = await call(client, 'create_post', { networks: ['linkedin'], text: 'Sofort aus dem Chat', schedule: { type: 'now' } })
	expect(data(now).message).toBe('Der Post wird jetzt veröffentlicht (1 Netzwerk).')
	expect(data(now).post.status).toBe('publishing')
	const second = data(await call(client, 'create_post', { networks: ['linkedin'], text: 'Noch ein Entwurf', draft: true })).draft
	const published = await call(client, 'publish_post', { id: second.id })
	expect(data(published).post).toMatchObject({ id: second.id, status: 'publishing' })
	await h.runDueJobs()
	expect(h.posts()).toHaveLength(2)

	const again = await call(client, 'publish_post', { id: second.id })
	expect(again.isError).toBe(true)
	expect(data(again).code).toBe('already_published')
	expect(textOf(again)).toMatch(/bereits auf allen seinen Netzwerken veröffentlicht/)
	expect(h.posts()).toHaveLength(2)

	const requestId = randomUUID()
	await call(client, 'create_post', { networks: ['linkedin'], text: 'Erste Anfrage', draft: true, requestId })
	const conflict = await call(client, 'create_post', { networks: ['linkedin'], text: 'Eine andere Anfrage', draft: true, requestId })
	expect(conflict.isError).toBe(true)
	expect(data(conflict).code).toBe('request_conflict')
	expect(textOf(conflict)).toMatch(/requestId wurde bereits für eine andere Anfrage verwendet.*neue requestId/)
	expect(textOf(conflict)).not.toMatch(/versuchen Sie es noch einmal|erneut/)
	await client.close()
})

test('no tool answer names a raw i18n key: refusals of shared schemas, of the content service and of the tools read German', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const client = await connect(h.services, await tokenFor(h.services, userId, ['read', 'posts']))
	const draft = data(await call(client, 'create_post', { networks: ['linkedin'], text: 'Entwurf', draft: true })).draft
	const calls: Array<[string, Record<string, unknown>]> = [
		['create_post', { networks: ['linkedin'], text: 'Fremdes Bild', imageUrl: 'https://fremd.example/bild.png', schedule: { type: 'next_slot' } }],
		['create_post', { networks: ['linkedin'], text: 'Entwurf', imageUrl: '../../etc/passwd', draft: true }],
		['create_post', { networks: ['linkedin'], text: 'In der Vergangenheit', schedule: { type: 'at', at: '2020-01-06T10:00:00+01:00' } }],
		['create_post', { networks: ['linkedin'], text: 'Ungerade Zeit', schedule: { type: 'at', at: inThreeDays().replace('T10:00', 'T10:10') } }],
		['schedule_post', { id: 'keine-uuid', schedule: { type: 'next_slot' } }],
		['schedule_post', { id: randomUUID(), schedule: { type: 'next_slot' } }],
		['schedule_post', { id: draft.id, schedule: { type: 'at', at: 'morgen' } }],
		['publish_post', { id: randomUUID() }],
		['list_posts', { status: 'irgendwas', limit: 0 }],
	]
	for (const [name, args] of calls) {
		const result = await call(client, name, args)
		expect(result.isError, name).toBe(true)
		expect(rawKeys(textOf(result)), textOf(result)).toEqual([])
		expect(rawKeys(JSON.stringify(result.structuredContent ?? {})), name).toEqual([])
	}
	await client.close()
})

test('list_channels names the user s channels; create_post takes channels (to the content service with their brand), refuses foreign and unknown ones in German', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const other = await h.connectedUser(['linkedin'])
	const client = await connect(h.services, await tokenFor(h.services, userId, ['read', 'posts']))
	const listed = data(await call(client, 'list_channels')).channels
	const own = await t.db.selectFrom('channels').select(['id', 'brand_id', 'is_default']).where('user_id', '=', userId).execute()
	expect(listed.map((c) => c.id).sort()).toEqual(own.map((c) => c.id).sort())
	expect(listed.every((c) => c.network === 'linkedin' && c.state === 'connected' && c.brand === own[0]!.brand_id)).toBe(true)
	const page = listed.find((c) => !c.default)!

	const seen: Array<{ channelIds?: ReadonlyArray<string>; brandId?: string }> = []
	const content = h.services.content
	const [plan, draft] = [content.createPostAtNextSlot, content.createDrafts]
	content.createPostAtNextSlot = (user, requestId, input, zone) => (seen.push(input), plan(user, requestId, input, zone))
	content.createDrafts = (user, requestId, inputs) => (seen.push(...inputs), draft(user, requestId, inputs))
	const planned = await call(client, 'create_post', { channels: [page.id], text: 'An die zweite Seite', schedule: { type: 'next_slot' } })
	expect(planned.isError).toBeFalsy()
	expect(data(planned).post.networks).toEqual(['linkedin'])
	const drafted = await call(client, 'create_post', { channels: [page.id], text: 'Als Entwurf', draft: true })
	expect(drafted.isError).toBeFalsy()
	expect(seen).toEqual([expect.objectContaining({ channelIds: [page.id], brandId: page.brand }), expect.objectContaining({ channelIds: [page.id], brandId: page.brand })])

	const foreign = (await t.db.selectFrom('channels').select('id').where('user_id', '=', other.userId).executeTakeFirstOrThrow()).id
	for (const id of [foreign, randomUUID()]) {
		const refused = await call(client, 'create_post', { channels: [id], text: 'Fremd', schedule: { type: 'next_slot' } })
		expect(refused.isError).toBe(true)
		expect(data(refused)).toMatchObject({ code: 'invalid_channel', reasons: [`Diesen Kanal gibt es in Ihrem Konto nicht: ${id}.`] })
		expect(textOf(refused)).toMatch(/^Ein genannter Kanal passt nicht zu diesem Post:/)
	}
	expect(seen).toHaveLength(2)
})

test('schedule_post with channels moves a draft or a planned post to them first (the same use case as the editor), refuses a foreign channel or a published one in German', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin', 'mastodon'])
	const other = await h.connectedUser(['linkedin'])
	const client = await connect(h.services, await tokenFor(h.services, userId, ['read', 'posts']))
	const listed = data(await call(client, 'list_channels')).channels
	const linkedin = listed.filter((c) => c.network === 'linkedin')
	const mastodon = listed.find((c) => c.network === 'mastodon')!
	const deliveries = (postId: string) => t.db.selectFrom('post_deliveries').select(['channel_id', 'status']).where('post_id', '=', postId).orderBy('channel_id').execute()

	// A draft for the default LinkedIn channel, planned for two LinkedIn channels and Mastodon.
	const draft = data(await call(client, 'create_post', { networks: ['linkedin'], text: 'Aus dem Chat', draft: true })).draft
	const chosen = [...linkedin.map((c) => c.id), mastodon.id]
	const planned = await call(client, 'schedule_post', { id: draft.id, schedule: { type: 'at', at: inThreeDays() }, channels: chosen })
	expect(planned.isError, textOf(planned)).toBeFalsy()
	expect(data(planned).post.networks).toEqual(['linkedin', 'mastodon'])
	expect((await deliveries(draft.id)).map((d) => [d.channel_id, d.status])).toEqual(chosen.toSorted().map((id) => [id, 'scheduled']))

	// Planned again for Mastodon only: LinkedIn's deliveries are gone, Mastodon's stays.
	const moved = await call(client, 'schedule_post', { id: draft.id, schedule: { type: 'next_slot' }, channels: [mastodon.id] })
	expect(moved.isError, textOf(moved)).toBeFalsy()
	expect(data(moved).post.networks).toEqual(['mastodon'])
	expect((await deliveries(draft.id)).map((d) => d.channel_id)).toEqual([mastodon.id])

	// Another user's channel: refused in German before anything changes.
	const foreign = (await t.db.selectFrom('channels').select('id').where('user_id', '=', other.userId).executeTakeFirstOrThrow()).id
	const refused = await call(client, 'schedule_post', { id: draft.id, schedule: { type: 'next_slot' }, channels: [foreign] })
	expect(refused.isError).toBe(true)
	expect(data(refused)).toMatchObject({ code: 'invalid_channel', reasons: [`Diesen Kanal gibt es in Ihrem Konto nicht: ${foreign}.`] })
	expect((await deliveries(draft.id)).map((d) => d.channel_id)).toEqual([mastodon.id])

	// A channel already published to cannot be dropped.
	await t.db.updateTable('post_deliveries').set({ status: 'published', published_at: new Date() }).where('post_id', '=', draft.id).execute()
	const published = await call(client, 'schedule_post', { id: draft.id, schedule: { type: 'next_slot' }, channels: [linkedin[0]!.id] })
	expect(published.isError).toBe(true)
	expect(data(published)).toMatchObject({ code: 'preflight', reasons: [expect.stringMatching(/^Mastodon .*ist bereits veröffentlicht: dieser Kanal kann nicht mehr entfernt werden\.$/)] })
	await client.close()
})
