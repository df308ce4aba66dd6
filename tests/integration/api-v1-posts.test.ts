// The REST API v1 for posts and drafts through its route modules: bearer tokens (401/403), German
// problem details, idempotent creation, 404 for another user's ids, filters and cursor pages.
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { MAX_TEXT } from '#modules/content/text-limit.ts'
import { apiClient, apiToken } from '#tests/support/api-v1.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { rawKeys } from '#tests/support/raw-keys.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

const inDays = (days: number, hour = 9) => {
	const at = new Date(Date.now() + days * 86_400_000)
	at.setUTCHours(hour, 0, 0, 0)
	return at.toISOString()
}

async function setup(t: Awaited<ReturnType<typeof createTestDatabase>>, h: Awaited<ReturnType<typeof publishingHarness>>) {
	const { userId } = await h.connectedUser(['linkedin'])
	const token = await apiToken(h.services, userId)
	return { userId, token, call: apiClient(h.services) }
}

test('tokens: none, unknown, revoked and expired answer 401 with WWW-Authenticate; a missing scope 403; German problem details', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId, token, call } = await setup(t, h)
	const none = await call('GET', '/posts')
	expect(none.status).toBe(401)
	expect(none.headers.get('Content-Type')).toContain('application/problem+json')
	expect(none.headers.get('WWW-Authenticate')).toContain('Bearer')
	expect(await none.json()).toMatchObject({ status: 401, code: 'unauthorized', title: 'Nicht angemeldet', detail: expect.stringContaining('API-Schlüssel') })
	expect((await call('GET', '/posts', { token: 'pw_unbekannt' })).status).toBe(401)

	const created = await h.services.accounts.apiTokens.create(userId, { name: 'Weg', scopes: ['read'], expiresAt: null })
	if (!created.ok) throw new Error('token')
	expect((await call('GET', '/posts', { token: created.secret })).status).toBe(200)
	await h.services.accounts.apiTokens.revoke(userId, created.token.id)
	expect((await call('GET', '/posts', { token: created.secret })).status).toBe(401)
	const expired = await apiToken(h.services, userId, ['read'], new Date(Date.now() + 60_000))
	await t.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hint', '=', expired.slice(-4)).execute()
	expect((await call('GET', '/posts', { token: expired })).status).toBe(401)

	const readOnly = await apiToken(h.services, userId, ['read'])
	const forbidden = await call('POST', '/posts', { token: readOnly, json: { networks: ['linkedin'], text: 'Hallo', schedule: { type: 'next_slot' } } })
	expect(forbidden.status).toBe(403)
	expect(await forbidden.json()).toMatchObject({ code: 'forbidden', detail: 'Dieser API-Schlüssel hat die Berechtigung «posts» nicht.' })
	expect((await call('POST', '/generations', { token: readOnly, json: {} })).status).toBe(403)

	// Unknown addresses below /api/v1 and wrong methods: problems too, never the app's page.
	const unknown = await call('GET', '/gibt-es-nicht', { token })
	expect(unknown.status).toBe(404)
	expect(await unknown.json()).toMatchObject({ code: 'not_found' })
	const wrong = await call('PUT', '/posts', { token })
	expect(wrong.status).toBe(405)
	expect(wrong.headers.get('Allow')).toBe('GET, POST')
	expect(await wrong.json()).toMatchObject({ code: 'method_not_allowed', detail: 'Diese Methode ist hier nicht erlaubt.' })
	// The calls are in the user's activity log as 'api', counted per token and minute (ADR 0073).
	const logged = await t.db.selectFrom('activity_logs').select('title').where('user_id', '=', userId).where('log_type', '=', 'api').execute()
	expect(logged.map((l) => l.title)).toContainEqual(expect.stringMatching(/^API: \d+ Aufrufe? \(.*GET \/api\/v1\/posts/))
})

test('POST /posts: plans at a time, at the next slot or now; invalid input 400 with German field errors; a refusal 422 preflight', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId, token, call } = await setup(t, h)
	const at = await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: 'Geplant zu einer Zeit', schedule: { type: 'at', at: inDays(3) } } })
	expect(at.status).toBe(201)
	const planned = await at.json()
	expect(planned).toMatchObject({ status: 'scheduled', origin: 'api', networks: ['linkedin'], text: 'Geplant zu einer Zeit', scheduledAt: inDays(3).replace('.000Z', '.000Z') })
	expect(planned.deliveries).toMatchObject([{ network: 'linkedin', status: 'scheduled' }])
	expect(at.headers.get('Location')).toBe(`/api/v1/posts/${planned.id}`)

	const slot = await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: 'Nächste Zeit', schedule: { type: 'next_slot' } } })
	expect(slot.status).toBe(201)
	const slotted = await slot.json()
	expect(slotted.status).toBe('scheduled')
	expect(new Date(slotted.scheduledAt).getTime()).toBeGreaterThan(Date.now())

	const now = await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: 'Sofort raus', schedule: { type: 'now' } } })
	expect(now.status).toBe(201)
	expect((await now.json()).deliveries).toMatchObject([{ network: 'linkedin', status: 'scheduled' }])

	const invalid = await call('POST', '/posts', { token, json: { networks: ['unbekannt'], schedule: { type: 'später' } } })
	expect(invalid.status).toBe(400)
	const problem = await invalid.json()
	expect(problem.code).toBe('invalid_request')
	expect(problem.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['networks.0', 'schedule.type']))
	expect(problem.errors[0].message).toMatch(/Ungültig|Ungültige/)
	expect((await call('POST', '/posts', { token, body: 'kein json', headers: { 'Content-Type': 'application/json' } })).status).toBe(400)
	expect((await call('POST', '/posts', { token, body: 'text', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415)
	expect((await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: 'Null \u0000 Byte', schedule: { type: 'now' } } })).status).toBe(400)

	// An invalid time (not on a half hour) and a time in the past: 422 with the scheduling text.
	const odd = await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: 'Ungerade', schedule: { type: 'at', at: inDays(3).replace(':00:00.000Z', ':10:00.000Z') } } })
	expect(odd.status).toBe(422)
	expect(await odd.json()).toMatchObject({ code: 'invalid_schedule', detail: expect.stringContaining('06:00 und 23:00') })

	const refused = await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: 'x'.repeat(3100), schedule: { type: 'at', at: inDays(3) } } })
	expect(refused.status).toBe(422)
	const reasons = await refused.json()
	expect(reasons.code).toBe('preflight')
	expect(reasons.reasons.join(' ')).toMatch(/LinkedIn zu lang/)
	const rows = await t.db.selectFrom('posts').select(['origin']).where('user_id', '=', userId).execute()
	expect(rows).toHaveLength(3)
	expect(rows.every((r) => r.origin === 'api')).toBe(true)
})

test('Idempotency-Key: a retry answers the same post (one row), in parallel too; another body under the key 409; a bad key 400', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId, token, call } = await setup(t, h)
	const body = { networks: ['linkedin'], text: 'Einmal bitte', schedule: { type: 'at', at: inDays(4) } }
	const first = await call('POST', '/posts', { token, json: body, idempotencyKey: 'auftrag-1' })
	const again = await call('POST', '/posts', { token, json: body, idempotencyKey: 'auftrag-1' })
	expect(first.status).toBe(201)
	expect(again.status).toBe(201)
	expect((await again.json()).id).toBe((await first.json()).id)
	const parallel = await Promise.all([1, 2, 3].map(() => call('POST', '/posts', { token, json: { ...body, text: 'Parallel' }, idempotencyKey: 'auftrag-2' })))
	const ids = await Promise.all(parallel.map(async (r) => (await r.json()).id))
	expect(new Set(ids).size).toBe(1)
	expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', userId).execute()).toHaveLength(2)

	const conflict = await call('POST', '/posts', { token, json: { ...body, text: 'Etwas anderes' }, idempotencyKey: 'auftrag-1' })
	expect(conflict.status).toBe(409)
	// Not "try again": the same key would be refused again; a new request needs a new key.
	const { detail } = await conflict.json()
	expect(detail).toMatch(/^Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet\. .*neuen Idempotency-Key/)
	expect(detail).not.toMatch(/erneut versuchen|noch einmal/)
	expect((await call('POST', '/posts', { token, json: body, idempotencyKey: 'ä'.repeat(3) })).status).toBe(400)

	// Drafts: the same rules.
	const draft = { networks: ['linkedin'], text: 'Entwurf' }
	const d1 = await call('POST', '/drafts', { token, json: draft, idempotencyKey: 'entwurf-1' })
	const d2 = await call('POST', '/drafts', { token, json: draft, idempotencyKey: 'entwurf-1' })
	expect(d1.status).toBe(201)
	expect((await d2.json()).id).toBe((await d1.json()).id)
	expect((await call('POST', '/drafts', { token, json: { ...draft, text: 'Anders' }, idempotencyKey: 'entwurf-1' })).status).toBe(409)
	expect(await t.db.selectFrom('drafts').select('id').where('user_id', '=', userId).execute()).toHaveLength(1)
	// Another user's key space is their own: the same key creates their own post.
	const other = await h.connectedUser(['linkedin'])
	const otherToken = await apiToken(h.services, other.userId)
	const theirs = await call('POST', '/posts', { token: otherToken, json: body, idempotencyKey: 'auftrag-1' })
	expect(theirs.status).toBe(201)
})

test('GET, PATCH, DELETE and publish of a post; ids of another user answer 404', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { token, call } = await setup(t, h)
	const created = await (await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: 'Erster Text', schedule: { type: 'at', at: inDays(3) } } })).json()

	const read = await call('GET', `/posts/${created.id}`, { token })
	expect(read.status).toBe(200)
	expect(await read.json()).toMatchObject({ id: created.id, text: 'Erster Text', deliveries: [{ network: 'linkedin', status: 'scheduled', url: null }] })

	const patched = await call('PATCH', `/posts/${created.id}`, { token, json: { text: 'Neuer Text', schedule: { type: 'at', at: inDays(5, 10) } } })
	expect(patched.status).toBe(200)
	expect(await patched.json()).toMatchObject({ text: 'Neuer Text', scheduledAt: inDays(5, 10) })
	expect((await call('PATCH', `/posts/${created.id}`, { token, json: {} })).status).toBe(400)
	expect((await call('PATCH', `/posts/${created.id}`, { token, json: { texts: { instagram: 'Nicht dabei' } } })).status).toBe(400)

	const published = await call('POST', `/posts/${created.id}/publish`, { token })
	expect(published.status).toBe(202)
	await h.runDueJobs()
	const after = await (await call('GET', `/posts/${created.id}`, { token })).json()
	expect(after.status).toBe('published')
	expect(after.deliveries[0]).toMatchObject({ network: 'linkedin', status: 'published', url: expect.stringMatching(/^https?:/) })
	const locked = await call('PATCH', `/posts/${created.id}`, { token, json: { schedule: { type: 'next_slot' } } })
	expect(locked.status).toBe(409)
	expect(await locked.json()).toMatchObject({ code: 'published_locked' })

	const other = await h.connectedUser(['linkedin'])
	const otherToken = await apiToken(h.services, other.userId)
	for (const [method, path] of [['GET', `/posts/${created.id}`], ['PATCH', `/posts/${created.id}`], ['DELETE', `/posts/${created.id}`], ['POST', `/posts/${created.id}/publish`]] as const) {
		const response = await call(method, path, { token: otherToken, json: method === 'PATCH' ? { text: 'Fremd' } : undefined })
		expect(response.status, `${method} ${path}`).toBe(404)
		expect(await response.json()).toMatchObject({ code: 'not_found', detail: 'Nicht gefunden.' })
	}
	expect((await call('GET', '/posts/keine-uuid', { token })).status).toBe(404)

	const deleted = await call('DELETE', `/posts/${created.id}`, { token })
	expect(deleted.status).toBe(204)
	expect((await call('GET', `/posts/${created.id}`, { token })).status).toBe(404)
})

test('GET /posts: filters (status, network, origin, planned range) and cursor pages without gaps or repeats', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId, token, call } = await setup(t, h)
	await h.connect(userId, 'threads')
	for (let i = 0; i < 7; i++) {
		const response = await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: `Post ${i}`, schedule: { type: 'at', at: inDays(2 + i) } } })
		expect(response.status).toBe(201)
	}
	await h.services.content.createPost(userId, { platform: 'threads', content: { base: 'Aus der App', platforms: {} }, status: 'review', timeZone: 'Europe/Zurich' })

	const seen: Array<string> = []
	let cursor: string | null = ''
	let pages = 0
	while (cursor !== null) {
		const response = await call('GET', `/posts?limit=3${cursor ? `&cursor=${cursor}` : ''}`, { token })
		expect(response.status).toBe(200)
		const page = (await response.json()) as { data: Array<{ id: string }>; nextCursor: string | null }
		seen.push(...page.data.map((p) => p.id))
		cursor = page.nextCursor
		pages++
	}
	expect(pages).toBe(3)
	expect(seen).toHaveLength(8)
	expect(new Set(seen).size).toBe(8)

	const byNetwork = await (await call('GET', '/posts?network=threads', { token })).json()
	expect(byNetwork.data.map((p: { text: string }) => p.text)).toEqual(['Aus der App'])
	// A post for several networks names them in its content: it is found by each of them, also across pages.
	const both = await call('POST', '/posts', { token, json: { networks: ['linkedin', 'threads'], text: 'Für beide', texts: { threads: 'Kurz für Threads' }, schedule: { type: 'at', at: inDays(10) } } })
	expect(both.status).toBe(201)
	expect(await both.json()).toMatchObject({ networks: ['linkedin', 'threads'], texts: { linkedin: 'Für beide', threads: 'Kurz für Threads' } })
	const first = await (await call('GET', '/posts?network=threads&limit=1', { token })).json()
	expect(first.data.map((p: { text: string }) => p.text)).toEqual(['Für beide'])
	const next = await (await call('GET', `/posts?network=threads&limit=1&cursor=${first.nextCursor}`, { token })).json()
	expect(next).toEqual({ data: [expect.objectContaining({ text: 'Aus der App' })], nextCursor: null })
	expect((await (await call('GET', '/posts?network=linkedin&limit=100', { token })).json()).data).toHaveLength(8)
	expect((await (await call('GET', '/posts?origin=web', { token })).json()).data).toHaveLength(1)
	expect((await (await call('GET', '/posts?status=scheduled&origin=api', { token })).json()).data).toHaveLength(8)
	const range = await (await call('GET', `/posts?from=${encodeURIComponent(inDays(3))}&to=${encodeURIComponent(inDays(5))}`, { token })).json()
	expect(range.data.map((p: { text: string }) => p.text).sort()).toEqual(['Post 1', 'Post 2'])

	const bad = await call('GET', '/posts?limit=500&cursor=kaputt', { token })
	expect(bad.status).toBe(400)
	expect((await bad.json()).errors.map((e: { field: string }) => e.field)).toEqual(['limit'])
	const badCursor = await call('GET', '/posts?cursor=kaputt', { token })
	expect(badCursor.status).toBe(400)
	expect(await badCursor.json()).toMatchObject({ errors: [{ field: 'cursor', message: expect.stringContaining('nextCursor') }] })
	// Another user sees none of them.
	const other = await h.connectedUser(['linkedin'])
	expect((await (await call('GET', '/posts', { token: await apiToken(h.services, other.userId) })).json()).data).toEqual([])
})

test('drafts: list with pages, read, change, delete; a draft of another user 404', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { token, call } = await setup(t, h)
	const ids: Array<string> = []
	for (let i = 0; i < 3; i++) ids.push((await (await call('POST', '/drafts', { token, json: { networks: ['linkedin', 'threads'], text: `Entwurf ${i}`, texts: { threads: `Kurz ${i}` } } })).json()).id)
	const first = await (await call('GET', '/drafts?limit=2', { token })).json()
	expect(first.data).toHaveLength(2)
	const second = await (await call('GET', `/drafts?limit=2&cursor=${first.nextCursor}`, { token })).json()
	expect(second.data).toHaveLength(1)
	expect(second.nextCursor).toBeNull()
	expect([...first.data, ...second.data].map((d: { id: string }) => d.id).sort()).toEqual([...ids].sort())

	const read = await (await call('GET', `/drafts/${ids[0]}`, { token })).json()
	expect(read).toMatchObject({ networks: ['linkedin', 'threads'], texts: { linkedin: 'Entwurf 0', threads: 'Kurz 0' } })
	const changed = await call('PATCH', `/drafts/${ids[0]}`, { token, json: { texts: { threads: 'Neu' } } })
	expect(changed.status).toBe(200)
	expect(await changed.json()).toMatchObject({ texts: { linkedin: 'Entwurf 0', threads: 'Neu' } })

	const other = await h.connectedUser(['linkedin'])
	const otherToken = await apiToken(h.services, other.userId)
	expect((await call('GET', `/drafts/${ids[0]}`, { token: otherToken })).status).toBe(404)
	expect((await call('PATCH', `/drafts/${ids[0]}`, { token: otherToken, json: { text: 'x' } })).status).toBe(404)
	expect((await call('DELETE', `/drafts/${ids[0]}`, { token: otherToken })).status).toBe(404)
	expect((await call('DELETE', `/drafts/${ids[0]}`, { token })).status).toBe(204)
	expect((await call('GET', `/drafts/${ids[0]}`, { token })).status).toBe(404)
})

test('problem texts follow the spelling: Accept-Language de-CH, or the token user s own choice', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId, token, call } = await setup(t, h)
	const tooLong = { networks: ['linkedin'], text: 'x'.repeat(MAX_TEXT + 1), schedule: { type: 'now' } }
	const message = async (headers: Record<string, string> = {}) => {
		const response = await call('POST', '/posts', { token, json: tooLong, headers })
		expect(response.status).toBe(400)
		return ((await response.json()) as { errors: Array<{ field: string; message: string }> }).errors.find((e) => e.field === 'text')!.message
	}
	expect(await message()).toMatch(/groß/)
	expect(await message({ 'Accept-Language': 'de-CH' })).toMatch(/gross/)
	await t.db.updateTable('users').set({ spelling: 'ch' }).where('id', '=', userId).execute()
	expect(await message()).toMatch(/gross/)
})

test('planning for a network without a connected account: 422 with the reason publish now gives, at a time and at the next slot', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId, token, call } = await setup(t, h)
	const now = await call('POST', '/posts', { token, json: { networks: ['threads'], text: 'Sofort', schedule: { type: 'now' } } })
	expect(now.status).toBe(422)
	const { reasons } = await now.json()
	expect(reasons).toEqual([expect.stringMatching(/^Für Threads ist kein Konto verbunden/)])
	for (const schedule of [{ type: 'at', at: inDays(3) }, { type: 'next_slot' }]) {
		const planned = await call('POST', '/posts', { token, json: { networks: ['linkedin', 'threads'], text: 'Später', schedule } })
		expect(planned.status, schedule.type).toBe(422)
		expect(planned.headers.get('Content-Type')).toContain('application/problem+json')
		expect(await planned.json()).toMatchObject({ code: 'preflight', reasons })
	}
	expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', userId).execute()).toEqual([])
})

test('a post sent now reads publishing (create, read, list) until it is out; publishing a published post again 409', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { token, call } = await setup(t, h)
	const now = await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: 'Sofort raus', schedule: { type: 'now' } } })
	expect(now.status).toBe(201)
	const sent = await now.json()
	expect(sent).toMatchObject({ status: 'publishing', deliveries: [{ network: 'linkedin', status: 'scheduled' }] })
	expect((await (await call('GET', `/posts/${sent.id}`, { token })).json()).status).toBe('publishing')
	const listed = await (await call('GET', '/posts', { token })).json()
	expect(listed.data.find((p: { id: string }) => p.id === sent.id).status).toBe('publishing')
	await h.runDueJobs()
	expect((await (await call('GET', `/posts/${sent.id}`, { token })).json()).status).toBe('published')

	const again = await call('POST', `/posts/${sent.id}/publish`, { token })
	expect(again.status).toBe(409)
	expect(again.headers.get('Content-Type')).toContain('application/problem+json')
	expect(await again.json()).toMatchObject({ code: 'already_published', detail: expect.stringMatching(/bereits auf allen seinen Netzwerken veröffentlicht/) })
	expect(h.posts()).toHaveLength(1)
})

test('a field a shared schema refuses by a key of the pages texts is answered with the German text, never the raw key', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { token, call } = await setup(t, h)
	const draft = await (await call('POST', '/drafts', { token, json: { networks: ['linkedin'], text: 'Entwurf' } })).json()
	const answers = [
		await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: 'Mit fremdem Bild', imageUrl: 'https://fremd.example/bild.png', schedule: { type: 'next_slot' } } }),
		await call('POST', '/drafts', { token, json: { networks: ['linkedin'], text: 'Entwurf', images: { linkedin: '../../etc/passwd' } } }),
		await call('PATCH', `/drafts/${draft.id}`, { token, json: { images: { linkedin: 'https://fremd.example/bild.png' } } }),
	]
	for (const answer of answers) {
		expect(answer.status).toBe(400)
		const text = await answer.text()
		expect(rawKeys(text), text).toEqual([])
		expect(JSON.parse(text).errors).toEqual([{ field: expect.stringMatching(/^(imageUrl|images\.linkedin)$/), message: 'Ungültige Eingabe.' }])
	}
})

/** A second LinkedIn channel (an organization page) on the user's LinkedIn account. */
async function addOrganizationPage(t: Awaited<ReturnType<typeof createTestDatabase>>, userId: string) {
	const member = await t.db.selectFrom('channels').select(['social_token_id']).where('user_id', '=', userId).where('platform', '=', 'linkedin').executeTakeFirstOrThrow()
	const page = await t.db
		.insertInto('channels')
		.values({ user_id: userId, platform: 'linkedin', social_token_id: member.social_token_id, page_id: `urn:li:organization:${randomUUID()}`, page_name: 'Bäckerei Muster AG', page_type: 'business', is_default: false })
		.returning('id')
		.executeTakeFirstOrThrow()
	return page.id
}

test('GET /channels: the token user s channels with network, name, type, brand, default, state and followers; another user s are not listed', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId, token, call } = await setup(t, h)
	const pageId = await addOrganizationPage(t, userId)
	const other = await h.connectedUser(['linkedin'])
	const answer = await call('GET', '/channels', { token })
	expect(answer.status).toBe(200)
	const { data } = await answer.json()
	const brand = (await t.db.selectFrom('brands').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id
	const own = await t.db.selectFrom('channels').select('id').where('user_id', '=', userId).execute()
	expect(data.map((c: { id: string }) => c.id).sort()).toEqual(own.map((c) => c.id).sort())
	expect(data).toContainEqual({ id: pageId, network: 'linkedin', name: 'Bäckerei Muster AG', type: 'business', brand, default: false, state: 'connected', followers: 0 })
	expect(data.filter((c: { default: boolean }) => c.default)).toEqual([expect.objectContaining({ network: 'linkedin', brand, state: 'connected' })])
	const foreign = await t.db.selectFrom('channels').select('id').where('user_id', '=', other.userId).execute()
	expect(data.map((c: { id: string }) => c.id)).not.toContain(foreign[0]!.id)
})

test('POST /posts with channels: the ids reach the content service with the brand; networks add their default channel; foreign and unknown ids 422 in German', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId, token, call } = await setup(t, h)
	await h.connect(userId, 'mastodon')
	const pageId = await addOrganizationPage(t, userId)
	const channels = await t.db.selectFrom('channels').select(['id', 'platform', 'is_default', 'brand_id']).where('user_id', '=', userId).execute()
	const mastodon = channels.find((c) => c.platform === 'mastodon')!
	const seen: Array<{ channelIds?: ReadonlyArray<string>; brandId?: string; platform: string }> = []
	const content = h.services.content
	const original = content.createScheduledPost
	content.createScheduledPost = (user, requestId, input, schedule) => {
		seen.push(input)
		return original(user, requestId, input, schedule)
	}

	const created = await call('POST', '/posts', { token, json: { channels: [pageId], networks: ['mastodon'], text: 'An die Firmenseite und Mastodon', schedule: { type: 'at', at: inDays(2) } } })
	expect(created.status).toBe(201)
	const post = await created.json()
	expect(post.networks).toEqual(expect.arrayContaining(['linkedin', 'mastodon']))
	expect(seen.at(-1)).toMatchObject({ platform: 'multiple', channelIds: [pageId, mastodon.id], brandId: mastodon.brand_id })
	expect(post.channels).toEqual(expect.any(Array))

	// v1 clients that name networks only: no channel ids (each network's default channel), as before.
	const byNetwork = await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: 'Nur das Netzwerk', schedule: { type: 'at', at: inDays(3) } } })
	expect(byNetwork.status).toBe(201)
	expect(seen.at(-1)!.channelIds).toBeUndefined()
	const linkedinDefault = channels.find((c) => c.platform === 'linkedin' && c.is_default)!
	expect((await byNetwork.json()).channels).toEqual([{ id: linkedinDefault.id, network: 'linkedin', name: expect.any(String) }])

	const other = await h.connectedUser(['linkedin'])
	const foreign = (await t.db.selectFrom('channels').select('id').where('user_id', '=', other.userId).executeTakeFirstOrThrow()).id
	const unknown = '00000000-0000-4000-8000-000000000000'
	for (const id of [foreign, unknown]) {
		const refused = await call('POST', '/posts', { token, json: { channels: [id], text: 'Fremd', schedule: { type: 'next_slot' } } })
		expect(refused.status).toBe(422)
		expect(await refused.json()).toMatchObject({ code: 'invalid_channel', detail: 'Ein genannter Kanal passt nicht zu diesem Post.', reasons: [`Diesen Kanal gibt es in Ihrem Konto nicht: ${id}.`] })
	}
	const noChannel = await call('POST', '/posts', { token, json: { text: 'Wohin?', schedule: { type: 'next_slot' } } })
	expect(noChannel.status).toBe(400)
	expect(seen).toHaveLength(2)
	expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', userId).execute()).toHaveLength(2)
})

test('PATCH /posts/{id} with channels: the post goes to them from now on (a new network with the text for all), foreign ids 422 invalid_channel, the OpenAPI document names the field', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId, token, call } = await setup(t, h)
	await h.connect(userId, 'mastodon')
	const channels = await t.db.selectFrom('channels').select(['id', 'platform', 'is_default']).where('user_id', '=', userId).execute()
	const linkedin = channels.filter((c) => c.platform === 'linkedin')
	const mastodon = channels.find((c) => c.platform === 'mastodon')!
	const created = await (await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: 'Für alle', schedule: { type: 'at', at: inDays(3) } } })).json()

	const moved = await call('PATCH', `/posts/${created.id}`, { token, json: { channels: [...linkedin.map((c) => c.id), mastodon.id] } })
	expect(moved.status).toBe(200)
	const post = await moved.json()
	expect(post).toMatchObject({ networks: ['linkedin', 'mastodon'], texts: { linkedin: 'Für alle', mastodon: 'Für alle' } })
	expect(post.channels.map((c: { id: string }) => c.id).sort()).toEqual([...linkedin.map((c) => c.id), mastodon.id].sort())
	const rows = await t.db.selectFrom('post_deliveries').select(['channel_id', 'status']).where('post_id', '=', created.id).execute()
	expect(rows.map((r) => r.channel_id).sort()).toEqual([...linkedin.map((c) => c.id), mastodon.id].sort())
	expect(rows.every((r) => r.status === 'scheduled')).toBe(true)

	const other = await h.connectedUser(['linkedin'])
	const foreign = (await t.db.selectFrom('channels').select('id').where('user_id', '=', other.userId).executeTakeFirstOrThrow()).id
	const refused = await call('PATCH', `/posts/${created.id}`, { token, json: { channels: [foreign], text: 'Nicht gespeichert' } })
	expect(refused.status).toBe(422)
	expect(await refused.json()).toMatchObject({ code: 'invalid_channel', reasons: [`Diesen Kanal gibt es in Ihrem Konto nicht: ${foreign}.`] })
	expect((await call('PATCH', `/posts/${created.id}`, { token, json: { channels: [] } })).status).toBe(400)
	expect((await (await call('GET', `/posts/${created.id}`, { token })).json()).text).toBe('Für alle')

	const openapi = await (await call('GET', '/openapi.json', { token })).json()
	expect(openapi.components.schemas.PostChange.properties.channels).toMatchObject({ type: 'array', items: { type: 'string', format: 'uuid' } })
})

test('drafts take a media list like posts: in order, kept by PATCH without media, replaced with media, refused in German', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId, token, call } = await setup(t, h)
	const keys = ['a', 'b', 'c'].map((name) => `images/${randomUUID()}-${name}.jpg`)
	for (const key of keys) await t.db.insertInto('uploads').values({ user_id: userId, kind: 'post_image', storage_key: key, content_type: 'image/jpeg', byte_size: 10 }).execute()
	const media = [{ fileKey: keys[2] }, { fileKey: keys[0], altText: 'Ein Hund' }, { url: 'https://bilder.example/x.jpg', networks: ['linkedin'] }]
	const created = await call('POST', '/drafts', { token, json: { networks: ['linkedin'], text: 'Karussell', media } })
	expect(created.status).toBe(201)
	const draft = await created.json()
	expect(draft.media.map((m: { url: string; altText: string | null }) => [m.url, m.altText])).toEqual([
		[`/media/${keys[2]}`, null],
		[`/media/${keys[0]}`, 'Ein Hund'],
		['https://bilder.example/x.jpg', null],
	])
	const ids = draft.media.map((m: { id: string }) => m.id)
	const textOnly = await call('PATCH', `/drafts/${draft.id}`, { token, json: { text: 'Neuer Text' } })
	expect((await textOnly.json()).media.map((m: { id: string }) => m.id)).toEqual(ids)
	const reordered = await call('PATCH', `/drafts/${draft.id}`, { token, json: { media: [{ id: ids[1] }, { id: ids[0] }, { fileKey: keys[1] }] } })
	expect(reordered.status).toBe(200)
	expect((await reordered.json()).media.map((m: { id: string }) => m.id).slice(0, 2)).toEqual([ids[1], ids[0]])
	const foreign = await call('POST', '/drafts', { token, json: { networks: ['linkedin'], text: 'Fremd', media: [{ fileKey: 'images/nicht-meins.jpg' }] } })
	expect(foreign.status).toBe(422)
	expect(JSON.stringify(await foreign.json())).toMatch(/Upload|Datei/)
	expect(await t.db.selectFrom('drafts').select('id').where('user_id', '=', userId).execute()).toHaveLength(1)
})
