// Reading a short idea ('Geburtstagsgruss für unsere Mitarbeiterin Anna, die heute 40 wird') as an
// occasion with slots: what kind of post it asks for and the names, dates, places and details in it.
// The writer fills its own sentences with these slots; it never repeats the idea (an instruction to
// the writer, not a text for the reader).

export type Occasion =
	| { kind: 'birthday'; name: string | null; role: string | null; female: boolean | null; age: number | null; own: boolean }
	| { kind: 'event'; event: string; when: string | null; where: string | null; details: Array<string> }
	| { kind: 'launch'; product: string; when: string | null; where: string | null; details: Array<string> }
	| { kind: 'hiring'; role: string; details: Array<string> }

const ROLES: ReadonlyArray<readonly [string, boolean | null]> = [
	['Mitarbeiterin', true],
	['Mitarbeiter', false],
	['Kollegin', true],
	['Kollege', false],
	['Kollegen', false],
	['Chefin', true],
	['Chef', false],
	['Geschäftsführerin', true],
	['Geschäftsführer', false],
	['Teamleiterin', true],
	['Teamleiter', false],
	['Lernende', null],
	['Lernender', false],
	['Auszubildende', null],
	['Kundin', true],
	['Kunde', false],
	['Partnerin', true],
	['Partner', false],
	['Freundin', true],
	['Freund', false],
	['Tochter', true],
	['Sohn', false],
	['Mutter', true],
	['Mama', true],
	['Vater', false],
	['Papa', false],
	['Oma', true],
	['Grossmutter', true],
	['Großmutter', true],
	['Opa', false],
	['Grossvater', false],
	['Großvater', false],
	['Schwester', true],
	['Bruder', false],
	['Gründerin', true],
	['Gründer', false],
	['Inhaberin', true],
	['Inhaber', false],
]

const WEEKDAYS = 'Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag'
const MONTHS = 'Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember'
const DAY = `(?:${WEEKDAYS})(?:,?\\s*(?:den\\s+|dem\\s+)?\\d{1,2}\\.\\s*(?:${MONTHS}|\\d{1,2}\\.(?:\\d{2,4})?))?|\\d{1,2}\\.\\s*(?:${MONTHS})|\\d{1,2}\\.\\d{1,2}\\.(?:\\d{2,4})?`
const TIME = '(?:\\s*(?:um|ab|von)\\s+\\d{1,2}(?:[.:]\\d{2})?(?:\\s*(?:bis|–|-)\\s*\\d{1,2}(?:[.:]\\d{2})?)?\\s*Uhr)'
const WHEN = new RegExp(`\\b(?:(?:am|ab|bis|vom|von|diesen|nächsten|kommenden)\\s+(?:${DAY})${TIME}?|(?:heute|morgen|übermorgen)(?:\\s+(?:abend|nachmittag|vormittag|früh))?${TIME}?|ab\\s+sofort|nächste\\s+Woche|diese\\s+Woche|${TIME.slice(3, -1)})`, 'u')
const WHERE = /\b(?:in|im|bei|auf)\s+(?:(?:unserer|unserem|unseren|unser|der|dem|den|allen)\s+)?(?:\p{Lu}[\p{L}-]+)(?:\s+\p{Lu}[\p{L}-]+)?/u
const NAME = /^\p{Lu}[\p{Ll}éèáàç]+(?:-\p{Lu}[\p{Ll}]+)?$/u
// Capitalised words that are no names after a role or a 'für'.
const NOT_NAMES = /^(Geburtstag\p{L}*|Gruss|Gruß|Grüsse|Grüße|Glückwünsche?|Post|Beitrag|Text|Team|Heute|Morgen|Sie|Ihr|Ihre|Ihren|Ihnen|Alles|Liebe[nr]?|Jahre?n?|Herzlich\p{L}*)$/u

const EVENTS = /\b(Tag der offenen Tür|[\p{L}-]*(?:Fest|Feier|Event|Veranstaltung|Workshop|Webinar|Seminar|Apéro|Apero|Eröffnung|Messe|Konzert|Lesung|Vortrag|Markt|Kurs|Treffen|Meetup|Jubiläum|Party|Führung|Degustation|Verkostung|Brunch|Turnier|Lauf|Klasse|Lektion|Training)(?:s|en|e)?)\b/iu
const LAUNCH = /\b(neu(?:e[nrs]?)?|Neuheit|ab sofort|erhältlich|lanciert|Launch|im Sortiment|im Laden|jetzt bei uns|Angebot|Aktion)\b/iu
const HIRING = /\b(wir suchen|suchen wir|Verstärkung|offene Stelle|Stellenangebot|Lehrstelle|Praktikum|Job)\b/iu
const INSTRUCTION = /^(?:bitte\s+)?(?:schreib|erstell|verfass|mach|formulier|generier|gestalt)\w*\s+(?:mir\s+|uns\s+)?(?:bitte\s+)?(?:einen|eine|ein)?\s*(?:(?:kurzen|kurze|kurzes|netten|nette|nettes|schönen|schöne|schönes|lustigen|lustige|lustiges|\p{Ll}+en)\s+)?(?:[\p{L}-]*(?:post|beitrag|text|posting|gruss|gruß|glückwunsch|ankündigung|einladung|aufruf))?\s*(?:über|zu|zum|zur|für|an)?\s*/iu

/** The idea without an instruction around it ('Schreibe einen Post über …'). */
export function withoutInstruction(idea: string) {
	return idea.replace(INSTRUCTION, '').replace(/[.!?…:;,\s]+$/u, '').trim()
}

function roleAndName(text: string) {
	for (const [role, female] of ROLES) {
		const match = text.match(new RegExp(`\\b(unsere[nmr]?|unser|meine[nmr]?|mein)?\\s*\\b${role}\\b\\s+(\\p{Lu}[\\p{L}-]+)`, 'u'))
		if (match && NAME.test(match[2]!) && !NOT_NAMES.test(match[2]!)) return { role, female, name: match[2]!, own: Boolean(match[1]) }
	}
	const named = text.match(/\b(?:für|an|von)\s+(\p{Lu}[\p{L}-]+)(?=[\s,.!]|$)/u) ?? text.match(/\b(\p{Lu}[\p{Ll}-]+)\s+(?:wird|feiert|hat)\b/u)
	const name = named?.[1]
	if (name && NAME.test(name) && !NOT_NAMES.test(name)) return { role: null, female: null, name, own: false }
	return { role: null, female: null, name: null, own: false }
}

function ageOf(text: string) {
	const match = text.match(/\b(\d{1,3})\.\s*(?:Geburtstag|Lebensjahr)|\bwird\s+(?:heute\s+|morgen\s+|am\s+\S+\s+)?(\d{1,3})\b|\b(\d{1,3})\s+Jahre\b|\b(\d{1,3})\s+wird\b/u)
	const age = Number(match?.[1] ?? match?.[2] ?? match?.[3] ?? match?.[4] ?? NaN)
	return Number.isInteger(age) && age > 0 && age < 120 ? age : null
}

/** A list in the idea: after a colon or 'mit', split at commas and the last 'und'. */
export function detailsOf(text: string): Array<string> {
	const tail = text.match(/:\s*([^:]+)$/u)?.[1] ?? text.match(/\bmit\s+([^.:!?]+,[^.:!?]+)$/u)?.[1]
	if (!tail) return []
	const items = tail
		.split(/,\s*|\s+und\s+|\s+sowie\s+/u)
		.map((item) => item.trim().replace(/[.!?…]+$/u, ''))
		.filter((item) => item.length >= 3 && item.length <= 80 && !WHEN.test(item))
	return items.length >= 2 ? items.slice(0, 6) : []
}

function cleanPhrase(phrase: string | undefined) {
	return phrase?.replace(/\s+/g, ' ').replace(/[,.:;]+$/u, '').trim() || null
}

/** The product of a launch: the noun after 'neu…' or the first noun of the idea, with an 'aus/mit …' attached. */
function productOf(text: string) {
	const phrase = '(\\p{Lu}[\\p{L}-]+(?:\\s+(?:aus|mit|für|von)\\s+(?:\\p{Ll}+\\s+)?\\p{Lu}[\\p{L}-]+)?)'
	const afterNew = text.match(new RegExp(`\\bneue[nrs]?\\s+(?:\\p{Ll}+e[nrs]?\\s+)?${phrase}`, 'u')) ?? text.match(new RegExp(`\\bNeu(?:heit)?:\\s*${phrase}`, 'u'))
	if (afterNew) return afterNew[1]!
	const words = text.split(/\s+/)
	const index = words.findIndex((word, i) => i > 0 && /^\p{Lu}\p{Ll}{2,}/u.test(word) && !WEEKDAYS.includes(word) && !NOT_NAMES.test(word))
	return index > 0 ? text.split(/\s+/).slice(index).join(' ').match(new RegExp(phrase, 'u'))?.[1] ?? null : null
}

/** The kind of post a short idea asks for and its slots; null for an idea about a topic. */
export function readOccasion(idea: string): Occasion | null {
	const whole = idea.replace(/\s+/g, ' ').trim()
	if (/geburtstag|wiegenfest|birthday/iu.test(whole)) return { kind: 'birthday', ...roleAndName(whole), age: ageOf(whole) }
	const text = withoutInstruction(whole)
	const when = cleanPhrase(text.match(WHEN)?.[0])
	const where = cleanPhrase(text.match(WHERE)?.[0])
	const details = detailsOf(text)
	if (HIRING.test(text)) {
		const role = text.match(/\b(?:suchen(?:\s+wir)?|Verstärkung(?:\s+als)?|als)\s+(?:eine[nrs]?\s+|ab\s+sofort\s+(?:eine[nrs]?\s+)?)?(\p{Lu}[\p{L}/*:-]+(?:\s*\([^)]*\))?)/u)?.[1]
		if (role) return { kind: 'hiring', role, details }
	}
	const event = text.match(EVENTS)?.[1]
	if (event && (when || details.length)) return { kind: 'event', event: /^Tag der/iu.test(event) ? 'Tag der offenen Tür' : event.charAt(0).toLocaleUpperCase('de') + event.slice(1), when, where, details }
	if (LAUNCH.test(text)) {
		const product = productOf(text)
		if (product) return { kind: 'launch', product, when, where, details }
	}
	return null
}
