// The hashtagOptimizer's suggestions: pure, shared by the service (and testable without a database).
// Candidates come from the text itself, the user's niche and content keywords (nicheSpecific) and the
// terms trending in the user's news feed (weighted by trendingWeight). Hashtags keep their umlauts
// (#Künstliche, #Wärmepumpen); duplicates are found on a transliterated key (ä = ae, ß = ss), so #Kuenstliche and
// #Künstliche count as the same tag, as do tags already in the text.

export type HashtagTerm = { term: string; weight: number }

export type HashtagInput = {
	text: string
	maxHashtags: number
	/** 0..1: how much terms trending in the news feed count against the text's own terms. */
	trendingWeight: number
	nicheSpecific: boolean
	niche?: string
	keywords?: ReadonlyArray<string>
	trending?: ReadonlyArray<HashtagTerm>
}

// Common German (and a few English) words that make no hashtag.
const STOP_WORDS = new Set(
	`aber alle allem allen aller alles als also am an ander andere anderen anders auch auf aus bei beim bereits bin bis bist
	bitte bleibt da dabei dadurch dafür damit dann daran darauf darum das dass davon dazu dein deine deinem deinen deiner dem den
	denn der deren des deshalb dessen dich die dies diese diesem diesen dieser dieses dir doch dort du durch eben ein eine einem
	einen einer eines einfach einige einmal er es etwa etwas euch euer eure für gab ganz gar gegen genau gerade gibt ging habe
	haben hat hatte hätte heute hier hin hinter ich ihm ihn ihnen ihr ihre ihrem ihren ihrer im immer in ins ist ja jede jedem
	jeden jeder jedes jetzt kann kannst kaum kein keine keinem keinen keiner können könnte machen macht mal man manche mehr mein
	meine meinem meinen meiner mich mir mit muss müssen nach nicht nichts noch nun nur ob oder ohne schon sehr sein seine seinem
	seinen seiner seit sich sie sind so solche soll sollte sondern sowie statt über um und uns unser unsere unter viel viele vom
	von vor wann war waren warum was weil weiter welche welchem welchen welcher wenn wer werde werden wie wieder will wir wird wirst
	wo wollen wurde würde wurden zu zum zur zwar zwischen neue neuen neuer neues heute morgen gestern jahr jahre jahren
	the and for with that this from your you are our have has was were will can not but all about into more their they what when
	which who how its also just than then them some over new`.split(/\s+/).filter(Boolean),
)

const MIN_WORD = 4
const MAX_TAG = 40

/** The key two tags are compared by: lower case, umlauts and ß transliterated, only letters and digits. */
export function hashtagKey(tag: string) {
	return tag
		.replace(/^#/, '')
		.toLowerCase()
		.replace(/ä/g, 'ae')
		.replace(/ö/g, 'oe')
		.replace(/ü/g, 'ue')
		.replace(/ß/g, 'ss')
		.normalize('NFKD')
		.replace(/[^\p{L}\p{N}]/gu, '')
}

/** PascalCase of a term: 'künstliche intelligenz' -> 'KünstlicheIntelligenz', 'ki' -> 'KI'; null when nothing usable is left. */
export function formatHashtag(term: string): string | null {
	const parts = term
		.split(/[\s\-_/.,:;!?'"()[\]{}+&|#@]+/u)
		.map((part) => part.replace(/[^\p{L}\p{N}]/gu, ''))
		.filter(Boolean)
	if (parts.length === 0) return null
	const body = parts
		.map((part) => {
			if (part.length <= 2 && /^\p{L}+$/u.test(part)) return part.toUpperCase()
			return part.charAt(0).toUpperCase() + part.slice(1)
		})
		.join('')
	if (body.length < 2 || body.length > MAX_TAG || /^\p{N}+$/u.test(body)) return null
	return `#${body}`
}

/** The hashtags a text already has (their keys). */
export function existingHashtags(text: string) {
	return new Set([...text.matchAll(/#([\p{L}\p{N}_]+)/gu)].map((m) => hashtagKey(m[1]!)))
}

// Words that are capitalised nouns in German but say nothing about a post's subject ('die wichtigsten
// Punkte auf einen Blick', 'ein Thema', 'viele Tipps'): no hashtag from the text itself.
const GENERIC_NOUNS = new Set(
	`punkt punkte punkten blick blicke thema themen beitrag beiträge post posts frage fragen antwort antworten tipp tipps
	ding dinge sache sachen teil teile art arten weise beispiel beispiele fall fälle seite seiten zeit zeiten tag tage tagen
	woche wochen monat monate jahr jahre jahren mal male anfang ende schritt schritte grund gründe moment momente leute menschen
	prozent stück uhr minute minuten stunde stunden hälfte überblick einblick ausblick rückblick detail details möglichkeit
	möglichkeiten problem probleme lösung lösungen idee ideen info infos information informationen update news neuigkeiten
	unterschied unterschiede kommentar kommentare kommentaren link text texte bild bilder video videos heute morgen
	gruss grüsse gruß grüße dank herz ziel ziele weg wege frau herr herren damen liebe
	montag dienstag mittwoch donnerstag freitag samstag sonntag wochenende januar februar märz april mai juni juli august
	september oktober november dezember`.split(/\s+/).filter(Boolean),
)

/**
 * Nominalised adjectives ('die Wichtigsten', 'das Neue', 'im Folgenden') are no subjects: adjective
 * suffixes with an ending (nouns such as Kosten, Liste or Meister keep theirs), and the common short ones.
 */
const NOMINALISED = /^(?:\p{Lu}\p{Ll}*(?:ig|lich|isch|bar|sam|haft)(?:st)?(?:e|en|er|es|em)|(?:Folgend|Neu|Neuest|Gut|Best|Ganz|Letzt|Erst|Grösst|Größt|Schönst)e[nsr]?|Meisten)$/u

type Word = { word: string; key: string; lower: string; sentenceStart: boolean; beforeLower: boolean }

function wordsOf(text: string): Array<Word> {
	const clean = text.replace(/https?:\/\/\S+/g, ' ').replace(/[#@][\p{L}\p{N}_]+/gu, ' ')
	const words: Array<Word> = []
	for (const sentence of clean.split(/(?<=[.!?:…])\s+|\n+/u)) {
		const matches = [...sentence.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu)].map((m) => m[0])
		matches.forEach((word, index) => {
			const next = matches[index + 1]
			words.push({ word, key: hashtagKey(word), lower: word.toLowerCase(), sentenceStart: index === 0, beforeLower: Boolean(next && /^\p{Ll}/u.test(next)) })
		})
	}
	return words
}

/** A German text writes its nouns capitalised: words seen capitalised inside a sentence and never in lower case. */
function nounKeys(words: ReadonlyArray<Word>) {
	const lowerSeen = new Set(words.filter((w) => /^\p{Ll}/u.test(w.word)).map((w) => w.key))
	const nouns = new Set<string>()
	// A sentence's first word tells little; followed by a lower-case word ('Wärmepumpen senken') it is a noun,
	// followed by a capitalised one ('Künstliche Intelligenz') it is an adjective before its noun.
	for (const w of words) if ((!w.sentenceStart || w.beforeLower) && /^\p{Lu}/u.test(w.word) && !lowerSeen.has(w.key)) nouns.add(w.key)
	return nouns
}

function usable(w: Word) {
	if (w.word.length < MIN_WORD && !/^\p{Lu}{2,}$/u.test(w.word)) return false
	if (STOP_WORDS.has(w.lower) || GENERIC_NOUNS.has(w.lower) || /^\p{N}+$/u.test(w.word) || /\p{N}/u.test(w.word.charAt(0))) return false
	return !NOMINALISED.test(w.word)
}

/**
 * The text's own candidate terms with a relevance 0.5..1. In German text only nouns count (verbs and
 * adjectives are written in lower case), generic nouns and nominalised adjectives are left out, and a
 * word counts its compounds: 'Velo' gains from 'Velowege', 'Beratung' from 'Energieberatung'.
 */
export function textTerms(text: string): Array<HashtagTerm> {
	const words = wordsOf(text)
	const nouns = nounKeys(words)
	const german = nouns.size >= 2
	const counts = new Map<string, { term: string; score: number; noun: boolean }>()
	for (const w of words) {
		if (!usable(w)) continue
		const noun = nouns.has(w.key)
		// In German text a word that is no noun is a verb, an adjective or an adverb: no tag (acronyms stay).
		if (german && !noun && !/^\p{Lu}{2,}$/u.test(w.word)) continue
		const bonus = (noun ? 0.5 : 0) + (w.word.length >= 10 || w.word.includes('-') ? 0.5 : 0)
		const entry = counts.get(w.key)
		if (entry) entry.score += 1 + bonus
		else counts.set(w.key, { term: w.word, score: 1 + bonus, noun })
	}
	const entries = [...counts.entries()]
	const scored = entries.map(([key, entry]) => {
		let family = 0
		for (const [other, o] of entries) if (other !== key && key.length >= 4 && (other.startsWith(key) || other.endsWith(key))) family += o.score * 0.5
		return { term: entry.term, score: entry.score + family }
	})
	const top = Math.max(0, ...scored.map((c) => c.score))
	return scored.map((c) => ({ term: c.term, weight: top ? 0.5 + (0.5 * c.score) / top : 0 }))
}

/**
 * Up to `maxHashtags` suggestions, best first, none that the text already has.
 * Scores: text terms 0.5..1; the niche as a whole 0.8 and its words 0.6 and content keywords 0.7
 * (only when nicheSpecific); trending terms trendingWeight x their weight x 1.5. A term from more
 * than one source adds up, so a text term that is also trending rises.
 */
export function suggestHashtags(input: HashtagInput): Array<string> {
	const max = Math.max(0, Math.min(30, Math.floor(input.maxHashtags)))
	if (max === 0) return []
	const taken = existingHashtags(input.text)
	const scores = new Map<string, { tag: string; score: number; order: number }>()
	let order = 0
	const add = (term: string, score: number) => {
		if (score <= 0) return
		const tag = formatHashtag(term)
		if (!tag) return
		const key = hashtagKey(tag)
		if (!key || taken.has(key)) return
		const entry = scores.get(key)
		if (entry) entry.score += score
		else scores.set(key, { tag, score, order: order++ })
	}

	for (const { term, weight } of textTerms(input.text)) add(term, weight)
	if (input.nicheSpecific) {
		const niche = (input.niche ?? '').trim()
		if (niche) {
			const words = niche.split(/\s+/).filter((w) => !STOP_WORDS.has(w.toLowerCase()))
			if (words.length > 1 && words.length <= 3) add(words.join(' '), 0.8)
			for (const word of words) if (word.length >= 3) add(word, words.length === 1 ? 0.8 : 0.6)
		}
		for (const keyword of input.keywords ?? []) add(keyword, 0.7)
	}
	const trendingWeight = Math.max(0, Math.min(1, input.trendingWeight))
	for (const { term, weight } of input.trending ?? []) add(term, trendingWeight * Math.max(0, Math.min(1, weight)) * 1.5)

	return [...scores.values()]
		.sort((a, b) => b.score - a.score || a.order - b.order)
		.slice(0, max)
		.map((e) => e.tag)
}
