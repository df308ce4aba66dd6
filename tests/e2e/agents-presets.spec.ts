import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// Issue 20 defects 13 and 14 on /agent: the default cannot be deleted, switching cards asks before
// unsaved edits go, an empty rename says why, new agents are numbered, and a failed save keeps the edits.

function toastWith(page: Page, title: string, description?: string) {
	let toast = page.locator('[data-sonner-toast]').filter({ hasText: title })
	if (description) toast = toast.filter({ hasText: description })
	return toast.first()
}

const cards = (page: Page) => page.getByTestId('agent-card')

test('new agents are numbered; the default cannot be deleted and says why; an empty rename says what is missing', async ({ page, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/agent')
	const create = page.getByRole('button', { name: 'Neuer Agent' })
	for (let count = 1; count <= 3; count++) {
		await create.click()
		await expect(cards(page)).toHaveCount(count)
	}
	await expect(cards(page).getByTestId('agent-name')).toHaveText(['Mein AI-Agent', 'Mein AI-Agent 2', 'Mein AI-Agent 3'])

	// The default: its delete button is disabled with the reason; the others can be deleted.
	const first = cards(page).nth(0)
	await expect(first.getByRole('button', { name: 'Agent löschen' })).toBeDisabled()
	await expect(first.getByTestId('delete-default-disabled')).toHaveAttribute('title', /Der Standard-Agent kann nicht gelöscht werden/)
	await expect(first.getByRole('button', { name: 'Agent löschen' })).toHaveAccessibleDescription(/Der Standard-Agent kann nicht gelöscht werden/)
	await expect(cards(page).nth(1).getByRole('button', { name: 'Agent löschen' })).toBeEnabled()
	// The server refuses it too.
	const defaultId = (await first.getAttribute('data-agent-id'))!
	expect(await services.agents.deletePreset(user.id, defaultId)).toEqual({ ok: false, error: 'default_agent' })

	// Empty rename: a German message, nothing sent, Escape leaves the name as it was.
	const second = cards(page).nth(1)
	await second.getByRole('button', { name: 'Namen bearbeiten' }).click()
	const name = second.getByRole('textbox', { name: 'Name des Agenten' })
	await name.fill('   ')
	await name.press('Enter')
	await expect(second.getByRole('alert')).toHaveText('Bitte geben Sie einen Namen ein.')
	await expect(name).toHaveAttribute('aria-invalid', 'true')
	await name.press('Escape')
	await expect(second.getByTestId('agent-name')).toHaveText('Mein AI-Agent 2')
})

test('switching agents with unsaved edits asks first; a failed save keeps the page and the edits', async ({ page, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	for (const name of ['Anna Agent', 'Bruno Bot']) {
		const created = await services.agents.createPreset(user.id, name, randomUUID())
		if (!created.ok) throw new Error(created.error)
	}
	await login(user)
	await gotoReady(page, '/agent')
	const editor = page.getByTestId('agent-editor')
	await expect(editor.getByRole('heading', { name: 'Anna Agent' })).toBeVisible()
	const description = editor.getByRole('textbox', { name: 'Beschreibung' })
	await description.fill('Ungespeicherte Beschreibung für Anna')

	// Another card: the question; 'Weiter bearbeiten' keeps Anna and the text.
	await cards(page).nth(1).getByRole('button', { name: 'Agent „Bruno Bot“ bearbeiten' }).click()
	const dialog = page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' })
	await expect(dialog).toBeVisible()
	await dialog.getByRole('button', { name: 'Weiter bearbeiten' }).click()
	await expect(dialog).toBeHidden()
	await expect(editor.getByRole('heading', { name: 'Anna Agent' })).toBeVisible()
	await expect(description).toHaveValue('Ungespeicherte Beschreibung für Anna')

	// Saving fails on the server (a 500): the spec's toast, the page and the edit stay.
	await page.route('**/agent.data*', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'kaputt' }) : route.continue()))
	await editor.getByRole('button', { name: 'Speichern' }).click()
	await expect(toastWith(page, 'Fehler', 'Agent-Konfiguration konnte nicht gespeichert werden.')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Agent', exact: true })).toBeVisible()
	await expect(description).toHaveValue('Ungespeicherte Beschreibung für Anna')
	// No network at all: the same.
	await page.unroute('**/agent.data*')
	await page.route('**/agent.data*', (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.continue()))
	await editor.getByRole('button', { name: 'Speichern' }).click()
	// The same text again updates the toast on screen (said once, not stacked).
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Agent-Konfiguration konnte nicht gespeichert werden.' })).toHaveCount(1)
	await expect(page.getByRole('heading', { name: 'Agent', exact: true })).toBeVisible()
	await expect(description).toHaveValue('Ungespeicherte Beschreibung für Anna')
	await page.unroute('**/agent.data*')

	// Saved: switching no longer asks.
	await editor.getByRole('button', { name: 'Speichern' }).click()
	await expect(toastWith(page, 'Agent gespeichert!')).toBeVisible()
	await expect(editor).toHaveAttribute('data-dirty', 'false')
	await cards(page).nth(1).getByRole('button', { name: 'Agent „Bruno Bot“ bearbeiten' }).click()
	await expect(editor.getByRole('heading', { name: 'Bruno Bot' })).toBeVisible()
	await expect(dialog).toBeHidden()

	// Edit Bruno, switch, discard: Anna opens with her saved text, Bruno's edit is gone.
	await description.fill('Wird verworfen')
	await cards(page).nth(0).getByRole('button', { name: 'Agent „Anna Agent“ bearbeiten' }).click()
	await dialog.getByRole('button', { name: 'Änderungen verwerfen' }).click()
	await expect(editor.getByRole('heading', { name: 'Anna Agent' })).toBeVisible()
	await expect(description).toHaveValue('Ungespeicherte Beschreibung für Anna')
	await cards(page).nth(1).getByRole('button', { name: 'Agent „Bruno Bot“ bearbeiten' }).click()
	await expect(editor.getByRole('heading', { name: 'Bruno Bot' })).toBeVisible()
	await expect(description).toHaveValue('')
})

// Issue 20 defect 15: the profile shows everything it learned, and the posts use all of it.
test('training shows the learned signature and question style, and the posts use hashtags, phrase, signature and question', async ({ page, createConfirmedUser, login, services }) => {
	const signature = 'Herzlich, Ihr Team der Bäckerei Sonne'
	const samples = [
		`Frisch aus dem Ofen: unser Bergbrot mit Dinkel. Heute gibt es frisch gebackene Zöpfe bis 18 Uhr. Was ist Ihr Lieblingsbrot?\n${signature}\n#BäckereiSonne #Bergbrot`,
		`Neu im Regal: frisch gebackene Zöpfe mit Butter aus dem Emmental. Kommen Sie vorbei. Welche Sorte probieren Sie zuerst?\n${signature}\n#BäckereiSonne #Zopf`,
		`Am Samstag backen wir wieder frisch gebackene Zöpfe und Bergbrot für den Markt. Sehen wir uns dort?\n${signature}\n#BäckereiSonne #Bergbrot`,
	]
	const user = await createConfirmedUser()
	const created = await services.agents.createPreset(user.id, 'Bäckerei-Agent', randomUUID())
	if (!created.ok) throw new Error(created.error)
	await login(user)
	await gotoReady(page, '/agent')
	const editor = page.getByTestId('agent-editor')
	await editor.getByRole('tab', { name: 'Content-Training' }).click()
	for (const sample of samples) {
		await editor.getByLabel('Neuer Trainings-Text').fill(sample)
		await editor.getByRole('button', { name: 'Hinzufügen' }).click()
	}
	await editor.getByRole('button', { name: 'Agent trainieren' }).click()
	await expect(toastWith(page, 'Training abgeschlossen', 'aus 3 Beispielen')).toBeVisible()
	const profile = editor.getByTestId('style-profile')
	await expect(profile.getByTestId('learned-signature')).toHaveText(`„${signature}“`)
	await expect(profile.getByTestId('learned-questions')).toContainText('meist am Schluss')
	await expect(profile.getByTestId('learned-top-hashtags')).toContainText('#BäckereiSonne')
	await expect(profile.getByTestId('learned-phrases')).toContainText('frisch gebackene Zöpfe')

	const outcome = await services.generation.generate(user.id, {
		requestId: randomUUID(),
		kind: 'smart-post',
		platforms: ['linkedin', 'instagram', 'threads', 'facebook'],
		agentId: created.agent.id,
		prompt: 'Unser neues Roggenbrot ist ab Montag im Laden',
		url: '',
		notes: '',
		article: null,
		document: null,
		image: null,
		audio: null,
	})
	if (!outcome.ok) throw new Error(outcome.code)
	for (const text of Object.values(outcome.texts).filter((t): t is string => typeof t === 'string')) {
		expect(text).toContain('#BäckereiSonne')
		expect(text).toContain(signature)
		expect(text).toContain('frisch gebackene Zöpfe')
		expect(text.slice(0, text.indexOf(signature)).trim()).toMatch(/\?$/)
	}
})
