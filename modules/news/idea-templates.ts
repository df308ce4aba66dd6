import type { TextGroup } from '#modules/publishing/index.ts'
import type { NewIdea } from './ideas.server.ts'
import type { NewsPlatforms } from './platforms.ts'

// The local (offline) content ideas: German templates filled with the news of the day and the
// user's niche, audience and keywords. Pure; the AI writes them instead when a provider is set.
// A template names the text groups it suits (a long post, a short one); its idea goes to the
// registered platforms of those groups.

export type IdeaNews = { title: string; source: string; publishedDate: string | null; trending: boolean; keywords: Array<string> }
export type IdeaContext = { niche: string; targetAudience: string; keywords: ReadonlyArray<string> }

const newsTemplates: Array<{ type: string; groups: ReadonlyArray<TextGroup>; title: (n: IdeaNews, c: Ctx) => string; description: (n: IdeaNews, c: Ctx) => string }> = [
	{
		type: 'news-commentary',
		groups: ['long'],
		title: (n) => `Einordnung: ${n.title}`,
		description: (n, c) =>
			`Ordne die Meldung „${n.title}“ (${n.source}) für ${c.audience} ein: Was ändert sich konkret, was bleibt Hype? Ergänze eine eigene Erfahrung ${c.fromNiche}.`,
	},
	{
		type: 'learnings',
		groups: ['long'],
		title: (n, c) => `3 Learnings zu ${c.keyword(n)} aus den aktuellen News`,
		description: (n, c) => `Fassen Sie die Meldung „${n.title}“ in drei kurzen Learnings zusammen und zeigen Sie ${c.audience}, was sie daraus ${c.forNiche} mitnehmen können.`,
	},
	{
		type: 'question',
		groups: ['long', 'short'],
		title: (n, c) => `Frage an Ihre Community: ${c.keyword(n)} – Chance oder Risiko?`,
		description: (n, c) => `Nehmen Sie „${n.title}“ als Aufhänger und fragen Sie ${c.audience}, wie sie ${c.keyword(n)} in ihrem Alltag erleben. Teilen Sie zuerst Ihre eigene Sicht in zwei Sätzen.`,
	},
	{
		type: 'tip',
		groups: ['short'],
		title: (n, c) => `Praxis-Tipp: ${c.keyword(n)} ${c.inNicheShort}`,
		description: (n, c) => `Leiten Sie aus „${n.title}“ einen konkreten Tipp ab, den ${c.audience} noch diese Woche umsetzen können – als kurze Schritt-für-Schritt-Anleitung.`,
	},
	{
		type: 'myth',
		groups: ['long', 'short'],
		title: (n, c) => `Mythos oder Wahrheit? ${c.keyword(n)} im Faktencheck`,
		description: (n, c) => `Greifen Sie eine verbreitete Annahme zu ${c.keyword(n)} auf und prüfen Sie sie anhand der Meldung „${n.title}“. Schliessen Sie mit einer klaren Empfehlung für ${c.audience}.`,
	},
	{
		type: 'behind-the-scenes',
		groups: ['short'],
		title: (n, c) => `So gehen wir mit ${c.keyword(n)} um`,
		description: (n, c) => `Zeigen Sie hinter die Kulissen: Wie setzen Sie ${c.keyword(n)} ${c.inNiche} ein? Die Meldung „${n.title}“ liefert den aktuellen Anlass.`,
	},
]

const keywordTemplates: Array<{ type: string; groups: ReadonlyArray<TextGroup>; title: (k: string, c: Ctx) => string; description: (k: string, c: Ctx) => string }> = [
	{
		type: 'tip',
		groups: ['long'],
		title: (k, c) => `5 Fehler bei ${term(k)}, die ${c.audienceShort} vermeiden sollten`,
		description: (k, c) => `Listen Sie fünf typische Fehler rund um ${term(k)} auf, die Sie ${c.inNiche} beobachten, und geben Sie zu jedem einen Tipp.`,
	},
	{
		type: 'question',
		groups: ['long', 'short'],
		title: (k) => `Umfrage: Wie nutzen Sie ${term(k)} heute?`,
		description: (k, c) => `Starten Sie eine kurze Umfrage zu ${term(k)} und laden Sie ${c.audience} ein, ihre Erfahrungen in den Kommentaren zu teilen.`,
	},
	{
		type: 'story',
		groups: ['short'],
		title: (k) => `Vorher/Nachher: Was ${term(k)} bei uns verändert hat`,
		description: (k, c) => `Erzählen Sie eine kurze Geschichte ${c.fromNiche}: die Situation vor ${term(k)}, was Sie geändert haben und was es gebracht hat.`,
	},
	{
		type: 'learnings',
		groups: ['long'],
		title: (k) => `Einsteiger-Guide: ${term(k)} in drei Schritten`,
		description: (k, c) => `Erklären Sie ${c.audience} in drei einfachen Schritten, wie sie mit ${term(k)} anfangen – ohne Fachjargon.`,
	},
	{
		type: 'myth',
		groups: ['long', 'short'],
		title: (k) => `Drei Mythen über ${term(k)} – und was wirklich stimmt`,
		description: (k, c) => `Räumen Sie mit drei verbreiteten Irrtümern zu ${term(k)} auf und belegen Sie jeden mit einem Beispiel ${c.fromNiche}.`,
	},
	{
		type: 'behind-the-scenes',
		groups: ['short'],
		title: (k) => `Ein Tag mit ${term(k)}: ein Blick hinter die Kulissen`,
		description: (k, c) => `Zeigen Sie in drei, vier Bildern oder Sätzen, wie ${term(k)} Ihren Arbeitstag ${c.inNiche} prägt.`,
	},
	{
		type: 'tip',
		groups: ['short'],
		title: (k) => `Schnell-Tipp der Woche: ${term(k)}`,
		description: (k, c) => `Teilen Sie einen Tipp zu ${term(k)}, den ${c.audience} in unter fünf Minuten ausprobieren können.`,
	},
	{
		type: 'question',
		groups: ['long', 'short'],
		title: (k) => `Umfrage: Was bremst bei ${term(k)} am meisten?`,
		description: (k, c) => `Fragen Sie ${c.audience}, welche Hürden sie bei ${term(k)} erleben, und kündigen Sie an, die häufigsten in einem nächsten Post zu beantworten.`,
	},
	{
		type: 'story',
		groups: ['long'],
		title: (k) => `Kundengeschichte: Wie ${term(k)} ein Problem gelöst hat`,
		description: (k, c) => `Erzählen Sie anonymisiert von einem Auftrag ${c.fromNiche}, bei dem ${term(k)} den Unterschied gemacht hat: Ausgangslage, Lösung, Ergebnis.`,
	},
	{
		type: 'learnings',
		groups: ['long'],
		title: (k) => `Checkliste: ${term(k)} richtig angehen`,
		description: (k, c) => `Stellen Sie eine kurze Checkliste mit fünf Punkten zusammen, an der ${c.audience} ihren Umgang mit ${term(k)} prüfen können.`,
	},
]

type Ctx = { inNiche: string; inNicheShort: string; fromNiche: string; forNiche: string; audience: string; audienceShort: string; keyword: (n: IdeaNews) => string }

/** A stored (lower-case) keyword as written in a sentence: 'ki' as 'KI', 'automation' as 'Automation'. */
export function term(keyword: string) {
	const k = keyword.trim()
	if ([...k].length <= 3) return k.toUpperCase()
	return k.charAt(0).toUpperCase() + k.slice(1)
}

function context(c: IdeaContext): Ctx {
	const niche = c.niche.trim()
	const audience = c.targetAudience.trim() || 'Ihre Zielgruppe'
	const fallbackKeyword = c.keywords[0] ?? (niche || 'Digitalisierung')
	return {
		inNiche: niche ? `im Bereich ${niche}` : 'in Ihrer Branche',
		inNicheShort: niche && niche.length <= 40 ? `im Bereich ${niche}` : 'im Alltag',
		fromNiche: niche ? `aus dem Bereich ${niche}` : 'aus Ihrer Branche',
		forNiche: niche ? `für den Bereich ${niche}` : 'für ihre Branche',
		audience,
		audienceShort: audience.length > 40 ? 'Einsteiger' : audience,
		keyword: (n) => term(n.keywords[0] ?? fallbackKeyword),
	}
}

/** The registered platforms of `groups` (in the registry's order); the first registered one when none is. */
export function platformsForGroups(platforms: NewsPlatforms, groups: ReadonlyArray<TextGroup>) {
	const matching = platforms.filter((p) => groups.includes(p.text.group)).map((p) => p.id)
	return matching.length ? matching : platforms.slice(0, 1).map((p) => p.id)
}

/**
 * `count` ideas: one per news item (best first, cycling through the templates from `variant` on),
 * then keyword ideas when there is not enough news. `platforms`: the registered ones.
 * Each variant takes the next `count` keyword ideas of the keyword × template combinations, so
 * consecutive variants give different ideas until all combinations are used.
 */
export function templateIdeas(platforms: NewsPlatforms, news: ReadonlyArray<IdeaNews>, settings: IdeaContext, count = 4, variant = 0): Array<NewIdea> {
	const c = context(settings)
	const ideas: Array<NewIdea> = []
	news.slice(0, count).forEach((n, i) => {
		const template = newsTemplates[(variant + i) % newsTemplates.length]!
		ideas.push({
			title: template.title(n, c),
			description: template.description(n, c),
			source: `News: ${n.source}`,
			publishedDate: n.publishedDate,
			trending: n.trending,
			platforms: platformsForGroups(platforms, template.groups),
			keyword: n.keywords[0] ?? null,
			contentType: template.type,
		})
	})
	const keywords = settings.keywords.length ? settings.keywords : [settings.niche.trim() || 'Digitalisierung']
	const combinations = keywords.length * keywordTemplates.length
	for (let i = 0; ideas.length < count; i++) {
		// j walks through every (keyword, template) pair once before any repeats.
		const j = (variant * count + i) % combinations
		const keyword = keywords[j % keywords.length]!
		const template = keywordTemplates[(Math.floor(j / keywords.length) + (j % keywords.length)) % keywordTemplates.length]!
		ideas.push({
			title: template.title(keyword, c),
			description: template.description(keyword, c),
			source: 'Content-Einstellungen',
			publishedDate: null,
			trending: false,
			platforms: platformsForGroups(platforms, template.groups),
			keyword,
			contentType: template.type,
		})
	}
	return ideas
}
