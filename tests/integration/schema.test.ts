// The limits the database enforces on its own, whatever the application code does.
import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import { seedToolboxConfigs } from '#modules/toolbox/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testPlatforms } from '#tests/support/platforms.ts'

const checkViolation = { code: '23514' }
const uniqueViolation = { code: '23505' }
const foreignKeyViolation = { code: '23503' }

async function insertUser(db: Kysely<DB>, email = 'anna@example.ch') {
	const { id } = await db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id, email, full_name: 'Anna Muster', credits_remaining: 5, credits_total: 5 }).execute()
	return id
}

test('credits_remaining cannot go negative', async () => {
	await using t = await createTestDatabase()
	const userId = await insertUser(t.db)

	const overdraw = t.db
		.updateTable('profiles')
		.set((eb) => ({ credits_remaining: eb('credits_remaining', '-', 6) }))
		.where('id', '=', userId)
		.execute()
	await expect(overdraw).rejects.toMatchObject({ ...checkViolation, constraint: 'profiles_credits_remaining_check' })

	const profile = await t.db.selectFrom('profiles').select('credits_remaining').where('id', '=', userId).executeTakeFirstOrThrow()
	expect(profile.credits_remaining).toBe(5)
})

test('a user has one toolbox_settings row per tool, and the upsert of the spec updates it', async () => {
	await using t = await createTestDatabase()
	const userId = await insertUser(t.db)
	const row = { user_id: userId, tool_name: 'autoRepost', is_enabled: true }
	await t.db.insertInto('toolbox_settings').values(row).execute()

	await expect(t.db.insertInto('toolbox_settings').values(row).execute()).rejects.toMatchObject({
		...uniqueViolation,
		constraint: 'toolbox_settings_user_id_tool_name_key',
	})
	await t.db
		.insertInto('toolbox_settings')
		.values({ ...row, is_enabled: false, is_favorite: true })
		.onConflict((oc) => oc.columns(['user_id', 'tool_name']).doUpdateSet((eb) => ({
			is_enabled: eb.ref('excluded.is_enabled'),
			is_favorite: eb.ref('excluded.is_favorite'),
		})))
		.execute()
	const rows = await t.db.selectFrom('toolbox_settings').select(['is_enabled', 'is_favorite']).where('user_id', '=', userId).execute()
	expect(rows).toEqual([{ is_enabled: false, is_favorite: true }])

	await expect(
		t.db.insertInto('toolbox_settings').values({ user_id: userId, tool_name: 'unknownTool' }).execute(),
	).rejects.toMatchObject(checkViolation)
})

test('a user has at most one default connected page per platform', async () => {
	await using t = await createTestDatabase()
	const userId = await insertUser(t.db)
	const otherId = await insertUser(t.db, 'beat@example.ch')
	const page = (platform: string, pageId: string, isDefault: boolean, user = userId) => ({
		user_id: user,
		platform,
		page_id: pageId,
		page_name: `Seite ${pageId}`,
		is_default: isDefault,
	})
	await t.db.insertInto('channels').values(page('linkedin', 'p1', true)).execute()

	await expect(t.db.insertInto('channels').values(page('linkedin', 'p2', true)).execute()).rejects.toMatchObject({
		...uniqueViolation,
		constraint: 'channels_one_default',
	})
	// Other pages, other platforms and other users are unaffected.
	await t.db
		.insertInto('channels')
		.values([page('linkedin', 'p2', false), page('facebook', 'f1', true), page('linkedin', 'p1', true, otherId)])
		.execute()

	// The spec's switch: clear the platform's default, then set the chosen page.
	await t.db.transaction().execute(async (trx) => {
		await trx.updateTable('channels').set({ is_default: false }).where('user_id', '=', userId).where('platform', '=', 'linkedin').execute()
		await trx.updateTable('channels').set({ is_default: true }).where('user_id', '=', userId).where('page_id', '=', 'p2').execute()
	})
	const defaults = await t.db
		.selectFrom('channels')
		.select(['platform', 'page_id'])
		.where('user_id', '=', userId)
		.where('is_default', '=', true)
		.orderBy('platform')
		.execute()
	expect(defaults).toEqual([
		{ platform: 'facebook', page_id: 'f1' },
		{ platform: 'linkedin', page_id: 'p2' },
	])
})

test('a user has at most 3 agent presets', async () => {
	await using t = await createTestDatabase()
	const userId = await insertUser(t.db)
	for (const order of [0, 1, 2]) {
		await t.db.insertInto('agent_configurations').values({ user_id: userId, name: `Agent ${order}`, agent_order: order }).execute()
	}

	await expect(
		t.db.insertInto('agent_configurations').values({ user_id: userId, name: 'Agent 4', agent_order: 3 }).execute(),
	).rejects.toMatchObject({ ...checkViolation, constraint: 'agent_configurations_agent_order_check' })
	await expect(
		t.db.insertInto('agent_configurations').values({ user_id: userId, name: 'Agent 4', agent_order: 0 }).execute(),
	).rejects.toMatchObject({ ...uniqueViolation, constraint: 'agent_configurations_user_id_agent_order_key' })

	const count = await t.db.selectFrom('agent_configurations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
	expect(count.n).toBe(3)
})

test('a scheduled post needs its time, and enumerations are checked', async () => {
	await using t = await createTestDatabase()
	const userId = await insertUser(t.db)
	const post = { user_id: userId, title: 'Hallo', content: 'Text', platform: 'linkedin' }

	await expect(t.db.insertInto('posts').values({ ...post, status: 'scheduled' }).execute()).rejects.toMatchObject({
		...checkViolation,
		constraint: 'posts_scheduled_has_time',
	})
	// Platform ids are checked by pattern (the registry decides which exist; migration 0071).
	for (const platform of ['Twitter', 'x', 'my space', '', 'a'.repeat(31)]) {
		await expect(t.db.insertInto('posts').values({ ...post, platform }).execute()).rejects.toMatchObject(checkViolation)
	}
	await expect(t.db.insertInto('posts').values({ ...post, status: 'archived' }).execute()).rejects.toMatchObject(checkViolation)
	for (const platforms of [['linkedin', 'My Space'], ['linkedin,facebook'], ['null'], ['NULL']]) {
		await expect(t.db.insertInto('drafts').values({ user_id: userId, platforms }).execute()).rejects.toMatchObject(checkViolation)
	}
	// A new platform's rows need no migration.
	await t.db.insertInto('posts').values({ ...post, platform: 'mastodon' }).execute()
	await t.db.insertInto('drafts').values({ user_id: userId, platforms: ['linkedin', 'bluesky'] }).execute()
	await t.db.insertInto('drafts').values({ user_id: userId, platforms: [] }).execute()

	const scheduled = await t.db
		.insertInto('posts')
		.values({ ...post, status: 'scheduled', scheduled_at: new Date('2026-12-01T16:00:00Z') })
		.returning(['time_zone', 'post_type'])
		.executeTakeFirstOrThrow()
	expect(scheduled).toEqual({ time_zone: 'Europe/Zurich', post_type: 'ai-generated' })
})

test('a delivery cannot point at another user\'s post', async () => {
	await using t = await createTestDatabase()
	const anna = await insertUser(t.db)
	const beat = await insertUser(t.db, 'beat@example.ch')
	const { id: postId } = await t.db
		.insertInto('posts')
		.values({ user_id: anna, content: 'Text', platform: 'linkedin' })
		.returning('id')
		.executeTakeFirstOrThrow()

	await expect(
		t.db.insertInto('post_deliveries').values({ post_id: postId, user_id: beat, platform: 'linkedin' }).execute(),
	).rejects.toMatchObject(foreignKeyViolation)
	await t.db.insertInto('post_deliveries').values({ post_id: postId, user_id: anna, platform: 'linkedin' }).execute()
	await expect(
		t.db.insertInto('post_deliveries').values({ post_id: postId, user_id: anna, platform: 'linkedin' }).execute(),
	).rejects.toMatchObject(uniqueViolation)
})

test('discount codes are upper case, percentages at most 100, uses within max_uses', async () => {
	await using t = await createTestDatabase()
	const code = { code: 'HERBST25', discount_type: 'percentage', discount_value: 25, max_uses: 2 }
	await t.db.insertInto('discount_codes').values(code).execute()

	await expect(t.db.insertInto('discount_codes').values({ ...code, code: 'herbst' }).execute()).rejects.toMatchObject(checkViolation)
	await expect(t.db.insertInto('discount_codes').values({ ...code, code: 'MEHR', discount_value: 101 }).execute()).rejects.toMatchObject(checkViolation)
	await t.db.insertInto('discount_codes').values({ ...code, code: 'FIX150', discount_type: 'fixed_amount', discount_value: 150 }).execute()
	await expect(
		t.db.updateTable('discount_codes').set((eb) => ({ current_uses: eb('current_uses', '+', 3) })).where('code', '=', 'HERBST25').execute(),
	).rejects.toMatchObject(checkViolation)
})

test('the plans and credit packs of the pricing screen are there after migrating', async () => {
	await using t = await createTestDatabase()
	const plans = await t.db.selectFrom('plans').select(['id', 'price_chf', 'credits_per_month']).orderBy('sort_order').execute()
	expect(plans).toEqual([
		{ id: 'free', price_chf: 0, credits_per_month: 50 },
		{ id: 'basic', price_chf: 29.95, credits_per_month: 350 },
		{ id: 'pro', price_chf: 49.95, credits_per_month: 600 },
	])
	const packs = await t.db.selectFrom('credit_packs').select(['credits', 'price_chf']).orderBy('sort_order').execute()
	expect(packs).toEqual([
		{ credits: 200, price_chf: 19.95 },
		{ credits: 500, price_chf: 49.95 },
		{ credits: 1000, price_chf: 99.95 },
		{ credits: 2500, price_chf: 239.95 },
		{ credits: 5000, price_chf: 449.95 },
	])
})

test('like_count follows the likes, also when a user is deleted', async () => {
	await using t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const anna = await insertUser(t.db)
	const beat = await insertUser(t.db, 'beat@example.ch')
	const model = await t.db.selectFrom('ai_models').select('id').where('model_id', '=', 'flux-schnell').executeTakeFirstOrThrow()
	const likeCount = async () =>
		(await t.db.selectFrom('ai_models').select('like_count').where('id', '=', model.id).executeTakeFirstOrThrow()).like_count

	await t.db.insertInto('user_model_likes').values([{ user_id: anna, model_id: model.id }, { user_id: beat, model_id: model.id }]).execute()
	expect(await likeCount()).toBe(2)
	await expect(t.db.insertInto('user_model_likes').values({ user_id: anna, model_id: model.id }).execute()).rejects.toMatchObject(uniqueViolation)
	expect(await likeCount()).toBe(2)

	await t.db.deleteFrom('user_model_likes').where('user_id', '=', anna).execute()
	expect(await likeCount()).toBe(1)
	await t.db.deleteFrom('users').where('id', '=', beat).execute()
	expect(await likeCount()).toBe(0)
})

test('deleting a user deletes every row the user owns', async () => {
	await using t = await createTestDatabase()
	const userId = await insertUser(t.db)
	const keeperId = await insertUser(t.db, 'beat@example.ch')
	await seedModelCatalogue(t.db)
	const model = await t.db.selectFrom('ai_models').select('id').where('model_id', '=', 'gpt-4o-mini').executeTakeFirstOrThrow()

	for (const owner of [userId, keeperId]) {
		await insertOneOfEverything(t.db, owner, model.id)
	}
	const reportId = await t.db
		.insertInto('error_reports')
		.values({ error_message: 'Boom', user_id: userId, user_email: 'anna@example.ch' })
		.returning('id')
		.executeTakeFirstOrThrow()

	const before = await ownedRowCounts(t.db, userId)
	// Every table that got a row above, so the check below is not vacuous.
	const filled = Object.entries(before).filter(([, n]) => n > 0).map(([table]) => table)
	expect(filled).toEqual(expect.arrayContaining([
		'activity_logs', 'agent_configurations', 'channels', 'content_ideas', 'content_settings', 'credit_transactions',
		'discount_redemptions', 'drafts', 'error_reports', 'generations', 'model_tests', 'news_items', 'payments',
		'post_deliveries', 'posts', 'request_keys', 'social_tokens', 'toolbox_settings', 'uploads', 'user_model_favorites',
		'user_model_likes', 'user_news_generation_log', 'user_roles', 'sessions', 'email_tokens',
	]))

	await t.db.deleteFrom('users').where('id', '=', userId).execute()

	const after = await ownedRowCounts(t.db, userId)
	expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([])
	expect(await t.db.selectFrom('profiles').select('id').where('id', '=', userId).execute()).toEqual([])
	// Reports stay for the admins, without the user.
	const report = await t.db.selectFrom('error_reports').select(['user_id', 'user_email']).where('id', '=', reportId.id).executeTakeFirstOrThrow()
	expect(report).toEqual({ user_id: null, user_email: 'anna@example.ch' })
	// The other user's rows are untouched.
	expect(await ownedRowCounts(t.db, keeperId)).toEqual(Object.fromEntries(Object.entries(before).map(([k, n]) => [k, k === 'error_reports' ? 0 : n])))
})

test('the seeds are idempotent and contain the required models and tools', async () => {
	await using t = await createTestDatabase()
	const firstModels = await seedModelCatalogue(t.db)
	const firstTools = await seedToolboxConfigs(t.db, testPlatforms.ids)
	expect(firstModels.inserted).toBe(firstModels.total)
	expect(firstTools).toEqual({ inserted: 5, total: 5 })

	// An admin's edit survives the next seed.
	await t.db.updateTable('ai_models').set({ is_active: false, credits_cost: 9 }).where('model_id', '=', 'flux-dev').execute()
	await t.db.updateTable('admin_toolbox_configs').set({ is_available: false }).where('tool_name', '=', 'autoReply').execute()

	expect(await seedModelCatalogue(t.db)).toEqual({ inserted: 0, total: firstModels.total })
	expect(await seedToolboxConfigs(t.db, testPlatforms.ids)).toEqual({ inserted: 0, total: 5 })

	const ids = (await t.db.selectFrom('ai_models').select('model_id').execute()).map((m) => m.model_id)
	expect(ids).toEqual(expect.arrayContaining(['gpt-4o-mini', 'gpt-5-2025-08-07', 'flux-schnell', 'flux-1.1-pro', 'seedance-1-pro']))
	const fluxDev = await t.db.selectFrom('ai_models').select(['is_active', 'credits_cost']).where('model_id', '=', 'flux-dev').executeTakeFirstOrThrow()
	expect(fluxDev).toEqual({ is_active: false, credits_cost: 9 })
	const seedance = await t.db
		.selectFrom('ai_models')
		.select(['category', 'supported_resolutions', 'fixed_durations', 'resolution_credits'])
		.where('model_id', '=', 'seedance-1-pro')
		.executeTakeFirstOrThrow()
	expect(seedance).toMatchObject({ category: 'video', fixed_durations: [5, 10], resolution_credits: { '1080p': 3 } })

	const tools = await t.db.selectFrom('admin_toolbox_configs').select(['tool_name', 'is_pro', 'is_available', 'default_settings']).orderBy('tool_name').execute()
	expect(tools.map((tool) => tool.tool_name)).toEqual(['autoReply', 'autoRepost', 'birthdayWishes', 'eventPlanning', 'hashtagOptimizer'])
	expect(tools.find((tool) => tool.tool_name === 'autoReply')?.is_available).toBe(false)
	expect(tools.filter((tool) => tool.is_pro).map((tool) => tool.tool_name)).toEqual(['autoRepost', 'eventPlanning'])
	expect(tools.find((tool) => tool.tool_name === 'hashtagOptimizer')?.default_settings).toEqual({
		maxHashtags: 30,
		trendingWeight: 0.7,
		nicheSpecific: true,
	})
})

/** Row counts by table for every table with a user_id column (and profiles), for one user. */
async function ownedRowCounts(db: Kysely<DB>, userId: string) {
	const { rows: tables } = await sql<{ table_name: string }>`
		select table_name from information_schema.columns
		where table_schema = 'public' and column_name = 'user_id'
		order by table_name`.execute(db)
	const counts: Record<string, number> = {}
	for (const { table_name } of tables) {
		const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)} where user_id = ${userId}`.execute(db)
		counts[table_name] = rows[0]?.n ?? 0
	}
	return counts
}

async function insertOneOfEverything(db: Kysely<DB>, userId: string, modelId: string) {
	const user_id = userId
	const { id: postId } = await db
		.insertInto('posts')
		.values({ user_id, content: 'Text', platform: 'linkedin', status: 'scheduled', scheduled_at: new Date() })
		.returning('id')
		.executeTakeFirstOrThrow()
	const { id: tokenId } = await db
		.insertInto('social_tokens')
		.values({ user_id, platform: 'linkedin', account_id: 'acc', access_token_encrypted: 'v1:x:y:z' })
		.returning('id')
		.executeTakeFirstOrThrow()
	const { id: pageId } = await db
		.insertInto('channels')
		.values({ user_id, social_token_id: tokenId, platform: 'linkedin', page_id: 'p1', is_default: true })
		.returning('id')
		.executeTakeFirstOrThrow()
	await db.insertInto('post_deliveries').values({ user_id, post_id: postId, platform: 'linkedin', channel_id: pageId }).execute()
	const draft = await db.insertInto('drafts').values({ user_id, platforms: ['linkedin'] }).returning(['id', 'brand_id']).executeTakeFirstOrThrow()
	await db.insertInto('post_media').values({ draft_id: draft.id, user_id, brand_id: draft.brand_id, position: 0, kind: 'image', url: '/bild.png', networks: ['linkedin'], source: 'upload' }).execute()
	await db.insertInto('news_items').values({ user_id, title: 'News', keywords: ['ki'] }).execute()
	await db.insertInto('content_ideas').values({ user_id, title: 'Idee' }).execute()
	await db.insertInto('user_news_generation_log').values({ user_id, last_generated_date: '2026-11-22' }).execute()
	await db.insertInto('content_settings').values({ user_id, niche: 'KI', keywords: ['ki', 'automation'] }).execute()
	await db.insertInto('generations').values({ user_id, kind: 'content', idempotency_key: 'k1' }).execute()
	await db.insertInto('request_keys').values({ user_id, request_id: randomUUID(), action: 'content.create-drafts', fingerprint: 'f', result: '{}' }).execute()
	await db.insertInto('activity_logs').values({ user_id, log_type: 'post_creation', title: 'Post erstellt' }).execute()
	await db.insertInto('toolbox_settings').values({ user_id, tool_name: 'birthdayWishes', is_enabled: true }).execute()
	await db.insertInto('user_model_likes').values({ user_id, model_id: modelId }).execute()
	await db.insertInto('user_model_favorites').values({ user_id, model_id: modelId }).execute()
	await db.insertInto('model_tests').values({ user_id, ai_model_id: modelId, model_id: 'gpt-4o-mini', category: 'language', prompt: 'Hallo' }).execute()
	await db.insertInto('agent_configurations').values({ user_id, name: 'Agent' }).execute()
	await db.insertInto('user_roles').values({ user_id, role: 'user' }).execute()
	await db.insertInto('sessions').values({ id: `s-${userId}`, user_id, expires_at: new Date(Date.now() + 60_000) }).execute()
	await db.insertInto('email_tokens').values({ user_id, purpose: 'confirm_email', token_hash: `h-${userId}`, expires_at: new Date() }).execute()
	await db.insertInto('credit_transactions').values({ user_id, credits_amount: 5, transaction_type: 'signup_bonus', balance_after: 5 }).execute()
	await db.insertInto('uploads').values({ user_id, kind: 'brand_logo', storage_key: `logos/${userId}.png`, content_type: 'image/png', byte_size: 1234 }).execute()
	const { id: codeId } = await db
		.insertInto('discount_codes')
		.values({ code: `CODE${userId.slice(0, 8).toUpperCase()}`, discount_type: 'fixed_amount', discount_value: 5 })
		.returning('id')
		.executeTakeFirstOrThrow()
	const { id: paymentId } = await db
		.insertInto('payments')
		.values({ user_id, kind: 'credit_pack', credit_pack_id: 'credits_500', credits: 500, amount_chf: 44.95, discount_amount_chf: 5, discount_code_id: codeId, provider: 'test-checkout', status: 'paid', paid_at: new Date() })
		.returning('id')
		.executeTakeFirstOrThrow()
	await db.insertInto('discount_redemptions').values({ discount_code_id: codeId, code: 'CODE', user_id, payment_id: paymentId, amount_chf: 5 }).execute()
}
