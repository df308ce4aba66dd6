import { expect, signIn, test } from '#tests/e2e/fixtures.ts'
import { greetingFor } from '#app/utils/greeting.ts'

const greetings = { morning: 'Guten Morgen', noon: 'Guten Mittag', afternoon: 'Guten Nachmittag', evening: 'Guten Abend' }

test('the header greets by the Zurich hour and first name; the sidebar shows groups, plan and version', async ({ page, createConfirmedUser }) => {
	const user = await createConfirmedUser({ fullName: 'Greta Gruss' })
	await signIn(page, user)
	const expected = greetings[greetingFor(new Date(), 'Europe/Zurich')]
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${expected}, Greta!`)
	await expect(page.getByText('Lassen Sie uns heute grossartigen Content erstellen')).toBeVisible()
	await expect(page.getByPlaceholder('Posts, Ideen suchen...')).toBeVisible()
	const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
	for (const label of ['Dashboard', 'Post erstellen', 'Meine Posts', 'Kalender', 'News', 'KI Modelle', 'Toolbox', 'Mein Agent', 'Marken', 'Einstellungen']) {
		await expect(nav.getByRole('link', { name: label })).toBeVisible()
	}
	await expect(page.getByTestId('profile-card')).toContainText('Greta Gruss')
	await expect(page.getByTestId('profile-card')).toContainText('Free Tarif')
	await expect(page.getByText('pro app v 1.01')).toBeVisible()
	await page.getByRole('main').getByRole('link', { name: 'Post erstellen' }).first().click()
	await expect(page).toHaveURL('/create')
})

test('without a name the greeting says Benutzer', async ({ page, createConfirmedUser }) => {
	const user = await createConfirmedUser({ fullName: '' })
	await signIn(page, user)
	await expect(page.getByRole('heading', { level: 1 })).toContainText(', Benutzer!')
})

test('the drafts bell counts the real drafts and caps at 99+', async ({ page, createConfirmedUser, db }) => {
	const user = await createConfirmedUser()
	await signIn(page, user)
	await expect(page.getByTestId('drafts-badge')).toHaveCount(0)
	await db
		.insertInto('drafts')
		.values([1, 2, 3].map((n) => ({ user_id: user.id, title: `Entwurf ${n}`, content: `Text ${n}`, platforms: ['linkedin'] })))
		.execute()
	await page.reload()
	await expect(page.getByTestId('drafts-badge')).toHaveText('3')
	await db
		.insertInto('drafts')
		.values(Array.from({ length: 97 }, (_, n) => ({ user_id: user.id, title: `Mehr ${n}`, content: 'x', platforms: ['instagram'] })))
		.execute()
	await page.reload()
	await expect(page.getByTestId('drafts-badge')).toHaveText('99+')
	await page.getByRole('link', { name: /Entwürfe: 100/ }).click()
	await expect(page).toHaveURL('/posts')
})
