import { randomUUID } from 'node:crypto'
import type { GenerationInput } from '#modules/generation/index.ts'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// Global (runs after all other specs): an active platform prompt changes every user's generation.
// Issue 20 defects 18 and 19: a prompt needs a name (German message), and an active template visibly
// steers the offline (local) text.
test('an empty prompt name is refused; an active template steers the offline text', async ({ page, db, services, createConfirmedUser, login }) => {
	const admin = await createConfirmedUser({ admin: true })
	const user = await createConfirmedUser()
	const name = `Hausstil e2e-${randomUUID().slice(0, 8)}`
	try {
		await login(admin)
		await gotoReady(page, '/admin/prompts')
		await page.getByRole('button', { name: 'Neuer Prompt' }).click()
		const dialog = page.getByRole('dialog')
		await dialog.getByLabel('Kategorie').click()
		await page.getByRole('option', { name: /\(platform_generation\)/ }).click()
		await dialog.getByLabel('Prompt-Text').fill('Schreibe einen {platform}-Beitrag über {source}. Beginne mit „Grüezi mitenand!“ und beende ihn mit „Bis bald in Bern.“. Verwende #Hausstil.')
		await dialog.getByRole('button', { name: 'Erstellen' }).click()
		await expect(dialog.getByText('Bitte geben Sie einen Namen ein.')).toBeVisible()
		await dialog.getByLabel('Name').fill('   ')
		await dialog.getByRole('button', { name: 'Erstellen' }).click()
		await expect(dialog.getByText('Bitte geben Sie einen Namen ein.')).toBeVisible()
		expect(await db.selectFrom('admin_prompts').select('id').where('prompt_text', 'like', '%Grüezi mitenand%').execute()).toHaveLength(0)

		await dialog.getByLabel('Name').fill(name)
		await dialog.getByRole('button', { name: 'Erstellen' }).click()
		await expect(page.getByText('Prompt erstellt')).toBeVisible()

		const input: GenerationInput = {
			requestId: randomUUID(),
			kind: 'smart-post',
			platforms: ['linkedin', 'instagram'],
			agentId: null,
			prompt: 'Warum sich eine Pause im Arbeitsalltag lohnt',
			url: '',
			notes: '',
			article: null,
			document: null,
			image: null,
			audio: null,
		}
		const outcome = await services.generation.generate(user.id, input)
		if (!outcome.ok) throw new Error(outcome.code)
		for (const text of [outcome.texts.linkedin!, outcome.texts.instagram!]) {
			expect(text.startsWith('Grüezi mitenand!'), text).toBe(true)
			expect(text).toContain('Bis bald in Bern.')
			expect(text).toContain('#Hausstil')
		}
	} finally {
		await db.deleteFrom('admin_prompts').where('name', '=', name).execute()
	}
})
