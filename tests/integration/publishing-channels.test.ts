import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { memberSub } from '#adapters/platforms/linkedin/sandbox-oauth.ts'
import { createSecretBox } from '#modules/core/crypto.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

// Issue 38: a user with two LinkedIn members and an organization page, an Instagram account and two
// Mastodon accounts on different servers; ONE post to five channels of three networks goes out once
// to each channel's account; a channel whose token dies fails alone, with its reconnect action.

const TEST_APP_SECRET = 'test-secret-test-secret-test-secret-0123'
const zurich = 'Europe/Zurich'

test('one post to five channels of three networks: each account holds exactly one post; a dead token fails its channel alone', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser([])
	await h.connect(userId, 'linkedin', { consent: { member: 'Anna Alt' } })
	await h.connect(userId, 'linkedin', { consent: { member: 'Bernd Neu', organizations: null } })
	await h.connect(userId, 'instagram')
	await h.connect(userId, 'mastodon', { server: 'sandbox.example' })
	await h.connect(userId, 'mastodon', { server: 'zweite.example' })
	const channels = await h.services.publishing.listChannels(userId)
	const named = (platform: string, pick: (c: (typeof channels)[number]) => boolean) => channels.find((c) => c.platform === platform && pick(c))!
	const anna = named('linkedin', (c) => c.pageType === 'personal' && c.accountName === 'Anna Alt')
	const bernd = named('linkedin', (c) => c.accountName === 'Bernd Neu')
	const page = named('linkedin', (c) => c.pageType === 'business')
	const instagram = named('instagram', () => true)
	const mastodons = channels.filter((c) => c.platform === 'mastodon')
	expect(mastodons).toHaveLength(2)
	const targets = [anna, page, instagram, ...mastodons]

	async function postToAll(text: string) {
		const result = await h.services.content.publishNewPost(userId, randomUUID(), { platform: 'linkedin', content: { base: text, platforms: {} }, images: { instagram: 'https://bilder.example/zimt.jpg', linkedin: '', mastodon: '' }, channelIds: targets.map((c) => c.id) }, zurich)
		expect(result.ok).toBe(true)
		await h.runDueJobs()
		await h.runDueJobs()
		return result.ok ? result.post.id : ''
	}
	const authorsOf = (platform: string, text: string) => h.posts(platform).filter((p) => p.text.startsWith(text)).map((p) => p.authorId)

	const first = await postToAll('Frische Zimtschnecken')
	const linkedin = authorsOf('linkedin', 'Frische Zimtschnecken')
	expect(linkedin).toHaveLength(2)
	expect(linkedin).toContain(`urn:li:person:${memberSub('Anna Alt')}`)
	expect(linkedin).not.toContain(`urn:li:person:${memberSub('Bernd Neu')}`)
	expect(authorsOf('instagram', 'Frische Zimtschnecken')).toHaveLength(1)
	const onMastodon = authorsOf('mastodon', 'Frische Zimtschnecken')
	expect(onMastodon).toHaveLength(2)
	expect(new Set(onMastodon).size).toBe(2)
	const states = (await h.services.publishing.deliveryStates(userId, [first]))[first]!
	expect(states.map((s) => [s.channelId, s.status]).sort()).toEqual(targets.map((c) => [c.id, 'published']).sort())
	expect(bernd).toBeDefined()

	// The second Mastodon server withdrew the app's access: that channel fails alone.
	const dying = mastodons[1]!
	const token = await t.db.selectFrom('social_tokens').innerJoin('channels', 'channels.social_token_id', 'social_tokens.id').select('social_tokens.access_token_encrypted').where('channels.id', '=', dying.id).executeTakeFirstOrThrow()
	h.sandbox.store.revoke(createSecretBox(TEST_APP_SECRET).open(token.access_token_encrypted))
	const second = await postToAll('Heute Brot')
	const after = (await h.services.publishing.deliveryStates(userId, [second]))[second]!
	expect(after.find((s) => s.channelId === dying.id)).toMatchObject({ status: 'failed', action: 'reconnect', channelName: dying.pageName })
	expect(after.filter((s) => s.channelId !== dying.id).map((s) => s.status)).toEqual(['published', 'published', 'published', 'published'])
	expect(authorsOf('linkedin', 'Heute Brot')).toHaveLength(2)
	expect(authorsOf('instagram', 'Heute Brot')).toHaveLength(1)
	expect(authorsOf('mastodon', 'Heute Brot')).toHaveLength(1)
})
