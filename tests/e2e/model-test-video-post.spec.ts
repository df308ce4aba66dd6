import type { Locator, Page } from '@playwright/test'
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'

// Issue 39, ADR 0068: a video made by the model test (Testmodus: the local renderer makes a real MP4)
// becomes a post's video. 'Als Post verwenden' opens the creator with the video as the post's media
// (by its key, not re-uploaded); the preview shows the media_process job's progress, then the
// thumbnail; 'Jetzt posten' to Instagram makes a Reel seen on /sandbox, and the post's item is an
// AI-generated video. On the desktop and on a 390 px phone by touch.

const PROMPT = 'Ein Zug fährt durch die verschneiten Alpen'

/** Puts the video's processing back to its start, its job due in a few seconds: the creator sees it still being prepared. */
async function processAgain(db: Kysely<DB>, key: string) {
	const row = await db
		.updateTable('media_variants')
		.set({ state: 'processing', progress: 0, variant_key: null, cover_key: null, thumbnail_key: null })
		.where('source_key', '=', key)
		.returning('upload_id')
		.executeTakeFirstOrThrow()
	await sql`select graphile_worker.add_job('media_process', json_build_object('uploadId', ${row.upload_id}::text), job_key := ${`media_process:${row.upload_id}`}, run_at := now() + interval '10 seconds')`.execute(db)
}

async function runVideoModelTest(page: Page, press: Press) {
	await gotoReady(page, '/model-test?models=wan-2.2-t2v-fast&mode=single&category=video')
	await press(page.getByRole('combobox', { name: 'Format', exact: true }))
	await press(page.getByRole('option', { name: '9:16' }))
	await page.getByLabel('Prompt', { exact: true }).fill(PROMPT)
	await press(page.getByRole('button', { name: 'Generieren', exact: true }))
	const result = page.locator('[data-testid="test-result"][data-status="succeeded"]')
	await expect(result).toHaveCount(1, { timeout: 90_000 })
	const src = await page.getByLabel('Video von Wan 2.2 Fast').getAttribute('src')
	expect(src).toMatch(/^\/media\/videos\/[0-9a-f-]+\.mp4$/)
	return { result, src: src! }
}

type Press = (target: Locator) => Promise<void>
type Fixtures = { page: Page; db: Kysely<DB>; services: Parameters<typeof connectPlatform>[0]; user: { id: string } }

async function videoPostFlow({ page, db, services, user }: Fixtures, text: string, press: Press) {
	await db.updateTable('profiles').set({ credits_remaining: 100, subscription_type: 'pro', subscription_tier: 'pro', plan: 'pro' }).where('id', '=', user.id).execute()
	await connectPlatform(services, user.id, 'instagram')

	const { result, src } = await runVideoModelTest(page, press)
	const key = src.slice('/media/'.length)
	// In the media pipeline as an upload: a generated upload of the user's with its variant row.
	await expect
		.poll(() => db.selectFrom('media_variants as v').innerJoin('uploads as u', 'u.id', 'v.upload_id').select(['u.kind', 'u.user_id']).where('v.source_key', '=', key).executeTakeFirst())
		.toEqual({ kind: 'generated_video', user_id: user.id })
	await expect.poll(() => db.selectFrom('media_variants').select('state').where('source_key', '=', key).executeTakeFirst().then((r) => r?.state), { timeout: 60_000 }).toBe('ready')

	await press(result.getByRole('link', { name: 'Als Post verwenden' }))
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Video und Prompt übernommen!' }).first()).toBeVisible()
	const instagram = page.getByRole('group', { name: 'Instagram', exact: true }).getByRole('checkbox', { name: /Standard/ })
	await press(instagram)
	await expect(instagram).toBeChecked()
	// The video is the post's media: no image is generated or charged.
	await press(page.getByTestId('cost-summary').locator('summary'))
	await expect(page.getByTestId('cost-images')).toContainText('0 Credits')
	// The worker made the video long ago: made again, due shortly, the preview meets it still being prepared.
	await processAgain(db, key)
	await press(page.getByRole('button', { name: 'Bilder generieren & Vorschau' }))
	await expect(page.getByRole('heading', { name: 'Vorschau', exact: true })).toBeVisible({ timeout: 30_000 })
	await expect(page.getByRole('textbox', { name: 'Text für Instagram' })).not.toHaveValue('')

	const video = page.getByTestId('creator-video')
	await expect(video.getByText(/Video wird vorbereitet … \d+ %/)).toBeVisible()
	await expect(video.getByRole('img', { name: 'Titelbild von Video 1' })).toBeVisible({ timeout: 60_000 })
	await expectNoHorizontalScroll(page, 'the creator preview with the video')
	await page.getByRole('textbox', { name: 'Text für Instagram' }).fill(text)

	await press(page.getByRole('button', { name: 'Jetzt posten' }))
	await expect(page).toHaveURL(/\/posts$/, { timeout: 30_000 })
	const post = await db.selectFrom('posts').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow()
	await expect.poll(async () => (await db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).execute()).map((d) => d.status), { timeout: 60_000 }).toEqual(['published'])
	const items = await db.selectFrom('post_media').select(['kind', 'file_key', 'ai_generated']).where('post_id', '=', post.id).execute()
	expect(items).toEqual([{ kind: 'video', file_key: key, ai_generated: true }])

	await page.goto('/sandbox')
	const reel = page.locator('article[data-platform="instagram"]').filter({ hasText: text }).locator('video')
	await expect(reel).toHaveCount(1)
	await expect(reel).toHaveAttribute('src', /\/media\/videos\/variants\/.+\.mp4$/)
}

test.describe('desktop', () => {
	test.use({ viewport: { width: 1440, height: 900 } })

	test("a model test's video: 'Als Post verwenden', its progress then its thumbnail in the creator, published now as a Reel on /sandbox", async ({ page, createConfirmedUser, login, services, db }) => {
		test.setTimeout(240_000)
		const user = await createConfirmedUser()
		await login(user)
		await videoPostFlow({ page, db, services, user }, 'Unser Zug in den Alpen', (target) => target.click())
	})
})

test.describe('on a phone (390 px, touch)', () => {
	test.use(phone)

	test('the same by touch: the video taken over, its progress then its thumbnail, published as a Reel', async ({ page, createConfirmedUser, login, services, db }) => {
		test.setTimeout(240_000)
		const user = await createConfirmedUser()
		await login(user)
		await videoPostFlow({ page, db, services, user }, 'Zug vom Telefon', async (target) => {
			await target.scrollIntoViewIfNeeded()
			await target.tap()
		})
	})
})
