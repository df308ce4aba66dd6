// Migration 2026-12-03-1300 (drafts' media rows, ADR 0069): drafts.images becomes ordered rows (an image
// two networks share is one row naming both, a network's own image its own row, '' the draft's
// networks_without_media), generated images keep their AI flag and alt text; down restores drafts.images.
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { migrateTo, migrationBefore } from '#scripts/migration-proof/proof.ts'
import { createEmptyDatabase } from '#tests/support/db.ts'

const MIGRATION = '2026-12-03-1300-draft-media'

test('drafts.images moves into ordered post_media rows and back', async () => {
	await using t = await createEmptyDatabase()
	await migrateTo(t.db, migrationBefore(MIGRATION))
	const { rows: users } = await sql<{ id: string }>`insert into users (email, password_hash, time_zone) values ('draft-media@postwerk.test', 'x', 'Europe/Zurich') returning id`.execute(t.db)
	const userId = users[0]!.id
	await sql`insert into uploads (user_id, kind, storage_key, content_type, byte_size, alt_text) values (${userId}, 'generated_image', 'images/gemeinsam.jpg', 'image/jpeg', 10, 'Ein Hund am See')`.execute(t.db)
	const images = { linkedin: '/media/images/gemeinsam.jpg', facebook: '/media/images/gemeinsam.jpg', instagram: 'https://bilder.example/eigen.jpg', threads: '' }
	const { rows: drafts } = await sql<{ id: string; updated_at: Date }>`
		insert into drafts (user_id, platforms, images, updated_at) values
			(${userId}, ${['linkedin', 'facebook', 'instagram', 'threads']}, ${JSON.stringify(images)}::jsonb, now() - interval '3 days'),
			(${userId}, ${['linkedin']}, '{}'::jsonb, now())
		returning id, updated_at`.execute(t.db)
	const [full, empty] = drafts

	await migrateTo(t.db, MIGRATION)
	const { rows } = await sql<{ draft_id: string; post_id: string | null; position: number; url: string; networks: Array<string>; ai_generated: boolean; alt_text: string | null; source: string; file_key: string | null }>`
		select draft_id, post_id, position, url, networks, ai_generated, alt_text, source, file_key from post_media order by draft_id, position`.execute(t.db)
	expect(rows).toEqual([
		{ draft_id: full!.id, post_id: null, position: 0, url: '/media/images/gemeinsam.jpg', networks: ['facebook', 'linkedin'], ai_generated: true, alt_text: 'Ein Hund am See', source: 'generation', file_key: 'images/gemeinsam.jpg' },
		{ draft_id: full!.id, post_id: null, position: 1, url: 'https://bilder.example/eigen.jpg', networks: ['instagram'], ai_generated: false, alt_text: null, source: 'url', file_key: null },
	])
	const { rows: after } = await sql<{ id: string; networks_without_media: Array<string>; updated_at: Date }>`select id, networks_without_media, updated_at from drafts order by updated_at`.execute(t.db)
	expect(after).toEqual([
		{ id: full!.id, networks_without_media: ['threads'], updated_at: full!.updated_at },
		{ id: empty!.id, networks_without_media: [], updated_at: empty!.updated_at },
	])

	await migrateTo(t.db, migrationBefore(MIGRATION))
	const { rows: restored } = await sql<{ id: string; images: Record<string, string> }>`select id, images from drafts order by updated_at`.execute(t.db)
	expect(restored).toEqual([
		{ id: full!.id, images },
		{ id: empty!.id, images: {} },
	])
	expect((await sql<{ n: number }>`select count(*)::int as n from post_media`.execute(t.db)).rows[0]!.n).toBe(0)
})
