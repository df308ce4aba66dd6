import { randomUUID } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { sql, type Kysely } from 'kysely'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { createMediaUploads, videoTools, type WebReader } from '#modules/media/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { fakeAi, memoryFiles, mp4, type Behaviour } from '#tests/support/fake-ai.ts'
import { createCatalogService, seedModelCatalogue, testCost } from '#modules/catalog/index.ts'
import { createGenerationService } from './index.ts'
import { makePro, userWithCredits } from '#tests/support/users.ts'
import { testPlatforms } from '#tests/support/platforms.ts'

// Model tests ('Modell testen') against a real database with AI providers built here (the adapters
// are tested through the composition root in tests/integration/model-tests.test.ts).

const unusedWeb: WebReader = {
	article: () => Promise.reject(new Error('not used')),
	youtube: () => Promise.reject(new Error('not used')),
	image: () => Promise.reject(new Error('not used')),
}

async function setup(behaviour: Behaviour = {}) {
	const t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const ai = fakeAi(behaviour)
	const files = memoryFiles()
	const logger = createLogger('silent')
	const catalog = createCatalogService({ db: t.db, ai, files, logger })
	const media = createMediaUploads({ db: t.db, files, limits: { videoMaxBytes: 0, documentMaxBytes: 0 }, tools: () => videoTools(), tempDir: path.join(os.tmpdir(), 'postwerk-model-tests-unused') })
	const generation = createGenerationService({ db: t.db, ai, web: unusedWeb, files, logger, appUrl: 'http://127.0.0.1:3999', platforms: testPlatforms, media })
	const videoTask = generation.tasks.find((task) => task.id === 'model_test_video')!
	return { t, db: t.db, ai, files, catalog, generation, videoTask, [Symbol.asyncDispose]: () => t[Symbol.asyncDispose]() }
}

async function balanceOf(db: Kysely<DB>, userId: string) {
	const row = await db.selectFrom('profiles').select('credits_remaining').where('id', '=', userId).executeTakeFirstOrThrow()
	return row.credits_remaining
}

async function ledger(db: Kysely<DB>, userId: string) {
	return db.selectFrom('credit_transactions').select(['credits_amount', 'transaction_type']).where('user_id', '=', userId).where('transaction_type', '!=', 'signup_bonus').orderBy('created_at').orderBy('credits_amount').execute()
}

test('a language comparison charges each model its cost on its own ledger row; results and activity are recorded', async () => {
	await using s = await setup()
	const userId = await userWithCredits(s.db, 20)
	const { models } = await s.catalog.testModels(userId, ['gpt-5-2025-08-07', 'gpt-4o-mini'])
	const shown = testCost(models, 'language', null).total
	const outcome = await s.generation.runModelTest(userId, { modelIds: ['gpt-5-2025-08-07', 'gpt-4o-mini'], category: 'language', prompt: 'Drei Tipps für bessere Meetings', agentId: null })
	if (!outcome.ok) throw new Error(outcome.code)
	expect(outcome.charged).toBe(shown)
	expect(shown).toBe(4)
	expect(outcome.balance).toBe(16)
	await outcome.settled
	expect(await balanceOf(s.db, userId)).toBe(16)
	expect(await ledger(s.db, userId)).toEqual([
		{ credits_amount: -3, transaction_type: 'Model Test: GPT-5' },
		{ credits_amount: -1, transaction_type: 'Model Test: GPT-4o mini' },
	])
	const tests = await s.generation.modelTests(userId, outcome.tests.map((t) => t.id))
	expect(tests.map((t) => [t.status, t.result])).toEqual([
		['succeeded', { type: 'text', content: 'Antwort von gpt-5-2025-08-07' }],
		['succeeded', { type: 'text', content: 'Antwort von gpt-4o-mini' }],
	])
	const logs = await s.db.selectFrom('activity_logs').select(['log_type', 'status', 'title']).where('user_id', '=', userId).orderBy('title').execute()
	expect(logs).toEqual([
		{ log_type: 'model_test', status: 'success', title: 'Modell-Test: GPT-4o mini' },
		{ log_type: 'model_test', status: 'success', title: 'Modell-Test: GPT-5' },
	])
})

test('a repeated request id (double click, retried request) starts the tests once and charges once', async () => {
	await using s = await setup()
	const userId = await userWithCredits(s.db, 20)
	const input = { modelIds: ['gpt-5-2025-08-07', 'gpt-4o-mini'], category: 'language' as const, prompt: 'Drei Tipps für bessere Meetings', agentId: null, requestId: randomUUID() }
	const [first, second] = await Promise.all([s.generation.runModelTest(userId, input), s.generation.runModelTest(userId, input)])
	if (!first.ok || !second.ok) throw new Error('run refused')
	await Promise.all([first.settled, second.settled])
	expect(second.tests.map((t) => t.id).sort()).toEqual(first.tests.map((t) => t.id).sort())
	expect(await balanceOf(s.db, userId)).toBe(16)
	expect(await ledger(s.db, userId)).toHaveLength(2)
	const third = await s.generation.runModelTest(userId, input)
	expect(third.ok && third.tests.map((t) => t.id).sort()).toEqual(first.tests.map((t) => t.id).sort())
	expect(await balanceOf(s.db, userId)).toBe(16)
})

test('an image test stores the image as JPEG and charges the model cost', async () => {
	await using s = await setup()
	const userId = await userWithCredits(s.db, 10)
	const outcome = await s.generation.runModelTest(userId, { modelIds: ['flux-1.1-pro'], category: 'image', prompt: 'Ein Leuchtturm im Nebel', agentId: null })
	if (!outcome.ok) throw new Error(outcome.code)
	await outcome.settled
	expect(await balanceOf(s.db, userId)).toBe(5)
	const [view] = await s.generation.modelTests(userId, [outcome.tests[0]!.id])
	expect(view!.result?.type).toBe('image')
	const key = view!.result!.content.replace('/media/', '')
	expect(key).toMatch(/^images\/[0-9a-f-]+\.jpg$/)
	expect(Array.from(s.files.files.get(key)!.bytes.slice(0, 3))).toEqual([0xff, 0xd8, 0xff])
	// Its German alt text (ADR 0060) is kept with the upload, as for the creator's images.
	expect(await s.db.selectFrom('uploads').select('alt_text').where('storage_key', '=', key).executeTakeFirstOrThrow()).toEqual({ alt_text: 'Ein blaues Quadrat.' })
})

test('a video comparison is charged per second of the chosen resolution, runs in the job and stores the mp4', async () => {
	await using s = await setup()
	const userId = await userWithCredits(s.db, 100)
	await makePro(s.db, userId)
	const video = { aspectRatio: '16:9', resolution: '1080p', durationSeconds: 10 }
	const outcome = await s.generation.runModelTest(userId, { modelIds: ['seedance-1-pro', 'seedance-1-lite'], category: 'video', prompt: 'Ein Zug fährt durch die Alpen', agentId: null, video })
	if (!outcome.ok) throw new Error(outcome.code)
	// seedance-1-pro 3/s and seedance-1-lite 2/s at 1080p, 10 seconds each.
	expect(outcome.charged).toBe(50)
	expect(outcome.tests.map((t) => t.status)).toEqual(['pending', 'pending'])
	expect(await ledger(s.db, userId)).toEqual([
		{ credits_amount: -30, transaction_type: 'Model Test: Seedance 1 Pro (1080p, 10s)' },
		{ credits_amount: -20, transaction_type: 'Model Test: Seedance 1 Lite (1080p, 10s)' },
	])
	const jobs = await sql<{ key: string }>`select key from graphile_worker.jobs where task_identifier = 'model_test_video' order by key`.execute(s.db)
	expect(jobs.rows.map((j) => j.key).sort()).toEqual(outcome.tests.map((t) => `model_test_video:${t.id}`).sort())
	for (const test of outcome.tests) await s.videoTask.handler({ testId: test.id }, { jobId: 'j', attempts: 1 })
	expect(s.ai.calls.sort()).toEqual(['video:seedance-1-lite:1080p:10', 'video:seedance-1-pro:1080p:10'])
	const views = await s.generation.modelTests(userId, outcome.tests.map((t) => t.id))
	for (const view of views) {
		expect(view.status).toBe('succeeded')
		expect(view.result!.content).toMatch(/^\/media\/videos\/[0-9a-f-]+\.mp4$/)
	}
	expect(await balanceOf(s.db, userId)).toBe(50)
	// Each video goes into the media pipeline as an upload does (ADR 0068): a generated upload, its variant row and its job.
	const keys = views.map((view) => view.result!.content.slice('/media/'.length))
	const adopted = await s.db
		.selectFrom('uploads as u')
		.innerJoin('media_variants as v', 'v.upload_id', 'u.id')
		.select(['u.kind', 'u.user_id', 'v.state', 'v.source_key'])
		.where('u.storage_key', 'in', keys)
		.execute()
	expect(adopted.map((row) => ({ ...row, source_key: keys.includes(row.source_key) }))).toEqual(keys.map(() => ({ kind: 'generated_video', user_id: userId, state: 'processing', source_key: true })))
	const processJobs = await sql<{ n: number }>`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'media_process'`.execute(s.db)
	expect(processJobs.rows[0]!.n).toBe(2)

	// Half credits per second round up per model: 0.5 × 5 s is 3 credits.
	const cheap = await s.generation.runModelTest(userId, { modelIds: ['wan-2.2-t2v-fast'], category: 'video', prompt: 'Wellen', agentId: null, video: { aspectRatio: '16:9', resolution: '480p', durationSeconds: 5 } })
	expect(cheap.ok && cheap.charged).toBe(3)
})

test('video settings must be offered by every selected model', async () => {
	await using s = await setup()
	const userId = await userWithCredits(s.db, 500)
	await makePro(s.db, userId)
	// veo-3-fast offers only 8 seconds; seedance-1-pro 5 and 10: nothing shared.
	const outcome = await s.generation.runModelTest(userId, { modelIds: ['seedance-1-pro', 'veo-3-fast'], category: 'video', prompt: 'Test', agentId: null, video: { aspectRatio: '16:9', resolution: '1080p', durationSeconds: 10 } })
	expect(outcome).toEqual({ ok: false, code: 'video_settings' })
	const wrong = await s.generation.runModelTest(userId, { modelIds: ['seedance-1-pro'], category: 'video', prompt: 'Test', agentId: null, video: { aspectRatio: '16:9', resolution: '4K', durationSeconds: 10 } })
	expect(wrong).toEqual({ ok: false, code: 'video_settings' })
	expect(await balanceOf(s.db, userId)).toBe(500)
})

test('a failing provider charges nothing: each model is refunded and logged as an error', async () => {
	await using s = await setup({ fail: true })
	const userId = await userWithCredits(s.db, 20)
	const outcome = await s.generation.runModelTest(userId, { modelIds: ['flux-schnell', 'ideogram-v3-turbo'], category: 'image', prompt: 'Berge', agentId: null })
	if (!outcome.ok) throw new Error(outcome.code)
	await outcome.settled
	expect(await balanceOf(s.db, userId)).toBe(20)
	const rows = await ledger(s.db, userId)
	expect(rows.reduce((sum, r) => sum + r.credits_amount, 0)).toBe(0)
	expect(rows.filter((r) => r.credits_amount > 0).map((r) => r.transaction_type).sort()).toEqual(['Model Test Refund: FLUX.1 [schnell]', 'Model Test Refund: Ideogram 3.0 Turbo'])
	const views = await s.generation.modelTests(userId, outcome.tests.map((t) => t.id))
	expect(views.map((v) => [v.status, v.error])).toEqual([
		['failed', 'Der KI-Dienst ist gerade nicht erreichbar.'],
		['failed', 'Der KI-Dienst ist gerade nicht erreichbar.'],
	])
	const logs = await s.db.selectFrom('activity_logs').select(['log_type', 'status']).where('user_id', '=', userId).execute()
	expect(logs).toEqual([
		{ log_type: 'model_test', status: 'error' },
		{ log_type: 'model_test', status: 'error' },
	])
})

test('a provider without a video model fails the test with a clear message and refunds it', async () => {
	await using s = await setup({ video: null })
	const userId = await userWithCredits(s.db, 40)
	await makePro(s.db, userId)
	const outcome = await s.generation.runModelTest(userId, { modelIds: ['seedance-1-pro'], category: 'video', prompt: 'Ein Boot', agentId: null, video: { aspectRatio: '16:9', resolution: '1080p', durationSeconds: 10 } })
	if (!outcome.ok) throw new Error(outcome.code)
	expect(await balanceOf(s.db, userId)).toBe(10)
	await s.videoTask.handler({ testId: outcome.tests[0]!.id }, { jobId: 'j', attempts: 1 })
	const [view] = await s.generation.modelTests(userId, [outcome.tests[0]!.id])
	expect(view!.status).toBe('failed')
	expect(view!.error).toMatch(/Videogenerierung ist für dieses Modell nicht verfügbar/)
	expect(await balanceOf(s.db, userId)).toBe(40)
})

test("another user's model test is not found", async () => {
	await using s = await setup()
	const owner = await userWithCredits(s.db, 10)
	const stranger = await userWithCredits(s.db, 10)
	const outcome = await s.generation.runModelTest(owner, { modelIds: ['gpt-4o-mini'], category: 'language', prompt: 'Hallo', agentId: null })
	if (!outcome.ok) throw new Error(outcome.code)
	await outcome.settled
	const id = outcome.tests[0]!.id
	expect(await s.generation.modelTests(stranger, [id])).toEqual([])
	expect(await s.generation.modelTests(owner, [id])).toHaveLength(1)
	expect(await s.generation.modelTests(owner, ['kein-uuid'])).toEqual([])
	// Another user's agent is not found either.
	const agent = await s.db.insertInto('agent_configurations').values({ user_id: owner, name: 'Agent A' }).returning('id').executeTakeFirstOrThrow()
	expect(await s.generation.runModelTest(stranger, { modelIds: ['gpt-4o-mini'], category: 'language', prompt: 'Hallo', agentId: agent.id })).toEqual({ ok: false, code: 'unknown_agent' })
})

test('validation: prompt, models of the category, reference content and credits', async () => {
	await using s = await setup()
	const userId = await userWithCredits(s.db, 4)
	const base = { modelIds: ['flux-schnell'], category: 'image' as const, prompt: 'Ein Hund', agentId: null }
	expect(await s.generation.runModelTest(userId, { ...base, prompt: '   ' })).toEqual({ ok: false, code: 'prompt_required' })
	expect(await s.generation.runModelTest(userId, { ...base, modelIds: [] })).toEqual({ ok: false, code: 'no_models' })
	expect(await s.generation.runModelTest(userId, { ...base, modelIds: ['gpt-4o-mini'] })).toEqual({ ok: false, code: 'unknown_model' })
	const php = new TextEncoder().encode('<?php echo "hallo"; ?>')
	expect(await s.generation.runModelTest(userId, { ...base, referenceImage: { name: 'bild.png', bytes: php } })).toEqual({ ok: false, code: 'reference_type' })
	expect(await s.generation.runModelTest(userId, { ...base, referenceImage: { name: 'clip.mp4', bytes: mp4 } })).toEqual({ ok: false, code: 'reference_type' })
	const big = new Uint8Array(10 * 1024 * 1024 + 1)
	big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
	expect(await s.generation.runModelTest(userId, { ...base, referenceImage: { name: 'gross.png', bytes: big } })).toEqual({ ok: false, code: 'reference_too_large' })
	expect(await s.generation.runModelTest(userId, { ...base, modelIds: ['flux-1.1-pro'] })).toEqual({ ok: false, code: 'insufficient_credits', balance: 4, cost: 5 })
	// Video is part of the Pro plan; Kling needs a start image.
	const kling = { modelIds: ['kling-v2.1'], category: 'video' as const, prompt: 'x', agentId: null, video: { aspectRatio: '16:9', resolution: '720p', durationSeconds: 5 } }
	expect(await s.generation.runModelTest(userId, kling)).toEqual({ ok: false, code: 'video_requires_pro' })
	await makePro(s.db, userId)
	expect(await s.generation.runModelTest(userId, { modelIds: ['kling-v2.1'], category: 'video', prompt: 'x', agentId: null, video: { aspectRatio: '16:9', resolution: '720p', durationSeconds: 5 } })).toEqual({ ok: false, code: 'reference_required' })
	expect(await ledger(s.db, userId)).toEqual([])

	const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } }).png().toBuffer()
	const ok = await s.generation.runModelTest(userId, { ...base, referenceImage: { name: 'rot.png', bytes: new Uint8Array(png) } })
	if (!ok.ok) throw new Error(ok.code)
	await ok.settled
	expect(await balanceOf(s.db, userId)).toBe(2)
	const upload = await s.db.selectFrom('uploads').select(['kind', 'storage_key']).where('user_id', '=', userId).where('kind', '=', 'reference_image').executeTakeFirstOrThrow()
	expect(upload.storage_key).toMatch(/^reference-images\/[0-9a-f-]+\.png$/)
})
