import { describe, expect, it } from 'vitest'
import { platformModules } from '#adapters/platforms/index.ts'
import type { Platform } from '#modules/publishing/descriptor.ts'
import type { Persona, SourceMaterial, StyleProfile, TextBrief } from '#modules/ai/ports.ts'
import { readDirectives } from './directives.ts'
import { composePost } from './text.ts'

// A trained agent's style profile steers the offline composer: length, emojis, hashtags, du/Sie
// and a recurring phrase.

const DESCRIPTORS = Object.fromEntries(platformModules.map((module) => [module.descriptor.id, module.descriptor]))
const PLATFORMS = platformModules.map((module) => module.descriptor.id)
const HASHTAGS = Object.fromEntries(PLATFORMS.map((id) => [id, DESCRIPTORS[id]!.text.hashtags]))
const LIMITS = Object.fromEntries(PLATFORMS.map((id) => [id, DESCRIPTORS[id]!.text.limit]))

const persona: Persona = {
	name: 'Mein AI-Agent',
	personality: 'professional',
	tone: 'professional',
	targetAudience: 'entrepreneurs',
	description: '',
	industry: null,
	specialties: ['Kaffee'],
	knowledgeBase: '',
	formality: 50,
	creativity: 70,
	humor: 30,
	empathy: 60,
	enthusiasm: 60,
	brand: { name: 'Röstwerk', colors: [], accentColor: '#6366f1', useBranding: true, logoUrl: null },
}

const casual: StyleProfile = {
	samples: 5,
	typicalLength: 600,
	sentenceWords: 8,
	emojisPerPost: 3.4,
	topEmojis: ['☕', '🔥'],
	hashtagsPerPost: 2,
	topHashtags: ['#Röstliebe', '#Kaffee'],
	phrases: ['Frisch geröstet schmeckt besser'],
	formality: 'locker',
	sieCount: 0,
	duCount: 9,
	questionsPerPost: 1,
	exclamationsPerPost: 2,
}

const formal: StyleProfile = {
	samples: 4,
	typicalLength: 1400,
	sentenceWords: 18,
	emojisPerPost: 0,
	topEmojis: [],
	hashtagsPerPost: 0,
	topHashtags: [],
	phrases: ['nachhaltige Vorsorge'],
	formality: 'formell',
	sieCount: 12,
	duCount: 0,
	questionsPerPost: 0,
	exclamationsPerPost: 0,
}

const source: SourceMaterial = {
	kind: 'web-article',
	title: 'Kaffee im Büro',
	text: 'Guter Kaffee im Büro steigert die Zufriedenheit im Team. Eine Umfrage unter 500 Angestellten zeigt, dass frisch gemahlene Bohnen deutlich beliebter sind als Kapseln. Viele Firmen setzen deshalb auf regionale Röstereien und faire Lieferketten. Wer dabei auf Qualität achtet, spart langfristig sogar Geld, weil weniger weggeworfen wird. Gleichzeitig wird die Kaffeepause zum Ort für Austausch und neue Ideen.',
	origin: null,
}

const EMOJI = /\p{Extended_Pictographic}/gu
const DU = /\b(du|dich|dir|dein|deine|deinen|deinem)\b/i
const SIE = /\b(Sie|Ihnen|Ihre|Ihren|Ihrem)\b/

function brief(platform: Platform, profile: StyleProfile | null): TextBrief {
	const { name, text } = DESCRIPTORS[platform]!
	return { platform, platformName: name, group: text.group, maxLength: text.limit, style: text.style, hashtags: text.hashtags, persona: { ...persona, styleProfile: profile }, source }
}

function tagsOf(text: string) {
	return text.match(/(?<=^|\s)#[\p{L}\p{N}]+/gu) ?? []
}

describe('composePost with a style profile', () => {
	for (const platform of PLATFORMS) {
		it(`${platform}: the casual profile writes du, its own emojis and hashtags, its phrase, near its length`, () => {
			// The slider says 'Sie'; the posts the agent was trained on say 'du'.
			const text = composePost({ ...brief(platform, casual), persona: { ...persona, formality: 90, styleProfile: casual } }, 'seed')
			expect(text).not.toMatch(SIE)
			expect(text).toMatch(/\b(du|dich|dir|dein\w*|euer|euch|Speichere|erzähl)\b/i)
			expect(text).toContain('☕')
			expect(text).toContain('Frisch geröstet schmeckt besser!')
			const tags = tagsOf(text)
			expect(tags.length).toBe(Math.min(HASHTAGS[platform]!.max, Math.max(HASHTAGS[platform]!.min, 2)))
			expect(tags[0]).toBe('#Röstliebe')
			expect(text.length).toBeLessThanOrEqual(Math.max(140, Math.round(casual.typicalLength * 1.2)))
		})

		it(`${platform}: the formal profile writes Sie without emojis, hashtags only as the platform needs`, () => {
			// A slider on 'du' is overruled by what the agent was trained on.
			const text = composePost({ ...brief(platform, formal), persona: { ...persona, formality: 10, enthusiasm: 100, creativity: 100, styleProfile: formal } }, 'seed')
			expect(text).toMatch(SIE)
			expect(text).not.toMatch(DU)
			expect(text.match(EMOJI) ?? []).toEqual([])
			expect(tagsOf(text)).toHaveLength(HASHTAGS[platform]!.min)
			// The phrase is a sentence of the text, in a paragraph with the call to action, not a loose closing line.
			const paragraph = text.split('\n\n').find((block) => block.includes('nachhaltige Vorsorge'))
			expect(paragraph).toBeDefined()
			expect(paragraph!.replace(/[^.!?]*nachhaltige Vorsorge[^.!?]*[.!?]/u, '').trim()).not.toBe('')
			expect(text.length).toBeLessThanOrEqual(platform === 'threads' ? 500 : LIMITS[platform]!)
		})
	}

	it('a long typical length makes longer posts than a short one', () => {
		const long = composePost(brief('linkedin', { ...casual, typicalLength: 1400 }), 'seed')
		const short = composePost(brief('linkedin', { ...casual, typicalLength: 200 }), 'seed')
		expect(long.length).toBeGreaterThan(900)
		expect(long.length).toBeLessThanOrEqual(1680)
		expect(short.length).toBeLessThanOrEqual(240)
	})
})

// Issue 37, 4.6: the trained agent's habits all arrive (three hashtags, two emojis, the phrase inside the
// text) and compose with an admin template's own hashtag, closing line and Sie.
describe('the trained agent’s habits and an admin template compose', () => {
	const bakery: StyleProfile = {
		samples: 3,
		typicalLength: 165,
		sentenceWords: 6,
		emojisPerPost: 2,
		topEmojis: ['🥐', '☕'],
		hashtagsPerPost: 3,
		topHashtags: ['#Bäckerei', '#Zürich', '#Frischgebacken'],
		phrases: ['Mit Liebe gebacken'],
		formality: 'formell',
		sieCount: 2,
		duCount: 0,
		questionsPerPost: 0,
		exclamationsPerPost: 0.3,
		signature: 'Herzlich, Ihr Team vom Beck',
		questionPosition: null,
	}
	const idea: SourceMaterial = { kind: 'smart-post', title: null, text: 'Unser neues Roggenbrot mit Walnüssen ist ab Montag in allen Filialen erhältlich.', origin: null }
	const trained = (platform: Platform): TextBrief => ({ ...brief(platform, bakery), persona: { ...persona, formality: 80, styleProfile: bakery }, source: idea })

	function expectHabits(text: string, label: string) {
		for (const tag of bakery.topHashtags) expect(tagsOf(text), label).toContain(tag)
		for (const emoji of bakery.topEmojis) expect(text, label).toContain(emoji)
		// The phrase is a sentence in a paragraph with more text, not a loose line of its own.
		const paragraph = text.split('\n\n').find((block) => block.includes('Mit Liebe gebacken'))
		expect(paragraph, label).toBeDefined()
		expect(paragraph!.replace(/Mit Liebe gebacken[.!]?/u, '').replace(/\p{Extended_Pictographic}/gu, '').trim(), label).not.toBe('')
		expect(text, label).toContain(bakery.signature)
	}

	for (const platform of PLATFORMS) {
		it(`${platform}: all learned hashtags and emojis, the phrase inside the text`, () => {
			for (const seed of ['a', 'b', 'c']) {
				const text = composePost(trained(platform), seed)
				expectHabits(text, `${platform} ${seed}: ${text}`)
			}
		})

		it(`${platform}: with a template's hashtag and closing line, the habits stay and the closing is not glued to the signature`, () => {
			const template = 'Du bist Beck. Schreibe sachlich. Verwende #Hausstil. Beende den Beitrag mit „Bis bald in Bern.“'
			for (const seed of ['a', 'b', 'c']) {
				const text = composePost(trained(platform), seed, readDirectives(template, 'Schreibe einen Beitrag.', trained(platform)))
				const label = `${platform} ${seed}: ${text}`
				expectHabits(text, label)
				expect(tagsOf(text), label).toContain('#Hausstil')
				const blocks = text.split('\n\n')
				const closing = blocks.indexOf('Bis bald in Bern.')
				expect(closing, label).toBeGreaterThan(0)
				expect(blocks[closing + 1], label).toBe(bakery.signature)
				expect(text, label).not.toMatch(/\p{L}\n(Bis bald|Herzlich)/u)
			}
		})
	}
})
