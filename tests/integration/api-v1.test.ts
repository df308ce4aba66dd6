// The REST API v1 beyond posts: generations (charged as in the app, polled), the image upload,
// credits and the ledger in pages, ideas, connected accounts, the rate limit and the OpenAPI document.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import SwaggerParser from '@apidevtools/swagger-parser'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import routes from '#app/routes.ts'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import { createMediaUploads, videoTools } from '#modules/media/index.ts'
import { grantCredits } from '#modules/credits/index.ts'
import { apiClient, apiToken } from '#tests/support/api-v1.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testClip } from '#tests/support/media-samples.ts'
import { apiReference } from '#app/server/api/v1/reference.server.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

let dataDir: string
beforeAll(async () => {
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-api-'))
})
afterAll(async () => {
	await fs.rm(dataDir, { recursive: true, force: true })
})

async function poll(call: ReturnType<typeof apiClient>, token: string, id: string) {
	for (let i = 0; i < 200; i++) {
		const view = await (await call('GET', `/generations/${id}`, { token })).json()
		if (view.status !== 'running') return view
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
	throw new Error('generation did not finish')
}

test('POST /generations: 202 at once, charged as in the app, polled to its texts and images; a retry charges once; 402 without credits; 409 for another body', async () => {
	await using t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const call = apiClient(services)
	const userId = await userWithCredits(t.db, 3)
	const token = await apiToken(services, userId)
	const body = { kind: 'smart-post', networks: ['linkedin'], prompt: 'Wie ein Café mit Stammkunden im Winter in Kontakt bleibt' }
	const started = await call('POST', '/generations', { token, json: body, idempotencyKey: 'gen-1' })
	expect(started.status).toBe(202)
	const accepted = await started.json()
	expect(accepted).toMatchObject({ status: 'running', kind: 'smart-post', networks: ['linkedin'], costCredits: 3 })
	expect(started.headers.get('Location')).toBe(`/api/v1/generations/${accepted.id}`)
	const done = await poll(call, token, accepted.id)
	expect(done.status).toBe('succeeded')
	expect(done.result.texts.linkedin).toBeTruthy()
	expect(done.result.images.linkedin).toMatch(/^\/media\/images\//)
	expect(done.result).toMatchObject({ charged: 3, refunded: 0, balance: 0 })

	const again = await call('POST', '/generations', { token, json: body, idempotencyKey: 'gen-1' })
	expect(again.status).toBe(202)
	expect(await again.json()).toMatchObject({ id: accepted.id, status: 'succeeded' })
	expect((await (await call('GET', '/credits', { token })).json()).balance).toBe(0)
	const conflict = await call('POST', '/generations', { token, json: { ...body, prompt: 'Etwas anderes' }, idempotencyKey: 'gen-1' })
	expect(conflict.status).toBe(409)

	// Nothing left: 402, nothing charged, nothing recorded.
	const poor = await call('POST', '/generations', { token, json: body, idempotencyKey: 'gen-2' })
	expect(poor.status).toBe(402)
	expect(await poor.json()).toMatchObject({ code: 'insufficient_credits', detail: expect.stringMatching(/Credits/) })
	expect((await (await call('GET', '/credits', { token })).json()).balance).toBe(0)
	expect(await t.db.selectFrom('generations').select('id').where('user_id', '=', userId).execute()).toHaveLength(1)

	// Input the creator would refuse: 400 with its German message; unknown kinds: field errors.
	const empty = await call('POST', '/generations', { token, json: { kind: 'smart-post', networks: ['linkedin'] } })
	expect(empty.status).toBe(400)
	expect(await empty.json()).toMatchObject({ code: 'invalid_request', detail: 'Bitte geben Sie eine Idee für Ihren Post ein.' })
	const unknown = await call('POST', '/generations', { token, json: { kind: 'gedicht', networks: [] } })
	expect((await unknown.json()).errors.map((e: { field: string }) => e.field)).toEqual(['kind', 'networks'])

	await grantCredits(t.db, { userId, amount: 1, type: 'credit_pack', reference: 'nachkauf' })
	// With files: the creator's multipart form (an own image: no image generated, only the text charged).
	const form = new FormData()
	form.set('kind', 'image-prompt')
	form.append('networks', 'linkedin')
	form.set('prompt', 'Unser neues Schaufenster')
	form.set('image', new Blob([await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).png().toBuffer()], { type: 'image/png' }), 'schaufenster.png')
	const withImage = await call('POST', '/generations', { token, body: form, idempotencyKey: 'gen-3' })
	expect(withImage.status).toBe(202)
	const own = await poll(call, token, (await withImage.json()).id)
	expect(own).toMatchObject({ status: 'succeeded', result: { charged: 1 } })

	// Another user's generation is not found.
	const other = await userWithCredits(t.db, 0)
	expect((await call('GET', `/generations/${accepted.id}`, { token: await apiToken(services, other) })).status).toBe(404)
})

test('POST /media: an image (multipart or raw) stored as JPEG and usable as a post image; anything else 400 in German; once per key', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const call = apiClient(services)
	const userId = await userWithCredits(t.db, 0)
	const token = await apiToken(services, userId)
	const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#0f766e' } }).png().toBuffer()
	const form = new FormData()
	form.set('file', new Blob([png], { type: 'image/png' }), 'bild.png')
	const uploaded = await call('POST', '/media', { token, body: form, idempotencyKey: 'bild-1' })
	expect(uploaded.status).toBe(201)
	const media = await uploaded.json()
	expect(media).toMatchObject({ url: expect.stringMatching(/^\/media\/images\/.+\.jpg$/), kind: 'image', contentType: 'image/jpeg', width: 300, height: 200, durationMs: null })
	expect(media.url).toBe(`/media/${media.key}`)
	const stored = await services.files.get(media.url.replace('/media/', ''))
	expect(stored?.contentType).toBe('image/jpeg')

	const retry = new FormData()
	retry.set('file', new Blob([png], { type: 'image/png' }), 'bild.png')
	expect((await (await call('POST', '/media', { token, body: retry, idempotencyKey: 'bild-1' })).json()).url).toBe(media.url)
	const raw = await call('POST', '/media', { token, body: png, headers: { 'Content-Type': 'image/png' }, idempotencyKey: 'bild-1' })
	expect((await raw.json()).url).toBe(media.url)
	expect(await t.db.selectFrom('uploads').select('id').where('user_id', '=', userId).execute()).toHaveLength(1)
	const other = await call('POST', '/media', { token, body: await sharp(png).jpeg().toBuffer(), headers: { 'Content-Type': 'image/jpeg' }, idempotencyKey: 'bild-1' })
	expect(other.status).toBe(409)

	const text = await call('POST', '/media', { token, body: 'kein Bild', headers: { 'Content-Type': 'image/png' } })
	expect(text.status).toBe(400)
	expect(await text.json()).toMatchObject({ code: 'invalid_request', errors: [{ field: 'file', message: expect.stringMatching(/PNG, JPG, WEBP oder GIF/) }] })
	expect((await call('POST', '/media', { token, json: { file: 'x' } })).status).toBe(415)
	const noFile = new FormData()
	noFile.set('anderes', 'x')
	expect((await call('POST', '/media', { token, body: noFile })).status).toBe(400)
	const tooLarge = new Uint8Array(11 * 1024 * 1024)
	tooLarge.set(png.subarray(0, 16))
	expect((await call('POST', '/media', { token, body: tooLarge, headers: { 'Content-Type': 'image/png' } })).status).toBe(413)
	// Judged by content, not by the type sent: zeros are no image (nor any file the API takes).
	expect((await call('POST', '/media', { token, body: new Uint8Array(1024), headers: { 'Content-Type': 'image/png' } })).status).toBe(400)

	// The url is accepted as a post's imageUrl.
	const draft = await call('POST', '/drafts', { token, json: { networks: ['linkedin'], text: 'Mit Bild', images: { linkedin: media.url } } })
	expect(draft.status).toBe(201)
	expect((await draft.json()).images).toEqual({ linkedin: media.url })
})

test('POST /media: a video (multipart, parsed while it streams) and a PDF (raw) stored as they are; a text named .mp4 refused in German; a video over the limit 413', async () => {
	await using t = await createTestDatabase()
	const { services: composed } = testServices(t.db, { DATA_DIR: dataDir })
	const services = { ...composed, media: createMediaUploads({ db: t.db, files: composed.files, limits: { videoMaxBytes: 4 * 1024 * 1024, documentMaxBytes: 1024 * 1024 }, tools: () => videoTools(), tempDir: path.join(dataDir, 'tmp') }) }
	const call = apiClient(services)
	const token = await apiToken(services, await userWithCredits(t.db, 0))
	const clip = await testClip()
	const form = new FormData()
	form.set('titel', 'Vorher ein Feld')
	form.set('file', new Blob([clip], { type: 'video/mp4' }), 'reel.mp4')
	form.set('danach', 'und eines danach')
	const video = await call('POST', '/media', { token, body: form, idempotencyKey: 'video-1' })
	expect(video.status).toBe(201)
	const stored = await video.json()
	expect(stored).toMatchObject({ kind: 'video', contentType: 'video/mp4', bytes: clip.byteLength, width: 320, height: 240, url: expect.stringMatching(/^\/media\/videos\/.+\.mp4$/) })
	expect(Buffer.from((await services.files.get(stored.key))!.bytes).equals(Buffer.from(clip))).toBe(true)

	const pdf = new TextEncoder().encode('%PDF-1.4\n% Folien\n%%EOF\n')
	const document = await call('POST', '/media', { token, body: pdf, headers: { 'Content-Type': 'application/pdf' } })
	expect(document.status).toBe(201)
	expect(await document.json()).toMatchObject({ kind: 'document', contentType: 'application/pdf', bytes: pdf.byteLength, width: null, height: null, durationMs: null })

	const renamed = new FormData()
	renamed.set('file', new Blob(['Das ist kein Video.\n'.repeat(100)], { type: 'video/mp4' }), 'urlaub.mp4')
	const text = await call('POST', '/media', { token, body: renamed })
	expect(text.status).toBe(400)
	expect(await text.json()).toMatchObject({ code: 'invalid_request', errors: [{ field: 'file', message: 'Bitte wählen Sie ein Bild (PNG, JPG, WEBP oder GIF), ein Video (MP4, MOV oder WebM) oder ein PDF.' }] })

	const large = new FormData()
	large.set('file', new Blob([clip, new Uint8Array(5 * 1024 * 1024)], { type: 'video/mp4' }), 'lang.mp4')
	const over = await call('POST', '/media', { token, body: large })
	expect(over.status).toBe(413)
	expect(await over.json()).toMatchObject({ code: 'payload_too_large', detail: 'Bitte wählen Sie ein Video bis 4 MB.' })
	expect(await t.db.selectFrom('uploads').select('kind').orderBy('created_at').execute()).toEqual([{ kind: 'post_video' }, { kind: 'post_document' }])
})

test('GET /credits and /credits/ledger in pages; GET /ideas; GET /accounts with the connected pages', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const call = apiClient(h.services)
	const { userId } = await h.connectedUser(['linkedin'])
	const token = await apiToken(h.services, userId, ['read'])
	for (let i = 0; i < 5; i++) await grantCredits(t.db, { userId, amount: 10 + i, type: 'credit_pack', reference: `kauf-${i}` })
	const balance = (await (await call('GET', '/credits', { token })).json()).balance
	const entries: Array<{ id: string; amount: number; balanceAfter: number }> = []
	let cursor: string | null = ''
	while (cursor !== null) {
		const page = (await (await call('GET', `/credits/ledger?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token })).json()) as { data: typeof entries; nextCursor: string | null }
		expect(page.data.length).toBeLessThanOrEqual(2)
		entries.push(...page.data)
		cursor = page.nextCursor
	}
	expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length)
	expect(entries[0]!.balanceAfter).toBe(balance)
	expect(entries.slice(0, 5).map((e) => e.amount)).toEqual([14, 13, 12, 11, 10])

	await h.services.news.saveContentSettings(userId, { niche: 'Bäckerei', targetAudience: '', keywords: ['sauerteig'], newsKeywords: [] })
	await h.services.news.generateIdeas(userId)
	const ideas = await (await call('GET', '/ideas?limit=3', { token })).json()
	expect(ideas.data).toHaveLength(3)
	expect(ideas.data[0]).toMatchObject({ title: expect.any(String), networks: expect.any(Array) })

	const accounts = await (await call('GET', '/accounts', { token })).json()
	expect(accounts.data).toHaveLength(1)
	expect(accounts.data[0]).toMatchObject({ network: 'linkedin', networkName: 'LinkedIn' })
	expect(accounts.data[0].pages).toEqual(expect.arrayContaining([expect.objectContaining({ isDefault: true, problem: null, name: expect.any(String) })]))
})

test('rate limit: 120 calls per token and minute, the 121st answers 429 with Retry-After, also in parallel', async () => {
	await using t = await createTestDatabase({ maxConnections: 20 })
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const call = apiClient(services)
	const userId = await userWithCredits(t.db, 0)
	const token = await apiToken(services, userId, ['read'])
	const answers = await Promise.all(Array.from({ length: 130 }, () => call('GET', '/credits', { token })))
	const statuses = answers.map((r) => r.status)
	expect(statuses.filter((s) => s === 200)).toHaveLength(120)
	expect(statuses.filter((s) => s === 429)).toHaveLength(10)
	const limited = answers.find((r) => r.status === 429)!
	expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
	expect(await limited.json()).toMatchObject({ code: 'rate_limited', detail: expect.stringMatching(/Bitte warten Sie \d+ Sekunden/) })
	// Sequentially the next call is refused too; another token of the user has its own budget.
	expect((await call('GET', '/credits', { token })).status).toBe(429)
	expect((await call('GET', '/credits', { token: await apiToken(services, userId, ['read']) })).status).toBe(200)
})

type RouteEntry = { path?: string; children?: Array<RouteEntry> }
const routePaths = (entries: Array<RouteEntry>): Array<string> => entries.flatMap((e) => [...(e.path ? [e.path] : []), ...routePaths(e.children ?? [])])

test('GET /api/v1/openapi.json: public, a valid OpenAPI 3.1 document (swagger-parser) naming every /api/v1 route', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const response = await apiClient(services)('GET', '/openapi.json')
	expect(response.status).toBe(200)
	const doc = await response.json()
	expect(doc.openapi).toBe('3.1.0')
	await SwaggerParser.validate(structuredClone(doc))
	const apiRoutes = routePaths(routes as Array<RouteEntry>)
		.filter((p) => p.startsWith('api/v1/') && !p.endsWith('*'))
		.map((p) => `/${p.replace(/:(\w+)/g, '{$1}')}`)
	expect(apiRoutes.length).toBeGreaterThanOrEqual(13)
	for (const route of apiRoutes) expect(Object.keys(doc.paths), route).toContain(route)
	// Bearer security on every operation but this one, problem responses, the Idempotency-Key on creating calls.
	expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
	expect(doc.paths['/api/v1/posts'].post.security).toEqual([{ bearerAuth: [] }])
	expect(doc.paths['/api/v1/posts'].post.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key')
	expect(doc.paths['/api/v1/posts'].post.responses['422'].content['application/problem+json']).toBeTruthy()
	expect(doc.paths['/api/v1/openapi.json'].get.security).toEqual([])
	// Channels (issue 38): listed, named by a new post beside networks, named in its answer and deliveries.
	expect(doc.paths['/api/v1/channels'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ChannelList' })
	expect(Object.keys(doc.components.schemas.Channel.properties).sort()).toEqual(['brand', 'default', 'followers', 'id', 'name', 'network', 'state', 'type'])
	const newPost = doc.components.schemas.NewPost.properties
	expect(newPost.channels).toMatchObject({ type: 'array', items: { type: 'string', format: 'uuid' } })
	expect(newPost.networks).toMatchObject({ type: 'array' })
	expect(doc.components.schemas.PostDetail.properties.channels.items).toEqual({ $ref: '#/components/schemas/PostChannel' })
	expect(doc.components.schemas.Delivery.properties.channel).toBeTruthy()
})

test('the reference page data: every operation with its permission, body fields with readable types and a curl example', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const { groups } = apiReference(services.publishing.platforms.ids, 'https://postwerk.example')
	const endpoints = groups.flatMap((g) => g.endpoints)
	expect(endpoints.length).toBe(Object.values((await (await apiClient(services)('GET', '/openapi.json')).json()).paths).flatMap((p) => Object.keys(p as object)).length)
	const create = endpoints.find((e) => e.id === 'createPost')!
	expect(create).toMatchObject({ method: 'POST', path: '/api/v1/posts', scope: 'posts', idempotent: true })
	const schedule = create.body.find((f) => f.name === 'schedule')!
	expect(schedule).toMatchObject({ required: true, description: expect.stringContaining('next_slot') })
	expect(schedule.type).toContain('{ type: "at", at: string (date-time) }')
	expect(create.body.find((f) => f.name === 'networks')!.type).toMatch(/^\(.+ \| .+\)\[\]$/)
	expect(create.curl).toContain("curl -X POST 'https://postwerk.example/api/v1/posts'")
	expect(create.curl).toContain('Idempotency-Key')
	expect(endpoints.find((e) => e.id === 'getOpenApi')).toMatchObject({ scope: null })
})
