import { expect, signIn, test } from '#tests/e2e/fixtures.ts'
import type { Page } from '@playwright/test'

const draftKey = 'onboarding-draft'
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

// The controls only react once React has hydrated the server-rendered wizard.
async function openWizard(page: Page) {
	await page.goto('/onboarding')
	await page.waitForLoadState('networkidle')
}

function wizard(page: Page) {
	return {
		next: page.getByRole('button', { name: 'Weiter' }),
		back: page.getByRole('button', { name: 'Zurück' }),
		createAccount: page.getByRole('button', { name: 'Konto erstellen' }),
		name: page.getByLabel('Name des Agenten'),
		audience: page.getByLabel('Zielgruppe', { exact: true }),
		description: page.getByLabel('Beschreibung (optional)'),
		progress: page.getByRole('progressbar', { name: 'Fortschritt' }),
		stepTitle: page.getByRole('heading', { level: 2 }),
	}
}

async function expectProgress(page: Page, percent: number) {
	await expect(page.getByText(`${percent} %`, { exact: true })).toBeVisible()
	await expect(wizard(page).progress).toHaveAttribute('aria-valuenow', String(percent))
}

async function completeStepOne(page: Page, name = 'Lena') {
	await wizard(page).name.fill(name)
	await wizard(page).next.click()
	await expect(wizard(page).stepTitle).toHaveText('Zielgruppe & Tonalität')
}

async function completeStepTwo(page: Page, audience = 'Inhaberinnen kleiner Cafés') {
	await wizard(page).audience.fill(audience)
	await wizard(page).next.click()
	await expect(wizard(page).stepTitle).toHaveText('Ihre Branche')
}

async function completeStepThree(page: Page, industry = 'Gastgewerbe') {
	await page.getByRole('radio', { name: industry }).click()
	await wizard(page).next.click()
	await expect(wizard(page).stepTitle).toHaveText('Zusammenfassung')
}

test('step 1: Zurück is disabled and Weiter needs a name of at least 2 characters', async ({ page }) => {
	await openWizard(page)
	const w = wizard(page)
	await expect(w.stepTitle).toHaveText('Ihr Agent')
	await expectProgress(page, 25)
	await expect(page.getByText('Schritt 1 von 4')).toBeVisible()
	await expect(w.back).toBeDisabled()
	await expect(w.next).toBeDisabled()

	await w.name.fill('A')
	await w.name.blur()
	await expect(w.next).toBeDisabled()
	await expect(page.getByText('Der Name muss mindestens 2 Zeichen lang sein.')).toBeVisible()
	await expect(w.name).toHaveAttribute('aria-invalid', 'true')

	await w.name.fill('  A  ')
	await expect(w.next).toBeDisabled()

	await w.name.fill('Lu')
	await expect(w.next).toBeEnabled()
	await expect(page.getByText('Der Name muss mindestens 2 Zeichen lang sein.')).toBeHidden()
	await expect(page.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/')
})

test('step 1: the avatar picker offers 15 icons and personality is a single choice', async ({ page }) => {
	await openWizard(page)
	const avatars = page.getByRole('group', { name: 'Avatar' }).getByRole('button')
	await expect(avatars).toHaveCount(15)
	await expect(page.getByRole('button', { name: 'Avatar: Roboter' })).toHaveAttribute('aria-pressed', 'true')

	await page.getByRole('button', { name: 'Avatar: Rakete' }).click()
	await expect(page.getByRole('button', { name: 'Avatar: Rakete' })).toHaveAttribute('aria-pressed', 'true')
	await expect(page.getByRole('button', { name: 'Avatar: Roboter' })).toHaveAttribute('aria-pressed', 'false')

	const personality = page.getByRole('radiogroup', { name: 'Persönlichkeit' })
	await expect(personality.getByRole('radio')).toHaveCount(5)
	await expect(personality.getByRole('radio', { name: /Professionell/ })).toBeChecked()
	await personality.getByRole('radio', { name: /Kreativ/ }).click()
	await expect(personality.getByRole('radio', { name: /Kreativ/ })).toBeChecked()
	await expect(personality.getByRole('radio', { name: /Professionell/ })).not.toBeChecked()
})

test('step 2: the target audience needs 3 characters; Zurück keeps the entered values', async ({ page }) => {
	await openWizard(page)
	await completeStepOne(page)
	const w = wizard(page)
	await expectProgress(page, 50)
	await expect(w.back).toBeEnabled()
	await expect(w.next).toBeDisabled()
	await expect(page.getByRole('radiogroup', { name: 'Tonalität' }).getByRole('radio')).toHaveCount(5)

	await w.audience.fill('ab')
	await w.audience.blur()
	await expect(w.next).toBeDisabled()
	await expect(page.getByText('Bitte beschreiben Sie Ihre Zielgruppe mit mindestens 3 Zeichen.')).toBeVisible()

	await w.audience.fill('abc')
	await expect(w.next).toBeEnabled()

	await w.back.click()
	await expect(w.stepTitle).toHaveText('Ihr Agent')
	await expect(w.name).toHaveValue('Lena')
	await w.next.click()
	await expect(w.audience).toHaveValue('abc')
})

test('step 3: an industry must be picked, the description is optional', async ({ page }) => {
	await openWizard(page)
	await completeStepOne(page)
	await completeStepTwo(page)
	const w = wizard(page)
	await expectProgress(page, 75)
	await expect(page.getByRole('radiogroup', { name: 'Branche' }).getByRole('radio')).toHaveCount(10)
	await expect(w.next).toBeDisabled()
	await expect(page.getByText('Bitte wählen Sie eine Branche aus.')).toBeVisible()

	await page.getByRole('radio', { name: 'Marketing' }).click()
	await expect(w.next).toBeEnabled()
	await expect(w.description).toHaveValue('')
	await w.next.click()
	await expectProgress(page, 100)
})

test('step 4: the summary shows the agent and cuts a long target audience to 100 characters', async ({ page }) => {
	const audience = 'Gründerinnen, Selbstständige und kleine Teams in der Schweiz, die mehr Kundschaft über LinkedIn gewinnen möchten und wenig Zeit haben.'.padEnd(150, '!')
	expect(audience).toHaveLength(150)

	await openWizard(page)
	await page.getByRole('button', { name: 'Avatar: Kaffee' }).click()
	await page.getByRole('radio', { name: /Freundlich/ }).click()
	await completeStepOne(page, 'Café-Lena')
	await page.getByRole('radio', { name: /Humorvoll/ }).click()
	await completeStepTwo(page, audience)
	await completeStepThree(page, 'Gastgewerbe')
	await expectProgress(page, 100)

	const summary = page.getByRole('region', { name: 'Café-Lena' })
	await expect(summary).toBeVisible()
	await expect(summary.getByRole('img', { name: 'Avatar: Kaffee' })).toBeVisible()
	await expect(summary.getByText('Freundlich', { exact: true })).toBeVisible()
	await expect(summary.getByText('Humorvoll', { exact: true })).toBeVisible()
	await expect(summary.getByText('Gastgewerbe', { exact: true })).toBeVisible()
	await expect(summary.getByText(`${audience.slice(0, 100)}…`, { exact: true })).toBeVisible()
	await expect(summary.getByText(audience, { exact: true })).toHaveCount(0)
	await expect(wizard(page).createAccount).toBeEnabled()
	await expect(wizard(page).next).toHaveCount(0)
})

test('Konto erstellen stores the draft locally and continues to the sign-up', async ({ page }) => {
	await openWizard(page)
	await page.getByRole('button', { name: 'Avatar: Rakete' }).click()
	await completeStepOne(page, '  Lena  ')
	await page.getByRole('radio', { name: /Lehrreich/ }).click()
	await completeStepTwo(page, 'Inhaberinnen kleiner Cafés')
	await page.getByRole('radio', { name: 'Technologie' }).click()
	await wizard(page).description.fill('Wir rösten Kaffee in Zürich.')
	await wizard(page).next.click()
	await wizard(page).createAccount.click()

	await expect(page).toHaveURL(/\/auth\?from=onboarding$/)
	const draft = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), draftKey)) ?? 'null') as Record<string, unknown>
	expect(draft).toEqual({
		draftId: expect.stringMatching(uuid),
		agentName: 'Lena',
		avatar: 'rocket',
		personality: 'professional',
		targetAudience: 'Inhaberinnen kleiner Cafés',
		description: 'Wir rösten Kaffee in Zürich.',
		tone: 'educational',
		industry: 'technology',
		savedAt: expect.any(String),
	})
	expect(Number.isNaN(Date.parse(draft.savedAt as string))).toBe(false)
	await expect(page.getByText('Erstellen Sie Ihr Konto, um Ihren Agent zu speichern!')).toBeVisible()
})

test('an existing draft prefills the wizard and keeps its draft id', async ({ page }) => {
	const draftId = '3f1c2a4e-8b7d-4c6e-9a5f-0e1d2c3b4a59'
	await page.goto('/onboarding')
	await page.evaluate(
		([key, value]) => localStorage.setItem(key, value),
		[
			draftKey,
			JSON.stringify({
				draftId,
				agentName: 'Max',
				avatar: 'crown',
				personality: 'casual',
				targetAudience: 'Studierende',
				description: '',
				tone: 'humorous',
				industry: 'education',
				savedAt: new Date().toISOString(),
			}),
		] as const,
	)
	await page.reload()
	await page.waitForLoadState('networkidle')

	const w = wizard(page)
	await expect(w.name).toHaveValue('Max')
	await expect(page.getByRole('button', { name: 'Avatar: Krone' })).toHaveAttribute('aria-pressed', 'true')
	await expect(page.getByRole('radio', { name: /Locker/ })).toBeChecked()
	await w.next.click()
	await expect(w.audience).toHaveValue('Studierende')
	await expect(page.getByRole('radio', { name: /Humorvoll/ })).toBeChecked()
	await w.next.click()
	await expect(page.getByRole('radio', { name: 'Bildung' })).toBeChecked()
	await w.next.click()
	await w.createAccount.click()

	await expect(page).toHaveURL(/\/auth\?from=onboarding$/)
	const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), draftKey)) ?? 'null') as { draftId: string }
	expect(stored.draftId).toBe(draftId)
})

test('after sign-in the draft becomes the default agent and leaves local storage', async ({ page, services, createConfirmedUser }) => {
	const user = await createConfirmedUser()
	await openWizard(page)
	await completeStepOne(page, 'Hand-over-Agent')
	await completeStepTwo(page, 'Kleine Unternehmen')
	await completeStepThree(page, 'Beratung')
	await wizard(page).createAccount.click()
	await expect(page).toHaveURL(/\/auth\?from=onboarding$/)

	await signIn(page, user)
	await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), draftKey), { timeout: 10_000 }).toBeNull()
	const agents = await services.agents.listAgents(user.id)
	expect(agents).toEqual([
		expect.objectContaining({ name: 'Hand-over-Agent', industry: 'consulting', target_audience: 'Kleine Unternehmen', is_default: true }),
	])
})
