// Model tests through the composition root with the real OpenAI and Replicate SDKs against their
// local fakes: the charge equals the shown cost, a video runs in its job, a failing provider
// charges nothing.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import { testCost } from '#modules/catalog/index.ts'
import type { DB } from '#modules/core/db.server.ts'
import { isAltTextRequest, startOpenAiFake } from '#tests/fakes/openai.ts'
import { startReplicateFake } from '#tests/fakes/replicate.ts'
import { isLabelledAiGenerated } from '#modules/media/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { makePro, userWithCredits } from '#tests/support/users.ts'

let dataDir: string
beforeAll(async () => {
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-model-tests-'))
})
afterAll(async () => {
	await fs.rm(dataDir, { recursive: true, force: true })
})

async function balanceAndLedger(db: Kysely<DB>, userId: string) {
	const profile = await db.selectFrom('profiles').select('credits_remaining').where('id', '=', userId).executeTakeFirstOrThrow()
	const sum = await db.selectFrom('credit_transactions').select((eb) => eb.fn.sum<string>('credits_amount').as('sum')).where('user_id', '=', userId).executeTakeFirstOrThrow()
	return { balance: profile.credits_remaining, ledger: Number(sum.sum ?? 0) }
}

async function withFakes() {
	const t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const openai = await startOpenAiFake()
	const replicate = await startReplicateFake()
	const composition = testServices(t.db, { DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url, REPLICATE_API_TOKEN: 'r8-test', REPLICATE_BASE_URL: replicate.url })
	const videoTask = composition.tasks.find((task) => task.id === 'model_test_video')!
	return {
		db: t.db,
		openai,
		replicate,
		catalog: composition.services.catalog,
		generation: composition.services.generation,
		files: composition.services.files,
		runVideo: (testId: string) => videoTask.handler({ testId }, { jobId: 'test', attempts: 1 }),
		async [Symbol.asyncDispose]() {
			await openai.close()
			await replicate.close()
			await t[Symbol.asyncDispose]()
		},
	}
}

test('language and image tests on OpenAI and Replicate charge exactly the shown cost', async () => {
	await using s = await withFakes()
	const userId = await userWithCredits(s.db, 30)
	const language = ['gpt-5-2025-08-07', 'gpt-4.1']
	const { models } = await s.catalog.testModels(userId, language)
	expect(models.every((m) => !m.testMode)).toBe(true)
	const shown = testCost(models, 'language', null).total
	const texts = await s.generation.runModelTest(userId, { modelIds: language, category: 'language', prompt: 'Warum Kundenfeedback zählt', agentId: null })
	if (!texts.ok) throw new Error(texts.code)
	expect(texts.charged).toBe(shown)
	await texts.settled
	const textViews = await s.generation.modelTests(userId, texts.tests.map((t) => t.id))
	for (const view of textViews) {
		expect(view.status).toBe('succeeded')
		expect(view.result?.content).toMatch(/^KI-Text: /)
	}
	expect(s.openai.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => (r.body as { model: string }).model).sort()).toEqual(['gpt-4.1', 'gpt-5-2025-08-07'])

	const images = await s.generation.runModelTest(userId, { modelIds: ['flux-1.1-pro', 'gpt-image-1'], category: 'image', prompt: 'Ein Leuchtturm im Nebel', agentId: null })
	if (!images.ok) throw new Error(images.code)
	expect(images.charged).toBe(11)
	await images.settled
	for (const view of await s.generation.modelTests(userId, images.tests.map((t) => t.id))) {
		expect(view.status).toBe('succeeded')
		const stored = await s.files.get(view.result!.content.replace('/media/', ''))
		expect(stored?.contentType).toBe('image/jpeg')
		// Replicate's and OpenAI's images carry the AI label like the creator's (ADR 0052).
		expect(await isLabelledAiGenerated(stored!.bytes)).toBe(true)
		// And a German alt text, written by the vision model from the image (ADR 0060), kept with the upload
		// so that a post's item made from the image takes it over.
		const upload = await s.db.selectFrom('uploads').select(['kind', 'alt_text']).where('storage_key', '=', view.result!.content.replace('/media/', '')).executeTakeFirstOrThrow()
		expect(upload).toEqual({ kind: 'generated_image', alt_text: 'Eine gleichmäßig blaue Fläche ohne Text.' })
	}
	const altTextRequests = s.openai.requests.filter(isAltTextRequest)
	expect(altTextRequests).toHaveLength(2)
	for (const request of altTextRequests) expect((request.body as { messages: Array<{ content: unknown }> }).messages[1]!.content).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'text', text: expect.stringContaining('Ein Leuchtturm im Nebel') }), expect.objectContaining({ type: 'image_url' })]))
	expect(s.replicate.requests.some((r) => r.path === '/v1/models/black-forest-labs/flux-1.1-pro/predictions')).toBe(true)
	expect(await balanceAndLedger(s.db, userId)).toEqual({ balance: 30 - shown - 11, ledger: 30 - shown - 11 })
})

test('a Replicate video test runs in its job, polls the prediction and stores the mp4', async () => {
	await using s = await withFakes()
	const userId = await userWithCredits(s.db, 40)
	await makePro(s.db, userId)
	const video = { aspectRatio: '9:16', resolution: '720p', durationSeconds: 5 }
	const { models } = await s.catalog.testModels(userId, ['seedance-1-pro'])
	const outcome = await s.generation.runModelTest(userId, { modelIds: ['seedance-1-pro'], category: 'video', prompt: 'Ein Zug in den Alpen', agentId: null, video })
	if (!outcome.ok) throw new Error(outcome.code)
	expect(outcome.charged).toBe(testCost(models, 'video', video).total)
	expect(outcome.charged).toBe(10)
	await s.runVideo(outcome.tests[0]!.id)
	const [view] = await s.generation.modelTests(userId, [outcome.tests[0]!.id])
	expect(view!.status).toBe('succeeded')
	const stored = await s.files.get(view!.result!.content.replace('/media/', ''))
	expect(stored?.contentType).toBe('video/mp4')
	const prediction = [...s.replicate.predictions.values()][0]!
	expect(prediction.model).toBe('bytedance/seedance-1-pro')
	expect(prediction.input).toMatchObject({ duration: 5, resolution: '720p', aspect_ratio: '9:16' })
	const row = await s.db.selectFrom('credit_transactions').select(['credits_amount', 'transaction_type']).where('user_id', '=', userId).where('credits_amount', '<', 0).executeTakeFirstOrThrow()
	expect(row).toEqual({ credits_amount: -10, transaction_type: 'Model Test: Seedance 1 Pro (720p, 5s)' })
})

test('a failing provider charges nothing: OpenAI answering 500, a failed Replicate prediction', async () => {
	await using s = await withFakes()
	const userId = await userWithCredits(s.db, 50)
	await makePro(s.db, userId)
	s.openai.scenario('error500')
	const texts = await s.generation.runModelTest(userId, { modelIds: ['gpt-5-2025-08-07'], category: 'language', prompt: 'Hallo', agentId: null })
	if (!texts.ok) throw new Error(texts.code)
	expect(texts.balance).toBe(47)
	await texts.settled
	const [failed] = await s.generation.modelTests(userId, [texts.tests[0]!.id])
	expect(failed!.status).toBe('failed')
	expect(failed!.error).toBeTruthy()
	expect(await balanceAndLedger(s.db, userId)).toEqual({ balance: 50, ledger: 50 })

	s.replicate.scenario('failed')
	const video = await s.generation.runModelTest(userId, { modelIds: ['seedance-1-pro'], category: 'video', prompt: 'Hallo', agentId: null, video: { aspectRatio: '16:9', resolution: '1080p', durationSeconds: 10 } })
	if (!video.ok) throw new Error(video.code)
	expect(video.balance).toBe(20)
	await s.runVideo(video.tests[0]!.id)
	const [failedVideo] = await s.generation.modelTests(userId, [video.tests[0]!.id])
	expect(failedVideo!.status).toBe('failed')
	expect(await balanceAndLedger(s.db, userId)).toEqual({ balance: 50, ledger: 50 })
	const logs = await s.db.selectFrom('activity_logs').select(['log_type', 'status']).where('user_id', '=', userId).execute()
	expect(logs).toEqual([
		{ log_type: 'model_test', status: 'error' },
		{ log_type: 'model_test', status: 'error' },
	])
})
