import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { brandDirectory } from '#modules/brands/index.ts'
import { mediaOrigins } from '#modules/generation/index.ts'
import { createContentService } from '#modules/content/index.ts'
import { systemClock } from '#modules/core/clock.server.ts'
import type { DB } from '#modules/core/db.server.ts'
import { createDeliveryPlanner } from '#modules/publishing/index.ts'
import { testPlatforms } from './platforms.ts'

// The setup of the tests of posts for channels (post-targets, post-retarget): users with a brand,
// channels inserted as rows, and the content service on a test database with the delivery planner.

export const zurich = 'Europe/Zurich'
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000)
export const dateOf = (at: Date) => at.toLocaleDateString('sv-SE', { timeZone: zurich })
export const schedule = { date: dateOf(inDays(3)), time: '10:00', timeZone: zurich }
export const text = (base: string) => ({ base, platforms: {} })

/** A user with a profile and one brand. */
export async function user(db: Kysely<DB>) {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	const brand = await db.insertInto('brands').values({ user_id: row.id, name: 'Meine Marke' }).returning('id').executeTakeFirstOrThrow()
	return { id: row.id, brand: brand.id }
}

/** `count` channels of `platform` on one account of the user, in `brandId`; the first is the brand's default when `withDefault`. */
export async function channels(db: Kysely<DB>, userId: string, platform: string, count: number, options: { brandId?: string; withDefault?: boolean; name?: string } = {}) {
	const token = await db
		.insertInto('social_tokens')
		.values({ user_id: userId, platform, account_id: `acct-${randomUUID()}`, account_name: 'Konto', access_token_encrypted: 'sealed', sandbox: true, status: 'active' })
		.returning('id')
		.executeTakeFirstOrThrow()
	const rows = await db
		.insertInto('channels')
		.values(
			Array.from({ length: count }, (_, i) => ({
				user_id: userId,
				social_token_id: token.id,
				platform,
				page_id: `page-${randomUUID()}`,
				page_name: `${options.name ?? 'Kanal'} ${i + 1}`,
				page_type: 'business',
				is_default: (options.withDefault ?? true) && i === 0,
				...(options.brandId ? { brand_id: options.brandId } : {}),
			})),
		)
		.returning('id')
		.execute()
	return rows.map((r) => r.id)
}

/** The content service on `db`, planning with the test platforms. */
export function contentServices(db: Kysely<DB>) {
	const planner = createDeliveryPlanner({ descriptors: testPlatforms.descriptors, files: null })
	return createContentService({ db, clock: systemClock, planner, brands: brandDirectory, origins: mediaOrigins, platforms: testPlatforms.ids })
}
