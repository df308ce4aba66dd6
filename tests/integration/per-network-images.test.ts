// Issue 37, 2.4: each network's variant of a post keeps its own image, or none. A post for two
// networks where only one has an image publishes the image on that one and a text-only post on the
// other, from the creator's form and from a draft alike.
import { expect, test, vi } from 'vitest'
import { pngDataUrl } from '#adapters/platforms/linkedin/testing.ts'
import { connectAccounts } from '#tests/support/connected-accounts.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { harnessPerFile, type Harness } from '#tests/security/support/harness.ts'

vi.mock('lucide-react', async () => (await import('#tests/security/support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('#tests/security/support/harness.ts')).uiStub())

let h: Harness
harnessPerFile((made) => ({ h } = made))

test('the creator form: the network without an image is stored with none, not with the other network\'s', async () => {
	const user = await h.user()
	// Planning refuses a network without a connected account (issue 37, 3.1).
	await connectAccounts(h.db, user.id, ['linkedin', 'mastodon'])
	const image = `/media/images/${crypto.randomUUID()}.jpg`
	const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
	const form = { intent: 'schedule', requestId: crypto.randomUUID(), platforms: ['linkedin', 'mastodon'], 'text.linkedin': 'Mit Bild', 'text.mastodon': 'Ohne Bild', 'image.linkedin': image, prompt: '', date: day, time: '10:00' }
	const answer = await h.call('/create', { cookie: user.cookie, form })
	expect(answer.status).toBe(200)
	const [post] = await h.db.selectFrom('posts').select(['id']).where('user_id', '=', user.id).execute()
	const view = (await h.services.content.getPost(user.id, post!.id))!
	expect(view.images).toEqual({ linkedin: image, mastodon: '' })
	// What the planning preflight and the publisher read for each network.
	const { imageFor } = await import('#modules/content/post-content.ts')
	expect([imageFor(view, 'linkedin'), imageFor(view, 'mastodon')]).toEqual([image, null])
})

test('a draft for two networks with one image publishes the image on that network only', async () => {
	await using t = await createTestDatabase()
	await using p = await publishingHarness(t)
	const { userId } = await p.connectedUser(['linkedin', 'mastodon'])
	const draft = await p.services.content.createDraft(userId, { platforms: ['linkedin', 'mastodon'], content: { base: 'Zwei Netzwerke', platforms: { linkedin: 'Mit Bild auf LinkedIn', mastodon: 'Ohne Bild auf Mastodon' } }, images: { linkedin: pngDataUrl } })
	const published = await p.services.content.publishDraft(userId, draft.id, 'Europe/Zurich', crypto.randomUUID())
	expect(published.ok).toBe(true)
	await p.runDueJobs()
	await p.runDueJobs()
	expect(p.posts('linkedin').map((post) => [post.text, Boolean(post.imageUrl)])).toEqual([['Mit Bild auf LinkedIn', true]])
	expect(p.posts('mastodon').map((post) => [post.text, post.imageUrl])).toEqual([['Ohne Bild auf Mastodon', null]])
})
