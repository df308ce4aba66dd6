// Issue 39, items 2 and 6: the publisher sends each network the post's items from post_media, in order
// and with their alt text (the rows naming a network replace the common ones for it), and the planning
// preflight judges the same list against the network's descriptor, in German.
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { pngDataUrl } from '#adapters/platforms/linkedin/testing.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { makeJobsDue } from '#tests/support/jobs.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

const zurich = 'Europe/Zurich'
type Item = { url: string; alt?: string | null; networks?: Array<string> | null }

/** Replaces a post's media by these rows, in order (what the editor's list writes). */
async function setRows(db: Awaited<ReturnType<typeof createTestDatabase>>['db'], postId: string, items: ReadonlyArray<Item>) {
	await sql`delete from post_media where post_id = ${postId}`.execute(db)
	for (const [position, item] of items.entries()) {
		await sql`insert into post_media (post_id, user_id, brand_id, position, kind, url, alt_text, networks, source)
			select id, user_id, brand_id, ${position}, 'image', ${item.url}, ${item.alt ?? null}, ${item.networks ?? null}::text[], 'upload' from posts where id = ${postId}`.execute(db)
	}
}

test('a carousel of three images with alt text reaches Bluesky and Mastodon in order; a network with rows of its own gets those', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['bluesky', 'mastodon'])
	const post = await h.services.content.createPost(userId, { platform: 'multiple', content: { base: 'Drei Brote', platforms: { bluesky: 'Drei Brote', mastodon: 'Drei Brote' } }, status: 'draft', timeZone: zurich })
	await setRows(t.db, post.id, [
		{ url: pngDataUrl, alt: 'Ein Zopf auf einem Holzbrett' },
		{ url: pngDataUrl, alt: 'Drei Bürli im Korb' },
		{ url: pngDataUrl, alt: null },
		{ url: pngDataUrl, alt: 'Nur für Mastodon: das Ladenschild', networks: ['mastodon'] },
	])

	expect(await h.services.publishing.publishNow(userId, post.id)).toBe(2)
	await h.runDueJobs()

	const [bluesky] = h.posts('bluesky')
	expect(bluesky?.images?.map((image) => image.alt)).toEqual(['Ein Zopf auf einem Holzbrett', 'Drei Bürli im Korb', ''])
	const [mastodon] = h.posts('mastodon')
	expect(mastodon?.images?.map((image) => image.alt) ?? [mastodon?.imageUrl ? '' : null]).toEqual(['Nur für Mastodon: das Ladenschild'])
})

test('planning refuses an 11-image carousel for Instagram in German, naming the limit, before any request', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['instagram'])
	const post = await h.services.content.createPost(userId, { platform: 'instagram', content: { base: 'Elf Bilder', platforms: {} }, status: 'draft', timeZone: zurich })
	await setRows(t.db, post.id, Array.from({ length: 11 }, (_, n) => ({ url: `https://bilder.example/brot-${n}.jpg`, alt: `Brot ${n + 1}` })))

	const result = await h.services.publishing.publishNow(userId, post.id)
	expect(result).toEqual({ refused: ['Dieser Post hat 11 Bilder oder Videos; Instagram nimmt höchstens 10 pro Post. Entfernen Sie bitte einige.'] })
	expect(h.posts('instagram')).toEqual([])
	const deliveries = await t.db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).execute()
	expect(deliveries.every((d) => d.status !== 'publishing' && d.status !== 'published')).toBe(true)
})

test('a video still being prepared holds the delivery (tried again later, in German); one that failed fails it with the reason', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['bluesky'])
	const post = await h.services.content.createPost(userId, { platform: 'bluesky', content: { base: 'Unser Film', platforms: {} }, status: 'draft', timeZone: zurich })
	await sql`insert into post_media (post_id, user_id, brand_id, position, kind, url, content_type, state, source)
		select id, user_id, brand_id, 0, 'video', '/media/videos/film.mp4', 'video/mp4', 'processing', 'upload' from posts where id = ${post.id}`.execute(t.db)

	expect(await h.services.publishing.publishNow(userId, post.id)).toBe(1)
	await h.runDueJobs()
	const held = await t.db.selectFrom('post_deliveries').select(['status', 'error_code', 'error_message', 'retry_at']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(held).toMatchObject({ status: 'scheduled', error_code: 'media_processing', error_message: 'Ein Video oder Dokument des Posts wird noch vorbereitet. Der Post erscheint, sobald es bereit ist.' })
	expect(held.retry_at!.getTime()).toBeGreaterThan(Date.now() + 50_000)
	expect(h.posts('bluesky')).toEqual([])

	await sql`update post_media set state = 'failed' where post_id = ${post.id}`.execute(t.db)
	await sql`update post_deliveries set retry_at = now(), scheduled_at = now() where post_id = ${post.id}`.execute(t.db)
	await makeJobsDue(t.db)
	await h.runDueJobs()
	const failed = await t.db.selectFrom('post_deliveries').select(['status', 'error_code', 'error_message']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(failed).toMatchObject({ status: 'failed', error_code: 'media_failed', error_message: 'Ein Video oder Dokument des Posts konnte nicht vorbereitet werden. Bitte laden Sie es erneut hoch.' })
	expect(h.posts('bluesky')).toEqual([])
})

test("'Alt-Text für Bilder verlangen': an image without alt text is refused at planning, in German; without the setting it goes out", async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['bluesky'])
	const post = await h.services.content.createPost(userId, { platform: 'bluesky', content: { base: 'Zwei Bilder', platforms: {} }, status: 'draft', timeZone: zurich })
	await setRows(t.db, post.id, [{ url: pngDataUrl, alt: 'Ein Zopf' }, { url: pngDataUrl, alt: ' ' }])

	await t.db.updateTable('users').set({ require_alt_text: true }).where('id', '=', userId).execute()
	expect(await h.services.publishing.publishNow(userId, post.id)).toEqual({
		refused: ['Ein Bild hat noch keinen Alternativtext für Bluesky. Beschreiben Sie bitte kurz, was darauf zu sehen ist.'],
	})

	await t.db.updateTable('users').set({ require_alt_text: false }).where('id', '=', userId).execute()
	expect(await h.services.publishing.publishNow(userId, post.id)).toBe(1)
	await h.runDueJobs()
	expect(h.posts('bluesky')[0]?.images?.map((image) => image.alt)).toEqual(['Ein Zopf', ''])
})

test("the AI label reaches the network's flag: 'An' sets Instagram's is_ai_generated, 'Aus' does not", async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['instagram'])
	const labelled = async (label: 'on' | 'off', text: string) => {
		const post = await h.services.content.createPost(userId, { platform: 'instagram', content: { base: text, platforms: {} }, status: 'draft', timeZone: zurich, imageUrl: 'https://bilder.example/zopf.jpg' })
		expect((await h.services.content.setAiLabel(userId, post.id, label)).ok).toBe(true)
		expect(await h.services.publishing.publishNow(userId, post.id)).toBe(1)
	}
	await labelled('on', 'Mit KI gemacht')
	await labelled('off', 'Von Hand gemacht')
	await h.runDueJobs()
	expect(h.posts('instagram').map((post) => [post.text, Boolean(post.aiGenerated)]).sort()).toEqual([
		['Mit KI gemacht', true],
		['Von Hand gemacht', false],
	])
})
