import { expect, test, type Page } from '@playwright/test'

const featureTitles = [
	'KI-Agent-Training',
	'Automatische Posts',
	'Zielgruppen-Analyse',
	'Intelligente Planung',
	'Analytics',
	'Multi-Plattform',
]
const stepTitles = ['Agent erstellen', 'Konten verbinden', 'Content generieren']
const testimonialNames = ['Laura Meier', 'Daniel Huber', 'Sarah Keller']

async function expectLandingContent(page: Page) {
	await expect(page.locator('html')).toHaveAttribute('lang', 'de')
	await expect(page).toHaveTitle('Postwerk – Ihr KI-Agent für Social Media')

	await expect(
		page.getByRole('heading', { level: 1, name: 'Social Media auf Autopilot – mit Ihrem eigenen KI-Agenten' }),
	).toBeVisible()
	await expect(
		page.getByText(
			'Ihr KI-Agent erstellt, plant und veröffentlicht Posts für LinkedIn, Instagram, Threads, Facebook und Twitter',
		),
	).toBeVisible()
	await expect(page.getByText('Keine Kreditkarte erforderlich').first()).toBeVisible()
	await expect(page.getByText('50 kostenlose Credits').first()).toBeVisible()

	const features = page.getByRole('region', { name: 'Alles, was Ihr Social-Media-Auftritt braucht' })
	await expect(features.getByRole('listitem')).toHaveCount(6)
	for (const title of featureTitles) {
		await expect(features.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible()
	}

	const steps = page.getByRole('region', { name: 'In drei Schritten zu Ihrem ersten Post' })
	await expect(steps.getByRole('listitem')).toHaveCount(3)
	for (const title of stepTitles) {
		await expect(steps.getByRole('heading', { level: 3, name: title })).toBeVisible()
	}

	const testimonials = page.getByRole('region', { name: 'Das sagen unsere Nutzerinnen und Nutzer' })
	await expect(testimonials.getByRole('figure')).toHaveCount(3)
	await expect(testimonials.getByText('Kundenstimme', { exact: true })).toHaveCount(3)
	for (const name of testimonialNames) {
		await expect(testimonials.getByText(name, { exact: true })).toBeVisible()
	}

	await expect(page.getByRole('banner').getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/auth')
	await expect(page.getByRole('heading', { level: 2, name: 'Bereit für Ihren eigenen KI-Agenten?' })).toBeVisible()
}

test('the landing page at /landing shows hero, features, steps, testimonials and the closing call to action', async ({
	page,
}) => {
	await page.goto('/landing')
	await expectLandingContent(page)
})

test('a signed-out visitor sees the landing page at /', async ({ page }) => {
	await page.goto('/')
	await expectLandingContent(page)
})

test('both call-to-action buttons lead to the onboarding wizard', async ({ page }) => {
	await page.goto('/landing')
	const heroCta = page.getByRole('link', { name: 'Jetzt kostenlos starten' })
	const closingCta = page.getByRole('link', { name: 'Agent jetzt erstellen' })
	await expect(heroCta).toHaveAttribute('href', '/onboarding')
	await expect(closingCta).toHaveAttribute('href', '/onboarding')

	await heroCta.click()
	await expect(page).toHaveURL(/\/onboarding$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Erstellen Sie Ihren KI-Agenten' })).toBeVisible()

	await page.goto('/landing')
	await page.getByRole('link', { name: 'Agent jetzt erstellen' }).click()
	await expect(page).toHaveURL(/\/onboarding$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Erstellen Sie Ihren KI-Agenten' })).toBeVisible()
})
