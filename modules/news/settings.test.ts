import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { ContentSettingsSchema, DEFAULT_FEED_URLS, getContentSettings, normaliseKeywords, saveContentSettings, saveNewsFeeds } from './index.ts'

async function newUser(db: Kysely<DB>) {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	return row.id
}

test('keywords are trimmed, lower-cased and de-duplicated; empty ones are dropped', () => {
	expect(normaliseKeywords(['  KI ', 'ki', 'Automation', '', '   ', 'Marketing', 'marketing '])).toEqual(['ki', 'automation', 'marketing'])
	const parsed = ContentSettingsSchema.parse({ niche: '  Treuhand ', keywords: [' Steuern', 'STEUERN'], newsKeywords: undefined })
	expect(parsed).toEqual({ niche: 'Treuhand', targetAudience: '', keywords: ['steuern'], newsKeywords: [] })
})

test('without saved settings the defaults ki and automation apply', async () => {
	await using t = await createTestDatabase()
	const userId = await newUser(t.db)
	expect(await getContentSettings(t.db, userId)).toEqual({ niche: '', targetAudience: '', keywords: ['ki', 'automation'], newsKeywords: ['ki', 'automation'], feeds: [...DEFAULT_FEED_URLS], customFeeds: false, saved: false })
})

test('saved settings are normalised on the server and kept per user', async () => {
	await using t = await createTestDatabase()
	const anna = await newUser(t.db)
	const ben = await newUser(t.db)
	await saveContentSettings(t.db, anna, { niche: 'Treuhand', targetAudience: 'KMU', keywords: [' Steuern ', 'steuern', 'AHV'], newsKeywords: ['Zins'] })
	await saveContentSettings(t.db, ben, { niche: 'Bäckerei', targetAudience: '', keywords: ['Brot'], newsKeywords: [] })
	expect(await getContentSettings(t.db, anna)).toMatchObject({ niche: 'Treuhand', targetAudience: 'KMU', keywords: ['steuern', 'ahv'], newsKeywords: ['zins'], saved: true })
	const second = await saveContentSettings(t.db, anna, { niche: 'Treuhand', targetAudience: 'KMU', keywords: ['mwst'], newsKeywords: ['zins'] })
	expect(second.keywords).toEqual(['mwst'])
	// A saved empty list stays empty: the defaults apply only before the first save.
	expect(await getContentSettings(t.db, ben)).toMatchObject({ niche: 'Bäckerei', targetAudience: '', keywords: ['brot'], newsKeywords: [], saved: true })
	expect(await t.db.selectFrom('content_settings').select('user_id').execute()).toHaveLength(2)
})

test('choosing news sources keeps the default keywords and survives saving the content settings', async () => {
	await using t = await createTestDatabase()
	const anna = await newUser(t.db)
	const feeds = await saveNewsFeeds(t.db, anna, ['https://example.com/feed.xml'])
	expect(feeds).toMatchObject({ keywords: ['ki', 'automation'], newsKeywords: ['ki', 'automation'], feeds: ['https://example.com/feed.xml'], customFeeds: true })
	await saveContentSettings(t.db, anna, { niche: 'Treuhand', targetAudience: '', keywords: [], newsKeywords: [] })
	expect(await getContentSettings(t.db, anna)).toMatchObject({ keywords: [], newsKeywords: [], feeds: ['https://example.com/feed.xml'], customFeeds: true })
	expect(await saveNewsFeeds(t.db, anna, null)).toMatchObject({ feeds: [...DEFAULT_FEED_URLS], customFeeds: false })
})
