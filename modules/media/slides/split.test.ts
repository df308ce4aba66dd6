import { describe, expect, test } from 'vitest'
import { pieces, sentences } from './sentences.ts'
import { BODY_MAX, HEADING_MAX, MERGED_MAX, splitIntoSlides, type Slide } from './split.ts'

const listPost = `5 Fehler, die fast jedes Start-up im Onboarding macht 🚀

Nach 120 Gesprächen mit Gründerinnen und Gründern sehe ich immer wieder dieselben Muster:

1. Kein klarer erster Arbeitstag
2. Zu viele Tools auf einmal
3. Niemand fühlt sich zuständig
4. Feedback erst nach drei Monaten
5. Wissen steckt in Köpfen statt in Dokumenten
6. Kein Mentor, keine Patin

Das Ergebnis?

Neue Mitarbeitende kündigen im ersten Jahr. Das kostet Zeit, Geld und Nerven.

Welcher Fehler ist euch schon passiert? Schreibt es in die Kommentare 👇

#Onboarding #HR #Startups`

const longParagraph = `Warum ich aufgehört habe, jeden Tag zu posten.

Vor zwei Jahren habe ich mir vorgenommen, jeden Tag etwas auf LinkedIn zu veröffentlichen. Am Anfang lief es großartig: Die Reichweite stieg, die Kommentare wurden mehr, und ich bekam Anfragen von Menschen, die ich sonst nie erreicht hätte. Doch nach etwa sechs Monaten merkte ich, dass die Qualität meiner Beiträge nachließ. Ich schrieb nicht mehr, weil ich etwas zu sagen hatte, sondern weil der Kalender es verlangte. Z. B. habe ich am 3. Mai einen Beitrag über Kaffeemaschinen veröffentlicht, der überhaupt nichts mit meinem Thema zu tun hatte. Heute poste ich zweimal pro Woche, und die Ergebnisse sind besser als je zuvor: weniger Beiträge, aber mehr Gespräche, mehr Vertrauen und mehr Aufträge. Qualität schlägt Quantität, d. h. nicht jede Idee muss sofort raus.`

const emojiPost = `✅ Drei Dinge, die ich über Führung gelernt habe 💡

👉 Zuhören ist wichtiger als Reden
👉 Vertrauen entsteht durch Verlässlichkeit 🤝
👉 Fehler gehören dazu – auch meine eigenen 👩‍💻

Folgt mir für mehr Gedanken zu Führung und Kultur.`

/** Every word of the text (hashtags and list markers aside) in the order the slides show them. */
const words = (text: string) => text.split(/\s+/).filter((word) => word && !word.startsWith('#'))
/** A list that goes on over several slides repeats its lead-in: counted once. */
const slideWords = (slides: Array<Slide>) =>
	slides.flatMap((slide, index) => [slide.list && slide.heading === slides[index - 1]?.heading ? '' : slide.heading, ...slide.body]).flatMap(words)

describe('splitIntoSlides', () => {
	test('a list post: the hook as title, the lead-in above its items, a short question before its answer, the call to action last', () => {
		const slides = splitIntoSlides(listPost)
		expect(slides.map((slide) => slide.kind)).toEqual(['title', 'content', 'content', 'content', 'closing'])
		expect(slides[0]).toEqual({ kind: 'title', heading: '5 Fehler, die fast jedes Start-up im Onboarding macht 🚀', body: [], list: null })
		// Six items: five on the first slide, the sixth goes on under the same lead-in.
		expect(slides[1]).toMatchObject({ heading: 'Nach 120 Gesprächen mit Gründerinnen und Gründern sehe ich immer wieder dieselben Muster:', list: 'number' })
		expect(slides[1]!.body).toEqual(['1. Kein klarer erster Arbeitstag', '2. Zu viele Tools auf einmal', '3. Niemand fühlt sich zuständig', '4. Feedback erst nach drei Monaten', '5. Wissen steckt in Köpfen statt in Dokumenten'])
		expect(slides[2]).toMatchObject({ heading: slides[1]!.heading, body: ['6. Kein Mentor, keine Patin'], list: 'number' })
		expect(slides[3]).toEqual({ kind: 'content', heading: 'Das Ergebnis?', body: ['Neue Mitarbeitende kündigen im ersten Jahr. Das kostet Zeit, Geld und Nerven.'], list: null })
		expect(slides[4]).toEqual({ kind: 'closing', heading: 'Welcher Fehler ist euch schon passiert? Schreibt es in die Kommentare 👇', body: [], list: null })
		expect(slideWords(slides)).toEqual(words(listPost))
	})

	test('a long paragraph goes by whole sentences, abbreviations and ordinals kept inside theirs, no slide over the limit', () => {
		const slides = splitIntoSlides(longParagraph)
		expect(slides[0]!.heading).toBe('Warum ich aufgehört habe, jeden Tag zu posten.')
		expect(slides.length).toBeGreaterThanOrEqual(4)
		for (const slide of slides.slice(1)) {
			expect(slide.kind).toBe('content')
			expect(slide.body.join(' ').length + slide.heading.length).toBeLessThanOrEqual(BODY_MAX)
		}
		const units = slides.flatMap((slide) => [slide.heading, ...slide.body]).filter(Boolean)
		expect(units).toContain('Z. B. habe ich am 3. Mai einen Beitrag über Kaffeemaschinen veröffentlicht, der überhaupt nichts mit meinem Thema zu tun hatte.')
		expect(units).toContain('Qualität schlägt Quantität, d. h. nicht jede Idee muss sofort raus.')
		// Not a closing slide: no call to action in the last paragraph.
		expect(slides.at(-1)!.kind).toBe('content')
		expect(slideWords(slides)).toEqual(words(longParagraph))
	})

	test('emoji bullets become a bullet list without their markers; emoji inside the text stay for the renderer to judge', () => {
		const slides = splitIntoSlides(emojiPost)
		expect(slides).toEqual([
			{ kind: 'title', heading: '✅ Drei Dinge, die ich über Führung gelernt habe 💡', body: [], list: null },
			{ kind: 'content', heading: '', body: ['Zuhören ist wichtiger als Reden', 'Vertrauen entsteht durch Verlässlichkeit 🤝', 'Fehler gehören dazu – auch meine eigenen 👩‍💻'], list: 'bullet' },
			{ kind: 'closing', heading: 'Folgt mir für mehr Gedanken zu Führung und Kultur.', body: [], list: null },
		])
	})

	test('a list whose lead-in is too long for a heading gets it as a paragraph slide before the items', () => {
		const intro = 'Wir haben in den letzten zwölf Monaten mit mehr als vierzig Teams aus Handel, Industrie und Verwaltung gesprochen, und dabei sind uns drei Muster aufgefallen:'
		const slides = splitIntoSlides(`Titel\n\n${intro}\n- Erstens\n- Zweitens\n- Drittens`)
		expect(slides.slice(1)).toEqual([
			{ kind: 'content', heading: '', body: [intro], list: null },
			{ kind: 'content', heading: '', body: ['Erstens', 'Zweitens', 'Drittens'], list: 'bullet' },
		])
	})

	test('calls to action in German are recognised; a plain last statement is not one', () => {
		const last = (text: string) => splitIntoSlides(`Titel\n\nEin Gedanke dazwischen.\n\n${text}`).at(-1)!.kind
		for (const cta of ['Was meint ihr?', 'Wie seht ihr das? 🤔', 'Teilt den Beitrag gern mit eurem Team.', 'Mehr dazu im Link in den Kommentaren.', 'Jetzt anmelden: Das Webinar ist kostenlos.', '👉 Folgen Sie uns für mehr.', 'Eure Meinung interessiert mich!']) {
			expect([cta, last(cta)]).toEqual([cta, 'closing'])
		}
		for (const statement of ['Am Ende zählt, was wir daraus lernen.', 'Das war mein Jahr 2024.']) expect([statement, last(statement)]).toEqual([statement, 'content'])
	})

	test('a hook over the heading limit keeps its first sentences as the title and carries the rest on; a two-line opening keeps its subtitle', () => {
		const hook = `${'Sehr lange Überschrift mit vielen Wörtern '.repeat(3).trim()}. ${'Und noch ein zweiter Satz, der weitergeht '.repeat(2).trim()}.`
		const slides = splitIntoSlides(`${hook}\n\nZweiter Absatz.`)
		expect(slides[0]!.heading.length).toBeLessThanOrEqual(HEADING_MAX)
		expect(slideWords(slides)).toEqual(words(`${hook} Zweiter Absatz.`))
		expect(splitIntoSlides('Die 3 Regeln für gute Meetings\n(und warum fast niemand sie kennt)\n\nErstens: eine Agenda.')[0]).toEqual({
			kind: 'title',
			heading: 'Die 3 Regeln für gute Meetings',
			body: ['(und warum fast niemand sie kennt)'],
			list: null,
		})
	})

	test('never more than maxSlides: neighbours are merged first, and the words stay in order', () => {
		const text = ['Titel', ...Array.from({ length: 30 }, (_, i) => `Absatz ${i + 1} erzählt eine kurze Geschichte über Größe und Maß.`), 'Was denkt ihr?'].join('\n\n')
		const slides = splitIntoSlides(text, { maxSlides: 20 })
		expect(slides).toHaveLength(20)
		expect(slides[0]!.kind).toBe('title')
		expect(slides.at(-1)!.kind).toBe('closing')
		expect(slideWords(slides)).toEqual(words(text))
		for (const slide of slides) expect(slide.heading.length + slide.body.join('').length).toBeLessThanOrEqual(MERGED_MAX)
		expect(splitIntoSlides(text, { maxSlides: 1 })).toEqual([{ kind: 'title', heading: 'Titel', body: [], list: null }])
	})

	test('Windows line breaks, tabs, non-breaking spaces and decomposed umlauts are tidied; empty text gives no slides', () => {
		const slides = splitIntoSlides('Gru\u0308ße\tan alle\r\n\r\nEin\u00A0Absatz.')
		expect(slides.map((slide) => slide.heading)).toEqual(['Grüße an alle', 'Ein Absatz.'])
		expect(splitIntoSlides('  \n\n #nurhashtags #mehr ')).toEqual([])
	})
})

describe('sentences and pieces', () => {
	test('German sentence ends, without breaking at abbreviations, ordinals or a lower-case continuation', () => {
		expect(sentences('Das ist gut. Das auch! Wirklich? Ja… Ende.')).toEqual(['Das ist gut.', 'Das auch!', 'Wirklich?', 'Ja…', 'Ende.'])
		expect(sentences('Wir treffen uns am 5. Oktober, d. h. bald. Dr. Meier kommt z.B. auch.')).toEqual(['Wir treffen uns am 5. Oktober, d. h. bald.', 'Dr. Meier kommt z.B. auch.'])
		expect(sentences('Er sagte: „Genug.“ Dann ging er.')).toEqual(['Er sagte: „Genug.“', 'Dann ging er.'])
	})

	test('a long sentence is cut at a clause or between words, never inside a word', () => {
		const sentence = 'Wenn wir heute über Digitalisierung sprechen, meinen wir selten Technik allein, sondern vor allem Menschen, Prozesse und eine Kultur, die Veränderung zulässt.'
		const parts = pieces(sentence, 60)
		expect(parts.join(' ')).toBe(sentence)
		for (const part of parts) expect(part.length).toBeLessThanOrEqual(60)
		expect(parts[0]).toBe('Wenn wir heute über Digitalisierung sprechen,')
		expect(pieces('https://example.com/ein/sehr/langer/pfad/ohne/leerzeichen', 20)).toEqual(['https://example.com/ein/sehr/langer/pfad/ohne/leerzeichen'])
	})
})
