import type { Page } from '@playwright/test'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { networkTarget } from '#tests/e2e/creator-targets.ts'

// Issue 37, 2.4 (desktop): each network's variant keeps its own image or none. LinkedIn goes out
// with its image, Facebook (its image removed in the preview) without one.

test.use({ viewport: { width: 1440, height: 900 } })

async function toPreview(page: Page) {
	await page.getByRole('button', { name: /^Smart Prompt Creator/ }).click()
	await page.getByLabel('Ihre Idee').fill('Tag der offenen Tür am Samstag in der Schreinerei')
	await page.getByRole('button', { name: 'Weiter' }).click()
	for (const name of ['LinkedIn', 'Facebook']) await networkTarget(page, name).click()
	await page.getByRole('button', { name: 'Bilder generieren & Vorschau' }).click()
	await expect(page.getByRole('heading', { name: 'Vorschau', exact: true })).toBeVisible({ timeout: 20_000 })
}

test('two networks, one with its image and one without, are published so', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	await connectPlatform(services, user.id, 'facebook')
	await login(user)
	await gotoReady(page, '/create')
	await toPreview(page)
	await expect(page.getByRole('img', { name: 'Bild Facebook' })).toBeVisible()
	await page.getByRole('button', { name: 'Facebook ohne Bild posten' }).click()
	await expect(page.getByTestId('editor-facebook').getByTestId('no-image')).toBeVisible()
	await expect(page.getByRole('img', { name: 'Bild LinkedIn' })).toBeVisible()
	await page.getByRole('textbox', { name: 'Text für LinkedIn' }).fill('Mit Bild: Tag der offenen Tür')
	await page.getByRole('textbox', { name: 'Text für Facebook' }).fill('Ohne Bild: Tag der offenen Tür')
	await page.getByRole('button', { name: 'Jetzt posten' }).click()
	await expect(page).toHaveURL(/\/posts$/, { timeout: 20_000 })

	const post = await db.selectFrom('posts').select(['id', 'status']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	await expect.poll(async () => (await db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).execute()).map((d) => d.status), { timeout: 20_000 }).toEqual(['published', 'published'])
	await page.goto('/sandbox')
	const linkedin = page.locator('article[data-platform="linkedin"]').filter({ hasText: 'Mit Bild: Tag der offenen Tür' })
	const facebook = page.locator('article[data-platform="facebook"]').filter({ hasText: 'Ohne Bild: Tag der offenen Tür' })
	await expect(linkedin).toHaveCount(1)
	await expect(facebook).toHaveCount(1)
	await expect(linkedin.locator('img')).toHaveCount(1)
	await expect(facebook.locator('img')).toHaveCount(0)
})
