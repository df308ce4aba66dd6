import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { agentPreset } from '#tests/security/support/agent-preset.ts'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// Issue 37, 4.7: only part of a long knowledge base reaches a post; the page says which part.

const FACT = 'Unser Sauerteig-Starter heisst Bruno und ist seit 1937 in der Familie.'

function knowledgeBase() {
	const lines: Array<string> = []
	for (let i = 0; lines.join('\n').length < 20_000; i++) {
		if (i === 120) lines.push(FACT)
		lines.push(`Abschnitt ${i}: Zum Thema Öffnungszeiten und Lieferdienst gilt in der Bäckerei seit Jahren dieselbe Regel.`)
	}
	return lines.join('\n')
}

function toastWith(page: Page, title: string, description: RegExp) {
	return page.locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: description }).first()
}

test('the Wissensbasis tab names the budget; a generation says how many passages it used', async ({ page, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	const saved = await services.agents.saveOnboardingAgent(user.id, { draftId: randomUUID(), agentName: 'Bäckerei-Bot', avatar: 'coffee', personality: 'friendly', targetAudience: 'Familien', description: '', tone: 'conversational', industry: 'retail' })
	if (!saved.ok) throw new Error('agent not saved')
	expect((await services.agents.savePreset(user.id, saved.agentId, agentPreset({ name: 'Bäckerei-Bot', knowledgeBase: knowledgeBase() }))).ok).toBe(true)
	await login(user)

	await gotoReady(page, '/agent')
	await page.getByRole('tab', { name: 'Wissensbasis' }).click()
	await expect(page.getByTestId('knowledge-budget')).toContainText(/höchstens 3[’'.]000 Zeichen/)

	await gotoReady(page, '/create')
	await page.getByRole('button', { name: /^Smart Prompt Creator/ }).click()
	await page.getByLabel('Ihre Idee').fill('Eine Geschichte über Bruno, unseren Sauerteig-Starter')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await page.locator('label').filter({ has: page.getByRole('checkbox', { name: /^LinkedIn/ }) }).click()
	await page.getByRole('button', { name: 'Bilder generieren & Vorschau' }).click()
	await expect(toastWith(page, 'Wissensbasis', /\d+ von \d+ Abschnitten verwendet .*am besten zu Ihrer Eingabe/)).toBeVisible({ timeout: 30_000 })
	await expect(page.getByRole('heading', { name: 'Vorschau', exact: true })).toBeVisible()
})
