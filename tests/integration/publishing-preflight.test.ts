// Issue 19, defect 5: the networks' rules are checked when a post is planned or published now
// (refused with the German reasons, an empty text only with the user's yes) and again in the job,
// which fails a delivery the network would refuse without sending anything.
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { expect, test, vi } from 'vitest'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { harnessPerFile, type Harness } from '#tests/security/support/harness.ts'
import { connectAccounts } from '#tests/support/connected-accounts.ts'

vi.mock('lucide-react', async () => (await import('#tests/security/support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('#tests/security/support/harness.ts')).uiStub())

let h: Harness
harnessPerFile((made) => ({ h } = made))

const nextWeek = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' }).format(new Date(Date.now() + 8 * 86_400_000))
const message = (data: unknown) => (data as { message: string }).message

/** A JPEG of `width` × `height` in the file store, at the path the creator sends. */
async function storedJpeg(width: number, height: number) {
	const key = `images/${randomUUID()}.jpg`
	const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 240, g: 200, b: 120 } } }).jpeg().toBuffer()
	await h.services.files.put(key, new Uint8Array(bytes), 'image/jpeg')
	return `/media/${key}`
}

async function plan(cookie: string, platform: string, fields: Record<string, string>) {
	const form = { intent: 'schedule', requestId: randomUUID(), platforms: [platform], prompt: 'Brot', date: nextWeek(), time: '10:00', ...fields }
	return h.call('/create', { cookie, form })
}

const postsOf = async (userId: string) => (await h.db.selectFrom('posts').select('id').where('user_id', '=', userId).execute()).length

test('planning an Instagram post without an image is refused with the German reason: no post, no "Post geplant!"', async () => {
	const user = await h.user()
	const answer = await plan(user.cookie, 'instagram', { 'text.instagram': 'Frisches Brot aus dem Ofen' })
	expect(answer.status).toBe(400)
	expect(message(answer.data)).toBe('Instagram erlaubt keine reinen Textposts. Fügen Sie bitte ein Bild hinzu.')
	expect(await postsOf(user.id)).toBe(0)
	const now = await h.call('/create', { cookie: user.cookie, form: { intent: 'publish', requestId: randomUUID(), platforms: ['instagram'], 'text.instagram': 'Jetzt', prompt: 'Brot' } })
	expect(now.status).toBe(400)
	expect(await postsOf(user.id)).toBe(0)
})

test('the stored image decides: 4:5 goes, taller than 4:5 goes too (cropped to 4:5 when sent, ADR 0065); 31 hashtags are refused', async () => {
	const user = await h.user()
	await connectAccounts(h.db, user.id, ['instagram'])
	expect((await plan(user.cookie, 'instagram', { 'text.instagram': 'Hochformat', 'image.instagram': await storedJpeg(1080, 1350) })).status).toBe(200)
	expect((await plan(user.cookie, 'instagram', { 'text.instagram': 'Zu hoch', 'image.instagram': await storedJpeg(1080, 1500) })).status).toBe(200)
	const tags = await plan(user.cookie, 'instagram', { 'text.instagram': Array.from({ length: 31 }, (_, i) => `#brot${i}`).join(' '), 'image.instagram': await storedJpeg(1080, 1080) })
	expect(tags.status).toBe(400)
	expect(message(tags.data)).toBe('Instagram erlaubt höchstens 30 Hashtags, Ihr Text hat 31. Entfernen Sie bitte einige.')
	expect(await postsOf(user.id)).toBe(2)
})

test('a Threads text of 500 characters that is longer in emoji bytes is refused', async () => {
	const user = await h.user()
	// 130 emoji and 370 letters: 500 characters on screen, 890 as Threads counts them.
	const text = `${'🥐'.repeat(130)}${'a'.repeat(370)}`
	const answer = await plan(user.cookie, 'threads', { 'text.threads': text })
	expect(answer.status).toBe(400)
	expect(message(answer.data)).toContain('Der Text ist für Threads zu lang: 890 von höchstens 500 Zeichen')
	expect(await postsOf(user.id)).toBe(0)
})

test('an empty text with an image asks first and is planned with confirmEmpty=1', async () => {
	const user = await h.user()
	await connectAccounts(h.db, user.id, ['instagram'])
	const image = await storedJpeg(1080, 1080)
	const asked = await plan(user.cookie, 'instagram', { 'text.instagram': '', 'image.instagram': image })
	expect(asked.status).toBe(409)
	expect(asked.data).toMatchObject({ ok: false, confirmEmpty: true })
	expect(message(asked.data)).toContain('Bestätigen Sie bitte, dass der Post ohne Text erscheinen soll.')
	expect(await postsOf(user.id)).toBe(0)
	expect((await plan(user.cookie, 'instagram', { 'text.instagram': '', 'image.instagram': image, confirmEmpty: '1' })).status).toBe(200)
	expect(await postsOf(user.id)).toBe(1)
})

test('the posts board refuses to plan or publish a stored draft the network would refuse', async () => {
	const user = await h.user()
	const draft = await h.services.content.createDraft(user.id, { platforms: ['instagram'], content: { base: 'Ohne Bild', platforms: {} } })
	const scheduled = await h.call('/posts', { cookie: user.cookie, form: { intent: 'schedule', kind: 'draft', id: draft.id, requestId: randomUUID(), date: nextWeek(), time: '10:00' } })
	expect(scheduled.status).toBe(400)
	expect(message(scheduled.data)).toContain('Instagram erlaubt keine reinen Textposts')
	const now = await h.call('/posts', { cookie: user.cookie, form: { intent: 'publish-now', kind: 'draft', id: draft.id, requestId: randomUUID() } })
	expect(now.status).toBe(400)
	expect(await h.services.content.getDraft(user.id, draft.id)).not.toBeNull()
})

test('the job fails a delivery whose text became too long after planning, without a request to the network', async () => {
	await using t = await createTestDatabase()
	await using p = await publishingHarness(t)
	const { userId } = await p.connectedUser(['threads'])
	const post = await p.services.content.createPost(userId, { platform: 'threads', content: { base: 'Kurz und gut', platforms: {} }, status: 'draft', timeZone: 'Europe/Zurich' })
	// Queued while the text was fine; the text grows before the job runs.
	expect(await p.services.publishing.publishNow(userId, post.id)).toBe(1)
	await p.services.content.updatePost(userId, post.id, { content: { base: `${'🎉'.repeat(100)}${'a'.repeat(150)}`, platforms: {} } })
	const before = p.routers.threads!.requests.length
	await p.runDueJobs()
	expect(p.routers.threads!.requests.length).toBe(before)
	expect(p.posts('threads')).toHaveLength(0)
	const delivery = await t.db.selectFrom('post_deliveries').select(['status', 'error_code', 'error_message', 'request_sent_at']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(delivery).toMatchObject({ status: 'failed', error_code: 'text_too_long', request_sent_at: null })
	expect(delivery.error_message).toBe('Der Text ist für Threads zu lang: 550 von höchstens 500 Zeichen, so gezählt wie Threads zählt. Kürzen Sie ihn bitte.')
	expect((await p.services.publishing.deliveryStatus(userId, post.id))[0]!.reason).toBe(delivery.error_message)
})

test('publish now of a post whose video is too long answers with the preflight’s German reasons for the refusal dialog (no error toast); nothing is queued', async () => {
	const user = await h.user()
	await connectAccounts(h.db, user.id, ['bluesky'])
	const post = await h.services.content.createPost(user.id, { platform: 'bluesky', content: { base: 'Zu langes Video', platforms: {} }, status: 'draft', timeZone: 'Europe/Zurich' })
	const { brand_id: brandId } = await h.db.selectFrom('posts').select('brand_id').where('id', '=', post.id).executeTakeFirstOrThrow()
	const key = `videos/${randomUUID()}.mp4`
	// Four hours and a minute: Bluesky takes three minutes.
	await h.db.insertInto('post_media').values({ post_id: post.id, user_id: user.id, brand_id: brandId!, position: 0, kind: 'video', url: `/media/${key}`, file_key: key, source: 'upload', state: 'ready', content_type: 'video/mp4', width: 1080, height: 1920, size_bytes: 5_000_000, duration_ms: 14_460_000 }).execute()

	const now = await h.call('/posts', { cookie: user.cookie, form: { intent: 'publish-now', kind: 'post', id: post.id, requestId: randomUUID() } })
	expect(now.status).toBe(400)
	expect(now.data).toMatchObject({ ok: false, refused: ['Das Video dauert 4:01:00 Std.; Bluesky nimmt höchstens 3 Minuten. Kürzen Sie es bitte.'] })
	expect(now.data).not.toHaveProperty('notice')
	const deliveries = await h.db.selectFrom('post_deliveries').select(['status', 'scheduled_at']).where('post_id', '=', post.id).execute()
	expect(deliveries.every((d) => d.status !== 'scheduled' || d.scheduled_at === null)).toBe(true)
	expect(await h.db.selectFrom('posts').select('status').where('id', '=', post.id).executeTakeFirstOrThrow()).toEqual({ status: 'draft' })
})
