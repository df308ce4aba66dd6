import type { AltTextRequest, AltTextWriter } from '#modules/ai/ports.ts'
import { imageFacts } from './vision.ts'

// The offline alt text (ADR 0060): German, descriptive, deterministic. A title card rendered here shows
// exactly its headline, keywords and brand name, so it is described as it is; a model's picture is
// described by what its prompt asked for; an upload by what can be measured of it and the post's topic.

export function createLocalAltText(): AltTextWriter {
	return {
		async write(request) {
			return { text: await composeAltText(request) }
		},
	}
}

export async function composeAltText(request: AltTextRequest): Promise<string> {
	const sentences = request.titleCard ? titleCardSentences(request) : request.imagePrompt !== null ? pictureSentences(request) : await uploadSentences(request)
	return fitSentences(sentences, request.maxLength)
}

function titleCardSentences(request: AltTextRequest) {
	const subject = cleanSubject(request.subject) || topicOf(request.postText)
	const keywords = cleanKeywords(request.keywords)
	return [
		`Grafik mit der Überschrift „${subject}“ in fetter Schrift auf einem farbigen Verlauf.`,
		keywords.length ? `Darunter ${keywords.length === 1 ? 'das Stichwort' : 'die Stichworte'} ${listOf(keywords)}.` : null,
		request.brandName.trim() ? `Unten der Name ${request.brandName.trim()}.` : null,
	]
}

function pictureSentences(request: AltTextRequest) {
	const subject = cleanSubject(request.subject) || topicOf(request.postText)
	const keywords = cleanKeywords(request.keywords)
	return [`Illustration zum Thema „${subject}“.`, keywords.length ? `Zu sehen sind Motive zu ${listOf(keywords)}.` : null]
}

async function uploadSentences(request: AltTextRequest) {
	const topic = topicOf(request.postText)
	const facts = request.image ? await imageFacts(request.image.bytes).catch(() => null) : null
	const look = facts ? `${facts.shape === 'quadratisch' ? 'Quadratisches Motiv' : `Motiv im ${facts.shape}`} in ${facts.colours}` : 'Motiv'
	return [topic ? `${look} zum Beitrag „${topic}“.` : `${look}.`]
}

/** The first sentence of the post, as its topic (at most 90 characters, cut at a word). */
function topicOf(text: string) {
	const first = text.replace(/#[\p{L}\p{N}_]+/gu, '').trim().split(/(?<=[.!?])\s|\n/)[0] ?? ''
	return cutAtWord(cleanSubject(first), 90)
}

const cleanSubject = (text: string) => text.replace(/\s+/g, ' ').replace(/["„“”«»]/g, '').trim().replace(/[.!?:;,]+$/u, '')

const cleanKeywords = (keywords: ReadonlyArray<string>) => [...new Set(keywords.map((k) => k.trim().replace(/^#/, '')).filter(Boolean))].slice(0, 5)

/** 'A', 'A und B', 'A, B und C'. */
function listOf(items: ReadonlyArray<string>) {
	if (items.length <= 1) return items.join('')
	return `${items.slice(0, -1).join(', ')} und ${items.at(-1)}`
}

/** Whole sentences within `max` code points; a first sentence longer than that cut at a word. */
function fitSentences(sentences: ReadonlyArray<string | null>, max: number) {
	let text = ''
	for (const sentence of sentences) {
		if (!sentence) continue
		const next = text ? `${text} ${sentence}` : sentence
		if ([...next].length > max) break
		text = next
	}
	return text || cutAtWord(sentences.find(Boolean) ?? '', max)
}

function cutAtWord(text: string, max: number) {
	const points = [...text]
	if (points.length <= max) return text
	const head = points.slice(0, Math.max(0, max - 1)).join('')
	const space = head.lastIndexOf(' ')
	return `${(space > head.length * 0.6 ? head.slice(0, space) : head).trimEnd()}…`
}
