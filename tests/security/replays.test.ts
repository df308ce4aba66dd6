// SECURITY.md §3.4 (idempotency keys), §1.4 (ASVS 2.3.1, 15.4.2): 'Bild neu generieren'
// (/api/generations/image) under a repeated requestId. The first request's outcome is stored with
// its generations row (kind 'image_regeneration', unique per user, kind and request id); a repeat
// answers it, waiting while the first still runs, and never calls the image provider, charges or
// refunds again. The provider here counts its calls (and fails on demand) around the local one.
//
// Covered elsewhere, not repeated here: a repeated requestId of 'Bilder generieren & Vorschau'
// (tests/integration/generation.test.ts "a retried request id ..."), another user's request id of a
// content generation (idor.test.ts), the debit's guard against overspending (modules/credits).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createLocalAiProvider } from '#adapters/ai/local/index.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { AiError, type AiProviders, type ImageRequest } from '#modules/ai/index.ts'
import { createGenerationService, type GenerationInput } from '#modules/generation/index.ts'
import type { WebReader } from '#modules/media/index.ts'
import generationTexts from '#locales/de/generation.json'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { createHarness, type Harness, type TestUser } from './support/harness.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

let t: TestDatabase
let h: Harness

beforeAll(async () => {
	t = await createTestDatabase({ maxConnections: 20 })
	h = await createHarness(t.db)
})

afterAll(async () => {
	await h?.[Symbol.asyncDispose]()
	await t?.[Symbol.asyncDispose]()
})

/**
 * The image provider of every model: the local one, counting its calls; `fail` makes the next calls
 * throw a provider error, `hold()` keeps calls waiting until the returned release is called.
 */
function countingProvider(options: { replayWaitMs?: number } = {}) {
	const local = createLocalAiProvider()
	const state = { calls: 0, fail: false, gate: null as Promise<void> | null }
	const provider = {
		...local,
		image: {
			async generate(request: ImageRequest) {
				state.calls++
				if (state.gate) await state.gate
				if (state.fail) throw new AiError({ kind: 'transient', code: 'server_error', message: 'Der Bilddienst antwortet gerade nicht.' })
				return local.image!.generate(request)
			},
		},
	}
	const ai: AiProviders = { forProvider: () => provider, providerOfModel: () => local.name, offline: local, transcriber: local.transcriber!, vision: local.vision!, altText: local.altText! }
	const unusedWeb = {} as WebReader
	h.services.generation = createGenerationService({ db: t.db, ai, web: unusedWeb, files: h.services.files, logger: createLogger('silent'), appUrl: h.env.APP_URL, platforms: h.services.publishing.platforms, media: h.services.media, replayWaitMs: options.replayWaitMs })
	return {
		state,
		hold() {
			let release!: () => void
			state.gate = new Promise((resolve) => (release = resolve))
			return () => {
				state.gate = null
				release()
			}
		},
	}
}

const form = (requestId: string) => ({ requestId, platform: 'instagram', content: 'Frisches Brot jeden Morgen aus unserer Backstube', agentId: '' })
const regenerate = (user: TestUser, requestId: string) => h.call('/api/generations/image', { form: form(requestId), cookie: user.cookie })

async function books(userId: string) {
	const ledger = await t.db
		.selectFrom('credit_transactions')
		.select(['transaction_type', 'credits_amount'])
		.where('user_id', '=', userId)
		.where('transaction_type', 'like', 'image_regeneration%')
		.orderBy('created_at')
		.execute()
	const profile = await t.db.selectFrom('profiles').select('credits_remaining').where('id', '=', userId).executeTakeFirstOrThrow()
	const images = await t.db.selectFrom('uploads').select('storage_key').where('user_id', '=', userId).where('kind', '=', 'generated_image').execute()
	return { ledger: ledger.map((r) => `${r.transaction_type} ${r.credits_amount}`), balance: profile.credits_remaining, images: images.map((r) => `/media/${r.storage_key}`) }
}

async function until(check: () => boolean) {
	for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
	expect(check()).toBe(true)
}

const cost = async (user: TestUser) => (await h.services.generation.creatorData(user.id)).regenerationCost

describe('one requestId, one image', () => {
	test('sent 10 times one after another: one provider call, one debit, every answer the first (same image)', async () => {
		const provider = countingProvider()
		const user = await h.user()
		const before = await books(user.id)
		const price = await cost(user)
		const requestId = randomUUID()
		const answers = []
		for (let i = 0; i < 10; i++) answers.push(await regenerate(user, requestId))
		const first = answers[0]!
		expect(first.status).toBe(200)
		expect(first.data).toMatchObject({ ok: true, charged: price, balance: before.balance - price })
		for (const answer of answers) {
			expect(answer.status).toBe(200)
			expect(answer.data).toEqual(first.data)
		}
		expect(provider.state.calls).toBe(1)
		expect(await books(user.id)).toEqual({ ledger: [`image_regeneration -${price}`], balance: before.balance - price, images: [(first.data as { imageUrl: string }).imageUrl] })
	})

	test('sent 10 times at once: the repeats wait for the first and answer its image; one call, one debit', async () => {
		const provider = countingProvider()
		const user = await h.user()
		const before = await books(user.id)
		const price = await cost(user)
		const requestId = randomUUID()
		const release = provider.hold()
		const pending = Array.from({ length: 10 }, () => regenerate(user, requestId))
		// The first is at the provider while the other nine are already waiting for it.
		await until(() => provider.state.calls === 1)
		await new Promise((resolve) => setTimeout(resolve, 150))
		release()
		const answers = await Promise.all(pending)
		expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
		for (const answer of answers) expect(answer.data).toEqual(answers[0]!.data)
		expect(answers[0]!.data).toMatchObject({ ok: true, charged: price })
		expect(provider.state.calls).toBe(1)
		const after = await books(user.id)
		expect(after.ledger).toEqual([`image_regeneration -${price}`])
		expect(after.balance).toBe(before.balance - price)
		expect(after.images).toEqual([(answers[0]!.data as { imageUrl: string }).imageUrl])
	})

	test('a first request that failed (refunded) repeated 10 times: the same failure, no second refund, no new debit, no new call', async () => {
		const provider = countingProvider()
		const user = await h.user()
		const before = await books(user.id)
		const price = await cost(user)
		const requestId = randomUUID()
		provider.state.fail = true
		const first = await regenerate(user, requestId)
		expect(first.status).toBe(422)
		expect(first.data).toEqual({ ok: false, code: 'provider_error', balance: before.balance, detail: 'Der Bilddienst antwortet gerade nicht.' })
		// The provider would work now: the repeat still answers the first outcome.
		provider.state.fail = false
		const repeats = [...(await Promise.all(Array.from({ length: 5 }, () => regenerate(user, requestId))))]
		for (let i = 0; i < 5; i++) repeats.push(await regenerate(user, requestId))
		for (const answer of repeats) {
			expect(answer.status).toBe(422)
			expect(answer.data).toEqual(first.data)
		}
		expect(provider.state.calls).toBe(1)
		expect(await books(user.id)).toEqual({ ledger: [`image_regeneration -${price}`, `image_regeneration_refund ${price}`], balance: before.balance, images: [] })
	})

	test('a first request that succeeded, repeated while the provider would fail: no refund, the first image', async () => {
		const provider = countingProvider()
		const user = await h.user()
		const before = await books(user.id)
		const price = await cost(user)
		const requestId = randomUUID()
		const first = await regenerate(user, requestId)
		expect(first.status).toBe(200)
		provider.state.fail = true
		for (let i = 0; i < 5; i++) {
			const answer = await regenerate(user, requestId)
			expect(answer.status).toBe(200)
			expect(answer.data).toEqual(first.data)
		}
		expect(provider.state.calls).toBe(1)
		expect((await books(user.id)).ledger).toEqual([`image_regeneration -${price}`])
		expect((await books(user.id)).balance).toBe(before.balance - price)
	})

	test("another user's requestId is that user's own new request: never the first user's image or balance", async () => {
		const provider = countingProvider()
		const [a, b] = [await h.user(), await h.user()]
		const price = await cost(a)
		const requestId = randomUUID()
		const first = await regenerate(a, requestId)
		const aBooks = await books(a.id)
		const other = await regenerate(b, requestId)
		expect(other.status).toBe(200)
		const imageA = (first.data as { imageUrl: string }).imageUrl
		expect(other.text).not.toContain(imageA)
		expect((other.data as { imageUrl: string }).imageUrl).toEqual((await books(b.id)).images[0])
		expect(provider.state.calls).toBe(2)
		expect(await books(a.id)).toEqual(aBooks)
		expect((await books(b.id)).ledger).toEqual([`image_regeneration -${price}`])
		// And B's repeat is B's outcome.
		expect((await regenerate(b, requestId)).data).toEqual(other.data)
		expect(provider.state.calls).toBe(2)
	})

	test("a repeat that waited longer than the first takes answers 'in_progress' (409, 'Wird bereits generiert'); afterwards the first outcome", async () => {
		const provider = countingProvider({ replayWaitMs: 200 })
		const user = await h.user()
		const requestId = randomUUID()
		const release = provider.hold()
		const first = regenerate(user, requestId)
		await until(() => provider.state.calls === 1)
		const waiting = await regenerate(user, requestId)
		expect(waiting.status).toBe(409)
		expect(waiting.data).toEqual({ ok: false, code: 'in_progress' })
		expect(generationTexts.errors.in_progress.title).toBe('Wird bereits generiert')
		release()
		const answer = await first
		expect(answer.status).toBe(200)
		expect((await regenerate(user, requestId)).data).toEqual(answer.data)
		expect(provider.state.calls).toBe(1)
	})

	test("a content generation's requestId sent to 'Bild neu generieren' is a request of its own (one id per kind)", async () => {
		const provider = countingProvider()
		const user = await h.user()
		const requestId = randomUUID()
		const input: GenerationInput = { requestId, kind: 'smart-post', platforms: ['linkedin'], agentId: null, prompt: 'Frisches Brot', url: '', notes: '', article: null, document: null, image: null, audio: null }
		const generated = await h.services.generation.generate(user.id, input)
		expect(generated.ok).toBe(true)
		const calls = provider.state.calls
		const answer = await regenerate(user, requestId)
		expect(answer.data).toMatchObject({ ok: true })
		expect(provider.state.calls).toBe(calls + 1)
		const rows = await t.db.selectFrom('generations').select('kind').where('user_id', '=', user.id).where('idempotency_key', '=', requestId).orderBy('kind').execute()
		expect(rows.map((r) => r.kind)).toEqual(['content', 'image_regeneration'])
	})

	test('a regeneration cut off by a crash is refunded once by the reclaim job (its own refund type); its repeat answers the failure', async () => {
		countingProvider()
		const user = await h.user()
		const before = await books(user.id)
		const requestId = randomUUID()
		// What a killed process leaves behind: claimed and charged, never settled.
		const row = await t.db
			.insertInto('generations')
			.values({ user_id: user.id, kind: 'image_regeneration', status: 'running', cost_credits: 3, platforms: ['instagram'], idempotency_key: requestId, created_at: new Date(Date.now() - 20 * 60_000) })
			.returning('id')
			.executeTakeFirstOrThrow()
		await t.db.updateTable('profiles').set((eb) => ({ credits_remaining: eb('credits_remaining', '-', 3) })).where('id', '=', user.id).execute()
		await t.db.insertInto('credit_transactions').values({ user_id: user.id, credits_amount: -3, transaction_type: 'image_regeneration', reference: row.id, balance_after: before.balance - 3 }).execute()
		expect(await h.services.generation.reclaimStale()).toBeGreaterThanOrEqual(1)
		expect(await h.services.generation.reclaimStale()).toBe(0)
		expect(await books(user.id)).toEqual({ ledger: ['image_regeneration -3', 'image_regeneration_refund 3'], balance: before.balance, images: [] })
		const answer = await regenerate(user, requestId)
		expect(answer.data).toEqual({ ok: false, code: 'failed' })
		expect((await books(user.id)).ledger).toHaveLength(2)
	})
})
