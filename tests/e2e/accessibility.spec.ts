import type { Kysely } from 'kysely'
import type { Page } from '@playwright/test'
import type { DB } from '#modules/core/db.server.ts'
import { shiftWeek, todayIn, toInstant, weekRange } from '#modules/scheduling/index.ts'
import { expectAccessible } from '#tests/e2e/a11y.ts'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// axe-core (WCAG 2.x A and AA) on every main page and the main dialogs: no serious or critical
// violation. Each page is also watched for console errors that mean a broken first paint: a
// hydration mismatch or a translation key whose namespace the browser did not get.

const zone = 'Europe/Zurich'
const nextWeek = weekRange(shiftWeek(todayIn(zone, new Date()), 1), zone).days

/** A few posts and a draft, so lists, the calendar and the dashboard are not empty. */
async function seedContent(db: Kysely<DB>, userId: string) {
	await db
		.insertInto('posts')
		.values(
			nextWeek.slice(0, 3).map((date, i) => ({
				user_id: userId,
				title: `Beitrag ${i + 1}`,
				content: `Beitrag ${i + 1}: ein geplanter Text.`,
				platform: (['linkedin', 'instagram', 'facebook'] as const)[i]!,
				status: 'scheduled' as const,
				scheduled_at: toInstant(date, `${10 + i}:00`, zone),
				time_zone: zone,
			})),
		)
		.execute()
	await db.insertInto('drafts').values({ user_id: userId, title: 'Entwurf Herbst', content: 'Ein Entwurf.', platforms: ['linkedin'] }).execute()
}

/** Console errors that mean the page did not hydrate cleanly or lacks strings. */
function watchConsole(page: Page) {
	const problems: Array<string> = []
	page.on('console', (message) => {
		if (message.type() !== 'error') return
		const text = message.text()
		if (/hydrat|did not match|i18n: missing key/i.test(text)) problems.push(text.slice(0, 500))
	})
	page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
	return problems
}

async function visit(page: Page, path: string, label: string) {
	const problems = watchConsole(page)
	const response = await gotoReady(page, path)
	expect(response?.status(), `${label}: HTTP status`).toBeLessThan(500)
	// Lazy parts (the landing page on /, dialogs) settle before axe looks.
	await page.waitForLoadState('networkidle').catch(() => {})
	await expectAccessible(page, label)
	expect(problems, `${label}: console errors during the first paint`).toEqual([])
}

const userPages: Array<[string, string]> = [
	['Dashboard', '/'],
	['Post erstellen', '/create'],
	['Meine Posts', '/posts'],
	['Kalender (Woche)', `/schedule?date=${nextWeek[1]}`],
	['Kalender (Monat)', `/schedule?view=month&date=${nextWeek[1]}`],
	['News', '/news'],
	['Einstellungen', '/settings'],
	['Konten', '/accounts'],
	['Mein Agent', '/agent'],
	['Marken', '/marken'],
	['KI-Modelle', '/test-models'],
	['Modelltest', '/model-test'],
	['Toolbox', '/toolbox'],
	['Aktivitäten', '/activity-logs'],
	['Preise', '/pricing'],
	['Suche', '/suche?q=Beitrag'],
]

const adminPages: Array<[string, string]> = [
	['Admin Übersicht', '/admin'],
	['Admin Benutzer', '/admin/users'],
	['Admin KI-Modelle', '/admin/models'],
	['Admin Prompts', '/admin/prompts'],
	['Admin Workflows', '/admin/workflows'],
	['Admin Toolbox', '/admin/toolbox'],
	['Admin Fehlerberichte', '/admin/error-reports'],
	['Admin Rabattcodes', '/admin/discount-codes'],
]

const publicPages: Array<[string, string]> = [
	['Landing', '/landing'],
	['Startseite abgemeldet', '/'],
	['Anmeldung', '/auth'],
	['Registrierung', '/auth?mode=signup'],
	['Passwort vergessen', '/auth/forgot-password'],
	['Onboarding', '/onboarding'],
	['Seite nicht gefunden', '/diese-seite-gibt-es-nicht'],
]

test.describe('Barrierefreiheit (axe, WCAG A/AA)', () => {
	for (const [label, path] of userPages) {
		test(`${label} (${path})`, async ({ page, db, createConfirmedUser, login }) => {
			const user = await createConfirmedUser()
			await seedContent(db, user.id)
			await login(user)
			await visit(page, path, label)
		})
	}

	for (const [label, path] of adminPages) {
		test(`${label} (${path})`, async ({ page, createConfirmedUser, login }) => {
			const admin = await createConfirmedUser({ admin: true })
			await login(admin)
			await visit(page, path, label)
		})
	}

	for (const [label, path] of publicPages) {
		test(`${label} (${path}, abgemeldet)`, async ({ page }) => {
			await visit(page, path, label)
		})
	}
})

/** Opens a dialog with `open` and checks it alone (the page behind it was checked by visit()). */
async function checkDialog(page: Page, label: string, open: () => Promise<void>) {
	await open()
	const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'))
	await expect(dialog).toBeVisible()
	await expectAccessible(page, `Dialog ${label}`, '[role="dialog"], [role="alertdialog"]')
}

test.describe('Barrierefreiheit der Dialoge', () => {
	test.beforeEach(async ({ db, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		await seedContent(db, user.id)
		await login(user)
	})

	test('Meine Posts: bearbeiten, planen, löschen', async ({ page }) => {
		await visit(page, '/posts', 'Meine Posts')
		const card = page.getByTestId('post-card').filter({ hasText: 'Beitrag 1' })
		await checkDialog(page, 'Post bearbeiten', () => card.getByRole('button', { name: 'Bearbeiten' }).click())
		await page.keyboard.press('Escape')
		await checkDialog(page, 'Post planen', () => card.getByRole('button', { name: 'Planen' }).click())
		await page.keyboard.press('Escape')
		await checkDialog(page, 'Post löschen', () => card.getByRole('button', { name: 'Löschen' }).click())
	})

	test('Kalender: Vorschau eines Posts', async ({ page }) => {
		await visit(page, `/schedule?date=${nextWeek[1]}`, 'Kalender')
		await page.getByRole('button', { name: /^\d\d:\d\d Beitrag 1 –/ }).first().focus()
		await expect(page.locator('.cal-preview')).toBeVisible()
		await expectAccessible(page, 'Post-Vorschau im Kalender', '.cal-preview')
	})

	// One test per tab: six axe scans in one test took over its 30 s on a loaded machine.
	for (const tab of ['Profil', 'Modelle', 'Stimme & Ton', 'Marken-Identität', 'Content-Training', 'Wissensbasis']) {
		test(`Mein Agent: Reiter ${tab} des Editors`, async ({ page }) => {
			await visit(page, '/agent', 'Mein Agent')
			await page.getByRole('button', { name: 'Neuer Agent' }).click()
			const tabs = page.getByRole('tablist', { name: 'Einstellungen des Agenten' })
			await expect(tabs).toBeVisible()
			await tabs.getByRole('tab', { name: tab }).click()
			await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible()
			await expectAccessible(page, `Agent-Editor, Reiter ${tab}`)
		})
	}

	test('Preise: Enterprise-Anfrage', async ({ page }) => {
		await visit(page, '/pricing', 'Preise')
		await checkDialog(page, 'Enterprise-Anfrage', () => page.getByRole('button', { name: 'Kontakt aufnehmen' }).click())
	})

	test('Konten: verbinden', async ({ page }) => {
		await visit(page, '/accounts', 'Konten')
		await checkDialog(page, 'Konto verbinden', () => page.getByTestId('platform-linkedin').getByRole('button', { name: 'Verbinden' }).click())
	})

	test('Toolbox: Einstellungen eines Tools', async ({ page }) => {
		await visit(page, '/toolbox', 'Toolbox')
		await checkDialog(page, 'Tool-Einstellungen', () => page.getByRole('button', { name: 'Einstellungen' }).first().click())
	})
})

test.describe('Barrierefreiheit der Admin-Dialoge', () => {
	test.beforeEach(async ({ createConfirmedUser, login }) => {
		await login(await createConfirmedUser({ admin: true }))
	})

	test('Benutzer: Credits hinzufügen', async ({ page }) => {
		await visit(page, '/admin/users', 'Admin Benutzer')
		await checkDialog(page, 'Credits hinzufügen', () => page.getByRole('button', { name: 'Credits hinzufügen' }).first().click())
	})

	test('KI-Modelle: neues Modell', async ({ page }) => {
		await visit(page, '/admin/models', 'Admin KI-Modelle')
		await checkDialog(page, 'Neues Modell', () => page.getByRole('button', { name: 'Neues Modell' }).click())
	})

	test('Prompts: neuer Prompt', async ({ page }) => {
		await visit(page, '/admin/prompts', 'Admin Prompts')
		await checkDialog(page, 'Neuer Prompt', () => page.getByRole('button', { name: 'Neuer Prompt' }).click())
	})

	test('Rabattcodes: neuer Code', async ({ page }) => {
		await visit(page, '/admin/discount-codes', 'Admin Rabattcodes')
		await checkDialog(page, 'Neuer Rabattcode', () => page.getByRole('button', { name: 'Neuer Rabattcode' }).click())
	})

	test('Toolbox: neue Toolbox', async ({ page }) => {
		await visit(page, '/admin/toolbox', 'Admin Toolbox')
		await checkDialog(page, 'Neue Toolbox', () => page.getByRole('button', { name: 'Neue Toolbox' }).click())
	})
})
