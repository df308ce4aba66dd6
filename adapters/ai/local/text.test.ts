import { describe, expect, it } from 'vitest'
import { platformModules } from '#adapters/platforms/index.ts'
import type { Platform } from '#modules/publishing/descriptor.ts'
import { AiError, type Persona, type SourceMaterial, type TextBrief } from '#modules/ai/ports.ts'
import { createLocalAiProvider } from './index.ts'
import { composePost } from './text.ts'

// The writer's input for each registered platform comes from its descriptor (style, group, limit, hashtags).
const DESCRIPTORS = Object.fromEntries(platformModules.map((module) => [module.descriptor.id, module.descriptor]))
const PLATFORMS = platformModules.map((module) => module.descriptor.id)
const LIMITS = Object.fromEntries(PLATFORMS.map((id) => [id, DESCRIPTORS[id]!.text.limit]))

const basePersona: Persona = {
	name: 'Mein AI-Agent',
	personality: 'professional',
	tone: 'professional',
	targetAudience: 'entrepreneurs',
	description: '',
	industry: null,
	specialties: [],
	knowledgeBase: '',
	formality: 50,
	creativity: 70,
	humor: 30,
	empathy: 60,
	enthusiasm: 60,
	brand: { name: '', colors: [], accentColor: '#6366f1', useBranding: false, logoUrl: null },
}

const personas: Record<string, Persona | null> = {
	formal: {
		...basePersona,
		personality: 'authoritative',
		tone: 'professional',
		targetAudience: 'KMU in der Schweiz',
		industry: 'consulting',
		specialties: ['Digitalisierung', 'Change Management'],
		formality: 85,
		creativity: 30,
		enthusiasm: 30,
		brand: { name: 'Nordlicht Consulting', colors: ['#0f172a', '#1d4ed8'], accentColor: '#f59e0b', useBranding: true, logoUrl: null },
	},
	informal: { ...basePersona, personality: 'casual', tone: 'humorous', formality: 20, humor: 80, creativity: 90, enthusiasm: 90 },
	inspiring: {
		...basePersona,
		personality: 'empathetic',
		tone: 'inspiring',
		targetAudience: 'Menschen mit wenig Zeit',
		specialties: ['Yoga', 'Achtsamkeit'],
		brand: { name: 'Studio Atem', colors: ['#134e4a'], accentColor: '#f97316', useBranding: false, logoUrl: null },
	},
	none: null,
}

const articleKi = `Künstliche Intelligenz verändert den Mittelstand schneller als erwartet. Laut einer neuen Studie setzen bereits 38 Prozent der Schweizer KMU KI-Werkzeuge im Alltag ein, z. B. für Offerten, Kundenservice und Buchhaltung. Besonders kleine Unternehmen profitieren, weil sie repetitive Aufgaben automatisieren und so Zeit für Kundinnen und Kunden gewinnen. Gleichzeitig fehlt vielen Firmen das Wissen, wie sie KI sicher und datenschutzkonform einsetzen. Die Studie empfiehlt deshalb, mit einem klar umrissenen Pilotprojekt zu starten. Wer Mitarbeitende früh einbindet, baut Ängste ab und erhöht die Akzeptanz. Am 3. Oktober findet dazu ein kostenloses Webinar statt. Experten warnen jedoch davor, KI als Allheilmittel zu sehen: Ohne saubere Daten und klare Prozesse bringt auch die beste Software wenig.`

const articleVelo = `Immer mehr Städte bauen ihr Velonetz aus. In Zürich wurden im letzten Jahr zwölf Kilometer neue Velowege eröffnet, Bern plant durchgehende Vorzugsrouten bis 2030. Pendlerinnen und Pendler sparen mit dem Velo nicht nur Zeit im Stau, sondern tun auch etwas für ihre Gesundheit. Der Handel in den Innenstädten profitiert ebenfalls, weil Velofahrende häufiger und spontaner einkaufen. Kritiker bemängeln, dass Parkplätze wegfallen und Lieferverkehr behindert wird. Verkehrsplaner setzen deshalb auf klare Trennung von Velowegen, Trottoirs und Fahrbahnen.`

/** A source far above every limit: many paragraphs of varied sentences. */
function longSource() {
	const topics = ['Nachhaltigkeit', 'Energieeffizienz', 'Gebäudesanierung', 'Solarstrom', 'Wärmepumpen', 'Fördergelder']
	const parts: Array<string> = []
	for (let i = 0; parts.join(' ').length < 20_000; i++) {
		const topic = topics[i % topics.length]!
		parts.push(
			`Im Abschnitt ${i + 1} geht es um ${topic} und die Frage, wie Hausbesitzer davon profitieren. Fachleute empfehlen, zuerst eine unabhängige Energieberatung einzuholen und die Kosten über zehn Jahre zu vergleichen. Wer ${topic} plant, sollte Offerten von mehreren Anbietern einholen und die kantonalen Förderprogramme prüfen.`,
		)
		if (i % 4 === 0) parts.push('\n\n')
	}
	return parts.join(' ')
}

/** A transcript without any punctuation. */
function transcriptSource() {
	const words = 'also heute reden wir über Teamführung im Homeoffice und warum Vertrauen wichtiger ist als Kontrolle weil Mitarbeitende mehr Verantwortung übernehmen wenn sie Freiraum bekommen'.split(' ')
	const out: Array<string> = []
	while (out.join(' ').length < 20_000) out.push(...words)
	return out.join(' ')
}

const sources: Record<string, SourceMaterial> = {
	ki: { kind: 'web-article', title: 'KI im Mittelstand', text: articleKi, origin: 'https://example.ch/ki' },
	velo: { kind: 'web-article', title: null, text: articleVelo, origin: null },
	idea: { kind: 'smart-post', title: null, text: 'Tipps für besseren Schlaf im Alltag', origin: null },
	long: { kind: 'pdf-notes', title: 'Energieratgeber_2025.pdf', text: longSource(), origin: 'Energieratgeber_2025.pdf' },
	transcript: { kind: 'youtube', title: null, text: transcriptSource(), origin: null },
	empty: { kind: 'smart-post', title: null, text: '', origin: null },
}

function brief(platform: Platform, persona: Persona | null, source: SourceMaterial, maxLength = LIMITS[platform]!): TextBrief {
	const { name, text } = DESCRIPTORS[platform]!
	return { platform, platformName: name, group: text.group, maxLength, style: text.style, hashtags: text.hashtags, persona, source }
}

function hashtagsOf(text: string) {
	return text.match(/(?<=^|\s)#[\p{L}\p{N}]+/gu) ?? []
}

const GERMAN = /(?:^|\s)(und|der|die|das|ist|nicht|mit|für|sich|wie|was|es|zum|den)(?=[\s.,:!?])/i

describe('composePost', () => {
	for (const platform of PLATFORMS) {
		for (const [personaName, persona] of Object.entries(personas)) {
			for (const [sourceName, source] of Object.entries(sources)) {
				it(`${platform} · ${personaName} · ${sourceName}: German, within the limit, hashtags in range`, () => {
					const text = composePost(brief(platform, persona, source), `gpt-4o-mini:${sourceName}`)
					expect(text.length).toBeGreaterThan(40)
					expect(text.length).toBeLessThanOrEqual(LIMITS[platform]!)
					if (platform === 'threads') expect(text.length).toBeLessThanOrEqual(500)
					expect(text).toMatch(GERMAN)
					const tags = hashtagsOf(text)
					expect(tags.length).toBeGreaterThanOrEqual(DESCRIPTORS[platform]!.text.hashtags.min)
					expect(tags.length).toBeLessThanOrEqual(DESCRIPTORS[platform]!.text.hashtags.max)
					expect(new Set(tags.map((tag) => tag.toLowerCase())).size).toBe(tags.length)
					// No '#' inside a word, and the hashtags come last.
					expect(text).not.toMatch(/[^\s]#/)
					if (tags.length) expect(text.trimEnd().split('\n').at(-1)).toMatch(/^(#[\p{L}\p{N}]+ ?)+$/u)
					expect(text).not.toMatch(/undefined|null|NaN|\{|\}/)
					// Deterministic.
					expect(composePost(brief(platform, persona, source), `gpt-4o-mini:${sourceName}`)).toBe(text)
				})
			}
		}

		it(`${platform}: mentions the source`, () => {
			const ki = composePost(brief(platform, personas.formal!, sources.ki!), 'm')
			expect(ki).toMatch(/KI|Mittelstand|Künstliche Intelligenz/)
			const velo = composePost(brief(platform, personas.informal!, sources.velo!), 'm')
			expect(velo).toMatch(/Velo|Städte|Pendler/)
			const idea = composePost(brief(platform, personas.inspiring!, sources.idea!), 'm')
			expect(idea).toContain('Schlaf')
			const long = composePost(brief(platform, null, sources.long!), 'm')
			expect(long).toMatch(/Energie|Förder|Solarstrom|Wärmepumpen|Sanierung|Nachhaltigkeit/)
		})

		it(`${platform}: differs between two sources, same persona and seed`, () => {
			for (const persona of Object.values(personas)) {
				const a = composePost(brief(platform, persona, sources.ki!), 'same-seed')
				const b = composePost(brief(platform, persona, sources.velo!), 'same-seed')
				expect(a).not.toBe(b)
			}
		})

		it(`${platform}: stays within a small maxLength, never cutting inside a word`, () => {
			for (const maxLength of [60, 140, 280]) {
				for (const source of [sources.long!, sources.transcript!, sources.ki!]) {
					const text = composePost(brief(platform, personas.formal!, source, maxLength), 'tight')
					expect(text.length).toBeLessThanOrEqual(maxLength)
					expect(text.length).toBeGreaterThan(0)
					// Every word is whole: it also occurs in the uncut text of the same brief and seed. A list's
					// hook gives way to one that announces no list when the list is cut (the hook is cut by the same shorten()).
					const uncut = composePost(brief(platform, personas.formal!, source, 100_000), 'tight')
					const full = new Set(uncut.match(/[\p{L}\p{N}]+/gu))
					const [hook = '', ...rest] = text.split('\n\n')
					const swapped = hook !== uncut.split('\n\n')[0] && !uncut.includes(hook.replace(/…$/u, ''))
					for (const word of (swapped ? rest.join('\n\n') : text).match(/[\p{L}\p{N}]+/gu) ?? []) expect(full).toContain(word)
				}
			}
		})

		it(`${platform}: addresses the reader with Sie when formal and du when informal`, () => {
			const formal = composePost(brief(platform, personas.formal!, sources.idea!), 'address')
			expect(formal).toMatch(/\b(Sie|Ihnen|Ihre?[mnrs]?)\b/)
			expect(formal).not.toMatch(/\b(du|dich|dir|deine?[mnrs]?)\b/)
			const informal = composePost(brief(platform, personas.informal!, sources.idea!), 'address')
			expect(informal).not.toMatch(/[a-zäöü,:]\s(Sie|Ihnen)\b/)
		})
	}

	it('weaves in the brand and the specialties where the platform has room', () => {
		for (const platform of ['linkedin', 'instagram', 'facebook'] as const) {
			const text = composePost(brief(platform, personas.formal!, sources.velo!), `brand-${platform}`)
			expect(text).toContain('Nordlicht Consulting')
			expect(text).toMatch(/Digitalisierung|Change Management|#ChangeManagement/)
		}
	})

	it('builds CamelCase hashtags from specialties and the title, umlauts kept', () => {
		const text = composePost(brief('instagram', { ...personas.formal!, specialties: ['Künstliche Intelligenz', 'Öffentlicher Verkehr!'] }, sources.ki!), 'tags')
		const tags = hashtagsOf(text)
		expect(tags).toContain('#KünstlicheIntelligenz')
		expect(tags).toContain('#ÖffentlicherVerkehr')
		expect(tags.length).toBeGreaterThanOrEqual(5)
	})

	it('follows the platform structure', () => {
		const linkedin = composePost(brief('linkedin', personas.formal!, sources.ki!), 's')
		expect(linkedin.split('\n\n').length).toBeGreaterThanOrEqual(4)
		expect(linkedin.split('\n\n')[1]).toBeTruthy()
		expect(linkedin).toMatch(/\?/)

		const instagram = composePost(brief('instagram', personas.informal!, sources.velo!), 's')
		expect(instagram.split('\n\n')[0]).toMatch(/\p{Extended_Pictographic}/u)
		expect(instagram).toMatch(/Speicher/)
		const lines = instagram.split('\n\n')[1]!.split('\n')
		expect(lines.length).toBeGreaterThanOrEqual(3)
		expect(lines.length).toBeLessThanOrEqual(5)
		expect(hashtagsOf(instagram.split('\n\n').at(-1)!).length).toBeGreaterThanOrEqual(5)

		const threads = composePost(brief('threads', personas.informal!, sources.velo!), 's')
		// Sentences, not the emoji after the question.
		expect(threads.split('\n\n')[0]!.replace(/\s*\p{Extended_Pictographic}/gu, '').split(/(?<=[.!?:])\s+/).length).toBeLessThanOrEqual(4)
		expect(threads).toMatch(/\?/)

		const facebook = composePost(brief('facebook', personas.formal!, sources.velo!), 's')
		expect(facebook).toMatch(/Kommentar/)
	})

	it('uses fewer emojis for a reserved persona than for an enthusiastic one', () => {
		const count = (text: string) => (text.match(/\p{Extended_Pictographic}/gu) ?? []).length
		const reserved = composePost(brief('linkedin', personas.formal!, sources.ki!), 'e')
		expect(count(reserved)).toBe(0)
		const lively = composePost(brief('instagram', personas.informal!, sources.ki!), 'e')
		expect(count(lively)).toBeGreaterThanOrEqual(2)
	})

	it('varies the framing of a short idea with the seed', () => {
		const texts = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => composePost(brief('linkedin', personas.inspiring!, sources.idea!), seed)))
		expect(texts.size).toBeGreaterThan(2)
	})

	it('strips the instruction from an idea', () => {
		const text = composePost(brief('threads', null, { kind: 'smart-post', title: null, text: 'Schreibe einen Post über unsere neue Yoga-Klasse am Montag', origin: null }), 'i')
		// The idea's subject and date fill the writer's own sentences; the idea itself is not quoted back.
		expect(text).toContain('Yoga-Klasse am Montag')
		expect(text).not.toContain('„unsere neue Yoga-Klasse am Montag“')
		expect(text).not.toContain('Schreibe einen Post')
	})
})

describe('createLocalAiProvider', () => {
	it('is the test-mode provider with text, image, video, vision and transcriber', () => {
		const provider = createLocalAiProvider()
		expect(provider.name).toBe('local')
		expect(provider.testMode).toBe(true)
		expect(provider.text && provider.image && provider.video && provider.vision && provider.transcriber).toBeTruthy()
	})

	it('generates text from the brief', async () => {
		const provider = createLocalAiProvider()
		const request = { model: 'gpt-4o-mini', parameters: {}, system: 'system', prompt: 'prompt', brief: brief('linkedin', personas.formal!, sources.ki!), seed: 'generation-1' }
		const { text } = await provider.text!.generate(request)
		expect(text).toBe(composePost(request.brief, 'gpt-4o-mini\u0000generation-1'))
	})

	it('refuses transcription with a German message', async () => {
		const provider = createLocalAiProvider()
		const error = await provider.transcriber!.transcribe({ audio: new Uint8Array(4), contentType: 'audio/wav', fileName: 'aufnahme.wav' }).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(AiError)
		expect(error).toMatchObject({ kind: 'unavailable', code: 'transcription_unavailable' })
		expect((error as AiError).message).toContain('OPENAI_API_KEY')
	})
})
