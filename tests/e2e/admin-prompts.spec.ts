import { randomUUID } from 'node:crypto'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { e2eUrl } from '#tests/support/e2e.ts'

const origin = { Origin: e2eUrl }

// The prompt is saved in the category 'workflow', which the generation does not read: other browser
// tests running at the same time generate content with the built-in templates, untouched by this one.
test('a prompt whose variables are detected: live badges, saved with the first 3 and +N, status switched, edited; database and audit agree', async ({ page, context, db, createConfirmedUser, login }) => {
	const admin = await createConfirmedUser({ admin: true })
	const user = await createConfirmedUser()
	const marker = `e2e-${randomUUID().slice(0, 8)}`
	const name = `Prompt ${marker}`
	try {
		await login(admin)
		await gotoReady(page, '/admin/prompts')
		await expect(page.getByRole('heading', { name: 'Prompts verwalten' })).toBeVisible()
		await expect(page.getByTestId('prompt-count-total')).toBeVisible()
		await expect(page.getByTestId('prompt-count-categories')).toBeVisible()

		await page.getByRole('button', { name: 'Neuer Prompt' }).click()
		const dialog = page.getByRole('dialog')
		await expect(dialog.getByRole('heading', { name: 'Prompt erstellen' })).toBeVisible()
		await dialog.getByLabel('Name').fill(name)
		await expect(dialog.getByLabel('Kategorie')).toHaveText(/content_generation/)
		await expect(dialog.getByTestId('detected-variables')).toHaveText('Keine Variablen erkannt.')

		// Typed text: the {curly} words appear as badges at once, in order, each once; the one the
		// category does not fill is marked.
		const text = dialog.getByLabel('Prompt-Text')
		await text.pressSequentially('Du bist {agent_name}. ')
		const badges = dialog.getByTestId('detected-variable')
		await expect(badges).toHaveText(['agent_name'])
		await text.pressSequentially('Ton {tone}, für {kundenname}, über {topic} aus {source} und nochmals {tone}.')
		await expect(badges).toHaveText(['agent_name', 'tone', 'kundenname', 'topic', 'source'])
		await expect(dialog.locator('[data-testid="detected-variable"][data-unknown]')).toHaveText(['kundenname'])
		await expect(dialog.getByTestId('unknown-variables')).toContainText('{kundenname} kennt diese Kategorie nicht')

		// A category no part of the product reads: every variable stays as written.
		await dialog.getByLabel('Kategorie').click()
		await page.getByRole('option', { name: 'Workflow (workflow)' }).click()
		await expect(dialog.locator('[data-testid="detected-variable"][data-unknown]')).toHaveCount(5)
		await expect(dialog.getByTestId('unknown-variables')).toContainText('Diese Kategorie füllt keine Variablen')
		await expect(dialog.getByLabel('Aktiv (von der Generierung verwendet)')).toBeChecked()

		await dialog.getByRole('button', { name: 'Erstellen' }).click()
		await expect(page.getByText('Prompt erstellt')).toBeVisible()
		await expect(page.getByText('{agent_name}, {tone}, {kundenname}, {topic}, {source} kennt diese Kategorie nicht')).toBeVisible()
		await expect(dialog).toHaveCount(0)

		const row = await db.selectFrom('admin_prompts').selectAll().where('name', '=', name).executeTakeFirstOrThrow()
		expect(row).toMatchObject({
			category: 'workflow',
			prompt_text: 'Du bist {agent_name}. Ton {tone}, für {kundenname}, über {topic} aus {source} und nochmals {tone}.',
			variables: ['agent_name', 'tone', 'kundenname', 'topic', 'source'],
			is_active: true,
		})

		// Server-side search, case-insensitive: the row with the first 3 variables and '+2'.
		await page.getByLabel('Prompts durchsuchen').fill(marker.toUpperCase())
		await page.getByRole('button', { name: 'Suchen', exact: true }).click()
		await expect(page).toHaveURL(/q=/)
		const rows = page.getByTestId('prompt-row')
		await expect(rows).toHaveCount(1)
		const promptRow = rows.first()
		await expect(promptRow).toContainText(name)
		await expect(promptRow.getByTestId('prompt-category')).toHaveText('workflow')
		await expect(promptRow.getByTestId('prompt-variable')).toHaveText(['agent_name', 'tone', 'kundenname'])
		await expect(promptRow.getByTestId('prompt-variables-more')).toHaveText('+2')
		await expect(promptRow.getByTestId('prompt-status')).toHaveText('Aktiv')
		await expect(promptRow).toContainText(/\d{2}\.\d{2}\.\d{4}/)

		// The status switch.
		await promptRow.getByRole('switch', { name: `Status von ${name}` }).click()
		await expect(page.getByText('Status geändert')).toBeVisible()
		await expect(promptRow.getByTestId('prompt-status')).toHaveText('Inaktiv')
		await expect.poll(async () => (await db.selectFrom('admin_prompts').select('is_active').where('id', '=', row.id).executeTakeFirstOrThrow()).is_active).toBe(false)
		// Reloaded, the page shows what is stored (and the edit dialog below cannot open on data the
		// switch's revalidation has not replaced yet, which happened under load).
		await page.reload()
		await expect(promptRow.getByTestId('prompt-status')).toHaveText('Inaktiv')

		// Edit: the dialog shows the stored text and its variables; fewer variables, no '+N'.
		await promptRow.getByRole('button', { name: `${name} bearbeiten` }).click()
		await expect(dialog.getByRole('heading', { name: 'Prompt bearbeiten' })).toBeVisible()
		await expect(badges).toHaveText(['agent_name', 'tone', 'kundenname', 'topic', 'source'])
		await expect(dialog.getByLabel('Aktiv (von der Generierung verwendet)')).not.toBeChecked()
		await dialog.getByLabel('Prompt-Text').fill('Nur noch {headline} und {aspect}')
		await expect(badges).toHaveText(['headline', 'aspect'])
		await dialog.getByRole('button', { name: 'Aktualisieren' }).click()
		await expect(page.getByText('Prompt aktualisiert')).toBeVisible()
		await expect(promptRow.getByTestId('prompt-variable')).toHaveText(['headline', 'aspect'])
		await expect(promptRow.getByTestId('prompt-variables-more')).toHaveCount(0)
		expect(await db.selectFrom('admin_prompts').select(['variables', 'is_active']).where('id', '=', row.id).executeTakeFirstOrThrow()).toEqual({ variables: ['headline', 'aspect'], is_active: false })
		const actions = await db.selectFrom('admin_audit_log').select(['action', 'admin_id']).where('target_id', '=', row.id).orderBy('created_at').orderBy('id').execute()
		expect(actions).toEqual([
			{ action: 'prompt.created', admin_id: admin.id },
			{ action: 'prompt.toggled', admin_id: admin.id },
			{ action: 'prompt.updated', admin_id: admin.id },
		])

		// What a browser can send but the form would not: German answers, never a 500.
		const post = (form: Record<string, string>) => page.request.post('/admin/prompts', { form, headers: origin, maxRedirects: 0 })
		const badCategory = await post({ intent: 'save', id: row.id, category: 'video_generation', promptText: 'x' })
		expect(badCategory.status()).toBe(400)
		expect(await badCategory.text()).toContain('Der Prompt konnte nicht gespeichert werden.')
		expect((await post({ intent: 'toggle', id: 'keine-uuid', active: 'true' })).status()).toBe(400)
		expect((await post({ intent: 'toggle', id: randomUUID(), active: 'true' })).status()).toBe(404)
		expect((await post({ intent: 'löschen' })).status()).toBe(400)

		// A normal user can neither open the page nor change a prompt.
		await context.clearCookies()
		await login(user)
		await page.goto('/admin/prompts')
		await expect(page).not.toHaveURL(/\/admin/)
		const refused = await post({ intent: 'toggle', id: row.id, active: 'true' })
		expect(refused.status()).toBeGreaterThanOrEqual(300)
		expect(refused.status()).toBeLessThan(400)
		expect((await db.selectFrom('admin_prompts').select('is_active').where('id', '=', row.id).executeTakeFirstOrThrow()).is_active).toBe(false)
	} finally {
		await db.deleteFrom('admin_prompts').where('name', '=', name).execute()
	}
})
