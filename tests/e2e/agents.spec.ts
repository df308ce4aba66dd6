import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import type { AgentPresetValues } from '#modules/agents/schema.ts'
import type { GenerationInput } from '#modules/generation/index.ts'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { FAKE_ARTICLE_PATH } from '#tests/fakes/web.ts'
import { fakeWebUrl } from '#tests/support/e2e.ts'

// The agent screen at /agent: presets (at most three, inline rename, default, delete), the brand
// logo, 'Agent trainieren' with the learned style profile, and posts that read like their agent.

/** A sonner toast with this title (and description). */
function toastWith(page: Page, title: string, description?: string) {
	let toast = page.locator('[data-sonner-toast]').filter({ hasText: title })
	if (description) toast = toast.filter({ hasText: description })
	return toast.first()
}

const cards = (page: Page) => page.getByTestId('agent-card')

async function png() {
	return sharp({ create: { width: 200, height: 80, channels: 4, background: '#0f766e' } })
		.png()
		.toBuffer()
}

test('three agents and no fourth; rename inline, switch the default, delete after confirming, save a specialty', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/agent')
	await expect(page.getByRole('heading', { name: 'Agent', exact: true })).toBeVisible()
	const upgrade = page.getByTestId('upgrade-card')
	await expect(upgrade.getByRole('link', { name: 'Tarif ändern' })).toHaveAttribute('href', '/pricing')
	await expect(page.getByText('Sie haben noch keinen Agenten.')).toBeVisible()

	const create = page.getByRole('button', { name: 'Neuer Agent' })
	for (let count = 1; count <= 3; count++) {
		await create.click()
		await expect(cards(page)).toHaveCount(count)
		await expect(page.getByTestId('preset-count')).toHaveText(`${count} von 3 Agenten`)
	}
	await expect(toastWith(page, 'Agent erstellt!')).toBeVisible()
	await expect(create).toBeHidden()
	await expect(page.getByTestId('limit-reached')).toHaveText('Limit erreicht')
	await expect(cards(page).nth(0).getByTestId('default-badge')).toHaveText('Standard')
	await expect(page.getByTestId('default-badge')).toHaveCount(1)
	await expect(cards(page).getByTestId('agent-name')).toHaveText(['Mein AI-Agent', 'Mein AI-Agent 2', 'Mein AI-Agent 3'])
	// The newest agent is open for editing.
	await expect(cards(page).nth(2)).toHaveAttribute('data-selected', 'true')

	// The fourth is refused by the service (and the database) too.
	expect(await services.agents.createPreset(user.id, 'Vier', randomUUID())).toEqual({ ok: false, error: 'limit_reached' })
	expect(await db.selectFrom('agent_configurations').select('id').where('user_id', '=', user.id).execute()).toHaveLength(3)

	// Inline rename: Escape cancels, Enter saves.
	const second = cards(page).nth(1)
	await second.getByRole('button', { name: 'Namen bearbeiten' }).click()
	await second.getByRole('textbox', { name: 'Name des Agenten' }).fill('Verworfen')
	await second.getByRole('textbox', { name: 'Name des Agenten' }).press('Escape')
	await expect(second.getByTestId('agent-name')).toHaveText('Mein AI-Agent 2')
	await second.getByRole('button', { name: 'Namen bearbeiten' }).click()
	await second.getByRole('textbox', { name: 'Name des Agenten' }).fill('Lena Locker')
	await second.getByRole('textbox', { name: 'Name des Agenten' }).press('Enter')
	await expect(toastWith(page, 'Name gespeichert')).toBeVisible()
	await expect(second.getByTestId('agent-name')).toHaveText('Lena Locker')
	const secondId = (await second.getAttribute('data-agent-id'))!
	expect((await db.selectFrom('agent_configurations').select('name').where('id', '=', secondId).executeTakeFirstOrThrow()).name).toBe('Lena Locker')

	// Another default: the badge moves, one default in the database.
	await second.getByRole('button', { name: 'Als Standard festlegen' }).click()
	await expect(toastWith(page, 'Standard-Agent gesetzt')).toBeVisible()
	await expect(second.getByTestId('default-badge')).toBeVisible()
	await expect(page.getByTestId('default-badge')).toHaveCount(1)
	const defaults = await db.selectFrom('agent_configurations').select('id').where('user_id', '=', user.id).where('is_default', '=', true).execute()
	expect(defaults).toEqual([{ id: secondId }])

	// Delete the third after the confirmation; the new-agent button is back.
	await cards(page).nth(2).getByRole('button', { name: 'Agent löschen' }).click()
	const dialog = page.getByRole('alertdialog', { name: 'Agent löschen?' })
	await dialog.getByRole('button', { name: 'Löschen' }).click()
	await expect(toastWith(page, 'Agent gelöscht')).toBeVisible()
	await expect(cards(page)).toHaveCount(2)
	await expect(create).toBeVisible()

	// The deleted agent was open: the default one opens instead. Selecting a card loads it.
	const editor = page.getByTestId('agent-editor')
	await expect(editor.getByRole('heading', { name: 'Lena Locker' })).toBeVisible()
	await cards(page).nth(0).getByRole('button', { name: 'Agent „Mein AI-Agent“ bearbeiten' }).click()
	await expect(toastWith(page, 'Agent geladen')).toBeVisible()
	await expect(editor.getByRole('heading', { name: 'Mein AI-Agent' })).toBeVisible()

	// Back to Lena: add a specialty (a duplicate is refused), look at her models, save.
	await second.getByRole('button', { name: 'Agent „Lena Locker“ bearbeiten' }).click()
	await expect(editor.getByRole('heading', { name: 'Lena Locker' })).toBeVisible()
	await editor.getByRole('tab', { name: 'Modelle' }).click()
	await expect(editor.getByTestId('model-image').getByRole('link')).toHaveAttribute('href', '/test-models?tab=image')
	await expect(editor.getByTestId('model-language').getByRole('link')).toHaveAttribute('href', '/test-models?tab=language')
	await expect(editor.getByTestId('model-video').getByRole('link')).toHaveAttribute('href', '/test-models?tab=video')
	await editor.getByRole('tab', { name: 'Wissensbasis' }).click()
	const specialty = editor.getByLabel('Neues Fachgebiet')
	await specialty.fill('Kaffeeröstung')
	await specialty.press('Enter')
	await specialty.fill('kaffeeröstung')
	await editor.getByRole('button', { name: 'Hinzufügen' }).click()
	await expect(editor.getByText('Dieses Fachgebiet ist bereits in der Liste.')).toBeVisible()
	await expect(editor.getByTestId('specialties').getByRole('listitem')).toHaveCount(1)
	await editor.getByRole('textbox', { name: 'Wissensbasis' }).fill('Wir rösten seit 1998 in Bern.')
	await editor.getByRole('button', { name: 'Speichern' }).click()
	await expect(toastWith(page, 'Agent gespeichert!')).toBeVisible()
	const saved = await db.selectFrom('agent_configurations').select(['specialties', 'knowledge_base', 'name']).where('id', '=', secondId).executeTakeFirstOrThrow()
	expect(saved).toEqual({ specialties: ['Kaffeeröstung'], knowledge_base: 'Wir rösten seit 1998 in Bern.', name: 'Lena Locker' })

	// A Pro user sees no upgrade card.
	await db.updateTable('profiles').set({ subscription_type: 'pro' }).where('id', '=', user.id).execute()
	await gotoReady(page, '/agent')
	await expect(cards(page)).toHaveCount(2)
	await expect(page.getByTestId('upgrade-card')).toHaveCount(0)
})

test('brand logo: upload, replace with a sanitised SVG, refuse 6 MB and a PHP file named .png, remove', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	const created = await services.agents.createPreset(user.id, 'Marken-Agent', randomUUID())
	if (!created.ok) throw new Error(created.error)
	await login(user)
	await gotoReady(page, '/agent')
	const editor = page.getByTestId('agent-editor')
	await editor.getByRole('tab', { name: 'Marken-Identität' }).click()
	const file = editor.getByLabel('Logo-Datei')
	const preview = editor.getByTestId('logo-preview')
	await expect(editor.getByText('Noch kein Logo hochgeladen.')).toBeVisible()

	await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png() })
	await expect(toastWith(page, 'Logo hochgeladen')).toBeVisible()
	await expect(preview).toHaveAttribute('src', /^\/media\/logos\/[0-9a-f-]{36}\.png$/)
	const first = (await preview.getAttribute('src'))!
	expect((await page.request.get(first)).headers()['content-type']).toBe('image/png')
	await expect(editor.getByRole('button', { name: 'Logo ersetzen' })).toBeVisible()

	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" onload="alert(1)"><script>alert(document.cookie)</script><rect width="120" height="60" fill="#f59e0b"/><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject></svg>`
	await file.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) })
	await expect(preview).not.toHaveAttribute('src', first)
	const second = (await preview.getAttribute('src'))!
	expect(second).toMatch(/^\/media\/logos\/[0-9a-f-]{36}\.png$/)
	const served = await page.request.get(second)
	expect(served.headers()['content-type']).toBe('image/png')
	expect((await served.body()).includes('alert')).toBe(false)
	// The replaced file is gone.
	expect((await page.request.get(first)).status()).toBe(404)

	const big = Buffer.alloc(6 * 1024 * 1024, 0)
	;(await png()).copy(big)
	await file.setInputFiles({ name: 'gross.png', mimeType: 'image/png', buffer: big })
	await expect(toastWith(page, 'Datei zu gross', 'höchstens 5 MB')).toBeVisible()
	await file.setInputFiles({ name: 'shell.png', mimeType: 'image/png', buffer: Buffer.from('<?php system($_GET["cmd"]); ?>\n') })
	await expect(toastWith(page, 'Ungültiges Dateiformat')).toBeVisible()
	await file.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
	await expect(toastWith(page, 'Ungültiges Dateiformat', 'PNG-, SVG- oder JPG-Datei')).toBeVisible()
	await expect(preview).toHaveAttribute('src', second)

	const rows = await db.selectFrom('uploads').select(['kind', 'storage_key']).where('user_id', '=', user.id).execute()
	expect(rows).toEqual([{ kind: 'brand_logo', storage_key: second.slice('/media/'.length) }])

	await editor.getByRole('button', { name: 'Logo entfernen' }).click()
	await expect(toastWith(page, 'Logo entfernt')).toBeVisible()
	await expect(preview).toHaveCount(0)
	expect((await page.request.get(second)).status()).toBe(404)
	expect(await db.selectFrom('uploads').select('id').where('user_id', '=', user.id).execute()).toEqual([])
	expect((await db.selectFrom('agent_configurations').select('logo_url').where('id', '=', created.agent.id).executeTakeFirstOrThrow()).logo_url).toBeNull()
})

const casualTexts = [
	'Hey du! ☕ Kennst du das Gefühl, wenn der erste Kaffee am Morgen einfach alles besser macht? Bei uns in der Rösterei riecht es heute nach frisch gerösteten Bohnen aus Äthiopien. Komm vorbei und probier dich durch unsere neuen Sorten – wir freuen uns auf dich! #Kaffee #Bern',
	'Montagmorgen? Kein Problem! ☕🔥 Mit einer Tasse frisch gerösteten Bohnen startest du entspannt in die Woche. Schreib uns, welche Sorte dein Favorit ist, und sag es deinen Freunden weiter. Komm vorbei, wir haben die Maschine schon angeworfen! #Kaffee #Montag',
	'Dein Wochenende braucht frisch geröstete Bohnen ☕ Wir haben für dich eine neue Mischung aus Kolumbien und Brasilien zusammengestellt: schokoladig, rund und perfekt für deinen Cappuccino. Komm vorbei und hol dir dein Päckchen! #Kaffee #Wochenende',
]

const formalTexts = [
	'Sehr geehrte Kundinnen und Kunden, eine durchdachte Vorsorge beginnt mit einer ehrlichen Bestandsaufnahme. Gerne beraten wir Sie persönlich zu Ihrer Situation und zeigen Ihnen, welche Schritte für Sie sinnvoll sind. Vereinbaren Sie noch heute einen unverbindlichen Termin in unserer Geschäftsstelle.',
	'Wussten Sie, dass bereits kleine monatliche Beiträge über die Jahre einen erheblichen Unterschied machen? Unsere Fachleute erläutern Ihnen die Möglichkeiten der dritten Säule verständlich und transparent. Vereinbaren Sie einen unverbindlichen Termin, wir nehmen uns gerne Zeit für Sie.',
]

test('train an agent from texts and post URLs and see what it learned', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	const created = await services.agents.createPreset(user.id, 'Röst-Agent', randomUUID())
	if (!created.ok) throw new Error(created.error)
	await login(user)
	await gotoReady(page, '/agent')
	const editor = page.getByTestId('agent-editor')
	await editor.getByRole('tab', { name: 'Content-Training' }).click()
	await expect(editor.getByTestId('style-profile')).toContainText('Der Agent wurde noch nicht trainiert.')

	const text = editor.getByLabel('Neuer Trainings-Text')
	await editor.getByRole('button', { name: 'Hinzufügen' }).click()
	await expect(editor.getByText('Bitte geben Sie einen Text ein.')).toBeVisible()
	for (const sample of casualTexts) {
		await text.fill(sample)
		await editor.getByRole('button', { name: 'Hinzufügen' }).click()
	}
	await expect(editor.getByRole('list', { name: 'Trainings-Texte' }).getByRole('listitem')).toHaveCount(3)

	await editor.getByRole('tab', { name: /^Post-URLs/ }).click()
	const url = editor.getByLabel('Neue Post-URL')
	await url.fill('rösterei.ch/post')
	await url.press('Enter')
	await expect(editor.getByText('Bitte geben Sie eine vollständige URL ein (mit https://).')).toBeVisible()
	const article = `${fakeWebUrl}${FAKE_ARTICLE_PATH}`
	const missing = `${fakeWebUrl}/gibt-es-nicht`
	for (const address of [article, missing]) {
		await url.fill(address)
		await url.press('Enter')
	}
	await url.fill(article)
	await url.press('Enter')
	await expect(editor.getByText('Diese URL ist bereits in der Liste.')).toBeVisible()
	await expect(editor.getByRole('list', { name: 'Post-URLs' }).getByRole('listitem')).toHaveCount(2)

	await editor.getByRole('button', { name: 'Agent trainieren' }).click()
	await expect(toastWith(page, 'Training gestartet!')).toBeVisible()
	await expect(toastWith(page, 'Training abgeschlossen', 'aus 4 Beispielen')).toBeVisible()
	const failures = editor.getByTestId('training-failures')
	await expect(failures).toContainText(`${missing}: Nicht erreichbar`)
	await expect(failures).not.toContainText(article)

	const profile = editor.getByTestId('style-profile')
	await expect(profile.getByRole('heading', { name: 'Was der Agent gelernt hat' })).toBeVisible()
	await expect(profile).toContainText('mit 4 Beispielen')
	await expect(profile.getByTestId('learned-formality')).toContainText('locker (du)')
	await expect(profile.getByTestId('learned-top-emojis')).toContainText('☕')
	await expect(profile.getByTestId('learned-top-hashtags')).toContainText('#Kaffee')
	await expect(profile.getByTestId('learned-phrases')).toContainText('Komm vorbei')
	await expect(profile.getByTestId('learned-emojis')).toHaveText('1 pro Post')

	const row = await db.selectFrom('agent_configurations').select(['style_profile', 'trained_at', 'training_texts', 'post_urls']).where('id', '=', created.agent.id).executeTakeFirstOrThrow()
	expect(row.trained_at).not.toBeNull()
	expect(row.training_texts).toEqual(casualTexts)
	expect(row.post_urls).toEqual([article, missing])
	expect(row.style_profile).toMatchObject({ samples: 4, formality: 'locker', topEmojis: ['☕', '🔥'] })

	// Stored: still there after a reload.
	await gotoReady(page, '/agent')
	await page.getByTestId('agent-editor').getByRole('tab', { name: 'Content-Training' }).click()
	await expect(page.getByTestId('style-profile').getByTestId('learned-formality')).toContainText('locker (du)')
})

function presetValues(overrides: Partial<AgentPresetValues>): AgentPresetValues {
	return {
		name: 'Agent',
		avatar: 'bot',
		personality: 'professional',
		description: '',
		targetAudience: 'small_business',
		tone: 'professional',
		industry: null,
		formality: 50,
		creativity: 70,
		humor: 30,
		empathy: 60,
		enthusiasm: 60,
		voiceIdentity: '',
		writingStyle: '',
		brandName: '',
		brandColors: [],
		accentColor: '#6366f1',
		useBranding: false,
		trainingTexts: [],
		postUrls: [],
		specialties: [],
		knowledgeBase: '',
		...overrides,
	}
}

const EMOJI = /\p{Extended_Pictographic}/u
const SIE = /\b(Sie|Ihnen|Ihre|Ihren|Ihrem)\b/

test('a post written with agent A reads differently from one with agent B (local provider)', async ({ page, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	const a = await services.agents.createPreset(user.id, 'Kaffee-Kumpel', randomUUID())
	const b = await services.agents.createPreset(user.id, 'Vorsorge-Profi', randomUUID())
	if (!a.ok || !b.ok) throw new Error('create failed')
	await services.agents.savePreset(
		user.id,
		a.agent.id,
		presetValues({ name: 'Kaffee-Kumpel', personality: 'casual', tone: 'humorous', formality: 15, humor: 80, enthusiasm: 95, creativity: 90, brandName: 'Kaffeeklatsch', useBranding: true, specialties: ['Kaffee'] }),
	)
	await services.agents.savePreset(
		user.id,
		b.agent.id,
		presetValues({ name: 'Vorsorge-Profi', personality: 'trustworthy', tone: 'formal', formality: 90, humor: 10, enthusiasm: 20, creativity: 30, brandName: 'Nordlicht Vorsorge', useBranding: true, specialties: ['Altersvorsorge'] }),
	)
	const trainedA = await services.agents.trainPreset(user.id, a.agent.id, { trainingTexts: casualTexts, postUrls: [] })
	const trainedB = await services.agents.trainPreset(user.id, b.agent.id, { trainingTexts: formalTexts, postUrls: [] })
	if (!trainedA.ok || !trainedB.ok) throw new Error('training failed')

	const input = (agentId: string): GenerationInput => ({
		requestId: randomUUID(),
		kind: 'smart-post',
		platforms: ['linkedin', 'facebook'],
		agentId,
		prompt: 'Warum sich eine gute Pause im Arbeitsalltag lohnt',
		url: '',
		notes: '',
		article: null,
		document: null,
		image: null,
		audio: null,
	})
	const [postA, postB] = await Promise.all([services.generation.generate(user.id, input(a.agent.id)), services.generation.generate(user.id, input(b.agent.id))])
	if (!postA.ok || !postB.ok) throw new Error('generation failed')

	for (const platform of ['linkedin', 'facebook'] as const) {
		const textA = postA.texts[platform]!
		const textB = postB.texts[platform]!
		expect(textA).not.toBe(textB)
		expect(textA, `${platform} A: emojis like its training`).toMatch(EMOJI)
		expect(textB, `${platform} B: no emojis like its training`).not.toMatch(EMOJI)
		expect(textA, `${platform} A: du`).not.toMatch(SIE)
		expect(textB, `${platform} B: Sie`).toMatch(SIE)
	}
	expect(postA.texts.facebook).toContain('Kaffeeklatsch')
	expect(postB.texts.facebook).toContain('Nordlicht Vorsorge')
	expect(postA.texts.facebook).not.toContain('Nordlicht')
	expect(postB.texts.facebook).not.toContain('Kaffeeklatsch')
	expect(`${postA.texts.linkedin}\n${postA.texts.facebook}`).toMatch(new RegExp(trainedA.profile.phrases.slice(0, 3).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'i'))

	// The agent screen shows both, each with what it learned.
	await login(user)
	await gotoReady(page, '/agent')
	await expect(cards(page).getByTestId('agent-name')).toHaveText(['Kaffee-Kumpel', 'Vorsorge-Profi'])
	await cards(page).nth(1).getByRole('button', { name: 'Agent „Vorsorge-Profi“ bearbeiten' }).click()
	await page.getByTestId('agent-editor').getByRole('tab', { name: 'Content-Training' }).click()
	await expect(page.getByTestId('learned-formality')).toContainText('formell (Sie)')
})
