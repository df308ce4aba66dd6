import { expect, test } from 'vitest'
import { createLogger } from '#modules/core/logger.server.ts'
import type { WebReader } from '#modules/media/index.ts'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { fakeAi, memoryFiles } from '#tests/support/fake-ai.ts'
import { testPlatforms } from '#tests/support/platforms.ts'
import { userWithCredits } from '#tests/support/users.ts'
import { createGenerationService } from './index.ts'

const unusedWeb: WebReader = { article: () => Promise.reject(new Error('not used')), youtube: () => Promise.reject(new Error('not used')), image: () => Promise.reject(new Error('not used')) }
const unusedMedia = { adoptGeneratedVideo: () => Promise.reject(new Error('not used')) }

test("the draft editor's regeneration cost is the creator's", async () => {
	await using t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const generation = createGenerationService({ db: t.db, ai: fakeAi({}), web: unusedWeb, files: memoryFiles(), logger: createLogger('silent'), appUrl: 'http://127.0.0.1:3999', platforms: testPlatforms, media: unusedMedia })
	const userId = await userWithCredits(t.db, 12)
	const cost = await generation.regenerationCost()
	const creator = await generation.creatorData(userId)
	expect(cost).toBe(creator.regenerationCost)
	expect(cost).toBeGreaterThan(0)
})
