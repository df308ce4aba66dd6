// The tools an assistant missed (issue 40): get_post, update_post, delete_post, list_agents and
// validate_post through the SDK client, with their refusals: another user's post, a time without a
// zone, a second delete, a post a network would refuse (nothing saved).
import { randomUUID } from 'node:crypto'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { expect, test } from 'vitest'
import { fromInstant } from '#modules/scheduling/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { mcpClient, mcpToken, textOf } from '#tests/support/mcp-client.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

type Answer = Record<string, unknown> & { id: string; code: string; reasons: Array<string>; valid: boolean; scheduledAt: string; text: string; deliveries: Array<{ network: string; status: string; url: string | null }> }
const data = (result: CallToolResult) => result.structuredContent as Answer

/** Three days ahead at 10:00 in Zurich as RFC 3339 without seconds (+01:00 or +02:00). */
function inThreeDaysWithoutSeconds() {
	const { date } = fromInstant(new Date(Date.now() + 3 * 86_400_000), 'Europe/Zurich')
	const offsetHours = Number(fromInstant(new Date(`${date}T10:00:00Z`), 'Europe/Zurich').time.slice(0, 2)) - 10
	return `${date}T10:00+0${offsetHours}:00`
}

async function setup() {
	const t = await createTestDatabase()
	const h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const other = await h.connectedUser(['linkedin'])
	const { client, call } = await mcpClient(h.services, await mcpToken(h.services, userId, ['read', 'posts']))
	return { t, h, userId, other, client, call }
}

test('get_post reads a post with each channel s state and link; update_post changes and plans it (RFC 3339 without seconds); another user s post is not found', async () => {
	const { t, h, other, client, call } = await setup()
	await using _t = t
	await using _h = h
	const created = data(await call('create_post', { networks: ['linkedin'], text: 'Aus dem Chat', schedule: { type: 'next_slot' } })).post as { id: string }
	const read = await call('get_post', { id: created.id })
	expect(read.isError).toBeFalsy()
	expect(data(read)).toMatchObject({ id: created.id, text: 'Aus dem Chat', status: 'scheduled', origin: 'mcp', channels: [expect.objectContaining({ network: 'linkedin' })], deliveries: [expect.objectContaining({ network: 'linkedin', status: 'scheduled', url: null })] })

	const at = inThreeDaysWithoutSeconds()
	const updated = await call('update_post', { id: created.id, text: 'Geändert aus dem Chat', schedule: { type: 'at', at } })
	expect(updated.isError, textOf(updated)).toBeFalsy()
	expect(data(updated).text).toBe('Geändert aus dem Chat')
	expect(new Date(data(updated).scheduledAt).getTime()).toBe(new Date(at).getTime())

	// A time without a zone: refused in German with the rule, nothing changed.
	const noZone = await call('update_post', { id: created.id, schedule: { type: 'at', at: at.slice(0, 16) } })
	expect(noZone.isError).toBe(true)
	expect(textOf(noZone)).toMatch(/schedule\.at: Zeitpunkt ohne Zeitzone: Bitte mit Z oder einem Versatz angeben/)
	const withSeconds = await call('update_post', { id: created.id, schedule: { type: 'at', at: new Date(at).toISOString() } })
	expect(withSeconds.isError, textOf(withSeconds)).toBeFalsy()

	// Published by the worker: get_post names the link.
	await call('publish_post', { id: created.id })
	await h.runDueJobs()
	expect(data(await call('get_post', { id: created.id })).deliveries).toEqual([expect.objectContaining({ status: 'published', url: expect.stringMatching(/^http/) })])

	const foreign = await h.services.content.createScheduledPost(other.userId, randomUUID(), { platform: 'linkedin', content: { base: 'Fremd', platforms: {} }, imageUrl: null, images: {}, origin: 'web' }, { date: at.slice(0, 10), time: '10:00', timeZone: 'Europe/Zurich' })
	if (!foreign.ok) throw new Error('foreign post refused')
	for (const [name, args] of [
		['get_post', { id: foreign.post.id }],
		['update_post', { id: foreign.post.id, text: 'Übernommen' }],
		['get_post', { id: randomUUID() }],
	] as const) {
		const result = await call(name, args)
		expect(result.isError, name).toBe(true)
		expect(data(result).code, name).toBe('not_found')
		expect(textOf(result)).toMatch(/gibt es nicht/)
	}
	expect((await h.services.content.getPost(other.userId, foreign.post.id))?.content).toContain('Fremd')
	await client.close()
})

test('delete_post deletes a post or a draft once; a second call and another user s post answer not_found', async () => {
	const { t, h, userId, other, client, call } = await setup()
	await using _t = t
	await using _h = h
	const post = data(await call('create_post', { networks: ['linkedin'], text: 'Wird gelöscht', schedule: { type: 'next_slot' } })).post as { id: string }
	const draft = data(await call('create_post', { networks: ['linkedin'], text: 'Entwurf, wird gelöscht', draft: true })).draft as { id: string }
	expect(data(await call('delete_post', { id: post.id }))).toEqual({ deleted: true, id: post.id, kind: 'post' })
	expect(data(await call('delete_post', { id: draft.id }))).toEqual({ deleted: true, id: draft.id, kind: 'draft' })
	const twice = await call('delete_post', { id: post.id })
	expect(twice.isError).toBe(true)
	expect(data(twice).code).toBe('not_found')
	expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', userId).execute()).toEqual([])
	expect(await t.db.selectFrom('post_deliveries').select('id').where('post_id', '=', post.id).where('status', '=', 'scheduled').execute()).toEqual([])

	const foreign = await h.services.content.createDraft(other.userId, { platforms: ['linkedin'], content: { base: 'Fremd', platforms: {} } })
	const refused = await call('delete_post', { id: foreign.id })
	expect(data(refused).code).toBe('not_found')
	expect(await h.services.content.getDraft(other.userId, foreign.id)).not.toBeNull()
	await client.close()
})

test('list_agents lists the user s agents, not another user s', async () => {
	const { t, h, userId, other, client, call } = await setup()
	await using _t = t
	await using _h = h
	const mine = await h.services.agents.createPreset(userId, 'Paulas Stimme', randomUUID())
	const theirs = await h.services.agents.createPreset(other.userId, 'Fremde Stimme', randomUUID())
	if (!mine.ok || !theirs.ok) throw new Error('preset refused')
	const agents = data(await call('list_agents')).agents as Array<{ id: string; name: string; default: boolean }>
	expect(agents.map((a) => a.name)).toContain('Paulas Stimme')
	expect(agents.map((a) => a.id)).not.toContain(theirs.agent.id)
	await client.close()
})

test('validate_post answers the networks and channels reasons without saving; a valid post is valid; a bad time is a German error', async () => {
	const { t, h, userId, client, call } = await setup()
	await using _t = t
	await using _h = h
	const ok = await call('validate_post', { networks: ['linkedin'], text: 'Kurz und gut', schedule: { type: 'at', at: inThreeDaysWithoutSeconds() } })
	expect(ok.isError, textOf(ok)).toBeFalsy()
	expect(data(ok)).toEqual({ valid: true, networks: ['linkedin'], channels: null, reasons: [] })

	const tooLong = data(await call('validate_post', { networks: ['linkedin'], text: 'x'.repeat(3100) }))
	expect(tooLong).toMatchObject({ valid: false, networks: ['linkedin'], reasons: [expect.stringMatching(/LinkedIn zu lang: 3\D?100 von höchstens 3\D?000 Zeichen/)] })
	const unconnected = data(await call('validate_post', { networks: ['linkedin', 'threads'], text: 'Hallo' }))
	expect(unconnected).toMatchObject({ valid: false, reasons: [expect.stringMatching(/^Für Threads ist kein Konto verbunden/)] })
	const unknownChannel = data(await call('validate_post', { channels: [randomUUID()], text: 'Hallo' }))
	expect(unknownChannel).toMatchObject({ valid: false, reasons: [expect.stringMatching(/^Diesen Kanal gibt es in Ihrem Konto nicht/)] })

	const badTime = await call('validate_post', { networks: ['linkedin'], text: 'Hallo', schedule: { type: 'at', at: 'morgen um zehn' } })
	expect(badTime.isError).toBe(true)
	expect(textOf(badTime)).toMatch(/schedule\.at: Ungültiger Zeitpunkt: Bitte im Format RFC 3339/)
	expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', userId).execute()).toEqual([])
	expect(await t.db.selectFrom('drafts').select('id').where('user_id', '=', userId).execute()).toEqual([])

	// Without 'posts' the dry run is refused like the writing tools.
	const reader = await mcpClient(h.services, await mcpToken(h.services, userId, ['read']))
	expect(textOf(await reader.call('validate_post', { networks: ['linkedin'], text: 'Hallo' }))).toMatch(/Berechtigung «posts» nicht/)
	await reader.client.close()
	await client.close()
})
