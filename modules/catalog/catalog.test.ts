import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { fakeAi, memoryFiles, type Behaviour } from '#tests/support/fake-ai.ts'
import type { GallerySort } from './costs.ts'
import { createCatalogService, seedModelCatalogue } from './index.ts'
import { userWithCredits } from '#tests/support/users.ts'

// The catalog module (gallery, likes, favourites) against a real database with AI providers built
// here. Model tests are the generation's: modules/generation/model-tests.test.ts.

async function setup(behaviour: Behaviour = {}) {
	const t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const ai = fakeAi(behaviour)
	const files = memoryFiles()
	const catalog = createCatalogService({ db: t.db, ai, files, logger: createLogger('silent') })
	return { t, db: t.db, ai, files, catalog, [Symbol.asyncDispose]: () => t[Symbol.asyncDispose]() }
}

async function idOf(db: Kysely<DB>, modelId: string) {
	return (await db.selectFrom('ai_models').select('id').where('model_id', '=', modelId).executeTakeFirstOrThrow()).id
}

test('every sort puts the favourites first and then follows its own order; only active models', async () => {
	await using s = await setup()
	const userId = await userWithCredits(s.db, 0)
	await s.db.updateTable('ai_models').set({ is_active: false }).where('model_id', '=', 'flux-dev').execute()
	// Favourites: the cheapest and the most expensive image model.
	await s.catalog.setFavorite(userId, await idOf(s.db, 'flux-schnell'), true)
	await s.catalog.setFavorite(userId, await idOf(s.db, 'flux-1.1-pro-ultra'), true)
	const other = await userWithCredits(s.db, 0)
	await s.catalog.setLike(other, await idOf(s.db, 'ideogram-v3-turbo'), true)
	await s.catalog.setLike(userId, await idOf(s.db, 'ideogram-v3-turbo'), true)
	await s.catalog.setLike(other, await idOf(s.db, 'gpt-image-1'), true)
	await s.catalog.setLike(other, await idOf(s.db, 'flux-1.1-pro-ultra'), true)

	const order = async (sort: GallerySort) => (await s.catalog.gallery(userId, { category: 'image', sort })).models.map((m) => m.modelId)
	expect(await order('default')).toEqual(['flux-1.1-pro-ultra', 'flux-schnell', 'flux-1.1-pro', 'ideogram-v3-turbo', 'gpt-image-1'])
	expect(await order('recommendation')).toEqual(['flux-1.1-pro-ultra', 'flux-schnell', 'flux-1.1-pro', 'ideogram-v3-turbo', 'gpt-image-1'])
	expect(await order('likes_desc')).toEqual(['flux-1.1-pro-ultra', 'flux-schnell', 'ideogram-v3-turbo', 'gpt-image-1', 'flux-1.1-pro'])
	expect(await order('credits_asc')).toEqual(['flux-schnell', 'flux-1.1-pro-ultra', 'ideogram-v3-turbo', 'flux-1.1-pro', 'gpt-image-1'])
	expect(await order('credits_desc')).toEqual(['flux-1.1-pro-ultra', 'flux-schnell', 'gpt-image-1', 'flux-1.1-pro', 'ideogram-v3-turbo'])
	// 'favorites': the newest favourite first, the rest by name.
	expect(await order('favorites')).toEqual(['flux-1.1-pro-ultra', 'flux-schnell', 'flux-1.1-pro', 'gpt-image-1', 'ideogram-v3-turbo'])

	// Video models are priced per second: the cheapest per-second price sorts.
	const videos = (await s.catalog.gallery(userId, { category: 'video', sort: 'credits_asc' })).models.map((m) => m.modelId)
	expect(videos).toEqual(['seedance-1-lite', 'wan-2.2-t2v-fast', 'seedance-1-pro', 'kling-v2.1', 'veo-3-fast'])

	const gallery = await s.catalog.gallery(userId, { category: 'image', sort: 'default' })
	const ideogram = gallery.models.find((m) => m.modelId === 'ideogram-v3-turbo')!
	expect(ideogram).toMatchObject({ liked: true, favorite: false, likeCount: 2 })
	expect(gallery.models.filter((m) => m.favorite).map((m) => m.modelId).sort()).toEqual(['flux-1.1-pro-ultra', 'flux-schnell'])
	// Another user sees the counts but not this user's marks.
	const seen = (await s.catalog.gallery(other, { category: 'image', sort: 'default' })).models
	expect(seen.every((m) => !m.favorite)).toBe(true)
	expect(seen[0]!.modelId).toBe('flux-1.1-pro')
})

test('likes and favourites are idempotent and the like count follows them', async () => {
	await using s = await setup()
	const [a, b] = [await userWithCredits(s.db, 0), await userWithCredits(s.db, 0)]
	const model = await idOf(s.db, 'gpt-5-2025-08-07')
	expect(await s.catalog.setLike(a, model, true)).toEqual({ ok: true, active: true, likeCount: 1 })
	expect(await s.catalog.setLike(a, model, true)).toEqual({ ok: true, active: true, likeCount: 1 })
	expect(await s.catalog.setLike(b, model, true)).toEqual({ ok: true, active: true, likeCount: 2 })
	expect(await s.catalog.setLike(a, model, false)).toEqual({ ok: true, active: false, likeCount: 1 })
	expect(await s.catalog.setLike(a, model, false)).toEqual({ ok: true, active: false, likeCount: 1 })
	expect(await s.catalog.setFavorite(a, model, true)).toMatchObject({ ok: true, active: true })
	expect(await s.catalog.setFavorite(a, model, true)).toMatchObject({ ok: true, active: true })
	expect(await s.db.selectFrom('user_model_favorites').select('id').where('user_id', '=', a).execute()).toHaveLength(1)
	expect(await s.catalog.setLike(a, randomUUID(), true)).toEqual({ ok: false, error: 'not_found' })
	expect(await s.catalog.setFavorite(a, 'kein-uuid', true)).toEqual({ ok: false, error: 'not_found' })
})
