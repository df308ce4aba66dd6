import type { TextGroup } from '#modules/publishing/descriptor.ts'
import type { Persona, StyleProfile, TextBrief } from '#modules/ai/ports.ts'
import { NO_DIRECTIVES, type TemplateDirectives } from './directives.ts'
import { occasionParts, occasionTags } from './occasion-posts.ts'
import { readOccasion, type Occasion } from './occasion.ts'
import { cap, emojis, hash, pick, pickPhrase, random, s, shuffle, w, type Context, type Parts, type Phrase, type Shape, type Voice } from './voice.ts'

// The offline text writer: an extractive summary of the source (the sentences with the most
// frequent content words, in their original order), framed by German phrases that follow the
// persona (tone, du/Sie, audience, specialties, brand) and the platform's style. A trained agent's
// style profile steers length, emojis, hashtags, the form of address and a recurring phrase.
// Deterministic: every choice comes from a PRNG seeded by the seed, the platform and the source.

/**
 * The post shapes this writer knows. A platform's descriptor names its style; the shape of that style
 * is used, and a style the writer does not know gets its text group's shape (a new platform writes
 * without touching this file).
 */
const SHAPE_BY_STYLE: Readonly<Record<string, Shape>> = { Professionell: 'professional', 'Kurz & knackig': 'snappy', Authentisch: 'authentic', Original: 'original' }
const SHAPE_BY_GROUP: Readonly<Record<TextGroup, Shape>> = { long: 'original', short: 'authentic' }
/** A one-thought post stays short whatever room the platform gives. */
const SHAPE_MAX_LENGTH: Partial<Record<Shape, number>> = { authentic: 500 }

export function shapeOf(brief: Pick<TextBrief, 'style' | 'group'>): Shape {
	return SHAPE_BY_STYLE[brief.style] ?? SHAPE_BY_GROUP[brief.group] ?? 'original'
}

export function composePost(brief: TextBrief, seed: string, directives: TemplateDirectives = NO_DIRECTIVES): string {
	const title = cleanTitle(brief.source.title)
	const text = cleanText(brief.source.text)
	const rng = random(hash(`${seed}\u0000${brief.platform}\u0000${title ?? ''}\u0000${text}`))
	const occasion = occasionOf(brief, text)
	const analysis = analyse(text, title, occasion)
	const shape = shapeOf(brief)
	const ctx = contextOf(brief, shape, analysis, rng)
	if (directives.noEmojis) ctx.emojis = 0
	if (directives.sie !== null) ctx.sie = directives.sie
	// 'unsere Mitarbeiterin', 'wir laden ein': the idea speaks for a team.
	if (occasion && /\b(wir|uns|unser\w*)\b/iu.test(text)) ctx.we = true
	const parts = occasion ? occasionParts(ctx, occasion, shape) : builders[shape](ctx, analysis)
	parts.tags = directives.noHashtags ? [] : hashtags(ctx, analysis, brief, directives.hashtags)
	const own = ownTagCount(parts.tags, [...directives.hashtags, ...learnedTags(brief)])
	parts.minTags = Math.min(Math.max(0, brief.hashtags.min, own), parts.tags.length)
	if (ctx.exclaims) parts.hook = parts.hook.replace(/\.$/, '!')
	if (ctx.phrase) parts.sign = signOff(ctx, ctx.phrase)
	if (!directives.noEmojis) carryLearnedEmojis(ctx, parts, renderers[shape])
	askLikeTheAgent(ctx, parts, shape)
	parts.signature = ctx.signature
	if (directives.closing && directives.closing.toLowerCase() !== ctx.signature?.toLowerCase()) parts.closing = directives.closing
	parts.opening = directives.opening
	const platformLimit = Math.min(brief.maxLength, SHAPE_MAX_LENGTH[shape] ?? Infinity, directives.maxLength ?? Infinity)
	let limit = platformLimit
	if (ctx.targetLength) {
		lengthen(ctx, analysis, parts, shape, ctx.targetLength)
		limit = Math.min(platformLimit, Math.max(MIN_TARGET_LENGTH, Math.round(ctx.targetLength * 1.2) + learnedExtras(parts)))
	}
	return fit(parts, Math.max(0, limit), (p) => withFrame(p, renderers[shape](p)))
}

/**
 * The template's opening line first; before the hashtags the template's closing line and then the
 * agent's signature, each a paragraph of its own (a closing line glued to a signature reads as one).
 */
function withFrame(parts: Parts, body: string) {
	if (!parts.opening && !parts.signature && !parts.closing) return body
	const tags = parts.tags.join(' ')
	const main = tags && body.endsWith(tags) ? body.slice(0, body.length - tags.length).trimEnd() : body
	return blocks([parts.opening ?? null, main, parts.closing ?? null, parts.signature ?? null, tags])
}

/** A short idea that asks for an occasion's post (a birthday, an event, something new, a job). */
function occasionOf(brief: TextBrief, text: string): Occasion | null {
	if (brief.source.kind !== 'smart-post' || text.length > 400) return null
	return readOccasion(text)
}

function learnedTags(brief: TextBrief) {
	const profile = brief.persona?.styleProfile
	return profile && profile.hashtagsPerPost > 0 ? profile.topHashtags : []
}

/** The trained agent's own emojis: each one it uses (up to three) appears, the missing ones after the call to action. */
function carryLearnedEmojis(c: Context, parts: Parts, render: (p: Parts) => string) {
	const profile = c.favouriteEmojis.length && c.emojis > 0 ? c.favouriteEmojis.slice(0, 3) : []
	const text = render(parts)
	const missing = profile.filter((emoji) => !text.includes(emoji))
	if (!missing.length) return
	if (parts.cta) parts.cta = `${parts.cta} ${missing.join(' ')}`
	else parts.hook = `${parts.hook} ${missing.join(' ')}`
}

/** What the learned habits add beyond the samples' typical length (they were measured without a template). */
function learnedExtras(parts: Parts) {
	return (parts.opening?.length ?? 0) + (parts.closing?.length ?? 0) + (parts.signature?.length ?? 0) + (parts.keepCta ? (parts.cta?.length ?? 0) : 0)
}

function ownTagCount(tags: ReadonlyArray<string>, own: ReadonlyArray<string>) {
	const wanted = new Set(own.map((tag) => tag.replace(/^#/, '').toLowerCase()))
	return tags.filter((tag) => wanted.has(tag.replace(/^#/, '').toLowerCase())).length
}

/** The learned question style: a question opens the post, or the post closes with one. */
function askLikeTheAgent(c: Context, parts: Parts, shape: Shape) {
	if (c.questionPosition === 'opening' && !parts.hook.split(/(?<=[.!?])\s/)[0]!.trim().endsWith('?')) {
		parts.hook = `${s(c, 'Kennst du das?', 'Kennen Sie das?')} ${parts.hook}`
	}
	if (c.questionPosition === 'closing') {
		const questions = CTAS[shape]
			.map((phrase) => phrase(c))
			.filter((text): text is string => Boolean(text && /\?$/.test(text.trim())))
		const own = parts.cta && /\?\s*(\p{Extended_Pictographic}\s*)*$/u.test(parts.cta) ? [parts.cta] : []
		// The shortest question: it must survive a short learned length.
		const [question = s(c, 'Wie siehst du das?', 'Wie sehen Sie das?')] = [...own, ...questions].sort((a, b) => a.length - b.length)
		// The recurring phrase goes before the question, so the question stays the last sentence.
		parts.cta = [parts.sign, question].filter(Boolean).join(' ')
		parts.sign = null
		parts.keepCta = true
	}
}

const MIN_TARGET_LENGTH = 140

/**
 * The recurring phrase as a sentence of the text (rendered with the call to action, not as a loose line):
 * as it is when it opens a sentence ('Frisch geröstet schmeckt besser!'), else after a colon.
 */
function signOff(c: Context, phrase: string) {
	const end = c.exclaims ? '!' : '.'
	if (/^\p{Lu}/u.test(phrase)) return `${phrase}${end}`
	return pick(c.rng, [`Für ${w(c, 'uns', 'mich')} heisst das: ${phrase}${end}`, `${w(c, 'Unser', 'Mein')} Motto bleibt: ${phrase}${end}`, `Darum geht es ${w(c, 'uns', 'mir')}: ${phrase}${end}`])
}

/** A trained agent that writes long posts gets more body lines, until the typical length is near. */
function lengthen(c: Context, analysis: Analysis, parts: Parts, shape: Shape, target: number) {
	const render = renderers[shape]
	if (render(parts).length >= target * 0.8) return
	const extra = items(c, analysis, parts.items.length + 8, shape === 'original' ? 300 : 240).filter(
		(item) => !parts.items.some((existing) => existing.includes(item.slice(0, 40))),
	)
	const prefix = parts.lead ? '→ ' : shape === 'snappy' && /^\p{Extended_Pictographic}/u.test(parts.items[0] ?? '') ? '✨ ' : ''
	while (render(parts).length < target * 0.8 && extra.length) parts.items.push(`${prefix}${extra.shift()!}`)
}

// ---------------------------------------------------------------------------------------------
// Reading the source

const STOP_WORDS = new Set(
	`aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes anders auch auf aus bei beim
	bereits bin bis bisher bist bitte da dabei dadurch dafür dagegen daher damit dann dar daran darauf daraus darf darin darum
	darüber das dass davon dazu dein deine deinem deinen deiner dem den denen denn dennoch der deren des deshalb dessen die
	dies diese diesem diesen dieser dieses dir doch dort du durch eben ebenso ein eine einem einen einer eines einfach einige
	einmal er es etwa etwas euch euer eure für gab gibt ganz gar gegen geht gehen gemacht gewesen gleich haben habe hast hat
	hatte hatten heute hier hin hinter ich ihm ihn ihnen ihr ihre ihrem ihren ihrer ihres im immer in indem ins ist ja jede
	jedem jeden jeder jedes jedoch jetzt kann kannst kaum kein keine keinem keinen keiner können könnte könnten lassen man
	manche mehr mein meine meinem meinen meiner mich mir mit muss müssen musste nach nicht nichts noch nun nur ob oder ohne
	oft per schon sehr sein seine seinem seinen seiner seit selbst sich sie sind so sogar solche soll sollen sollte sondern
	sowie statt über um und uns unser unsere unserem unseren unter viel viele vom von vor wann war waren warum was weil weiter
	welche welchem welchen welcher wenn wer werde werden wie wieder will wir wird wirst wo wohl wollen wurde wurden zu zum zur
	zwar zwischen mal neue neuen neuer neues gut gute guten sagt sagte sei seien wäre wären ganz beim geben nämlich
	the and for with that this from are was were have has will can you your our their its not but also into about more than
	http https www com`
		.split(/\s+/)
		.filter(Boolean),
)

const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu

const ABBREVIATIONS = /\b(z\. ?B|u\. ?a|d\. ?h|bzw|ca|Dr|Prof|Nr|usw|etc|evtl|ggf|inkl|vgl|sog|Mio|Mrd|Jh|St|Hr|Fr|Abs|Str|bspw|zB|resp|max|min|ggü)\./g
const PROTECTED_DOT = '\u2024'

function cleanText(text: string) {
	return text
		.replace(/\r\n?/g, '\n')
		.replace(/https?:\/\/\S+/g, ' ')
		.replace(/[ \t\u00a0]+/g, ' ')
		.replace(/\n{3,}/g, '\n\n')
		.trim()
}

function cleanTitle(title: string | null) {
	if (!title) return null
	let value = title.trim()
	// File names: 'Quartalsbericht_Q3-2024.pdf' → 'Quartalsbericht Q3 2024'
	if (/\.(pdf|docx?|txt|wav|mp3|m4a|png|jpe?g|webp|gif)$/i.test(value)) value = value.replace(/\.[^.]+$/, '').replace(/[_]+/g, ' ')
	// Web titles: 'Artikel – Seitenname' → 'Artikel'
	value = value.split(/\s+[|–—·]\s+|\s+-\s+/)[0]!.trim()
	value = value.replace(/\s+/g, ' ').replace(/[.:;,!]+$/, '')
	if (value.length > 90) value = cutWords(value, 80)
	return value.length >= 3 ? value : null
}

/** An idea often arrives as an instruction ('Schreibe einen Post über …'): keep only what it is about. */
function ideaTopic(text: string) {
	return text
		.replace(/^(bitte\s+)?(schreib(e)?|erstell(e)?|verfass(e)?|mach(e)?|generier(e)?)\s+(mir\s+|uns\s+)?(bitte\s+)?(einen|eine|ein)?\s*([\p{L}-]+\s+)?(post|beitrag|text|posting)\s+(über|zu|zum|zur|für|von)\s+/iu, '')
		.replace(/^(post|beitrag|idee|thema)\s*(über|zu|zum|zur|:)\s*/iu, '')
		.replace(/[.!?…:;,\s]+$/u, '')
		.trim()
}

function splitSentences(text: string): Array<string> {
	const protectedText = text
		.replace(ABBREVIATIONS, (match) => match.replace(/\./g, PROTECTED_DOT))
		.replace(/(\d)\.(?=\d)/g, `$1${PROTECTED_DOT}`)
		.replace(/\b(\d{1,2})\.(?= ?(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Jahrhundert|Platz|Stock|Mal|Klasse|Liga)\b)/g, `$1${PROTECTED_DOT}`)
	const sentences: Array<string> = []
	for (const line of protectedText.split(/\n+/)) {
		const stripped = line.replace(/^\s*([-*•–→▪►✓✔]|\d{1,2}[.)])\s+/u, '').trim()
		if (!stripped) continue
		for (const part of stripped.split(/(?<=[.!?…]["“”»«']?)\s+(?=["„«»“‚]?[\p{Lu}\d])/u)) {
			const sentence = part.replaceAll(PROTECTED_DOT, '.').trim()
			if (sentence) sentences.push(...chunk(sentence))
		}
	}
	return sentences
}

/** Transcripts often have no punctuation: very long 'sentences' become readable pieces. */
function chunk(sentence: string): Array<string> {
	if (sentence.length <= 320) return [sentence]
	const pieces: Array<string> = []
	let current = ''
	for (const clause of sentence.split(/(?<=[,;:])\s+|\s+[–—]\s+/u)) {
		if (current && current.length + clause.length + 1 > 240) {
			pieces.push(current)
			current = ''
		}
		current = current ? `${current} ${clause}` : clause
	}
	if (current) pieces.push(current)
	return pieces.flatMap((piece) => {
		if (piece.length <= 320) return [piece.replace(/[,;:]$/, '…')]
		const words = piece.split(' ')
		const windows: Array<string> = []
		for (let i = 0; i < words.length; i += 30) windows.push(words.slice(i, i + 30).join(' '))
		return windows.map((window) => (/[.!?…]$/.test(window) ? window : `${window}…`))
	})
}

function contentWords(text: string) {
	return (text.toLowerCase().match(WORD) ?? []).filter((word) => word.length >= 3 && !STOP_WORDS.has(word) && !/^\d+$/.test(word))
}

type Analysis = {
	sentences: Array<string>
	scores: Array<number>
	keywords: Array<string>
	titleTags: Array<string>
	topic: string
	/** true when the whole source was used as the topic (a short idea). */
	textIsTopic: boolean
}

function analyse(text: string, title: string | null, occasion: Occasion | null = null): Analysis {
	const all = splitSentences(text)
	const frequency = new Map<string, number>()
	const nounForm = new Map<string, string>()
	const nounCount = new Map<string, number>()
	const lowerCount = new Map<string, number>()
	for (const sentence of all) {
		const words = sentence.match(WORD) ?? []
		words.forEach((word, index) => {
			const lower = word.toLowerCase()
			if (lower.length < 3 || STOP_WORDS.has(lower) || /^\d+$/.test(lower)) return
			frequency.set(lower, (frequency.get(lower) ?? 0) + 1)
			if (/^\p{Lu}/u.test(word)) {
				if (!nounForm.has(lower) || index > 0) nounForm.set(lower, word)
				// German nouns are capitalised; the first word of a sentence tells nothing.
				if (index > 0) nounCount.set(lower, (nounCount.get(lower) ?? 0) + 1)
			} else {
				lowerCount.set(lower, (lowerCount.get(lower) ?? 0) + 1)
			}
		})
	}
	const titleWords = new Set(title ? contentWords(title) : [])
	const maxFrequency = Math.max(1, ...frequency.values())
	const scores = all.map((sentence, index) => {
		const unique = [...new Set(contentWords(sentence))]
		if (sentence.length < 25 || unique.length < 3 || sentence.length > 400) return -1
		const sum = unique.reduce((total, word) => total + (frequency.get(word) ?? 0) / maxFrequency, 0)
		const titleBonus = unique.filter((word) => titleWords.has(word)).length * 0.4
		const lead = index === 0 ? 0.3 : index < 3 ? 0.1 : 0
		return sum / Math.sqrt(unique.length) + titleBonus + lead
	})

	// German text: hashtags from nouns only (words never written in lower case), not from adjectives.
	const german = nounCount.size >= 2
	const candidates = [...frequency.entries()]
		.map(([word, count], order) => ({ word, count, order }))
		.filter(({ word }) => word.length >= 4 && (!german || (nounForm.has(word) && !lowerCount.has(word))))
	// A word also counts its compounds ('Velo' for 'Velowege', 'Velonetz'): sorted, they follow it.
	const sorted = [...candidates].sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
	const family = new Map<string, number>()
	sorted.forEach(({ word, count }, index) => {
		let total = count
		for (let next = index + 1; next < sorted.length && sorted[next]!.word.startsWith(word); next++) total += sorted[next]!.count
		family.set(word, total)
	})
	const ranked = candidates
		.filter(({ word }) => !INSTRUCTION_WORDS.has(word) && !CALENDAR_WORDS.test(word) && !FILLER_NOUNS.test(word))
		.map(({ word, order }) => ({ word, order, score: family.get(word)! * ((nounCount.get(word) ?? 0) > 0 ? 2 : 1) }))
		.sort((a, b) => b.score - a.score || a.order - b.order)
		.slice(0, 12)
		.map(({ word }) => nounForm.get(word) ?? word)
	const keywords = occasion ? [...new Set([...occasionTags(occasion), ...ranked])] : ranked

	const titleTags = title
		? title.split(/\s+/).length <= 3
			? [title]
			: (title.match(WORD) ?? []).filter((word) => word.length >= 4 && !STOP_WORDS.has(word.toLowerCase()) && /^\p{Lu}/u.test(word)).slice(0, 2)
		: []

	const idea = ideaTopic(text)
	const textIsTopic = !title && idea.length > 0 && idea.length <= 90 && all.length <= 1
	let topic: string
	if (title) topic = quote(title)
	// A short idea names its topic ('Künstliche Intelligenz'); a longer one is a sentence, never quoted back.
	else if (textIsTopic && topicPhraseOf(idea)) topic = topicPhraseOf(idea)!
	else if (keywords.length) topic = keywords[0]!
	else topic = ''

	return { sentences: all, scores, keywords, titleTags, topic, textIsTopic }
}

// Words of an instruction to the writer ('Schreibe einen Post über …'): never a topic or a hashtag.
const INSTRUCTION_WORDS = new Set(['schreibe', 'schreib', 'erstelle', 'verfasse', 'post', 'posts', 'beitrag', 'posting', 'text', 'idee', 'thema'])

const CALENDAR_WORDS = /^(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|uhr|heute|morgen|sofort|birthday|happy)$/

// Nouns that say nothing about a post's subject, and nominalised superlatives ('die Wichtigsten'): no hashtag.
const FILLER_NOUNS = /^(punkte?n?|blicke?|thema|themen|beitrag|beiträge|tipps?|dinge?|sache|beispiel|fall|seite|zeit|woche|monat|jahre?n?|anfang|ende|schritte?|grund|moment|leute|menschen|prozent|überblick|einblick|details?|möglichkeiten|problem|lösung|kommentare?n?|\p{L}*(?:ig|lich|isch)ste?n?|beste?n?|meiste?n?|neueste?n?|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|vorteile?|nachteile?|gründe|fehler)$/u

/** Up to four words, capitalised nouns and the small words between them ('Künstliche Intelligenz im Handwerk'). */
function isTopicPhrase(phrase: string) {
	const words = phrase.split(/\s+/)
	if (words.length > 6 || !/^\p{Lu}/u.test(phrase) || !/^\p{Lu}/u.test(words[words.length - 1]!) || /[.!?,:;„“"]/u.test(phrase)) return false
	return words.every((word, index) => /^\p{Lu}/u.test(word) || (STOP_WORDS.has(word.toLowerCase()) && !/^(ist|sind|wird|werden|hat|haben|kann|soll)$/.test(word)) || (index < words.length - 1 && /(e|en|er|es|em)$/.test(word)))
}

// What opens an idea without being its topic: articles, numbers and 'Tipps für', question words, 'mehr'.
const TOPIC_LEAD = /^(?:(?:warum|wieso|wie|was|wann|wo|die|der|das|den|dem|ein|eine|einen|unsere?[nmrs]?|meine?[nmrs]?|mehr|weniger|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|\d+|top|tipps?|gründe|ideen|fehler|schritte|wege|fakten)\s+(?:(?:für|zu|zum|zur|gegen|über)\s+)?)+/iu
const NOUN_PHRASE = /\p{Lu}[\p{L}-]+\s+(?:im|in|für|von|bei|mit|ohne|am|zum|zur|auf)\s+(?:(?:der|die|das|dem|den)\s+)?(?:\p{Ll}+e[nrsm]?\s+)?\p{Lu}[\p{L}-]+/u

/**
 * The topic a short idea names, as a noun phrase: the idea without its opening ('Drei Tipps für mehr …')
 * when that is a noun phrase ('Sichtbarkeit im lokalen Handwerk'), else the first noun with its
 * complement in it ('Website im Winter'); null when there is none.
 */
function topicPhraseOf(idea: string) {
	const rest = idea.replace(TOPIC_LEAD, '').trim()
	if (isTopicPhrase(rest)) return rest
	const phrase = idea.match(NOUN_PHRASE)?.[0]
	return phrase && !/^(Sie|Ihr\w*)\s/u.test(phrase) ? phrase : null
}

function quote(phrase: string) {
	return /\s/.test(phrase) ? `„${phrase}“` : phrase
}

/** The `count` best sentences in their original order. */
function keySentences(analysis: Analysis, count: number): Array<string> {
	if (analysis.textIsTopic) return []
	const ranked = analysis.scores
		.map((score, index) => ({ score, index }))
		.filter(({ score }) => score > 0)
		.sort((a, b) => b.score - a.score || a.index - b.index)
	const chosen: Array<number> = []
	const seen = new Set<string>()
	for (const { index } of ranked) {
		if (chosen.length >= count) break
		const signature = contentWords(analysis.sentences[index]!).slice(0, 6).join(' ')
		if (seen.has(signature)) continue
		seen.add(signature)
		chosen.push(index)
	}
	return chosen.sort((a, b) => a - b).map((index) => finishSentence(analysis.sentences[index]!))
}

function finishSentence(sentence: string) {
	const trimmed = sentence.trim().replace(/\s+/g, ' ')
	const capitalised = trimmed.charAt(0).toLocaleUpperCase('de') + trimmed.slice(1)
	return /[.!?…"“”»«)]$/u.test(capitalised) ? capitalised : `${capitalised}.`
}

// ---------------------------------------------------------------------------------------------
// Shortening: at a clause or a word boundary, never inside a word

function cutWords(text: string, max: number) {
	if (text.length <= max) return text
	if (max <= 1) return ''
	const cut = text.slice(0, max - 1)
	const space = cut.lastIndexOf(' ')
	if (space <= 0) return ''
	return `${cut.slice(0, space).replace(/[\s,;:–—-]+$/u, '')}…`
}

function shorten(sentence: string, max: number) {
	if (sentence.length <= max) return sentence
	if (max < 2) return ''
	// A whole first sentence of a multi-sentence item, when it fits.
	const sentences = sentence.split(/(?<=[^\s.]{3}[.!?])\s+(?=\p{Lu})/u)
	if (sentences.length > 1 && sentences[0]!.length <= max && sentences[0]!.length >= max * 0.4) return sentences[0]!
	const cut = sentence.slice(0, max - 1)
	const clause = Math.max(cut.lastIndexOf(', '), cut.lastIndexOf('; '), cut.lastIndexOf(' – '), cut.lastIndexOf(': '))
	if (clause >= max * 0.5) return `${cut.slice(0, clause).trimEnd()}…`
	return cutWords(sentence, max)
}

// ---------------------------------------------------------------------------------------------
// The persona

const AUDIENCES: Record<string, string> = {
	entrepreneurs: 'Unternehmerinnen und Unternehmer',
	small_business: 'kleine Unternehmen',
	small_businesses: 'kleine Unternehmen',
	smes: 'KMU',
	startups: 'Start-ups',
	founders: 'Gründerinnen und Gründer',
	freelancers: 'Freelancer',
	marketing_professionals: 'Marketing-Profis',
	marketers: 'Marketing-Profis',
	developers: 'Entwicklerinnen und Entwickler',
	students: 'Studierende',
	gamers: 'Gamerinnen und Gamer',
	managers: 'Führungskräfte',
	executives: 'Führungskräfte',
	leaders: 'Führungskräfte',
	consultants: 'Beraterinnen und Berater',
	coaches: 'Coaches',
	creators: 'Content Creator',
	content_creators: 'Content Creator',
	parents: 'Eltern',
	teachers: 'Lehrkräfte',
	educators: 'Lehrkräfte',
	job_seekers: 'Jobsuchende',
	young_professionals: 'Berufseinsteigerinnen und -einsteiger',
	hr_professionals: 'HR-Fachleute',
	sales_professionals: 'Vertriebsprofis',
	healthcare_professionals: 'Fachleute im Gesundheitswesen',
	investors: 'Investorinnen und Investoren',
	tech_enthusiasts: 'Technikbegeisterte',
	designers: 'Designerinnen und Designer',
	retailers: 'Händlerinnen und Händler',
	seniors: 'Seniorinnen und Senioren',
	athletes: 'Sportlerinnen und Sportler',
	fitness_enthusiasts: 'Fitnessbegeisterte',
	travelers: 'Reisebegeisterte',
	engineers: 'Ingenieurinnen und Ingenieure',
	scientists: 'Forschende',
	influencers: 'Influencer',
	artists: 'Kunstschaffende',
	musicians: 'Musikerinnen und Musiker',
	photographers: 'Fotografinnen und Fotografen',
	lawyers: 'Juristinnen und Juristen',
	real_estate_agents: 'Immobilienprofis',
	architects: 'Architektinnen und Architekten',
	restaurant_owners: 'Gastronominnen und Gastronomen',
	craftspeople: 'Handwerksbetriebe',
	farmers: 'Landwirtinnen und Landwirte',
	nonprofits: 'gemeinnützige Organisationen',
	public_sector: 'die öffentliche Verwaltung',
	foodies: 'Foodies',
	pet_owners: 'Tierhalterinnen und Tierhalter',
	local_community: 'die lokale Community',
}

const INDUSTRIES: Record<string, string> = {
	technology: 'Technologie',
	marketing: 'Marketing',
	finance: 'Finanzen',
	healthcare: 'Gesundheit',
	education: 'Bildung',
	retail: 'Handel',
	consulting: 'Beratung',
	'real-estate': 'Immobilien',
	hospitality: 'Gastgewerbe',
}

function audienceOf(persona: Persona | null) {
	const value = persona?.targetAudience.trim() ?? ''
	if (!value) return null
	if (/^[a-z0-9_-]+$/.test(value)) return AUDIENCES[value.replace(/-/g, '_')] ?? null
	// Free text that reads like a description (several sentences, long) does not fit into 'für …'.
	const first = value.split(/[.!?\n]/)[0]!.trim()
	if (first.length < 3 || first.length > 70 || /^(meine|unsere|die)\s+zielgruppe/i.test(first)) return null
	return first
}

function voiceOf(value: string): { voice: Voice | null; humor: boolean } {
	const v = value.toLowerCase()
	if (/humor|humour|witz|lustig|humorvoll/.test(v)) return { voice: 'locker', humor: true }
	if (/inspir|motiv|enthusias|begeister|innovat/.test(v)) return { voice: 'motivierend', humor: false }
	if (/empath|einfühl|mitfühl/.test(v)) return { voice: 'empathisch', humor: false }
	if (/casual|locker|friendly|freundlich|conversation|gespräch|persönlich/.test(v)) return { voice: 'locker', humor: false }
	if (/profession|formal|formell|authorit|expert|educat|sachlich|trust|seriös|informativ/.test(v)) return { voice: 'sachlich', humor: false }
	return { voice: null, humor: false }
}

function contextOf(brief: TextBrief, shape: Shape, analysis: Analysis, rng: () => number): Context {
	const persona = brief.persona
	const fromTone = voiceOf(persona?.tone ?? '')
	const fromPersonality = voiceOf(persona?.personality ?? '')
	const voice = fromTone.voice ?? fromPersonality.voice ?? 'sachlich'
	const humor = fromTone.humor || fromPersonality.humor || (persona?.humor ?? 30) >= 60
	const formality = persona?.formality ?? 50
	const energy = ((persona?.enthusiasm ?? 60) + (persona?.creativity ?? 70)) / 2
	const profile: StyleProfile | null = persona?.styleProfile ?? null
	const openers = (profile?.phrases ?? []).slice(0, 3).filter((phrase) => /^\p{Lu}/u.test(phrase))
	const emojis = profile
		? Math.min(3, Math.round(profile.emojisPerPost))
		: {
				snappy: energy >= 70 ? 3 : energy >= 35 ? 2 : 1,
				original: energy >= 75 ? 2 : energy >= 45 ? 1 : 0,
				authentic: energy >= 60 ? 1 : 0,
				professional: energy >= 75 && formality < 80 ? 1 : 0,
			}[shape]
	const specialties = (persona?.specialties ?? []).map((s) => s.trim()).filter(Boolean)
	const brand = persona?.brand.name.trim() || null
	const industry = persona?.industry ? (INDUSTRIES[persona.industry] ?? null) : null
	const topic = analysis.topic || (specialties[0] ? quote(specialties[0]) : industry ? industry : 'Social Media')
	return {
		sie: profile?.formality ? profile.formality === 'formell' : formality >= 60,
		we: Boolean(brand),
		voice,
		humor,
		topic,
		audience: audienceOf(persona),
		specialties: specialties.length ? specialties.slice(0, 2).join(' und ') : null,
		brand,
		emojis,
		favouriteEmojis: profile?.topEmojis ?? [],
		phrase: profile?.phrases.length ? pick(rng, openers.length ? openers : profile.phrases.slice(0, 3)) : null,
		exclaims: (profile?.exclamationsPerPost ?? 0) >= 1,
		targetLength: profile && profile.typicalLength > 0 ? profile.typicalLength : null,
		signature: profile?.signature ?? null,
		questionPosition: profile?.questionPosition ?? null,
		rng,
	}
}

// ---------------------------------------------------------------------------------------------
// Phrase banks

const HOOKS: Record<Voice, Array<Phrase>> = {
	sachlich: [
		(c) => `${cap(c.topic)}: Was jetzt wirklich zählt.`,
		(c) => `Ein genauer Blick auf das Thema ${c.topic} lohnt sich.`,
		(c) => (c.audience ? `Was bedeutet das Thema ${c.topic} konkret für ${c.audience}?` : `Was bedeutet das Thema ${c.topic} konkret in der Praxis?`),
		(c) => `${cap(c.topic)} – die wichtigsten Punkte auf einen Blick.`,
		(c) => `Wer sich mit dem Thema ${c.topic} beschäftigt, sollte diese Punkte kennen.`,
		(c) => (c.humor ? `Kurz, sachlich und ganz ohne Buzzword-Bingo: das Thema ${c.topic}.` : null),
	],
	locker: [
		(c) => s(c, `Mal ehrlich: Wie oft denkst du eigentlich über das Thema ${c.topic} nach?`, `Mal ehrlich: Wie oft denken Sie eigentlich über das Thema ${c.topic} nach?`),
		(c) => `Kurz und ohne Fachchinesisch: Heute geht es um ${c.topic}.`,
		(c) => `Heute wird es praktisch – es geht um ${c.topic}.`,
		(c) => (c.humor ? `Spoiler: Das Thema ${c.topic} ist spannender, als es klingt.` : null),
		(c) => (c.humor ? s(c, `Schnapp dir einen Kaffee – heute geht es um ${c.topic}.`, `Holen Sie sich einen Kaffee – heute geht es um ${c.topic}.`) : null),
	],
	motivierend: [
		(c) => `Im Thema ${c.topic} steckt mehr Potenzial, als viele denken.`,
		(c) => `Jeder Fortschritt beginnt mit einem ersten Schritt. Heute: ${c.topic}.`,
		(c) => `Heute ist ein guter Tag, um beim Thema ${c.topic} ins Handeln zu kommen.`,
		(c) => s(c, `Was wäre, wenn du das Thema ${c.topic} heute als Chance siehst?`, `Was wäre, wenn Sie das Thema ${c.topic} heute als Chance sehen?`),
	],
	empathisch: [
		(c) => `Viele kennen das: Beim Thema ${c.topic} gibt es mehr Fragen als Antworten.`,
		(c) => `Das Thema ${c.topic} beschäftigt gerade viele – und das ist verständlich.`,
		(c) => s(c, `Falls dich das Thema ${c.topic} gerade beschäftigt: Du bist damit nicht allein.`, `Falls Sie das Thema ${c.topic} gerade beschäftigt: Sie sind damit nicht allein.`),
	],
}

const INSTAGRAM_HOOKS: Record<Voice, Array<Phrase>> = {
	sachlich: [
		(c) => `${cap(c.topic)} – kurz erklärt`,
		(c) => `Das Wichtigste zum Thema ${c.topic}`,
		(c) => `${cap(c.topic)}: die Fakten in Kürze`,
		(c) => `Heute im Fokus: ${c.topic}`,
		(c) => `Darüber lohnt es sich nachzudenken: ${c.topic}`,
	],
	locker: [
		(c) => s(c, `Lass uns über ${c.topic} reden`, `Reden wir über ${c.topic}`),
		(c) => `Kurzer Reminder zum Thema ${c.topic}`,
		(c) => (c.humor ? `${cap(c.topic)} – aber bitte ohne Drama` : null),
	],
	motivierend: [(c) => s(c, `Dein Impuls für heute: ${c.topic}`, `Ihr Impuls für heute: ${c.topic}`), (c) => `Kleine Schritte, grosse Wirkung: ${c.topic}`],
	empathisch: [(c) => `Für alle, die gerade über ${c.topic} nachdenken`, (c) => `${cap(c.topic)} – ganz ohne Druck`],
}

const FACEBOOK_HOOKS: Array<Phrase> = [
	(c) => s(c, `Kennst du das auch? Beim Thema ${c.topic} gehen die Meinungen oft weit auseinander.`, `Kennen Sie das auch? Beim Thema ${c.topic} gehen die Meinungen oft weit auseinander.`),
	(c) => `Heute geht es ${w(c, 'bei uns', 'bei mir')} um ein Thema, das viele bewegt: ${c.topic}.`,
	(c) => s(c, `Hast du dich auch schon mit dem Thema ${c.topic} beschäftigt?`, `Haben Sie sich auch schon mit dem Thema ${c.topic} beschäftigt?`),
]

const INTROS: Array<Phrase> = [
	(c) => (c.audience ? `Gerade für ${c.audience} lohnt sich ein genauer Blick darauf.` : null),
	(c) => (c.audience ? `Für ${c.audience} ist das besonders relevant.` : null),
	(c) => (c.audience ? `Das betrifft vor allem ${c.audience}.` : null),
]

const EXPERTISE: Array<Phrase> = [
	(c) => (c.specialties ? w(c, `Bei ${c.brand} dreht sich unser Alltag um ${c.specialties} – und genau da zeigt sich, wie wichtig das ist.`, `In meiner Arbeit rund um ${c.specialties} begegnet mir das immer wieder.`) : null),
	(c) => (c.specialties ? `Aus der Praxis rund um ${c.specialties} zeigt sich: Die Details machen den Unterschied.` + (c.brand ? ` Genau darauf achten wir bei ${c.brand}.` : '') : null),
	(c) => (!c.specialties && c.brand ? `Bei ${c.brand} schauen wir genau hin, wenn es um dieses Thema geht.` : null),
	(c) => (!c.specialties && c.brand ? `Auch bei ${c.brand} ist das ein Thema, das uns regelmässig beschäftigt.` : null),
]

const FRAMING: Array<Phrase> = [
	(c) => `Der erste Schritt ist oft der wichtigste: sich bewusst Zeit für das Thema ${c.topic} nehmen.`,
	() => 'Entscheidend ist nicht die perfekte Lösung, sondern ein klarer Anfang.',
	() => 'Kleine, regelmässige Schritte bringen hier oft mehr als der eine grosse Wurf.',
	() => 'Wichtig ist, ehrlich hinzuschauen: Was funktioniert schon – und wo hakt es noch?',
	(c) => s(c, 'Frag dich: Was würde sich ändern, wenn du hier heute einen Schritt weitergehst?', 'Fragen Sie sich: Was würde sich ändern, wenn Sie hier heute einen Schritt weitergehen?'),
	(c) => `${w(c, 'Unser', 'Mein')} Tipp: ${s(c, 'Fang klein an und bleib dran.', 'Fangen Sie klein an und bleiben Sie dran.')}`,
	(c) => (c.audience ? `Gerade für ${c.audience} kann das einen echten Unterschied machen.` : null),
	(c) => (c.specialties ? `Aus der Arbeit rund um ${c.specialties} ${w(c, 'wissen wir', 'weiss ich')}: Wer früh anfängt, hat einen klaren Vorteil.` : null),
	() => 'Oft sind es die einfachen Dinge, die am meisten bewirken.',
	() => 'Es lohnt sich, Erfahrungen zu teilen und voneinander zu lernen.',
	(c) => (c.voice === 'motivierend' ? 'Fortschritt entsteht nicht über Nacht – aber jeden Tag ein Stück.' : null),
	(c) => (c.voice === 'empathisch' ? 'Niemand muss dabei alles sofort richtig machen.' : null),
	(c) => (c.voice === 'sachlich' ? 'Eine klare Struktur hilft, den Überblick zu behalten und Prioritäten zu setzen.' : null),
	(c) => (c.voice === 'locker' ? 'Perfektion ist überbewertet – Hauptsache, es geht voran.' : null),
]

const ASIDES: Array<Phrase> = [
	() => 'Und ja: Kaffee hilft auch hier.',
	() => 'Versprochen, es ist weniger kompliziert als die Steuererklärung.',
	() => 'Kurz gesagt: weniger Drama, mehr Wirkung.',
]

const BULLET_LEADS = ['Das Wichtigste in Kürze:', 'Die zentralen Punkte:', 'Worauf es ankommt:']

const CTAS: Record<Shape, Array<Phrase>> = {
	professional: [
		(c) => s(c, `Wie siehst du das? Welche Erfahrungen hast du mit dem Thema ${c.topic} gemacht?`, `Wie sehen Sie das? Welche Erfahrungen haben Sie mit dem Thema ${c.topic} gemacht?`),
		(c) => `${s(c, 'Was würdest du ergänzen?', 'Was würden Sie ergänzen?')} ${w(c, 'Wir freuen uns', 'Ich freue mich')} auf den Austausch in den Kommentaren.`,
		(c) => s(c, 'Welcher Punkt ist für dich am wichtigsten – und warum?', 'Welcher Punkt ist für Sie am wichtigsten – und warum?'),
		(c) => s(c, 'Wie gehst du in deinem Umfeld damit um? Teile deine Sicht in den Kommentaren.', 'Wie gehen Sie in Ihrem Umfeld damit um? Teilen Sie Ihre Sicht in den Kommentaren.'),
	],
	snappy: [
		(c) => s(c, 'Speichere den Beitrag für später und teile ihn mit jemandem, der ihn gerade braucht.', 'Speichern Sie den Beitrag für später und teilen Sie ihn mit jemandem, der ihn gerade braucht.'),
		(c) => s(c, 'Speichere dir den Beitrag, damit du ihn wiederfindest.', 'Speichern Sie den Beitrag, damit Sie ihn wiederfinden.'),
		(c) => `${s(c, 'Speichern & teilen nicht vergessen – und erzähl', 'Speichern & teilen nicht vergessen – und erzählen Sie')} ${w(c, 'uns', 'mir')} in den Kommentaren, was ${s(c, 'du davon hältst', 'Sie davon halten')}.`,
	],
	authentic: [
		(c) => s(c, 'Wie ist das bei dir?', 'Wie ist das bei Ihnen?'),
		(c) => s(c, 'Geht es dir ähnlich?', 'Geht es Ihnen ähnlich?'),
		(c) => s(c, 'Was meinst du?', 'Was meinen Sie?'),
		(c) => s(c, 'Wie siehst du das?', 'Wie sehen Sie das?'),
		(c) => s(c, 'Was ist deine Erfahrung?', 'Was ist Ihre Erfahrung?'),
		(c) => s(c, 'Was würdest du ergänzen?', 'Was würden Sie ergänzen?'),
		(c) => s(c, 'Wie gehst du damit um?', 'Wie gehen Sie damit um?'),
	],
	original: [
		(c) => `${s(c, 'Was denkst du? Schreib es', 'Was denken Sie? Schreiben Sie es')} ${w(c, 'uns', 'mir')} gern in die Kommentare!`,
		(c) => `${s(c, 'Hast du schon Erfahrungen damit gemacht?', 'Haben Sie schon Erfahrungen damit gemacht?')} ${w(c, 'Wir freuen uns', 'Ich freue mich')} auf ${s(c, 'deinen', 'Ihren')} Kommentar.`,
		(c) => `${s(c, 'Teile deine Meinung', 'Teilen Sie Ihre Meinung')} in den Kommentaren – ${w(c, 'wir lesen', 'ich lese')} alles.`,
	],
}

const THREADS_OPENERS: Array<Phrase> = [
	(c) => (c.brand ? `Bei ${c.brand} haben wir heute über das Thema ${c.topic} gesprochen.` : `Ich habe heute wieder über das Thema ${c.topic} nachgedacht.`),
	(c) => `Kurzer Gedanke zum Thema ${c.topic}:`,
	(c) => `Was ${w(c, 'uns', 'mich')} gerade beschäftigt: ${c.topic}.`,
	(c) => `Das Thema ${c.topic} lässt ${w(c, 'uns', 'mich')} gerade nicht los.`,
	(c) => `${cap(c.topic)} – darüber wird viel zu selten gesprochen.`,
	(c) => `${w(c, 'Wir haben', 'Ich habe')} diese Woche viel über ${c.topic} nachgedacht.`,
]

/** Key sentences, topped up with framing phrases when the source is too short. */
function items(c: Context, analysis: Analysis, count: number, max: number) {
	const key = keySentences(analysis, count + 4)
		.filter((sentence) => addressFits(c, sentence))
		.slice(0, count)
		.map((sentence) => shorten(sentence, max))
	const framing = shuffle(c.rng, FRAMING.map((phrase) => phrase(c)).filter((text): text is string => Boolean(text)))
	const result = [...key]
	// A short source also keeps its own sentences, even when they are too short to score.
	if (!key.length && !analysis.textIsTopic) {
		for (const sentence of analysis.sentences.slice(0, count)) if (sentence.length >= 8 && addressFits(c, sentence)) result.push(shorten(finishSentence(sentence), max))
	}
	while (result.length < count && framing.length) result.push(framing.shift()!)
	if (c.humor && key.length < count) result.push(pickPhrase(c, ASIDES))
	return result
}

const DU_WORDS = /\b(du|dich|dir|dein|deine|deinem|deinen|deiner|deines|euch|euer|eure|eurem|euren|eurer)\b/iu
// Capitalised inside a sentence, 'Sie' and 'Ihr…' address the reader formally ('sie' is 'she' or 'they').
const SIE_WORDS = /(?<=[\p{L}\p{N},;:–-]\s+)(Sie|Ihnen|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres)\b/u

/** A sentence of the source in the agent's form of address (or in none): a Sie agent quotes no du sentence and vice versa. */
function addressFits(c: Context, sentence: string) {
	return c.sie ? !DU_WORDS.test(sentence) : !SIE_WORDS.test(sentence)
}

/** Hooks that announce a list ('die wichtigsten Punkte auf einen Blick'): only for a post that lists points. */
const ANNOUNCES_LIST = /Punkte|auf einen Blick|Das Wichtigste|in Kürze|Fakten|kurz erklärt/u

function hookOf(c: Context, bank: ReadonlyArray<Phrase>, lists: boolean) {
	return pickPhrase(c, lists ? bank : bank.map((phrase) => (d: Context) => {
		const text = phrase(d)
		return text && ANNOUNCES_LIST.test(text) ? null : text
	}))
}

/** How many points of its own the source gives (framing phrases are no points). */
function pointsOf(c: Context, analysis: Analysis) {
	return keySentences(analysis, 6).filter((sentence) => addressFits(c, sentence)).length
}

// ---------------------------------------------------------------------------------------------
// Shapes

const builders: Record<Shape, (c: Context, analysis: Analysis) => Parts> = {
	professional(c, analysis) {
		const intro = [pickPhrase(c, EXPERTISE), pickPhrase(c, INTROS)].filter(Boolean).slice(0, c.rng() < 0.5 ? 1 : 2)
		const body = items(c, analysis, 3 + (c.rng() < 0.4 ? 1 : 0), 240)
		const bullets = pointsOf(c, analysis) >= 2 && body.length >= 3 && body.every((item) => item.length <= 200) && c.rng() < 0.55
		const emoji = c.emojis > 0 ? ` ${emojis(c, 1).join('')}` : ''
		return {
			hook: `${hookOf(c, HOOKS[c.voice], bullets)}${emoji}`,
			plainHook: `${hookOf(c, HOOKS[c.voice], false)}${emoji}`,
			intro: intro.length ? [intro.join(' ')] : [],
			lead: bullets ? pick(c.rng, BULLET_LEADS) : null,
			items: bullets ? body.map((item) => `→ ${item}`) : body.slice(0, 3),
			cta: pickPhrase(c, CTAS.professional),
			tags: [],
			minTags: 0,
		}
	},
	snappy(c, analysis) {
		const [first, second] = emojis(c, c.emojis >= 2 ? 2 : c.emojis)
		const lists = pointsOf(c, analysis) >= 2
		const hook = [first, hookOf(c, INSTAGRAM_HOOKS[c.voice], lists), second].filter(Boolean).join(' ')
		const plainHook = [first, hookOf(c, INSTAGRAM_HOOKS[c.voice], false), second].filter(Boolean).join(' ')
		const lineCount = 3 + Math.floor(c.rng() * 3)
		const context = c.brand ? pickPhrase(c, EXPERTISE) : pickPhrase(c, INTROS)
		const body = items(c, analysis, context ? lineCount - 1 : lineCount, 130)
		const lines = (context ? [shorten(context, 160), ...body] : body).slice(0, 5)
		const marks = c.emojis >= 3 ? ['✅', '👉', '💡', '✨', '📍'] : null
		let cta = pickPhrase(c, CTAS.snappy)
		if (c.emojis >= 2) cta = `${cta} 📌`
		return {
			hook,
			plainHook,
			intro: [],
			lead: null,
			items: lines.map((line, index) => (marks ? `${marks[index % marks.length]} ${line}` : line)),
			cta,
			tags: [],
			minTags: 0,
		}
	},
	authentic(c, analysis) {
		const opener = pickPhrase(c, THREADS_OPENERS)
		const [key] = items(c, analysis, 1, 220)
		let question = pickPhrase(c, CTAS.authentic)
		if (c.emojis > 0) question = `${question} ${emojis(c, 1).join('')}`
		return { hook: opener, intro: [], lead: null, items: key ? [key] : [], cta: question, tags: [], minTags: 0 }
	},
	original(c, analysis) {
		// Paragraphs, no list: no hook that announces one.
		let hook = hookOf(c, c.rng() < 0.5 ? FACEBOOK_HOOKS : HOOKS[c.voice], false)
		if (c.emojis > 0) hook = `${hook} ${emojis(c, c.emojis).join(' ')}`
		const intro = [pickPhrase(c, EXPERTISE) || pickPhrase(c, INTROS)].filter(Boolean)
		const body = items(c, analysis, 4, 300)
		const paragraphs: Array<string> = []
		for (let i = 0; i < body.length; i += 2) paragraphs.push(body.slice(i, i + 2).join(' '))
		let cta = pickPhrase(c, CTAS.original)
		if (c.emojis >= 2) cta = `${cta} 💬`
		if (c.brand) cta = `${cta}\n\n${s(c, 'Euer', 'Ihr')} Team von ${c.brand}`
		return { hook, intro, lead: null, items: paragraphs, cta, tags: [], minTags: 0 }
	},
}

const renderers: Record<Shape, (p: Parts) => string> = {
	professional: (p) => blocks([p.hook, ...p.intro, p.lead ? [p.lead, ...p.items].join('\n') : p.items.join('\n\n'), closingOf(p), p.tags.join(' ')]),
	snappy: (p) => blocks([p.hook, ...p.intro, [p.lead, ...p.items].filter(Boolean).join('\n'), closingOf(p), p.tags.join(' ')]),
	authentic: (p) => blocks([[p.hook, ...p.intro, ...p.items, p.sign, p.cta].filter(Boolean).join(' '), p.tags.join(' ')]),
	original: (p) => blocks([p.hook, ...p.intro, ...(p.lead ? [[p.lead, ...p.items].join('\n')] : p.items), closingOf(p), p.tags.join(' ')]),
}

/** The recurring phrase and the call to action: one paragraph. */
function closingOf(p: Parts) {
	return [p.sign, p.cta].filter(Boolean).join(' ') || null
}

function blocks(parts: Array<string | null>) {
	return parts
		.map((part) => part?.trim() ?? '')
		.filter(Boolean)
		.join('\n\n')
}

/**
 * Cuts the post down to `limit`: body first, then generic hashtags and the call to action; what the
 * agent learned (its phrase, question, signature and own hashtags) and the template's lines go last.
 */
function fit(parts: Parts, limit: number, render: (p: Parts) => string): string {
	const over = () => render(parts).length - limit
	while (over() > 0 && parts.items.length > 1) parts.items.pop()
	// 'Die zentralen Punkte:' above a single point reads odd.
	if (parts.lead && parts.items.length < 2) {
		parts.lead = null
		parts.items = parts.items.map((item) => item.replace(/^→ /, ''))
	}
	if (parts.plainHook && parts.items.length < 2) parts.hook = parts.plainHook
	while (over() > 0 && parts.intro.length) parts.intro.pop()
	if (over() > 0 && parts.lead) parts.lead = null
	if (over() > 0 && parts.items.length) {
		const item = parts.items[0]!
		const shortened = shorten(item, item.length - over())
		if (shortened.length >= 30) parts.items[0] = shortened
		else parts.items = []
	}
	while (over() > 0 && parts.tags.length > parts.minTags) parts.tags.pop()
	if (over() > 0 && !parts.keepCta) parts.cta = null
	if (over() > 0) {
		const hook = shorten(parts.hook, parts.hook.length - over())
		parts.hook = /\p{L}{2}/u.test(hook) ? hook : ''
	}
	if (over() > 0) parts.sign = null
	if (over() > 0) parts.cta = null
	if (over() > 0) parts.closing = null
	if (over() > 0) parts.signature = null
	while (over() > 0 && parts.tags.length) parts.tags.pop()
	if (over() > 0) parts.opening = null
	const text = render(parts)
	return text.length <= limit ? text : cutWords(text, limit)
}

// ---------------------------------------------------------------------------------------------
// Hashtags: specialties, title and frequent content words, in CamelCase

const GENERIC_TAGS = ['Inspiration', 'Wissen', 'Tipps', 'Praxis', 'Community', 'Zukunft', 'Weiterbildung', 'Motivation', 'Ideen', 'Erfahrung', 'Austausch', 'Impulse']

function toHashtag(phrase: string): string | null {
	const words = phrase.normalize('NFC').split(/[^\p{L}\p{N}]+/u).filter(Boolean)
	if (!words.length) return null
	const tag = words.map((word) => word.charAt(0).toLocaleUpperCase('de') + word.slice(1)).join('')
	if (tag.length < 2 || tag.length > 32 || /^\p{N}+$/u.test(tag)) return null
	return `#${tag}`
}

function hashtags(c: Context, analysis: Analysis, brief: TextBrief, required: ReadonlyArray<string> = []): Array<string> {
	const min = Math.max(0, brief.hashtags.min)
	const max = Math.max(min, brief.hashtags.max)
	const profile = brief.persona?.styleProfile
	const learned = profile?.hashtagsPerPost ? (profile.topHashtags ?? []) : []
	// A trained agent that uses hashtags gets at least its own ones (a rounded 0.4 per post is not 'none').
	const preferred = profile
		? Math.max(Math.round(profile.hashtagsPerPost), profile.hashtagsPerPost > 0 ? Math.min(learned.length, 3) || 1 : 0)
		: { professional: 3, snappy: 5 + Math.floor(c.rng() * 5), authentic: 1 + Math.floor(c.rng() * 2), original: 2 + Math.floor(c.rng() * 2) }[shapeOf(brief)]
	const own = [...required, ...learned].map((tag) => tag.replace(/^#/, ''))
	// The template's and the agent's own tags all stay (the platform's range is a suggestion for the others).
	const count = Math.max(Math.min(max, Math.max(min, preferred)), new Set(own.map((tag) => tag.toLowerCase())).size)
	if (count === 0) return []

	const specialties = brief.persona?.specialties ?? []
	const rounds = Math.max(specialties.length, analysis.titleTags.length, analysis.keywords.length)
	const candidates: Array<string> = [...own]
	for (let i = 0; i < rounds; i++) {
		for (const list of [specialties, analysis.keywords, analysis.titleTags]) {
			const value = list[i]
			if (value) candidates.push(value)
		}
	}
	if (c.brand && shapeOf(brief) === 'snappy') candidates.push(c.brand)
	const industry = brief.persona?.industry ? INDUSTRIES[brief.persona.industry] : undefined
	if (industry) candidates.push(industry)
	candidates.push(...shuffle(c.rng, GENERIC_TAGS))

	const seen = new Set<string>()
	const tags: Array<string> = []
	// The agent's and the template's own tags keep their spelling.
	const spelled = new Set(own)
	for (const candidate of candidates) {
		const tag = spelled.has(candidate) && /^[\p{L}\p{N}_]{2,60}$/u.test(candidate) ? `#${candidate}` : toHashtag(candidate)
		if (!tag || seen.has(tag.toLowerCase())) continue
		seen.add(tag.toLowerCase())
		tags.push(tag)
		if (tags.length >= count) break
	}
	return tags
}
