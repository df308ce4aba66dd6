// Issue 20 defects 15 and 18: what 'Agent trainieren' learned (own hashtags, recurring phrase, signature,
// question style) reaches the generated posts, offline (local provider) and in the remote prompt; an
// active admin prompt template steers the offline text visibly too.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseWithZod } from '@conform-to/zod/v4'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import { PromptFormSchema, type GenerationInput } from '#modules/generation/index.ts'
import { isAltTextRequest, startOpenAiFake } from '#tests/fakes/openai.ts'
import { startReplicateFake } from '#tests/fakes/replicate.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { adminActor, userWithCredits } from '#tests/support/users.ts'

let dataDir: string
beforeAll(async () => {
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-trained-agent-'))
})
afterAll(async () => {
	await fs.rm(dataDir, { recursive: true, force: true })
})

const SIGNATURE = 'Herzlich, Ihr Team der Bäckerei Sonne'
const SAMPLES = [
	`Frisch aus dem Ofen: unser Bergbrot mit Dinkel. Heute gibt es frisch gebackene Zöpfe bis 18 Uhr. Was ist Ihr Lieblingsbrot?\n${SIGNATURE}\n#BäckereiSonne #Bergbrot`,
	`Neu im Regal: frisch gebackene Zöpfe mit Butter aus dem Emmental. Kommen Sie vorbei und probieren Sie. Welche Sorte probieren Sie zuerst?\n${SIGNATURE}\n#BäckereiSonne #Zopf`,
	`Am Samstag backen wir wieder frisch gebackene Zöpfe und Bergbrot für den Markt. Sehen wir uns dort?\n${SIGNATURE}\n#BäckereiSonne #Bergbrot`,
]
const PLATFORMS = ['linkedin', 'instagram', 'threads', 'facebook'] as const

function idea(agentId: string | null, prompt = 'Unser neues Roggenbrot aus regionalem Getreide ist ab Montag im Laden'): GenerationInput {
	return { requestId: randomUUID(), kind: 'smart-post', platforms: [...PLATFORMS], agentId, prompt, url: '', notes: '', article: null, document: null, image: null, audio: null }
}

/** The text without the trailing hashtag line and the signature: what the reader reads as the post. */
function body(text: string) {
	return text
		.replace(/(\n|^)\s*(#[\p{L}\p{N}_]+\s*)+$/u, '')
		.replace(SIGNATURE, '')
		.trim()
}

async function trainedAgent(services: ReturnType<typeof testServices>['services'], userId: string) {
	const created = await services.agents.createPreset(userId, 'Bäckerei Sonne', randomUUID())
	if (!created.ok) throw new Error(created.error)
	const trained = await services.agents.trainPreset(userId, created.agent.id, { trainingTexts: SAMPLES, postUrls: [] })
	if (!trained.ok) throw new Error(trained.error)
	return { id: created.agent.id, profile: trained.profile }
}

test('training learns the hashtags, the phrase, the signature and the closing question', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const userId = await userWithCredits(t.db, 50)
	const { profile } = await trainedAgent(services, userId)
	expect(profile.topHashtags).toEqual(['#BäckereiSonne', '#Bergbrot'])
	expect(profile.phrases[0]).toBe('frisch gebackene Zöpfe')
	expect(profile.phrases.join(' ')).not.toContain('Bäckerei Sonne')
	expect(profile.signature).toBe(SIGNATURE)
	expect(profile.questionPosition).toBe('closing')
	expect(profile.formality).toBe('formell')
})

test('offline: every post of the trained agent uses its hashtags, phrase, signature and closing question', async () => {
	await using t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const userId = await userWithCredits(t.db, 50)
	const agent = await trainedAgent(services, userId)
	const outcome = await services.generation.generate(userId, idea(agent.id))
	if (!outcome.ok) throw new Error(outcome.code)
	for (const platform of PLATFORMS) {
		const text = outcome.texts[platform]!
		expect(text, platform).toContain('#BäckereiSonne')
		expect(text, platform).toContain(SIGNATURE)
		expect(text, platform).toContain('frisch gebackene Zöpfe')
		expect(body(text), platform).toMatch(/\?$/)
		// The signature closes the text, before the hashtags.
		expect(text.indexOf(SIGNATURE), platform).toBeLessThan(text.indexOf('#BäckereiSonne'))
	}

	// The same agent untrained writes none of it.
	const plain = await services.agents.createPreset(userId, 'Ohne Training', randomUUID())
	if (!plain.ok) throw new Error(plain.error)
	const untrained = await services.generation.generate(userId, idea(plain.agent.id))
	if (!untrained.ok) throw new Error(untrained.code)
	for (const platform of PLATFORMS) {
		expect(untrained.texts[platform]).not.toContain(SIGNATURE)
		expect(untrained.texts[platform]).not.toContain('#BäckereiSonne')
	}
})

test('remote: the prompt tells the language model the hashtags, phrase, signature and question style', async () => {
	await using t = await createTestDatabase()
	await using openai = await startOpenAiFake()
	await using replicate = await startReplicateFake()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url, REPLICATE_API_TOKEN: 'r8-test', REPLICATE_BASE_URL: replicate.url })
	const userId = await userWithCredits(t.db, 50)
	const agent = await trainedAgent(services, userId)
	const outcome = await services.generation.generate(userId, { ...idea(agent.id), platforms: ['linkedin'] })
	if (!outcome.ok) throw new Error(outcome.code)
	const [messages] = openai.requests.filter((r) => r.path === '/v1/chat/completions' && !isAltTextRequest(r)).map((r) => (r.body as { messages: Array<{ role: string; content: string }> }).messages)
	const system = messages![0]!.content
	expect(system).toContain('Verwende die eigenen Hashtags #BäckereiSonne #Bergbrot.')
	expect(system).toContain('„frisch gebackene Zöpfe“')
	expect(system).toContain(`Beende den Beitrag (vor den Hashtags) mit der Signatur „${SIGNATURE}“.`)
	expect(system).toContain('Schliesse den Text mit einer Frage an die Leserschaft.')
})

test('offline: an active admin template steers the local text (opening, closing, hashtags, no emojis, length, Sie)', async () => {
	await using t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const actor = await adminActor(t.db)
	const form = new FormData()
	for (const [key, value] of Object.entries({
		name: 'Hausstil',
		category: 'platform_generation',
		isActive: 'on',
		promptText: 'Schreibe einen {platform}-Beitrag über {source}. Beginne mit „Grüezi mitenand!“ und beende ihn mit „Bis bald in Bern.“. Verwende #Hausstil. Keine Emojis. Höchstens 400 Zeichen. Anrede: Sie.',
	}))
		form.append(key, value)
	const submission = parseWithZod(form, { schema: PromptFormSchema })
	if (submission.status !== 'success') throw new Error('invalid prompt form')
	expect((await services.admin.prompts.save(actor, submission.value)).ok).toBe(true)

	const userId = await userWithCredits(t.db, 50)
	const outcome = await services.generation.generate(userId, idea(null, 'Warum Sie ihre Website im Winter überarbeiten sollten #NichtÜbernehmen'))
	if (!outcome.ok) throw new Error(outcome.code)
	for (const platform of PLATFORMS) {
		const text = outcome.texts[platform]!
		expect(text.startsWith('Grüezi mitenand!'), `${platform}: ${text}`).toBe(true)
		expect(text, platform).toContain('Bis bald in Bern.')
		expect(text, platform).toContain('#Hausstil')
		expect(text.length, platform).toBeLessThanOrEqual(400)
		expect(text, platform).not.toMatch(/\p{Extended_Pictographic}/u)
		expect(text, platform).not.toMatch(/\b(du|dich|dir|dein)\b/)
	}

	// Without the template, none of it.
	expect(await services.admin.prompts.setActive(actor, (await services.admin.prompts.list()).prompts[0]!.id, false)).toBe(true)
	const plain = await services.generation.generate(userId, idea(null, 'Warum Sie ihre Website im Winter überarbeiten sollten'))
	if (!plain.ok) throw new Error(plain.code)
	for (const platform of PLATFORMS) {
		expect(plain.texts[platform]!.startsWith('Grüezi mitenand!')).toBe(false)
		expect(plain.texts[platform]).not.toContain('#Hausstil')
	}
})

test('offline and remote: an active admin system template and the trained agent compose (issue 37, 4.6)', async () => {
	await using t = await createTestDatabase()
	await using openai = await startOpenAiFake()
	await using replicate = await startReplicateFake()
	await seedModelCatalogue(t.db)
	const actor = await adminActor(t.db)
	const form = new FormData()
	for (const [key, value] of Object.entries({ name: 'System', category: 'content_generation', isActive: 'on', promptText: 'Du bist {agent_name}, Social-Media-Profi. Schreibe sachlich. Verwende #Hausstil. Beende den Beitrag mit „Bis bald in Bern.“' }))
		form.append(key, value)
	const submission = parseWithZod(form, { schema: PromptFormSchema })
	if (submission.status !== 'success') throw new Error('invalid prompt form')
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	expect((await services.admin.prompts.save(actor, submission.value)).ok).toBe(true)
	const userId = await userWithCredits(t.db, 50)
	const agent = await trainedAgent(services, userId)

	const outcome = await services.generation.generate(userId, idea(agent.id))
	if (!outcome.ok) throw new Error(outcome.code)
	for (const platform of PLATFORMS) {
		const text = outcome.texts[platform]!
		for (const tag of ['#Hausstil', ...agent.profile.topHashtags]) expect(text, `${platform}: ${text}`).toContain(tag)
		expect(text, platform).toContain(SIGNATURE)
		expect(text, platform).toContain('Bis bald in Bern.')
		expect(text, platform).not.toContain(`${SIGNATURE}\nBis bald`)
		expect(text, platform).not.toContain(`Bis bald in Bern.\n${SIGNATURE}`)
	}

	const remote = testServices(t.db, { DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url, REPLICATE_API_TOKEN: 'r8-test', REPLICATE_BASE_URL: replicate.url }).services
	const sent = await remote.generation.generate(userId, { ...idea(agent.id), platforms: ['linkedin'] })
	if (!sent.ok) throw new Error(sent.code)
	const [messages] = openai.requests.filter((r) => r.path === '/v1/chat/completions' && !isAltTextRequest(r)).map((r) => (r.body as { messages: Array<{ role: string; content: string }> }).messages)
	const system = messages![0]!.content
	expect(system).toContain('Verwende #Hausstil.')
	expect(system).toContain('Verwende die eigenen Hashtags #BäckereiSonne #Bergbrot.')
	expect(system).toContain(`mit der Signatur „${SIGNATURE}“`)
})
