// The creator's generation end to end through the composition root: the local provider (no keys)
// and the real OpenAI and Replicate SDKs against their local fakes; credits reserved, settled and
// refunded in the ledger; a retried request id charges once.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import type { DB } from '#modules/core/db.server.ts'
import { debitCredits } from '#modules/credits/index.ts'
import type { GenerationInput } from '#modules/generation/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { smartPostInput } from '#tests/support/generation-input.ts'
import { isAltTextRequest, startOpenAiFake } from '#tests/fakes/openai.ts'
import { startReplicateFake } from '#tests/fakes/replicate.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

let dataDir: string
beforeAll(async () => {
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-generation-'))
})
afterAll(async () => {
	await fs.rm(dataDir, { recursive: true, force: true })
})

async function balanceAndLedger(db: Kysely<DB>, userId: string) {
	const profile = await db.selectFrom('profiles').select('credits_remaining').where('id', '=', userId).executeTakeFirstOrThrow()
	const sum = await db.selectFrom('credit_transactions').select((eb) => eb.fn.sum<string>('credits_amount').as('sum')).where('user_id', '=', userId).executeTakeFirstOrThrow()
	return { balance: profile.credits_remaining, ledger: Number(sum.sum ?? 0) }
}

const idea = (overrides: Partial<GenerationInput> = {}) => smartPostInput(['linkedin', 'instagram', 'threads', 'facebook'], overrides)

test('offline: four platforms from an idea, charged exactly the estimate, images stored and logged', async () => {
	await using t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const userId = await userWithCredits(t.db, 50)
	const steps: Array<string> = []
	const outcome = await services.generation.generate(userId, idea(), (step) => steps.push(step))
	if (!outcome.ok) throw new Error(outcome.code)
	// gpt-4o-mini (1) for the long and the short text, flux-schnell (2) for the 1:1 and the 16:9 image.
	expect(outcome.charged).toBe(6)
	expect(outcome.refunded).toBe(0)
	expect(outcome.balance).toBe(44)
	expect(steps).toEqual(['extracting', 'writing', 'images', 'saving'])
	expect(outcome.texts.threads!.length).toBeLessThanOrEqual(500)
	for (const platform of ['linkedin', 'instagram', 'threads', 'facebook'] as const) expect(outcome.texts[platform]).toBeTruthy()
	expect(outcome.images.linkedin).toBe(outcome.images.facebook)
	expect(outcome.images.linkedin).toBe(outcome.images.threads)
	expect(outcome.images.instagram).not.toBe(outcome.images.linkedin)
	const stored = await services.files.get(outcome.images.instagram!.replace('/media/', ''))
	expect(stored?.contentType).toBe('image/jpeg')
	expect(Array.from(stored!.bytes.slice(0, 3))).toEqual([0xff, 0xd8, 0xff])
	expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 44, ledger: 44 })
	const logs = await t.db.selectFrom('activity_logs').select(['log_type', 'description', 'metadata']).where('user_id', '=', userId).orderBy('log_type').execute()
	expect(logs.map((l) => l.log_type)).toEqual(['content_generation', 'image_generation'])
	// The whole idea, not its first 50 characters cut mid-word.
	expect(logs[0]!.description).toBe('Wie kleine Unternehmen mit künstlicher Intelligenz Zeit im Kundenservice sparen')
})

test('a retried request id answers the stored result and charges once', async () => {
	await using t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const userId = await userWithCredits(t.db, 50)
	const input = idea({ platforms: ['linkedin'] })
	const first = await services.generation.generate(userId, input)
	const again = await services.generation.generate(userId, input)
	expect(first.ok && again.ok).toBe(true)
	if (!first.ok || !again.ok) return
	expect(again.generationId).toBe(first.generationId)
	expect(again.texts).toEqual(first.texts)
	expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 47, ledger: 47 })
})

test('50 parallel generations with credits for 10 succeed exactly 10 times; the ledger sums to the balance', async () => {
	await using t = await createTestDatabase({ maxConnections: 30 })
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const userId = await userWithCredits(t.db, 30)
	// LinkedIn only: one text (1) and one image (2) = 3 credits; 30 credits pay for 10.
	const outcomes = await Promise.all(Array.from({ length: 50 }, () => services.generation.generate(userId, idea({ platforms: ['linkedin'] }))))
	expect(outcomes.filter((o) => o.ok)).toHaveLength(10)
	expect(outcomes.filter((o) => !o.ok && o.code === 'insufficient_credits')).toHaveLength(40)
	expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 0, ledger: 0 })
	const generations = await t.db.selectFrom('generations').select('status').where('user_id', '=', userId).execute()
	expect(generations).toHaveLength(10)
})

test('with too few credits nothing is charged and nothing is recorded', async () => {
	await using t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const userId = await userWithCredits(t.db, 3)
	const outcome = await services.generation.generate(userId, idea())
	expect(outcome).toEqual({ ok: false, code: 'insufficient_credits', balance: 3 })
	expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 3, ledger: 3 })
	expect(await t.db.selectFrom('generations').select('id').where('user_id', '=', userId).execute()).toEqual([])
})

test('invalid input is refused before anything is charged', async () => {
	await using t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const userId = await userWithCredits(t.db, 50)
	expect(await services.generation.generate(userId, idea({ prompt: '   ' }))).toEqual({ ok: false, code: 'prompt_required' })
	expect(await services.generation.generate(userId, idea({ kind: 'youtube', url: 'https://vimeo.com/123' }))).toEqual({ ok: false, code: 'youtube_invalid' })
	expect(await services.generation.generate(userId, idea({ platforms: [] }))).toEqual({ ok: false, code: 'no_platform' })
	expect(await services.generation.generate(userId, idea({ agentId: randomUUID() }))).toEqual({ ok: false, code: 'unknown_agent' })
	expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 50, ledger: 50 })
})

test('a PNG renamed to .pdf is refused by content and the reservation is refunded', async () => {
	await using t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const userId = await userWithCredits(t.db, 50)
	const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
	const outcome = await services.generation.generate(userId, idea({ kind: 'pdf-notes', prompt: '', document: { name: 'bericht.pdf', bytes: png } }))
	expect(outcome).toMatchObject({ ok: false, code: 'document_type', balance: 50 })
	expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 50, ledger: 50 })
})

test('the real SDKs against the OpenAI and Replicate fakes write the texts and make the images', async () => {
	await using t = await createTestDatabase()
	await using openai = await startOpenAiFake()
	await using replicate = await startReplicateFake()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url, REPLICATE_API_TOKEN: 'r8-test', REPLICATE_BASE_URL: replicate.url })
	const userId = await userWithCredits(t.db, 50)
	const outcome = await services.generation.generate(userId, idea({ platforms: ['linkedin', 'instagram'] }))
	if (!outcome.ok) throw new Error(outcome.code)
	expect(outcome.texts.linkedin).toMatch(/^KI-Text:/)
	expect(outcome.images.instagram).toMatch(/^\/media\/images\/[0-9a-f-]+\.jpg$/)
	expect(openai.requests.filter((r) => r.path === '/v1/chat/completions' && !isAltTextRequest(r))).toHaveLength(2)
	expect(openai.requests.filter(isAltTextRequest)).toHaveLength(2)
	expect(replicate.requests.filter((r) => r.method === 'POST' && r.path.includes('/predictions'))).toHaveLength(2)
	expect(outcome.charged).toBe(6)
	expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 44, ledger: 44 })
})

test('a provider 500 refunds what was not delivered and still answers with a preview', async () => {
	await using t = await createTestDatabase()
	await using openai = await startOpenAiFake()
	await using replicate = await startReplicateFake()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url, REPLICATE_API_TOKEN: 'r8-test', REPLICATE_BASE_URL: replicate.url })
	const userId = await userWithCredits(t.db, 50)

	openai.scenario('error500')
	const textDown = await services.generation.generate(userId, idea({ platforms: ['linkedin', 'instagram'] }))
	if (!textDown.ok) throw new Error(textDown.code)
	expect(textDown.warnings).toContain('text_failed')
	expect(textDown.charged).toBe(6)
	expect(textDown.refunded).toBe(2)
	expect(textDown.texts.linkedin).toBeTruthy()
	expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 46, ledger: 46 })

	openai.scenario('ok')
	replicate.scenario('error500')
	const imagesDown = await services.generation.generate(userId, idea({ platforms: ['linkedin', 'instagram'] }))
	if (!imagesDown.ok) throw new Error(imagesDown.code)
	expect(imagesDown.warnings).toEqual(['images_failed'])
	expect(imagesDown.refunded).toBe(4)
	expect(imagesDown.images).toEqual({})
	expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 44, ledger: 44 })
})

test('a generation cut off by a crash is failed and refunded by the reclaim job, once', async () => {
	await using t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const userId = await userWithCredits(t.db, 50)
	// What a crash between the reservation and the settlement leaves behind.
	const row = await t.db
		.insertInto('generations')
		.values({ user_id: userId, kind: 'content', status: 'running', cost_credits: 6, platforms: ['linkedin'], idempotency_key: randomUUID(), created_at: new Date(Date.now() - 20 * 60_000) })
		.returning('id')
		.executeTakeFirstOrThrow()
	await debitCredits(t.db, { userId, amount: 6, type: 'generation', reference: row.id })
	expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 44, ledger: 44 })

	expect(await services.generation.reclaimStale()).toBe(1)
	expect(await services.generation.reclaimStale()).toBe(0)
	expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 50, ledger: 50 })
	const generation = await t.db.selectFrom('generations').select(['status', 'error_code']).where('id', '=', row.id).executeTakeFirstOrThrow()
	expect(generation).toEqual({ status: 'failed', error_code: 'interrupted' })
})
