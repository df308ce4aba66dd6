// The AI label's 'auto' covers every generated text (issue 39 item 7, ADR 0067): a post or draft
// records where its texts came from (the creator's idea, a web article, a document, a recording; a
// REST or MCP generation named by its id), checked against the user's own generations; a draft keeps
// it when it is planned; a hand-written post stays unlabelled; the hover card and the export read the
// label as resolved.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import type { GenerationInput } from '#modules/generation/index.ts'
import { FAKE_ARTICLE_PATH, startWebFake, type WebFake } from '#tests/fakes/web.ts'
import { createHarness, type Harness, type TestUser } from '#tests/security/support/harness.ts'
import { apiClient, apiToken } from '#tests/support/api-v1.ts'
import { connectAccounts } from '#tests/support/connected-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { smartPostInput } from '#tests/support/generation-input.ts'

vi.mock('lucide-react', async () => (await import('#tests/security/support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('#tests/security/support/harness.ts')).uiStub())

let t: TestDatabase
let h: Harness
let web: WebFake
let dataDir: string
beforeAll(async () => {
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-ai-label-texts-'))
	web = await startWebFake()
	t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	h = await createHarness(t.db, { env: { DATA_DIR: dataDir, WEB_FETCH_ALLOW_HOSTS: web.host } })
})
afterAll(async () => {
	await h?.[Symbol.asyncDispose]()
	await t?.[Symbol.asyncDispose]()
	await web?.close()
	await fs.rm(dataDir, { recursive: true, force: true })
})

const day = () => new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)

/** A one-second 16 kHz mono wav (a tone): the creator's recording. */
function recording() {
	const rate = 16_000
	const bytes = Buffer.alloc(44 + rate * 2)
	bytes.write('RIFF', 0, 'ascii')
	bytes.writeUInt32LE(36 + rate * 2, 4)
	bytes.write('WAVEfmt ', 8, 'ascii')
	bytes.writeUInt32LE(16, 16)
	bytes.writeUInt16LE(1, 20)
	bytes.writeUInt16LE(1, 22)
	bytes.writeUInt32LE(rate, 24)
	bytes.writeUInt32LE(rate * 2, 28)
	bytes.writeUInt16LE(2, 32)
	bytes.writeUInt16LE(16, 34)
	bytes.write('data', 36, 'ascii')
	bytes.writeUInt32LE(rate * 2, 40)
	for (let i = 0; i < rate; i++) bytes.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), 44 + i * 2)
	return new Uint8Array(bytes)
}

let photo: Uint8Array
beforeAll(async () => {
	photo = new Uint8Array(await sharp({ create: { width: 800, height: 600, channels: 3, background: '#cc8844' } }).png().toBuffer())
})

/** The creator's inputs: the idea, a web article's URL, a document, a recording (with a photo: offline there is no transcription). */
const inputs: Record<string, () => Partial<GenerationInput>> = {
	'smart-post': () => ({}),
	'web-article': () => ({ kind: 'web-article', prompt: '', url: `${web.url}${FAKE_ARTICLE_PATH}` }),
	'pdf-notes': () => ({ kind: 'pdf-notes', prompt: '', document: { name: 'notizen.txt', bytes: new TextEncoder().encode('Unser Hofladen hat ab Montag länger offen: bis 20 Uhr, mit frischem Brot vom Holzofen.') } }),
	'audio-image': () => ({ kind: 'audio-image', prompt: '', audio: { name: 'aufnahme.wav', bytes: recording() }, image: { name: 'laden.png', bytes: photo } }),
}

async function generated(user: TestUser, kind: string) {
	const outcome = await h.services.generation.generate(user.id, smartPostInput(['mastodon'], inputs[kind]!()))
	if (!outcome.ok) throw new Error(`${kind}: ${outcome.code}`)
	expect(outcome.texts.mastodon).toBeTruthy()
	return outcome
}

/** The creator's form for Mastodon with the generated text and no image (an image alone would turn 'auto' on). */
function creatorForm(intent: 'schedule' | 'save-draft', text: string, extra: Record<string, string> = {}) {
	return { intent, requestId: randomUUID(), platforms: ['mastodon'], 'text.mastodon': text, prompt: '', date: day(), time: '10:00', ...extra }
}

async function labelOf(userId: string, postId: string) {
	const post = (await h.services.content.getPost(userId, postId))!
	const row = await h.db.selectFrom('posts').select('text_origin').where('id', '=', postId).executeTakeFirstOrThrow()
	return { aiLabel: post.aiLabel, aiLabelled: post.aiLabelled, media: post.media.length, origin: row.text_origin }
}

async function newestPost(userId: string) {
	const row = await h.db.selectFrom('posts').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow()
	return row.id
}

test.each(Object.keys(inputs))("the creator's post from %s: its text is recorded as generated, 'auto' labels it", async (kind) => {
	const user = await h.user()
	await connectAccounts(h.db, user.id, ['mastodon'])
	const outcome = await generated(user, kind)
	const answer = await h.call('/create', { cookie: user.cookie, form: creatorForm('schedule', outcome.texts.mastodon!, { generationId: outcome.generationId }) })
	expect(answer.status).toBe(200)
	expect(await labelOf(user.id, await newestPost(user.id))).toEqual({ aiLabel: 'auto', aiLabelled: true, media: 0, origin: kind })
})

test("a draft saved from a generation keeps its origin when it is planned later; a hand-written post, or another user's generation, labels nothing", async () => {
	const user = await h.user()
	await connectAccounts(h.db, user.id, ['mastodon'])
	const outcome = await generated(user, 'pdf-notes')
	const saved = await h.call('/create', { cookie: user.cookie, form: creatorForm('save-draft', outcome.texts.mastodon!, { generationId: outcome.generationId }) })
	const [draftId] = (saved.data as { ids: Array<string> }).ids
	expect(await h.db.selectFrom('drafts').select('text_origin').where('id', '=', draftId!).executeTakeFirstOrThrow()).toEqual({ text_origin: 'pdf-notes' })
	// Opened again from Meine Posts the creator knows no generation: the draft's origin stays.
	const planned = await h.call('/create', { cookie: user.cookie, form: creatorForm('schedule', `${outcome.texts.mastodon!} Bearbeitet.`, { editKind: 'draft', editId: draftId! }) })
	expect(planned.status).toBe(200)
	expect(await labelOf(user.id, draftId!)).toEqual({ aiLabel: 'auto', aiLabelled: true, media: 0, origin: 'pdf-notes' })

	const handWritten = await h.call('/create', { cookie: user.cookie, form: creatorForm('schedule', 'Selbst geschrieben: ab Montag länger offen.') })
	expect(handWritten.status).toBe(200)
	expect(await labelOf(user.id, await newestPost(user.id))).toEqual({ aiLabel: 'auto', aiLabelled: false, media: 0, origin: null })

	const other = await h.user()
	await connectAccounts(h.db, other.id, ['mastodon'])
	const borrowed = await h.call('/create', { cookie: other.cookie, form: creatorForm('schedule', 'Fremde Generierung', { generationId: outcome.generationId }) })
	expect(borrowed.status).toBe(200)
	expect(await labelOf(other.id, await newestPost(other.id))).toEqual({ aiLabel: 'auto', aiLabelled: false, media: 0, origin: null })
})

test("REST: a post and a draft naming the generation their texts came from are labelled; the hover card and the export say so", async () => {
	const user = await h.user()
	await connectAccounts(h.db, user.id, ['mastodon'])
	const outcome = await generated(user, 'smart-post')
	const token = await apiToken(h.services, user.id)
	const call = apiClient(h.services)
	const created = await call('POST', '/posts', { token, json: { networks: ['mastodon'], text: outcome.texts.mastodon, generationId: outcome.generationId, schedule: { type: 'next_slot' } } })
	expect(created.status).toBe(201)
	const post = (await created.json()) as { id: string; aiLabel: string; aiLabelled: boolean }
	expect(post).toMatchObject({ aiLabel: 'auto', aiLabelled: true })
	const plain = await call('POST', '/posts', { token, json: { networks: ['mastodon'], text: 'Von Hand', schedule: { type: 'next_slot' } } })
	expect(await plain.json()).toMatchObject({ aiLabel: 'auto', aiLabelled: false })
	const draft = await call('POST', '/drafts', { token, json: { networks: ['mastodon'], text: outcome.texts.mastodon, generationId: outcome.generationId } })
	expect(draft.status).toBe(201)
	const { id: draftId } = (await draft.json()) as { id: string }
	expect(await h.db.selectFrom('drafts').select('text_origin').where('id', '=', draftId).executeTakeFirstOrThrow()).toEqual({ text_origin: 'smart-post' })

	// The calendar's hover card: 'KI' from the generated text alone (the post has no image).
	expect(await h.services.content.calendarPreview(user.id, post.id)).toMatchObject({ imageUrl: null, aiLabelled: true })
	const exported = await h.services.content.exportData(user.id)
	const byId = new Map(exported.posts.map((row) => [row.id, row]))
	expect(byId.get(post.id)).toMatchObject({ ai_label: 'auto', text_origin: 'smart-post', aiLabelled: true })
	expect(exported.posts.filter((row) => row.id !== post.id)).toEqual([expect.objectContaining({ text_origin: null, aiLabelled: false })])
	expect(exported.drafts).toEqual([expect.objectContaining({ id: draftId, text_origin: 'smart-post' })])
})
