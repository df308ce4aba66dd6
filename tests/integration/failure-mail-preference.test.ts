import { expect, test } from 'vitest'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { makeJobsDue } from '#tests/support/jobs.ts'

// 'E-Mail bei fehlgeschlagenen Posts' (settings): off means no failure mail, on (the default) sends it.
for (const notify of [false, true]) {
	test(`a failed delivery ${notify ? 'mails' : 'does not mail'} the user with the notification ${notify ? 'on' : 'off'}`, async () => {
		await using t = await createTestDatabase()
		await using h = await publishingHarness(t)
		const { userId } = await h.connectedUser()
		await h.services.accounts.updatePreferences(userId, { timeZone: 'Europe/Zurich', notifyFailedPosts: notify })
		h.li.router.script('POST /rest/posts', [{ hang: true }])
		// The lookup fails too: nobody can tell, so the delivery ends 'unconfirmed'.
		h.li.router.script('GET /rest/posts', [{ status: 500, body: { message: 'Internal error' } }])
		const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Hängt', platforms: {} }, status: 'draft', timeZone: 'Europe/Zurich' })
		await h.services.publishing.publishNow(userId, post.id)
		await h.runDueJobs()
		h.li.router.reset()
		await makeJobsDue(t.pool)
		await h.runDueJobs()
		await h.services.publishing.maintenance.sweep()
		const delivery = await t.db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).executeTakeFirstOrThrow()
		expect(delivery.status).toBe('unconfirmed')
		const mails = await t.db.selectFrom('dev_mailbox').select('subject').execute()
		expect(mails.some((m) => m.subject === 'Ihr Post auf LinkedIn (Muster AG) wurde nicht veröffentlicht')).toBe(notify)
	})
}
