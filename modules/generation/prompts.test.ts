import { expect, test } from 'vitest'
import type { Persona, StyleProfile, TextBrief } from '#modules/ai/index.ts'
import { textPrompts } from './prompts.server.ts'

// Issue 37, 4.6: an active admin system template (without {persona_details}) dropped what the agent
// learned; the template and the agent's habits compose.

const profile: StyleProfile = {
	samples: 3,
	typicalLength: 180,
	sentenceWords: 7,
	emojisPerPost: 2,
	topEmojis: ['🥐', '☕'],
	hashtagsPerPost: 3,
	topHashtags: ['#Bäckerei', '#Zürich', '#Frischgebacken'],
	phrases: ['Mit Liebe gebacken'],
	formality: 'formell',
	sieCount: 4,
	duCount: 0,
	questionsPerPost: 0,
	exclamationsPerPost: 0,
	signature: 'Herzlich, Ihr Team vom Beck',
	questionPosition: null,
}

const persona: Persona = {
	name: 'Beck',
	personality: 'professional',
	tone: 'professional',
	targetAudience: 'entrepreneurs',
	description: '',
	industry: null,
	specialties: [],
	knowledgeBase: '',
	formality: 80,
	creativity: 70,
	humor: 30,
	empathy: 60,
	enthusiasm: 60,
	brand: { name: 'Beck', colors: [], accentColor: '#000000', useBranding: false, logoUrl: null },
	styleProfile: profile,
}

const brief: TextBrief = {
	platform: 'network',
	platformName: 'Netzwerk',
	group: 'long',
	maxLength: 3000,
	style: 'Professionell',
	hashtags: { min: 0, max: 3 },
	persona,
	source: { kind: 'smart-post', title: null, text: 'Unser neues Roggenbrot ist ab Montag im Laden', origin: null },
}

const habits = ['Verwende die eigenen Hashtags #Bäckerei #Zürich #Frischgebacken.', 'am liebsten 🥐 ☕', '„Mit Liebe gebacken“', 'mit der Signatur „Herzlich, Ihr Team vom Beck“']

test('an admin system template without {persona_details} still carries the agent’s learned habits', () => {
	const { system } = textPrompts(brief, { content_generation: 'Du bist {agent_name}. Schreibe sachlich. Verwende #Hausstil. Beende mit „Bis bald.“' })
	expect(system.startsWith('Du bist Beck. Schreibe sachlich. Verwende #Hausstil.')).toBe(true)
	for (const habit of habits) expect(system).toContain(habit)
})

test('a template that places {persona_details} gets the habits once, where it placed them; no trained agent, nothing added', () => {
	const { system } = textPrompts(brief, { content_generation: 'Du bist {agent_name}.\n{persona_details}\nSchreibe sachlich.' })
	expect(system.split('Verwende die eigenen Hashtags').length).toBe(2)
	expect(system.trimEnd().endsWith('Schreibe sachlich.')).toBe(true)
	const untrained = textPrompts({ ...brief, persona: { ...persona, styleProfile: null } }, { content_generation: 'Du bist {agent_name}.' })
	expect(untrained.system).toBe('Du bist Beck.')
})
