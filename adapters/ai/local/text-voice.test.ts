import { describe, expect, it } from 'vitest'
import { platformModules } from '#adapters/platforms/index.ts'
import type { Platform } from '#modules/publishing/descriptor.ts'
import type { Persona, SourceMaterial, TextBrief } from '#modules/ai/ports.ts'
import { createLocalAiProvider } from './index.ts'
import { composePost } from './text.ts'

// Issue 37, 4.5: the offline writer is what every evaluator without keys reads. Runs differ, an announced
// list lists, the agent's form of address holds, a birthday greeting is grammatical and the idea is never
// quoted back.

const DESCRIPTORS = Object.fromEntries(platformModules.map((module) => [module.descriptor.id, module.descriptor]))
const PLATFORMS = platformModules.map((module) => module.descriptor.id)
const SEEDS = ['g-1', 'g-2', 'g-3', 'g-4', 'g-5', 'g-6', 'g-7', 'g-8']

const base: Persona = {
	name: 'Mein AI-Agent',
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
	enthusiasm: 80,
	brand: { name: 'Bäckerei Sonne', colors: [], accentColor: '#6366f1', useBranding: true, logoUrl: null },
}
const sie: Persona = base
const du: Persona = { ...base, personality: 'casual', tone: 'friendly', formality: 20 }

const IDEAS = {
	birthday: 'Schreibe einen Geburtstagsgruss für unsere Mitarbeiterin Anna, die heute 40 wird',
	event: 'Tag der offenen Tür in unserer Bäckerei am Samstag, 14. Juni: frische Gipfeli, Führungen durch die Backstube und ein Wettbewerb für Kinder',
	launch: 'Unser neues Roggenbrot aus regionalem Getreide ist ab Montag im Laden',
	hiring: 'Wir suchen ab sofort eine Bäckerin (80-100 %)',
	topic: 'Warum Sie Ihre Website im Winter überarbeiten sollten',
	instruction: 'Schreibe einen Post über die Vorteile von Sauerteig für die Verdauung',
}

// A source that addresses its reader with 'du' (a blog post): a Sie agent must not take these sentences over.
const duArticle: SourceMaterial = {
	kind: 'web-article',
	title: 'Besser schlafen',
	text: 'Kennst du das Gefühl, morgens wie gerädert aufzuwachen? Dein Schlafzimmer sollte kühl, dunkel und ruhig sein, damit du gut schläfst. Studien zeigen, dass eine feste Schlafenszeit die Schlafqualität deutlich verbessert. Bildschirme am Abend verzögern die Ausschüttung von Melatonin um bis zu eine Stunde. Wenn du abends Sport treibst, plane danach genug Zeit zum Runterkommen ein. Fachleute empfehlen sieben bis neun Stunden Schlaf für Erwachsene.',
	origin: null,
}

function idea(text: string): SourceMaterial {
	return { kind: 'smart-post', title: null, text, origin: null }
}

function brief(platform: Platform, persona: Persona, source: SourceMaterial): TextBrief {
	const { name, text } = DESCRIPTORS[platform]!
	return { platform, platformName: name, group: text.group, maxLength: text.limit, style: text.style, hashtags: text.hashtags, persona, source }
}

const DU_FORMS = /\b(du|dich|dir|dein|deine|deinem|deinen|deiner|euch|euer|eure|euren)\b/i
const DU_IMPERATIVES = /\b(Speichere|Schreib|Erzähl|Komm|Bring|Lass|Teile|Markiere|Gratuliere|Probier|Schau|Sag|Fang|Frag dich)\b/
// Inside a sentence, a capitalised 'Sie'/'Ihnen'/'Ihr…' is the formal address.
const SIE_FORMS = /(?<=[\p{L}\p{N},;:–-]\s+)(Sie|Ihnen|Ihr|Ihre|Ihrem|Ihren|Ihrer)\b/u

/** The announcements of a list, and whether the text lists at least two points after them. */
const ANNOUNCEMENT = /die wichtigsten Punkte|auf einen Blick|diese Punkte|Die zentralen Punkte|Das Wichtigste|Worauf es ankommt|Das erwartet|Auf dem Programm|Darauf (können|kannst)|Was (Sie|dich) erwartet|Die Eckdaten|die Fakten/u

function listsAfterAnnouncement(text: string) {
	const at = text.search(ANNOUNCEMENT)
	const rest = text.slice(at)
	const lines = rest.split('\n').filter((line) => /^\s*(→|–|✅|👉|💡|✨|📍|•)\s+\S/u.test(line))
	const inline = /:\s*[^.:\n]+,[^.:\n]+[,]?[^.:\n]*\./u.test(rest.split('\n')[0]!)
	return lines.length >= 2 || inline
}

function allTexts(persona: Persona, sources: ReadonlyArray<SourceMaterial>) {
	return sources.flatMap((source) => PLATFORMS.flatMap((platform) => SEEDS.map((seed) => ({ platform, source, seed, text: composePost(brief(platform, persona, source), seed) }))))
}

describe('the offline writer reads like a person wrote it', () => {
	it('five paid runs of the same idea give five different posts on every platform', async () => {
		const provider = createLocalAiProvider()
		for (const text of [IDEAS.birthday, IDEAS.topic, IDEAS.event]) {
			for (const platform of PLATFORMS) {
				const request = { model: 'gpt-5', parameters: {}, system: 'System', prompt: 'Prompt', brief: brief(platform, sie, idea(text)) }
				// Each generation has its own id (the seed); a caller without one gets a random seed.
				const seeded = await Promise.all(['a1', 'b2', 'c3', 'd4', 'e5'].map(async (seed) => (await provider.text!.generate({ ...request, seed })).text))
				const unseeded = await Promise.all([1, 2, 3, 4, 5].map(async () => (await provider.text!.generate(request)).text))
				expect(new Set(seeded).size, `${platform}: ${text}`).toBe(5)
				// Random seeds: five runs repeat a text now and then (under 1 % of sets, see issue 37's figures), never all.
				expect(new Set(unseeded).size, `${platform}: ${text}`).toBeGreaterThanOrEqual(3)
			}
		}
	})

	it('announces a list only when it lists at least two points', () => {
		const sources = [...Object.values(IDEAS).map(idea), duArticle]
		for (const { platform, text, seed } of [...allTexts(sie, sources), ...allTexts(du, sources)]) {
			if (ANNOUNCEMENT.test(text)) expect(listsAfterAnnouncement(text), `${platform} ${seed}: ${text}`).toBe(true)
		}
	})

	it('a Sie agent writes no du form, a du agent no Sie form', () => {
		const sources = [...Object.values(IDEAS).map(idea), duArticle]
		for (const { platform, text, seed } of allTexts(sie, sources)) {
			expect(text, `${platform} ${seed}`).not.toMatch(DU_FORMS)
			expect(text, `${platform} ${seed}`).not.toMatch(DU_IMPERATIVES)
			expect(text, `${platform} ${seed}`).toMatch(/\b(Sie|Ihnen|Ihr\w*)\b/)
		}
		for (const { platform, text, seed } of allTexts(du, [...Object.values(IDEAS).filter((value) => value !== IDEAS.topic).map(idea)])) {
			expect(text, `${platform} ${seed}`).not.toMatch(SIE_FORMS)
		}
	})

	it('writes a grammatical birthday greeting with the name, the age and the occasion', () => {
		const hooks = ['Alles Gute zum 40. Geburtstag, Anna!', 'Herzlichen Glückwunsch zum 40. Geburtstag, Anna!', 'Happy Birthday, Anna!', 'Heute wird gefeiert: Anna hat Geburtstag!', 'Ein Hoch auf Anna!', '40 Jahre Anna – herzlichen Glückwunsch!']
		const sentences = new Set([
			'Heute feiert unsere Mitarbeiterin Anna ihren 40. Geburtstag.',
			'Heute ist ein besonderer Tag: unsere Mitarbeiterin Anna hat Geburtstag und wird 40 Jahre alt.',
			'Wir freuen uns jeden Tag über die Zusammenarbeit mit Anna.',
			'Danke, dass Anna mit so viel Herz dabei ist.',
			'Wir sind dankbar, Anna an unserer Seite zu haben.',
			'40 Jahre – ein runder Geburtstag, der gefeiert werden will!',
			'Wir wünschen Anna einen wunderbaren Tag und ein neues Lebensjahr voller Freude, Gesundheit und schöner Momente.',
			'Wir wünschen Anna von Herzen alles Liebe, viel Gesundheit und ein Jahr voller guter Überraschungen.',
			'Auf ein Jahr voller Freude, Erfolg und schöner Begegnungen – wir stossen auf Anna an!',
			'Gratulieren Sie mit uns in den Kommentaren!',
			'Schreiben Sie Anna gern ein paar Zeilen in die Kommentare.',
			'Feiern Sie mit?',
			'Lassen Sie einen Glückwunsch in den Kommentaren da.',
			'Bei uns wird heute gefeiert, denn unsere Mitarbeiterin Anna hat Geburtstag.',
			'Anna bringt unser Team jeden Tag ein Stück weiter.',
			'Schön, dass es Anna gibt!',
			'Wir wünschen Anna einen Tag mit viel Lachen, guten Gesprächen und feinem Kuchen.',
			'Für das neue Lebensjahr wünschen wir Anna Glück, Gesundheit und viele Momente zum Geniessen.',
			'Haben Sie einen Geburtstagswunsch für Anna?',
			'Ab damit in die Kommentare!',
		])
		for (const { platform, text, seed } of allTexts(sie, [idea(IDEAS.birthday)])) {
			const label = `${platform} ${seed}: ${text}`
			expect(hooks.some((hook) => text.startsWith(hook)), label).toBe(true)
			expect(text, label).not.toMatch(/Thema|Geburtstagsgruss für|\bSchreibe\b/)
			const prose = text.replace(/#[\p{L}\p{N}_]+/gu, '').replace(/\p{Extended_Pictographic}/gu, '')
			const written = prose.split(/\n+|(?<=[^\d][.!?])\s+/u).map((sentence) => sentence.trim()).filter(Boolean)
			for (const sentence of written.slice(1)) expect(sentences.has(sentence), `${label}\n→ ${sentence}`).toBe(true)
		}
	})

	it('never quotes the idea back: its subject fills the writer’s own sentences', () => {
		for (const [kind, text] of Object.entries(IDEAS)) {
			const stripped = text.replace(/^Schreibe einen \p{L}+ (über|für) /u, '')
			for (const { platform, text: post, seed } of allTexts(sie, [idea(text)])) {
				const label = `${kind} ${platform} ${seed}: ${post}`
				expect(post.includes(text), label).toBe(false)
				expect(post.includes(stripped), label).toBe(false)
				expect(post, label).not.toMatch(/„[^“]{40,}“/u)
				expect(post, label).not.toMatch(/\bSchreibe\b/)
			}
		}
		// The slots: a name, a date, a product, a list of details.
		const event = composePost(brief('linkedin', sie, idea(IDEAS.event)), 'slots')
		expect(event).toContain('Tag der offenen Tür')
		expect(event).toContain('Samstag, 14. Juni')
		expect(event).toMatch(/frische Gipfeli/)
		const launch = composePost(brief('facebook', sie, idea(IDEAS.launch)), 'slots')
		expect(launch).toContain('Roggenbrot aus regionalem Getreide')
		// A topic idea gives its noun phrase as the topic, without its opening; no hashtag of a number word.
		for (const seed of SEEDS) {
			const tips = composePost(brief('threads', sie, idea('Drei Tipps für mehr Sichtbarkeit im lokalen Handwerk')), seed)
			expect(tips, tips).toContain('Sichtbarkeit im lokalen Handwerk')
			expect(tips, tips).not.toMatch(/Drei Tipps|#Drei/)
		}
	})
})
