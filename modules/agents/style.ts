import type { StyleProfile } from '#modules/ai/index.ts'

// 'Agent trainieren': measures the writing habits of an agent's sample posts. Pure, so the numbers
// can be checked in unit tests and the same profile reads the same everywhere.

const STOP_WORDS = new Set(
	`aber alle allem allen aller alles als also am an ander andere anderen anderes auch auf aus bei beim bereits bin bis bist
	bitte da dabei dadurch dafür dagegen daher damit dann daran darauf daraus darf darin darum darüber das dass davon dazu dein
	deine deinem deinen deiner deines dem den denen denn der deren des deshalb dessen die dies diese diesem diesen dieser dieses
	dir doch dort du durch ein eine einem einen einer eines er es etwa etwas euch euer eure eurem euren eurer für gegen hab habe
	haben hast hat hatte hatten hier hin ich ihm ihn ihnen ihr ihre ihrem ihren ihrer ihres im immer in ins ist ja jede jedem
	jeden jeder jedes jetzt kann kannst kein keine keinem keinen keiner können könnte man mehr mein meine meinem meinen meiner
	mich mir mit muss müssen nach nicht nichts noch nun nur ob oder ohne schon sehr sein seine seinem seinen seiner seit sich sie
	sind so soll sollte sondern über um und uns unser unsere unserem unseren unter viel viele vom von vor war waren was weil
	welche wenn wer werde werden wie wieder wir wird wirst wo zu zum zur zwar zwischen mal gibt geht
	the and for with that this from are was were have has will can you your our their its not but also into about`
		.split(/\s+/)
		.filter(Boolean),
)

const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu
const HASHTAG = /(?<![\p{L}\p{N}_&#])#([\p{L}\p{N}_]{2,60})/gu
const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u
// Pictographic by Unicode, but typography in a German post, not an emoji habit.
const NOT_EMOJI = /^[\u00a9\u00ae\u203c\u2049\u2122]$/
const SIE_FORMS = new Set(['Sie', 'Ihnen', 'Ihr', 'Ihre', 'Ihrem', 'Ihren', 'Ihrer', 'Ihres'])
const DU_FORMS = new Set(['du', 'dich', 'dir', 'dein', 'deine', 'deinem', 'deinen', 'deiner', 'deines', 'euch', 'euer', 'eure', 'eurem', 'euren', 'eurer'])

const TOP = 5
/** Samples are cut to this many characters: a long article must not dominate the counts. */
export const STYLE_SAMPLE_MAX = 20_000

const graphemes = new Intl.Segmenter('de', { granularity: 'grapheme' })

function round1(value: number) {
	return Math.round(value * 10) / 10
}

function median(values: Array<number>) {
	const sorted = [...values].sort((a, b) => a - b)
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2)
}

/** Counts by a normalised key, remembering the most used spelling of each. */
class Tally {
	private counts = new Map<string, { count: number; first: number; forms: Map<string, number> }>()
	private order = 0

	add(key: string, form: string, by = 1) {
		let entry = this.counts.get(key)
		if (!entry) {
			entry = { count: 0, first: this.order++, forms: new Map() }
			this.counts.set(key, entry)
		}
		entry.count += by
		entry.forms.set(form, (entry.forms.get(form) ?? 0) + by)
	}

	top(limit: number, minimum = 1) {
		return [...this.counts.values()]
			.filter((entry) => entry.count >= minimum)
			.sort((a, b) => b.count - a.count || a.first - b.first)
			.slice(0, limit)
			.map((entry) => [...entry.forms.entries()].sort((a, b) => b[1] - a[1])[0]![0])
	}
}

export function emojisOf(text: string): Array<string> {
	const found: Array<string> = []
	for (const { segment } of graphemes.segment(text)) {
		if (PICTOGRAPHIC.test(segment) && !NOT_EMOJI.test(segment)) found.push(segment)
	}
	return found
}

export function hashtagsOf(text: string): Array<string> {
	return [...text.matchAll(HASHTAG)].map((match) => `#${match[1]!}`)
}

/** The prose of a post: without links, hashtags, mentions and emojis. */
function prose(text: string) {
	let plain = text.replace(/https?:\/\/\S+|www\.\S+/g, ' ').replace(HASHTAG, ' ').replace(/(?<![\p{L}\p{N}])@[\p{L}\p{N}_.]+/gu, ' ')
	plain = emojisOf(plain).reduce((rest, emoji) => rest.replace(emoji, ' '), plain)
	return plain
}

function sentencesOf(text: string) {
	return text
		.split(/(?<=[.!?…])\s+|\n+/u)
		.map((sentence) => sentence.match(WORD) ?? [])
		.filter((words) => words.length > 0)
}

type Phrase = { key: string; words: number; total: number; texts: number; first: number }

function recurringPhrases(samples: Array<Array<Array<string>>>): Array<string> {
	const phrases = new Map<string, Phrase>()
	const forms = new Tally()
	let order = 0
	samples.forEach((sentences) => {
		const seen = new Set<string>()
		for (const words of sentences) {
			for (let size = 2; size <= 3; size++) {
				for (let start = 0; start + size <= words.length; start++) {
					const gram = words.slice(start, start + size)
					const lower = gram.map((word) => word.toLowerCase())
					if (STOP_WORDS.has(lower[0]!) || STOP_WORDS.has(lower[size - 1]!)) continue
					if (lower.some((word) => word.length < 2 || /^\d+$/.test(word))) continue
					const key = lower.join(' ')
					let phrase = phrases.get(key)
					if (!phrase) {
						phrase = { key, words: size, total: 0, texts: 0, first: order++ }
						phrases.set(key, phrase)
					}
					phrase.total++
					if (!seen.has(key)) {
						seen.add(key)
						phrase.texts++
					}
					forms.add(key, gram.join(' '))
				}
			}
		}
	})
	// Across several samples a phrase must recur in two of them; a single sample must repeat it.
	const recurring = [...phrases.values()].filter((p) => (samples.length > 1 ? p.texts >= 2 : p.total >= 2))
	recurring.sort((a, b) => b.texts - a.texts || b.total - a.total || b.words - a.words || a.first - b.first)
	const chosen: Array<Phrase> = []
	for (const phrase of recurring) {
		// 'gemeinsam wachsen' adds nothing next to 'gemeinsam wachsen lassen' found as often.
		const covered = chosen.some((other) => (other.key.includes(phrase.key) || phrase.key.includes(other.key)) && other.texts >= phrase.texts)
		if (!covered) chosen.push(phrase)
		if (chosen.length >= TOP) break
	}
	const spelled = new Map(forms.top(Number.MAX_SAFE_INTEGER).map((form) => [form.toLowerCase(), form]))
	return chosen.map((phrase) => withPreposition(spelled.get(phrase.key) ?? phrase.key, samples))
}

const PREPOSITIONS = new Set(['mit', 'für', 'von', 'aus', 'in', 'im', 'am', 'zum', 'zur', 'ohne', 'bei', 'beim', 'nach', 'auf', 'vom'])

/** 'Liebe gebacken' is 'Mit Liebe gebacken' when every occurrence follows the same preposition: the phrase keeps it. */
function withPreposition(phrase: string, samples: Array<Array<Array<string>>>) {
	const words = phrase.toLowerCase().split(' ')
	const before = new Map<string, number>()
	let occurrences = 0
	for (const sentences of samples) {
		for (const sentence of sentences) {
			const lower = sentence.map((word) => word.toLowerCase())
			for (let start = 0; start + words.length <= lower.length; start++) {
				if (!words.every((word, i) => lower[start + i] === word)) continue
				occurrences++
				const previous = start > 0 ? sentence[start - 1]! : ''
				before.set(previous, (before.get(previous) ?? 0) + 1)
			}
		}
	}
	const [only] = before.size === 1 ? [...before.keys()] : []
	return only && occurrences >= 2 && PREPOSITIONS.has(only.toLowerCase()) ? `${only} ${phrase}` : phrase
}

const SIGNATURE_MAX = 120

/** The last line of a sample that is not only hashtags (where a signature stands). */
function closingLine(sample: string) {
	const lines = sample
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line && line.replace(HASHTAG, '').trim() !== '')
	return lines.length > 1 ? lines[lines.length - 1]!.replace(HASHTAG, '').trim() : null
}

/** A closing line found in at least two samples (and in most of them): the agent's signature. */
function signatureOf(samples: ReadonlyArray<string>) {
	if (samples.length < 2) return null
	const lines = new Tally()
	for (const sample of samples) {
		const line = closingLine(sample)
		if (line && line.length <= SIGNATURE_MAX) lines.add(line.toLowerCase().replace(/\s+/g, ' '), line)
	}
	const [top] = lines.top(1, Math.max(2, Math.ceil(samples.length / 2)))
	return top ?? null
}

function withoutClosing(sample: string, signature: string) {
	const at = sample.toLowerCase().lastIndexOf(signature.toLowerCase())
	return at < 0 ? sample : `${sample.slice(0, at)}${sample.slice(at + signature.length)}`
}

/** Where a question usually stands: in the first sentence of a post, in its last, or neither. */
function questionPositionOf(sentencesBySample: ReadonlyArray<ReadonlyArray<string>>): 'opening' | 'closing' | null {
	let opening = 0
	let closing = 0
	for (const sentences of sentencesBySample) {
		if (sentences.length === 0) continue
		if (sentences[0]!.trim().endsWith('?')) opening++
		else if (sentences.length > 1 && sentences[sentences.length - 1]!.trim().endsWith('?')) closing++
	}
	const half = sentencesBySample.length / 2
	if (closing >= opening && closing >= half && closing > 0) return 'closing'
	if (opening >= half && opening > 0) return 'opening'
	return null
}

/** The sentences of a sample's prose, as written (for where the questions are). */
function rawSentences(sample: string) {
	const signature = closingLine(sample)
	const body = signature ? sample.slice(0, sample.lastIndexOf(signature)) : sample
	return prose(body)
		.split(/(?<=[.!?…])\s+|\n+/u)
		.map((sentence) => sentence.trim())
		.filter((sentence) => /[\p{L}\p{N}]/u.test(sentence))
}

/** The style profile of the samples (each one post or article); null when there is nothing to learn from. */
export function analyseStyle(texts: ReadonlyArray<string>): StyleProfile | null {
	const samples = texts.map((text) => text.trim().slice(0, STYLE_SAMPLE_MAX)).filter((text) => text.length > 0)
	if (samples.length === 0) return null

	const emojis = new Tally()
	const hashtags = new Tally()
	let emojiCount = 0
	let hashtagCount = 0
	let questions = 0
	let exclamations = 0
	let sieCount = 0
	let duCount = 0
	let words = 0
	let sentenceCount = 0
	const sentencesPerSample: Array<Array<Array<string>>> = []

	const signature = signatureOf(samples)
	for (const sample of samples) {
		for (const emoji of emojisOf(sample)) {
			emojis.add(emoji.replace(/\uFE0F/g, ''), emoji)
			emojiCount++
		}
		for (const tag of hashtagsOf(sample)) {
			hashtags.add(tag.toLowerCase(), tag)
			hashtagCount++
		}
		// The signature is a habit of its own, not a recurring phrase of the text.
		const plain = prose(signature ? withoutClosing(sample, signature) : sample)
		questions += (plain.match(/\?+/g) ?? []).length
		exclamations += (plain.match(/!+/g) ?? []).length
		const sentences = sentencesOf(plain)
		sentencesPerSample.push(sentences)
		for (const sentence of sentences) {
			words += sentence.length
			sentenceCount++
			sentence.forEach((word, index) => {
				// A capitalised 'Sie' or 'Ihr' opening a sentence may as well be 'she' or 'they'.
				if (index > 0 && SIE_FORMS.has(word)) sieCount++
				if (DU_FORMS.has(word.toLowerCase())) duCount++
			})
		}
	}

	const perPost = (count: number) => round1(count / samples.length)
	return {
		samples: samples.length,
		typicalLength: median(samples.map((sample) => sample.length)),
		sentenceWords: sentenceCount ? round1(words / sentenceCount) : 0,
		emojisPerPost: perPost(emojiCount),
		topEmojis: emojis.top(TOP),
		hashtagsPerPost: perPost(hashtagCount),
		// A tag used once is no habit (unless there is only the one sample).
		topHashtags: hashtags.top(TOP, samples.length > 1 ? 2 : 1),
		phrases: recurringPhrases(sentencesPerSample),
		formality: sieCount > duCount ? 'formell' : duCount > sieCount ? 'locker' : null,
		sieCount,
		duCount,
		questionsPerPost: perPost(questions),
		exclamationsPerPost: perPost(exclamations),
		signature,
		questionPosition: questions > 0 ? questionPositionOf(samples.map(rawSentences)) : null,
	}
}

/** A stored profile read back from jsonb; anything malformed reads as no profile. */
export function readStyleProfile(value: unknown): StyleProfile | null {
	if (!value || typeof value !== 'object' || Array.isArray(value)) return null
	const v = value as Record<string, unknown>
	const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0)
	const list = (x: unknown) => (Array.isArray(x) ? x.filter((item): item is string => typeof item === 'string').slice(0, TOP) : [])
	if (typeof v.samples !== 'number' || v.samples < 1) return null
	return {
		samples: num(v.samples),
		typicalLength: num(v.typicalLength),
		sentenceWords: num(v.sentenceWords),
		emojisPerPost: num(v.emojisPerPost),
		topEmojis: list(v.topEmojis),
		hashtagsPerPost: num(v.hashtagsPerPost),
		topHashtags: list(v.topHashtags),
		phrases: list(v.phrases),
		formality: v.formality === 'formell' || v.formality === 'locker' ? v.formality : null,
		sieCount: num(v.sieCount),
		duCount: num(v.duCount),
		questionsPerPost: num(v.questionsPerPost),
		exclamationsPerPost: num(v.exclamationsPerPost),
		signature: typeof v.signature === 'string' && v.signature.trim() ? v.signature.trim().slice(0, SIGNATURE_MAX) : null,
		questionPosition: v.questionPosition === 'opening' || v.questionPosition === 'closing' ? v.questionPosition : null,
	}
}
