// Issue 37, 4.7: the knowledge base accepts 50,000 characters but only the first 3,000 reached the model,
// silently. It is stored in passages with a German full-text index; a generation takes the passages that
// match its input within the budget and says which.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { selectKnowledge } from '#modules/agents/index.ts'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import type { GenerationInput } from '#modules/generation/index.ts'
import { isAltTextRequest, startOpenAiFake } from '#tests/fakes/openai.ts'
import { startReplicateFake } from '#tests/fakes/replicate.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'
import { agentPreset } from '#tests/security/support/agent-preset.ts'

let dataDir: string
beforeAll(async () => {
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-knowledge-'))
})
afterAll(async () => {
	await fs.rm(dataDir, { recursive: true, force: true })
})

const FACT = 'Unser Sauerteig-Starter heisst Bruno und ist seit 1937 in der Familie.'

/** 50,000 characters of varied bakery notes with FACT at about position 40,000. */
function knowledgeBase() {
	const topics = ['Öffnungszeiten', 'Lieferdienst', 'Zopfrezept', 'Filialen', 'Allergene', 'Lehrstellen', 'Catering', 'Geschenkkörbe']
	const parts: Array<string> = []
	let length = 0
	for (let i = 0; length < 50_000; i++) {
		if (length >= 40_000 && !parts.includes(FACT)) parts.push(FACT)
		const topic = topics[i % topics.length]!
		const line = `Abschnitt ${i}: Zum Thema ${topic} gilt in der Bäckerei Sonne seit Jahren dieselbe Regel, die wir Kundinnen und Kunden gern erklären.`
		parts.push(line)
		length = parts.join('\n').length
	}
	return parts.join('\n').slice(0, 50_000)
}

function idea(agentId: string, prompt: string): GenerationInput {
	return { requestId: randomUUID(), kind: 'smart-post', platforms: ['linkedin'], agentId, prompt, url: '', notes: '', article: null, document: null, image: null, audio: null }
}

test('a fact at position 40,000 that matches the input reaches the prompt, and the result says which passages were used', async () => {
	await using t = await createTestDatabase()
	await using openai = await startOpenAiFake()
	await using replicate = await startReplicateFake()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url, REPLICATE_API_TOKEN: 'r8-test', REPLICATE_BASE_URL: replicate.url })
	const userId = await userWithCredits(t.db, 50)
	const created = await services.agents.createPreset(userId, 'Bäckerei Sonne', randomUUID())
	if (!created.ok) throw new Error(created.error)
	const text = knowledgeBase()
	expect(text.length).toBe(50_000)
	expect(text.indexOf(FACT)).toBeGreaterThan(39_000)
	expect((await services.agents.savePreset(userId, created.agent.id, agentPreset({ knowledgeBase: text }))).ok).toBe(true)

	const outcome = await services.generation.generate(userId, idea(created.agent.id, 'Eine Geschichte über Bruno, unseren Sauerteig-Starter'))
	if (!outcome.ok) throw new Error(outcome.code)
	const [messages] = openai.requests.filter((r) => r.path === '/v1/chat/completions' && !isAltTextRequest(r)).map((r) => (r.body as { messages: Array<{ role: string; content: string }> }).messages)
	const system = messages![0]!.content
	expect(system).toContain(FACT)
	const knowledge = system.slice(system.indexOf('Wissensbasis: ') + 'Wissensbasis: '.length).split('\nFormalität')[0]!
	expect(knowledge.length).toBeLessThanOrEqual(3000)

	const use = outcome.knowledge!
	expect(use.matched).toBe(true)
	expect(use.totalChars).toBeGreaterThanOrEqual(49_000)
	expect(use.usedChars).toBeLessThanOrEqual(3000)
	expect(use.passages.length).toBeLessThan(use.totalPassages)
	const at = text.indexOf(FACT)
	expect(use.passages.some((p) => p.start <= at && at < p.start + p.length)).toBe(true)
})

test('a small knowledge base is used whole; the passages follow the saved text; another user gets nothing', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const userId = await userWithCredits(t.db, 5)
	const other = await userWithCredits(t.db, 5)
	const created = await services.agents.createPreset(userId, 'Klein', randomUUID())
	if (!created.ok) throw new Error(created.error)
	await services.agents.savePreset(userId, created.agent.id, agentPreset({ knowledgeBase: 'Wir backen seit 1998.\nJeden Samstag gibt es Zopf.' }))
	const whole = await selectKnowledge(t.db, userId, created.agent.id, 'Nichts Passendes hier')
	expect(whole).toMatchObject({ use: { matched: false, totalPassages: 1, passages: [{ position: 0, start: 0 }] } })
	expect(whole!.text).toBe('Wir backen seit 1998. Jeden Samstag gibt es Zopf.')
	expect(await selectKnowledge(t.db, other, created.agent.id, 'Zopf')).toBeNull()

	// Saving again replaces the passages; an empty knowledge base has none.
	await services.agents.savePreset(userId, created.agent.id, agentPreset({ knowledgeBase: '' }))
	expect(await selectKnowledge(t.db, userId, created.agent.id, 'Zopf')).toBeNull()
})
