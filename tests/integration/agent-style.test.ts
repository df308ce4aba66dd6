// A trained agent writes like its training through the whole generation (composition root, local
// provider): two agents, two trainings, two posts from the same idea that read differently.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { AgentPresetValues } from '#modules/agents/schema.ts'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import { grantCredits } from '#modules/credits/index.ts'
import type { GenerationInput } from '#modules/generation/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'

let dataDir: string
beforeAll(async () => {
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-agent-style-'))
})
afterAll(async () => {
	await fs.rm(dataDir, { recursive: true, force: true })
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

function values(overrides: Partial<AgentPresetValues>): AgentPresetValues {
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

test('posts from the same idea follow each agent\'s training: emojis, du/Sie, brand, a recurring phrase', async () => {
	await using t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir })
	const email = `${randomUUID()}@beispiel.ch`
	const { id: userId } = await t.db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	await t.db.insertInto('profiles').values({ id: userId, email }).execute()
	await grantCredits(t.db, { userId, amount: 100, type: 'signup_bonus', reference: 'signup' })

	const a = await services.agents.createPreset(userId, 'Kaffee-Kumpel', randomUUID())
	const b = await services.agents.createPreset(userId, 'Vorsorge-Profi', randomUUID())
	if (!a.ok || !b.ok) throw new Error('create failed')
	await services.agents.savePreset(userId, a.agent.id, values({ personality: 'casual', tone: 'humorous', formality: 15, humor: 80, enthusiasm: 95, creativity: 90, brandName: 'Kaffeeklatsch', useBranding: true, specialties: ['Kaffee'] }))
	await services.agents.savePreset(userId, b.agent.id, values({ personality: 'trustworthy', tone: 'formal', formality: 90, humor: 10, enthusiasm: 20, creativity: 30, brandName: 'Nordlicht Vorsorge', useBranding: true, specialties: ['Altersvorsorge'] }))
	const trainedA = await services.agents.trainPreset(userId, a.agent.id, { trainingTexts: casualTexts, postUrls: [] })
	const trainedB = await services.agents.trainPreset(userId, b.agent.id, { trainingTexts: formalTexts, postUrls: [] })
	if (!trainedA.ok || !trainedB.ok) throw new Error('training failed')

	const input = (agentId: string): GenerationInput => ({
		requestId: randomUUID(),
		kind: 'smart-post',
		platforms: ['linkedin', 'instagram', 'threads', 'facebook'],
		agentId,
		prompt: 'Warum sich eine gute Pause im Arbeitsalltag lohnt',
		url: '',
		notes: '',
		article: null,
		document: null,
		image: null,
		audio: null,
	})
	const [postA, postB] = await Promise.all([services.generation.generate(userId, input(a.agent.id)), services.generation.generate(userId, input(b.agent.id))])
	if (!postA.ok || !postB.ok) throw new Error('generation failed')

	for (const platform of ['linkedin', 'instagram', 'threads', 'facebook'] as const) {
		const textA = postA.texts[platform]!
		const textB = postB.texts[platform]!
		expect(textA).not.toBe(textB)
		expect(textA, `${platform} A: emojis like its training\n${textA}`).toMatch(EMOJI)
		expect(textB, `${platform} B: no emojis like its training\n${textB}`).not.toMatch(EMOJI)
		expect(textA, `${platform} A: du\n${textA}`).not.toMatch(SIE)
		expect(textB, `${platform} B: Sie\n${textB}`).toMatch(SIE)
		expect(textA).toContain('#Kaffee')
	}
	expect(postA.texts.facebook).toContain('Kaffeeklatsch')
	expect(postB.texts.facebook).toContain('Nordlicht Vorsorge')
	const phrase = new RegExp(trainedA.profile.phrases.slice(0, 3).join('|'), 'i')
	expect(`${postA.texts.linkedin}\n${postA.texts.facebook}`).toMatch(phrase)
})
