import { expect, test } from 'vitest'
import { memberSub } from '#adapters/platforms/linkedin/sandbox-oauth.ts'
import { apiClient, apiToken } from '#tests/support/api-v1.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { formParser } from '#tests/support/forms.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { postEditOf, postEditSchema } from '#modules/content/schema.ts'

// Issue 38, item 3: texts stay per network, with an optional text of its own per channel. The owner's
// profile and the shop's say it differently; the preflight judges a channel's own text under its name.

async function twoMembers() {
	const t = await createTestDatabase()
	const h = await publishingHarness(t)
	const { userId } = await h.connectedUser([])
	await h.connect(userId, 'linkedin', { consent: { member: 'Anna Alt', organizations: null } })
	await h.connect(userId, 'linkedin', { consent: { member: 'Bernd Neu', organizations: null } })
	const channels = await h.services.publishing.listChannels(userId)
	const anna = channels.find((c) => c.accountName === 'Anna Alt')!
	const bernd = channels.find((c) => c.accountName === 'Bernd Neu')!
	const token = await apiToken(h.services, userId)
	const call = apiClient(h.services)
	return {
		t,
		h,
		userId,
		anna,
		bernd,
		post: (json: unknown) => call('POST', '/posts', { token, json }),
		get: (id: string) => call('GET', `/posts/${id}`, { token }),
		patch: (id: string, json: unknown) => call('PATCH', `/posts/${id}`, { token, json }),
		async [Symbol.asyncDispose]() {
			await h[Symbol.asyncDispose]()
			await t[Symbol.asyncDispose]()
		},
	}
}

test('a channel with a text of its own gets it, the other channel of its network the network text; the API shows it', async () => {
	await using s = await twoMembers()
	const created = await s.post({ channels: [s.anna.id, s.bernd.id], text: 'Frische Zimtschnecken für alle', channelTexts: { [s.bernd.id]: 'Bernd empfiehlt: Zimtschnecken' }, schedule: { type: 'now' } })
	expect(created.status).toBe(201)
	const { id } = await created.json()
	await s.h.runDueJobs()
	await s.h.runDueJobs()
	const byAuthor = Object.fromEntries(s.h.posts('linkedin').map((p) => [p.authorId, p.text]))
	expect(byAuthor[`urn:li:person:${memberSub('Anna Alt')}`]).toBe('Frische Zimtschnecken für alle')
	expect(byAuthor[`urn:li:person:${memberSub('Bernd Neu')}`]).toBe('Bernd empfiehlt: Zimtschnecken')
	const shown = await (await s.get(id)).json()
	expect(shown).toMatchObject({ text: 'Frische Zimtschnecken für alle', channelTexts: { [s.bernd.id]: 'Bernd empfiehlt: Zimtschnecken' } })
})

test('a channel text for a channel the post does not go to is refused in German; a too long one is refused under its channel name', async () => {
	await using s = await twoMembers()
	const stray = await s.post({ channels: [s.anna.id], text: 'Hallo', channelTexts: { [s.bernd.id]: 'Nicht dabei' }, schedule: { type: 'next_slot' } })
	expect(stray.status).toBe(400)
	expect(JSON.stringify(await stray.json())).toContain('steht nicht unter channels')

	const long = await s.post({ channels: [s.anna.id, s.bernd.id], text: 'Kurz und gut', channelTexts: { [s.bernd.id]: 'x'.repeat(3001) }, schedule: { type: 'next_slot' } })
	expect(long.status).toBe(422)
	const problem = JSON.stringify(await long.json())
	expect(problem).toContain('Bernd Neu')
	expect(problem).not.toContain('Anna Alt')
	expect(await s.t.db.selectFrom('posts').select('id').execute()).toHaveLength(0)
})

test('a channel un-chosen loses its text; a draft for two networks keeps its channel texts when it is published', async () => {
	await using s = await twoMembers()
	const { content } = s.h.services
	const { userId } = s
	const channelsOf = async (table: 'posts' | 'drafts', id: string) => JSON.parse((await s.t.db.selectFrom(table).select('content').where('id', '=', id).executeTakeFirstOrThrow()).content).channels

	const created = await s.post({ channels: [s.anna.id, s.bernd.id], text: 'Für beide', channelTexts: { [s.anna.id]: 'Anna sagt es so', [s.bernd.id]: 'Bernd sagt es so' }, schedule: { type: 'next_slot' } })
	expect(created.status).toBe(201)
	const { id } = await created.json()
	const edited = await content.updatePost(userId, id, { content: { base: 'Für beide', platforms: {}, channels: { [s.anna.id]: 'Anna sagt es so', [s.bernd.id]: 'Bernd sagt es so' } }, channelIds: [s.anna.id] })
	expect(edited.ok).toBe(true)
	expect(await channelsOf('posts', id)).toEqual({ [s.anna.id]: 'Anna sagt es so' })

	await s.h.connect(userId, 'threads')
	const threads = (await s.h.services.publishing.listChannels(userId)).find((c) => c.platform === 'threads')!
	const draft = await content.createDraft(userId, {
		platforms: ['linkedin', 'threads'],
		content: { base: 'Basis', platforms: { linkedin: 'Für LinkedIn', threads: 'Für Threads' }, channels: { [s.bernd.id]: 'Nur Bernd', [crypto.randomUUID()]: 'kein Kanal des Entwurfs' } },
		channelIds: [s.anna.id, s.bernd.id, threads.id],
	})
	expect(await channelsOf('drafts', draft.id)).toEqual({ [s.bernd.id]: 'Nur Bernd' })
	const published = await content.publishDraft(userId, draft.id, 'Europe/Zurich', crypto.randomUUID())
	expect(published.ok).toBe(true)
	expect(await channelsOf('posts', draft.id)).toEqual({ [s.bernd.id]: 'Nur Bernd' })
})

test('PATCH /posts/{id} sets the channel texts as POST does; a text change keeps them; a channel the post does not go to is refused in German', async () => {
	await using s = await twoMembers()
	const textsOf = async (id: string) => (await (await s.get(id)).json()).channelTexts
	const created = await s.post({ channels: [s.anna.id, s.bernd.id], text: 'Für beide', channelTexts: { [s.bernd.id]: 'Bernd sagt es so' }, schedule: { type: 'next_slot' } })
	expect(created.status).toBe(201)
	const { id } = await created.json()

	// A new text for all keeps the channels' own texts.
	expect((await s.patch(id, { text: 'Neu für beide' })).status).toBe(200)
	expect(await (await s.get(id)).json()).toMatchObject({ text: 'Neu für beide', channelTexts: { [s.bernd.id]: 'Bernd sagt es so' } })

	// channelTexts replaces them ({} removes them).
	expect((await s.patch(id, { channelTexts: { [s.anna.id]: 'Anna sagt es so' } })).status).toBe(200)
	expect(await textsOf(id)).toEqual({ [s.anna.id]: 'Anna sagt es so' })
	expect((await s.patch(id, { channelTexts: {} })).status).toBe(200)
	expect(await textsOf(id)).toEqual({})

	// With new channels: only those may have a text; the post's current ones count otherwise.
	const outside = await s.patch(id, { channels: [s.anna.id], channelTexts: { [s.bernd.id]: 'Nicht mehr dabei' } })
	expect(outside.status).toBe(400)
	expect(JSON.stringify(await outside.json())).toContain('steht nicht unter channels')
	expect((await s.patch(id, { channels: [s.anna.id], channelTexts: { [s.anna.id]: 'Nur Anna' } })).status).toBe(200)
	expect(await textsOf(id)).toEqual({ [s.anna.id]: 'Nur Anna' })
	for (const stray of [s.bernd.id, crypto.randomUUID()]) {
		const refused = await s.patch(id, { channelTexts: { [stray]: 'Nicht dabei' } })
		expect(refused.status).toBe(400)
		expect(await refused.json()).toMatchObject({ code: 'invalid_request', errors: [{ field: 'channelTexts', message: 'Ein Kanal in channelTexts steht nicht unter channels.' }] })
	}
	expect(await textsOf(id)).toEqual({ [s.anna.id]: 'Nur Anna' })
})

test("saving a published post's text in the editor keeps its channels' own texts", async () => {
	await using s = await twoMembers()
	const created = await s.post({ channels: [s.anna.id, s.bernd.id], text: 'Frische Zimtschnecken', channelTexts: { [s.bernd.id]: 'Bernd empfiehlt: Zimtschnecken' }, schedule: { type: 'now' } })
	const { id } = await created.json()
	await s.h.runDueJobs()
	await s.h.runDueJobs()
	expect((await (await s.get(id)).json()).status).toBe('published')

	// The editor of a published post sends its text only: no channels (all of them are out).
	const { valid } = formParser(postEditSchema(s.h.services.publishing.platforms.ids))
	const saved = await s.h.services.content.updatePost(s.userId, id, postEditOf(valid({ intent: 'save-post', id, 'platforms[0]': 'linkedin', 'texts.linkedin': 'Frische Zimtschnecken, jetzt warm' })))
	expect(saved.ok).toBe(true)
	expect(await (await s.get(id)).json()).toMatchObject({ text: 'Frische Zimtschnecken, jetzt warm', channelTexts: { [s.bernd.id]: 'Bernd empfiehlt: Zimtschnecken' } })
})
