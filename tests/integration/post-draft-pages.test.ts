import { expect, test } from 'vitest'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

// Issue 37, 4.11: a CSV import stores its drafts as posts in status draft. Their editor chooses each
// network's page as a draft's does: the choice lands on the post's open deliveries (own pages only).

const zurich = 'Europe/Zurich'

test("a post still in draft gets the chosen page on its delivery; another user's page, another network's page or a planned post's delivery are left alone", async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin', 'bluesky'])
	const { userId: otherId } = await h.connectedUser(['linkedin'])
	const pages = await t.db.selectFrom('channels').select(['id', 'platform', 'is_default', 'user_id']).execute()
	const own = pages.filter((p) => p.user_id === userId && p.platform === 'linkedin')
	expect(own.length).toBeGreaterThan(1)
	const chosen = own.find((p) => !p.is_default)!
	const blueskyPage = pages.find((p) => p.user_id === userId && p.platform === 'bluesky')!
	const othersPage = pages.find((p) => p.user_id === otherId)!

	const { content, publishing } = h.services
	const draft = await content.createPost(userId, { platform: 'linkedin', content: { base: 'Aus dem CSV', platforms: {} }, status: 'draft', timeZone: zurich })
	const pageOf = async (postId: string) => (await t.db.selectFrom('post_deliveries').select('channel_id').where('post_id', '=', postId).executeTakeFirstOrThrow()).channel_id
	// Planned without a choice, the delivery goes to the brand's default channel (ADR 0045).
	const byDefault = own.find((p) => p.is_default)!.id
	expect(await pageOf(draft.id)).toBe(byDefault)
	expect(await publishing.deliveryChannels(userId, [draft.id])).toEqual({ [draft.id]: [byDefault] })

	for (const foreign of [othersPage.id, blueskyPage.id]) {
		expect(await content.updatePost(userId, draft.id, { content: { base: 'Aus dem CSV', platforms: {} }, pageIds: { linkedin: foreign } })).toMatchObject({ ok: true })
		expect(await pageOf(draft.id)).toBe(byDefault)
	}
	expect(await content.updatePost(userId, draft.id, { content: { base: 'Aus dem CSV, bearbeitet', platforms: {} }, pageIds: { linkedin: chosen.id } })).toMatchObject({ ok: true })
	expect(await pageOf(draft.id)).toBe(chosen.id)
	expect(await publishing.deliveryChannels(userId, [draft.id])).toEqual({ [draft.id]: [chosen.id] })
	// Another user asks for it: nothing of the user's shows, nothing changes.
	expect(await publishing.deliveryChannels(otherId, [draft.id])).toEqual({})
	expect(await content.updatePost(otherId, draft.id, { content: { base: 'Fremd', platforms: {} }, pageIds: { linkedin: othersPage.id } })).toMatchObject({ ok: false })
	expect(await pageOf(draft.id)).toBe(chosen.id)

	// A planned post is checked when it gets its time: its page is not changed by an edit.
	const planned = await content.createPost(userId, { platform: 'linkedin', content: { base: 'Geplant', platforms: {} }, status: 'scheduled', scheduledAt: new Date(Date.now() + 864e5), timeZone: zurich })
	const before = await pageOf(planned.id)
	await content.updatePost(userId, planned.id, { content: { base: 'Geplant', platforms: {} }, pageIds: { linkedin: chosen.id === before ? own.find((p) => p.id !== before)!.id : chosen.id } })
	expect(await pageOf(planned.id)).toBe(before)
})
