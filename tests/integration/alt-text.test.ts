// German alt text for every image (issue 39 item 6, ADR 0060): made with every generated image and
// stored with it, carried into the post's post_media row; the vision path against the OpenAI fake;
// 'Alt-Text vorschlagen' (POST /api/media-alt-text) for the owner only; the setting that requires it;
// the AI label's 'auto' resolved in the post's view.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { requiresAltText } from '#modules/accounts/index.ts'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import { isAltTextRequest, startOpenAiFake } from '#tests/fakes/openai.ts'
import { createHarness, type Harness, type TestUser } from '#tests/security/support/harness.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { smartPostInput } from '#tests/support/generation-input.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

vi.mock('lucide-react', async () => (await import('#tests/security/support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('#tests/security/support/harness.ts')).uiStub())

const zone = 'Europe/Zurich'
let t: TestDatabase
let h: Harness
let dataDir: string
beforeAll(async () => {
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-alt-text-'))
	t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	h = await createHarness(t.db)
})
afterAll(async () => {
	await h?.[Symbol.asyncDispose]()
	await t?.[Symbol.asyncDispose]()
	await fs.rm(dataDir, { recursive: true, force: true })
})

const generatedUploads = (db: Db, userId: string) => db.selectFrom('uploads').select(['storage_key', 'alt_text']).where('user_id', '=', userId).where('kind', '=', 'generated_image').execute()

test('offline: every generated image has a German alt text, and the post_media row made from it takes it over', async () => {
	const user = await h.user()
	const outcome = await h.services.generation.generate(user.id, smartPostInput(['linkedin', 'instagram'], { prompt: 'Frische Zöpfe aus der Backstube am Sonntag' }))
	if (!outcome.ok) throw new Error(outcome.code)
	const uploads = await generatedUploads(h.db, user.id)
	expect(uploads).toHaveLength(2) // 16:9 for LinkedIn, 1:1 for Instagram
	for (const { alt_text: altText } of uploads) {
		expect(altText).toMatch(/^Grafik mit der Überschrift „Frische Zöpfe aus der Backstube am Sonntag“ in fetter Schrift auf einem farbigen Verlauf\./)
		expect([...altText!].length).toBeLessThanOrEqual(1000)
		expect(altText).not.toMatch(/lorem|platzhalter|bild von/i)
	}

	const post = await h.services.content.createPost(user.id, {
		platform: 'multiple',
		content: { base: outcome.texts.linkedin!, platforms: { linkedin: outcome.texts.linkedin!, instagram: outcome.texts.instagram! } },
		status: 'draft',
		timeZone: zone,
		images: outcome.images,
	})
	const rows = await h.db.selectFrom('post_media').select(['url', 'alt_text', 'ai_generated', 'source']).where('post_id', '=', post.id).orderBy('position').execute()
	expect(rows).toHaveLength(3) // the post's image for every network, and each network's own
	for (const row of rows) {
		const upload = uploads.find((u) => `/media/${u.storage_key}` === row.url)!
		expect(row).toEqual({ url: row.url, alt_text: upload.alt_text, ai_generated: true, source: 'generation' })
	}
	expect(post.media.map((item) => item.altText)).toEqual(rows.map((row) => row.alt_text))
	// Nothing generated said about the text here (no idea kept): the generated images turn 'auto' on.
	expect(post).toMatchObject({ aiLabel: 'auto', aiLabelled: true })

	// The user's own image gets no alt text from anywhere, and labels nothing.
	const own = await h.services.content.createPost(user.id, { platform: 'linkedin', content: { base: 'Unser Laden', platforms: {} }, status: 'draft', timeZone: zone, imageUrl: '/media/images/eigenes.jpg' })
	expect(own.media).toMatchObject([{ altText: null, aiGenerated: false }])
	expect(own).toMatchObject({ aiLabel: 'auto', aiLabelled: false })
	// Another user's generated image brings neither its alt text nor its origin.
	const other = await h.user()
	const borrowed = await h.services.content.createPost(other.id, { platform: 'linkedin', content: { base: 'Geliehen', platforms: {} }, status: 'draft', timeZone: zone, imageUrl: outcome.images.linkedin! })
	expect(borrowed.media).toMatchObject([{ altText: null, aiGenerated: false }])
	// A text generated in the creator (its idea kept) turns 'auto' on; 'off' stays off.
	const written = await h.services.content.createPost(user.id, { platform: 'linkedin', content: { base: 'Geschrieben', platforms: {} }, status: 'draft', timeZone: zone, aiPrompt: 'Eine Idee' })
	expect(written.aiLabelled).toBe(true)
	expect(await h.services.content.setAiLabel(user.id, post.id, 'off')).toMatchObject({ ok: true, post: { aiLabel: 'off', aiLabelled: false } })
})

test('with an OpenAI key the vision model looks at the image; a failing call falls back to the offline text; no extra charge', async () => {
	await using openai = await startOpenAiFake()
	await using own = await createTestDatabase()
	await seedModelCatalogue(own.db)
	const { services } = testServices(own.db, { DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url })
	const userId = await userWithCredits(own.db, 50)
	const outcome = await services.generation.generate(userId, smartPostInput(['linkedin']))
	if (!outcome.ok) throw new Error(outcome.code)

	const asked = openai.requests.filter(isAltTextRequest)
	expect(asked).toHaveLength(1)
	const body = asked[0]!.body as { model: string; messages: Array<{ role: string; content: unknown }> }
	expect(body.model).toBe('gpt-4o-mini')
	expect(body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('Höchstens 1000 Zeichen') })
	expect(body.messages[1]).toMatchObject({
		role: 'user',
		content: [
			{ type: 'text', text: expect.stringContaining('Vorgabe für das Bild') },
			{ type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/jpeg;base64,\/9j\//), detail: 'low' } },
		],
	})
	// The fake's "Das Bild zeigt …" loses its opener.
	expect((await generatedUploads(own.db, userId)).map((u) => u.alt_text)).toEqual(['Eine gleichmäßig blaue Fläche ohne Text.'])
	const ledger = await own.db.selectFrom('credit_transactions').select(['credits_amount', 'transaction_type']).where('user_id', '=', userId).where('transaction_type', '!=', 'signup_bonus').execute()
	expect(ledger).toEqual([{ credits_amount: -outcome.charged, transaction_type: 'generation' }])

	openai.scenario('error500')
	const again = await services.generation.regenerateImage(userId, { requestId: randomUUID(), platform: 'linkedin', content: 'Frische Zöpfe am Sonntag', agentId: null })
	if (!again.ok) throw new Error(again.code)
	const stored = (await generatedUploads(own.db, userId)).find((u) => `/media/${u.storage_key}` === again.imageUrl)
	expect(stored?.alt_text).toMatch(/^Grafik mit der Überschrift „Frische Zöpfe am Sonntag“/)
})

const suggest = (user: TestUser, body: unknown) =>
	h.call('/api/media-alt-text', { method: 'POST', cookie: user.cookie, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })

test("'Alt-Text vorschlagen': the owner gets a German suggestion, not saved, once per request id; another user's id is not found", async () => {
	const owner = await h.user()
	const photo = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#2850c8' } }).png().toBuffer()
	await h.services.files.put('images/marktgasse.png', new Uint8Array(photo), 'image/png')
	const post = await h.services.content.createPost(owner.id, { platform: 'linkedin', content: { base: 'Unser neuer Laden an der Marktgasse. Ab Montag offen.', platforms: {} }, status: 'draft', timeZone: zone, imageUrl: '/media/images/marktgasse.png' })
	const mediaId = post.media[0]!.id
	const requestId = randomUUID()

	const first = await suggest(owner, { requestId, mediaId })
	expect(first.status).toBe(200)
	expect(first.data).toEqual({ ok: true, altText: 'Motiv im Querformat in Blautönen zum Beitrag „Unser neuer Laden an der Marktgasse“.' })
	expect(await suggest(owner, { requestId, mediaId })).toMatchObject({ status: 200, data: first.data })
	const saved = await h.db.selectFrom('post_media').select('alt_text').where('id', '=', mediaId).executeTakeFirstOrThrow()
	expect(saved.alt_text).toBeNull()

	const second = await h.services.content.createPost(owner.id, { platform: 'linkedin', content: { base: 'Zweites Bild', platforms: {} }, status: 'draft', timeZone: zone, imageUrl: '/media/images/marktgasse.png' })
	expect(await suggest(owner, { requestId, mediaId: second.media[0]!.id })).toMatchObject({
		status: 409,
		data: { ok: false, code: 'request_conflict', message: 'Diese Anfrage wurde schon für ein anderes Bild gestellt. Bitte versuchen Sie es erneut.' },
	})

	const stranger = await h.user()
	expect(await suggest(stranger, { requestId: randomUUID(), mediaId })).toMatchObject({ status: 404, data: { ok: false, code: 'not_found', message: 'Dieses Bild gibt es in Ihren Posts nicht.' } })
	expect(await suggest(owner, { requestId: randomUUID(), mediaId: randomUUID() })).toMatchObject({ status: 404, data: { code: 'not_found' } })
	expect(await suggest(owner, { requestId: 'nein', mediaId })).toMatchObject({ status: 400, data: { ok: false, code: 'invalid' } })
	expect(await h.call('/api/media-alt-text', { method: 'POST', body: JSON.stringify({ requestId: randomUUID(), mediaId }) })).toMatchObject({ thrown: true })
})

test("'Alt-Text für Bilder verlangen' is off by default, saved with the preferences, read by requiresAltText", async () => {
	const user = await h.user()
	expect(await requiresAltText(h.db, user.id)).toBe(false)
	expect(await h.services.accounts.getAccountSettings(user.id)).toMatchObject({ requireAltText: false })
	const save = (form: Record<string, string>) => h.call('/settings', { method: 'POST', cookie: user.cookie, form: { intent: 'preferences', timeZone: zone, ...form } })
	await save({ notifyFailedPosts: 'on', requireAltText: 'on' })
	expect(await requiresAltText(h.db, user.id)).toBe(true)
	expect(await h.services.accounts.getAccountSettings(user.id)).toMatchObject({ requireAltText: true, notifyFailedPosts: true })
	await save({ notifyFailedPosts: 'on' })
	expect(await requiresAltText(h.db, user.id)).toBe(false)
	expect(await requiresAltText(h.db, randomUUID())).toBe(false)
})
