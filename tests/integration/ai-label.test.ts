// The AI label (issue 39, item 7; ADR 0052): every image a model makes is stored with the IPTC digital
// source type 'trainedAlgorithmicMedia' in its XMP, the offline provider's card included; the user's
// own images (the creator's upload, the API's upload, a CSV import by URL) are stored without it.
import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import type { DB } from '#modules/core/db.server.ts'
import type { GenerationInput } from '#modules/generation/index.ts'
import { isLabelledAiGenerated } from '#modules/media/index.ts'
import { startWebFake } from '#tests/fakes/web.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { smartPostInput } from '#tests/support/generation-input.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

let dataDir: string
beforeAll(async () => {
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-ai-label-'))
})
afterAll(async () => {
	await fs.rm(dataDir, { recursive: true, force: true })
})

const photo = () => sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } })

const idea = (overrides: Partial<GenerationInput> = {}) => smartPostInput(['linkedin', 'instagram'], overrides)

async function setup() {
	const t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const web = await startWebFake()
	const { services } = testServices(t.db, { DATA_DIR: dataDir, WEB_FETCH_ALLOW_HOSTS: web.host })
	const userId = await userWithCredits(t.db, 50)
	return {
		db: t.db,
		web,
		services,
		userId,
		/** The stored file behind a /media/ path: its bytes and the kind its uploads row records. */
		async stored(url: string) {
			const key = url.replace('/media/', '')
			const file = await services.files.get(key)
			if (!file) throw new Error(`nothing stored under ${key}`)
			const row = await uploadOf(t.db, key)
			return { kind: row.kind, contentType: file.contentType, labelled: await isLabelledAiGenerated(file.bytes) }
		},
		async [Symbol.asyncDispose]() {
			await web.close()
			await t[Symbol.asyncDispose]()
		},
	}
}

const uploadOf = (db: Kysely<DB>, key: string) => db.selectFrom('uploads').select('kind').where('storage_key', '=', key).executeTakeFirstOrThrow()

test('offline: the generated images at each aspect and a regenerated image are stored with the AI label', async () => {
	await using s = await setup()
	const outcome = await s.services.generation.generate(s.userId, idea())
	if (!outcome.ok) throw new Error(outcome.code)
	const urls = new Set(Object.values(outcome.images).filter((url) => url !== undefined))
	expect(urls.size).toBe(2) // 1:1 for Instagram, 16:9 for LinkedIn
	for (const url of urls) expect(await s.stored(url)).toEqual({ kind: 'generated_image', contentType: 'image/jpeg', labelled: true })

	const again = await s.services.generation.regenerateImage(s.userId, { requestId: randomUUID(), platform: 'instagram', content: 'Ein Herbstmarkt in der Altstadt', agentId: null })
	if (!again.ok) throw new Error(again.code)
	expect(await s.stored(again.imageUrl)).toEqual({ kind: 'generated_image', contentType: 'image/jpeg', labelled: true })
	const { width, height } = await sharp((await s.services.files.get(again.imageUrl.replace('/media/', '')))!.bytes).metadata()
	expect([width, height]).toEqual([1080, 1080])
})

test("the user's own image in the creator, cut to each aspect, is stored without the AI label", async () => {
	await using s = await setup()
	const image = { name: 'laden.png', bytes: new Uint8Array(await photo().png().toBuffer()) }
	const outcome = await s.services.generation.generate(s.userId, idea({ kind: 'image-prompt', image }))
	if (!outcome.ok) throw new Error(outcome.code)
	const urls = new Set(Object.values(outcome.images).filter((url) => url !== undefined))
	expect(urls.size).toBe(2)
	for (const url of urls) expect(await s.stored(url)).toEqual({ kind: 'post_image', contentType: 'image/jpeg', labelled: false })
})

test("an image uploaded through the API and one imported by URL are stored without the AI label", async () => {
	await using s = await setup()
	const uploaded = await s.services.media.upload(s.userId, randomUUID(), { name: 'foto.jpg', body: Readable.from([await photo().jpeg().toBuffer()]) })
	if (!uploaded.ok) throw new Error(uploaded.code)
	expect(await s.stored(uploaded.media.url)).toEqual({ kind: 'post_image', contentType: 'image/jpeg', labelled: false })

	s.web.setPage('/bilder/herbst.png', { contentType: 'image/png', body: new Uint8Array(await photo().png().toBuffer()) })
	const imported = await s.services.generation.importImage(s.userId, `${s.web.url}/bilder/herbst.png`)
	if (!imported.ok) throw new Error(imported.error)
	expect(await s.stored(imported.url)).toEqual({ kind: 'post_image', contentType: 'image/jpeg', labelled: false })
})
