import type { Occasion } from './occasion.ts'
import { cap, emojis, pick, s, shuffle, w, type Context, type Parts, type Shape } from './voice.ts'

// Posts for an occasion (a birthday, an event, something new, a job): sentence templates per kind whose
// slots come from the idea. Every sentence is written to be grammatical whatever fills the slot: a name
// takes no article, a product or an event stands after a colon or with 'gibt es', and the agent's form of
// address (s) and voice (w: 'wir' for a brand, 'ich' for a person) decide every pronoun.

type Line<O> = (c: Context, o: O) => string | null
type Birthday = Extract<Occasion, { kind: 'birthday' }>
type Event = Extract<Occasion, { kind: 'event' }>
type Launch = Extract<Occasion, { kind: 'launch' }>
type Hiring = Extract<Occasion, { kind: 'hiring' }>

function choose<O>(c: Context, o: O, bank: ReadonlyArray<Line<O>>): string | null {
	const options = bank.map((line) => line(c, o)).filter((text): text is string => Boolean(text))
	return options.length ? pick(c.rng, options) : null
}

const at = (o: { when: string | null; where: string | null }) => [o.when, o.where].filter(Boolean).join(' ')
const spaced = (text: string) => (text ? ` ${text}` : '')

// ---------------------------------------------------------------------------------------------
// Birthday

/** 'unsere Mitarbeiterin Anna', 'Anna' or null. */
function whoOf(c: Context, o: Birthday) {
	if (!o.name) return null
	if (!o.role) return o.name
	if (!o.own || o.female === null) return `${o.role} ${o.name}`
	return `${o.female ? w(c, 'unsere', 'meine') : w(c, 'unser', 'mein')} ${o.role} ${o.name}`
}

const ordinal = (o: Birthday) => (o.age ? `${o.age}. ` : '')

const BIRTHDAY_HOOKS: ReadonlyArray<Line<Birthday>> = [
	(_, o) => (o.name ? `Alles Gute zum ${ordinal(o)}Geburtstag, ${o.name}!` : null),
	(_, o) => (o.name ? `Herzlichen Glückwunsch zum ${ordinal(o)}Geburtstag, ${o.name}!` : null),
	(_, o) => (o.name ? `Happy Birthday, ${o.name}!` : null),
	(_, o) => (o.name ? `Heute wird gefeiert: ${o.name} hat Geburtstag!` : null),
	(_, o) => (o.name ? `Ein Hoch auf ${o.name}!` : null),
	(_, o) => (o.name && o.age ? `${o.age} Jahre ${o.name} – herzlichen Glückwunsch!` : null),
	(_, o) => (o.name ? null : `Heute gibt es etwas zu feiern: einen ${ordinal(o)}Geburtstag!`),
	(_, o) => (o.name ? null : `Herzlichen Glückwunsch zum ${ordinal(o)}Geburtstag!`),
]

const BIRTHDAY_NEWS: ReadonlyArray<Line<Birthday>> = [
	(c, o) => {
		const who = whoOf(c, o)
		if (!who) return null
		if (o.female === null) return `Heute hat ${who} Geburtstag${o.age ? ` – ${o.age} Jahre` : ''}.`
		return `Heute feiert ${who} ${o.female ? 'ihren' : 'seinen'} ${ordinal(o)}Geburtstag.`
	},
	(c, o) => {
		const who = whoOf(c, o)
		return who ? `Heute ist ein besonderer Tag: ${who} hat Geburtstag${o.age ? ` und wird ${o.age} Jahre alt` : ''}.` : null
	},
	(_, o) => (o.name ? null : `Heute ist ein besonderer Tag${o.age ? `: ${o.age} Jahre` : ''}.`),
	(c, o) => {
		const who = whoOf(c, o)
		return who && o.role ? `${w(c, 'Bei uns', 'Bei mir')} wird heute gefeiert, denn ${who} hat Geburtstag.` : null
	},
]

const BIRTHDAY_THANKS: ReadonlyArray<Line<Birthday>> = [
	(c, o) => (o.name && o.role && c.we ? `Wir freuen uns jeden Tag über die Zusammenarbeit mit ${o.name}.` : null),
	(c, o) => (o.name && o.role && c.we ? `Danke, dass ${o.name} mit so viel Herz dabei ist.` : null),
	(c, o) => (o.name ? `${w(c, 'Wir sind', 'Ich bin')} dankbar, ${o.name} an ${w(c, 'unserer', 'meiner')} Seite zu haben.` : null),
	(_, o) => (o.age && o.age % 10 === 0 ? `${o.age} Jahre – ein runder Geburtstag, der gefeiert werden will!` : null),
	(c, o) => (o.name && o.role ? `${o.name} bringt ${w(c, 'unser Team', 'mich')} jeden Tag ein Stück weiter.` : null),
	(c, o) => (o.name ? `Schön, dass es ${o.name} gibt!` : null),
]

const BIRTHDAY_WISHES: ReadonlyArray<Line<Birthday>> = [
	(c, o) => `${w(c, 'Wir wünschen', 'Ich wünsche')} ${o.name ?? 'dem Geburtstagskind'} einen wunderbaren Tag und ein neues Lebensjahr voller Freude, Gesundheit und schöner Momente.`,
	(c, o) => `${w(c, 'Wir wünschen', 'Ich wünsche')} ${o.name ?? 'dem Geburtstagskind'} von Herzen alles Liebe, viel Gesundheit und ein Jahr voller guter Überraschungen.`,
	(c, o) => `Auf ein Jahr voller Freude, Erfolg und schöner Begegnungen – ${w(c, 'wir stossen', 'ich stosse')} auf ${o.name ?? 'das Geburtstagskind'} an!`,
	(c, o) => `${w(c, 'Wir wünschen', 'Ich wünsche')} ${o.name ?? 'dem Geburtstagskind'} einen Tag mit viel Lachen, guten Gesprächen und feinem Kuchen.`,
	(c, o) => `Für das neue Lebensjahr ${w(c, 'wünschen wir', 'wünsche ich')} ${o.name ?? 'dem Geburtstagskind'} Glück, Gesundheit und viele Momente zum Geniessen.`,
]

const BIRTHDAY_CTAS: ReadonlyArray<Line<Birthday>> = [
	(c) => `${s(c, 'Gratuliere', 'Gratulieren Sie')} mit ${w(c, 'uns', 'mir')} in den Kommentaren!`,
	(c, o) => `${s(c, 'Schreib', 'Schreiben Sie')} ${o.name ?? 'dem Geburtstagskind'} gern ein paar Zeilen in die Kommentare.`,
	(c) => `${s(c, 'Feierst du mit? Lass', 'Feiern Sie mit? Lassen Sie')} einen Glückwunsch in den Kommentaren da.`,
	(c, o) => `${s(c, 'Hast du', 'Haben Sie')} einen Geburtstagswunsch für ${o.name ?? 'das Geburtstagskind'}? Ab damit in die Kommentare!`,
]

function birthdayParts(c: Context, o: Birthday, shape: Shape): Parts {
	const hook = withEmojis(c, choose(c, o, BIRTHDAY_HOOKS)!, ['🎂', '🎉', '🥳', '🎈'])
	const news = choose(c, o, BIRTHDAY_NEWS)
	const thanks = choose(c, o, BIRTHDAY_THANKS)
	const wishes = choose(c, o, BIRTHDAY_WISHES)!
	const cta = choose(c, o, BIRTHDAY_CTAS)
	const body = [news, thanks, wishes].filter((line): line is string => Boolean(line))
	if (shape === 'authentic') return parts(hook, [], null, [news, wishes].filter((line): line is string => Boolean(line)), cta)
	if (shape === 'snappy') return parts(hook, [], null, body, cta)
	return parts(hook, [], null, shape === 'original' ? [body.slice(0, 2).join(' '), ...body.slice(2)] : body, cta)
}

// ---------------------------------------------------------------------------------------------
// Event

const EVENT_HOOKS: ReadonlyArray<Line<Event>> = [
	(c, o) => `${w(c, 'Wir laden', 'Ich lade')} ${s(c, 'dich', 'Sie')} herzlich ein: ${o.event}${spaced(at(o))}!`,
	(_, o) => `Save the Date: ${o.event}${spaced(at(o))}!`,
	(_, o) => `Jetzt vormerken: ${o.event}${spaced(at(o))}.`,
	(_, o) => (o.when ? `${cap(o.when)} ist es so weit: ${o.event}${spaced(o.where ?? '')}!` : null),
	(_, o) => `Bitte vormerken: ${o.event}${spaced(at(o))}.`,
	(c, o) => `${w(c, 'Wir öffnen unsere Türen', 'Ich öffne meine Türen')}: ${o.event}${spaced(at(o))}!`,
]

const EVENT_INTROS: ReadonlyArray<Line<Event>> = [
	(c, o) => `${w(c, 'Wir freuen uns', 'Ich freue mich')} auf ${s(c, 'deinen', 'Ihren')} Besuch${spaced(o.where ?? '')}.`,
	(c) => `${s(c, 'Bring', 'Bringen Sie')} gern Familie, Freunde und Kolleginnen mit.`,
	(c, o) => (o.when ? `${s(c, 'Komm', 'Kommen Sie')} vorbei – ${o.when}!` : null),
	(c) => `${w(c, 'Wir haben', 'Ich habe')} einiges vorbereitet, und es lohnt sich, dabei zu sein.`,
	(c) => `Ob ${s(c, 'du schon lange dabei bist', 'Sie schon lange dabei sind')} oder zum ersten Mal ${s(c, 'kommst', 'kommen')}: Alle sind willkommen.`,
	(c) => `Der Eintritt ist frei – ${s(c, 'komm einfach vorbei', 'kommen Sie einfach vorbei')}.`,
]

const EVENT_LEADS: ReadonlyArray<Line<Event>> = [(c) => `Das erwartet ${s(c, 'dich', 'Sie')}:`, () => 'Auf dem Programm:', (c) => `Darauf ${s(c, 'kannst du dich', 'können Sie sich')} freuen:`]

const EVENT_CTAS: ReadonlyArray<Line<Event>> = [
	(c) => `${s(c, 'Sag', 'Sagen Sie')} ${w(c, 'uns', 'mir')} in den Kommentaren, ob ${s(c, 'du dabei bist', 'Sie dabei sind')}!`,
	(c) => `${s(c, 'Markiere', 'Markieren Sie')} jemanden, der unbedingt mitkommen sollte.`,
	(c) => `${w(c, 'Wir freuen uns', 'Ich freue mich')} auf ${s(c, 'dich', 'Sie')}!`,
	(c) => `${s(c, 'Bist du dabei?', 'Sind Sie dabei?')} ${w(c, 'Wir freuen uns', 'Ich freue mich')} auf ${s(c, 'dich', 'Sie')}.`,
	(c) => `${s(c, 'Teile', 'Teilen Sie')} den Beitrag mit allen, die das nicht verpassen sollten.`,
	(c) => `Bis bald – ${w(c, 'wir freuen uns', 'ich freue mich')} auf ${s(c, 'deinen', 'Ihren')} Besuch!`,
]

function eventParts(c: Context, o: Event, shape: Shape): Parts {
	const hook = withEmojis(c, choose(c, o, EVENT_HOOKS)!, ['📅', '🎉', '📍', '✨'])
	const intro = choose(c, o, EVENT_INTROS)
	const lead = o.details.length >= 2 ? choose(c, o, EVENT_LEADS) : null
	return listParts(c, shape, hook, intro, lead, o.details, choose(c, o, EVENT_CTAS))
}

// ---------------------------------------------------------------------------------------------
// Something new

const LAUNCH_HOOKS: ReadonlyArray<Line<Launch>> = [
	(c, o) => `Neu ${w(c, 'bei uns', 'bei mir')}: ${o.product}!`,
	(_, o) => `Darauf haben viele gewartet: ${o.product}.`,
	(_, o) => `Neu im Angebot: ${o.product}!`,
	(_, o) => `Endlich da: ${o.product}!`,
	(c, o) => `${w(c, 'Wir stellen vor', 'Ich stelle vor')}: ${o.product}.`,
	(c, o) => `${w(c, 'Wir haben', 'Ich habe')} Neuigkeiten: ${o.product}!`,
]

const LAUNCH_FACTS: ReadonlyArray<Line<Launch>> = [
	(_, o) => `${cap(o.product)} gibt es ${o.when ?? 'ab sofort'}${spaced(o.where ?? '')}.`,
	(_, o) => (o.when ? `${cap(o.when)} ist es so weit${o.where ? ` – ${o.where}` : ''}.` : null),
]

const LAUNCH_INTROS: ReadonlyArray<Line<Launch>> = [
	(c) => `${w(c, 'Wir haben', 'Ich habe')} lange daran gearbeitet – und ${w(c, 'sind', 'bin')} gespannt, wie es ${s(c, 'dir', 'Ihnen')} gefällt.`,
	(c) => `${w(c, 'Wir sind', 'Ich bin')} gespannt auf ${s(c, 'deine', 'Ihre')} Meinung.`,
	(c) => `${w(c, 'Unsere', 'Meine')} Empfehlung: ${s(c, 'komm früh vorbei', 'kommen Sie früh vorbei')}, solange es alles hat.`,
	(c) => `${w(c, 'Wir sind', 'Ich bin')} stolz darauf – und neugierig, was ${s(c, 'du sagst', 'Sie sagen')}.`,
	() => 'Manchmal sind es die neuen Dinge, die den Alltag schöner machen.',
]

const LAUNCH_LEADS: ReadonlyArray<Line<Launch>> = [() => 'Das Wichtigste in Kürze:', (c) => `Was ${s(c, 'dich', 'Sie')} erwartet:`]

const LAUNCH_CTAS: ReadonlyArray<Line<Launch>> = [
	(c) => `${s(c, 'Was meinst du', 'Was meinen Sie')} – ${s(c, 'probierst du es', 'probieren Sie es')} aus?`,
	(c) => `${s(c, 'Probier', 'Probieren Sie')} es aus und ${s(c, 'überzeug dich', 'überzeugen Sie sich')} selbst!`,
	(c) => `${s(c, 'Schau', 'Schauen Sie')} vorbei und ${s(c, 'sag', 'sagen Sie')} ${w(c, 'uns', 'mir')}, wie es ${s(c, 'dir', 'Ihnen')} gefällt!`,
	(c) => `${s(c, 'Erzähl', 'Erzählen Sie')} ${w(c, 'uns', 'mir')} in den Kommentaren, was ${s(c, 'du davon hältst', 'Sie davon halten')}.`,
	(c) => `${w(c, 'Wir freuen uns', 'Ich freue mich')} auf ${s(c, 'deinen', 'Ihren')} Besuch!`,
	(c) => `${s(c, 'Sag', 'Sagen Sie')} ${w(c, 'uns', 'mir')} ehrlich: Wie gefällt es ${s(c, 'dir', 'Ihnen')}?`,
	(c) => `${s(c, 'Markiere', 'Markieren Sie')} jemanden, der das sehen sollte!`,
]

function launchParts(c: Context, o: Launch, shape: Shape): Parts {
	const hook = withEmojis(c, choose(c, o, LAUNCH_HOOKS)!, ['✨', '🆕', '🙌', '👀'])
	const fact = o.when || o.where ? choose(c, o, LAUNCH_FACTS) : null
	const intro = [fact, shape === 'authentic' && fact ? null : choose(c, o, LAUNCH_INTROS)].filter(Boolean).join(' ')
	const lead = o.details.length >= 2 ? choose(c, o, LAUNCH_LEADS) : null
	return listParts(c, shape, hook, intro || null, lead, o.details, choose(c, o, LAUNCH_CTAS))
}

// ---------------------------------------------------------------------------------------------
// A job

const HIRING_HOOKS: ReadonlyArray<Line<Hiring>> = [
	(c, o) => `${w(c, 'Wir suchen', 'Ich suche')} Verstärkung: ${o.role}!`,
	(_, o) => `Job-Alarm: ${o.role} gesucht!`,
	(c, o) => `${w(c, 'Unser Team wächst', 'Ich brauche Unterstützung')} – gesucht: ${o.role}.`,
	(_, o) => `Stellenangebot: ${o.role}.`,
	(c, o) => `${w(c, 'Wir stellen ein', 'Ich stelle ein')}: ${o.role}!`,
	(c, o) => `Verstärkung gesucht: ${o.role} – ${s(c, 'bist du', 'sind Sie')} dabei?`,
]

const HIRING_INTROS: ReadonlyArray<Line<Hiring>> = [
	(c) => `${s(c, 'Du arbeitest gern im Team und packst an', 'Sie arbeiten gern im Team und packen an')}? Dann ${w(c, 'freuen wir uns', 'freue ich mich')} auf ${s(c, 'deine', 'Ihre')} Bewerbung.`,
	(c) => `${s(c, 'Du suchst', 'Sie suchen')} eine Aufgabe mit Sinn und ein Team, das zusammenhält? Dann ${s(c, 'bist du', 'sind Sie')} hier richtig.`,
	(c) => `Bei ${w(c, 'uns', 'mir')} ${s(c, 'erwartet dich', 'erwartet Sie')} ein herzliches Team und viel Raum für eigene Ideen.`,
	(c) => `${s(c, 'Du bringst', 'Sie bringen')} Freude an der Arbeit mit – den Rest ${w(c, 'zeigen wir', 'zeige ich')} ${s(c, 'dir', 'Ihnen')}.`,
	() => 'Quereinsteigerinnen und Quereinsteiger sind herzlich willkommen.',
]

const HIRING_BENEFITS: ReadonlyArray<Line<Hiring>> = [
	() => 'Faire Arbeitszeiten, ein gutes Klima und echte Wertschätzung gehören dazu.',
	(c) => `${w(c, 'Wir bieten', 'Ich biete')} eine gründliche Einarbeitung und ein Team, das sich aufeinander verlassen kann.`,
	() => 'Kurze Wege, flache Hierarchien und Platz für Weiterbildung.',
	() => 'Der Einstieg ist nach Absprache möglich.',
]

const HIRING_CTAS: ReadonlyArray<Line<Hiring>> = [
	(c) => `${s(c, 'Kennst du', 'Kennen Sie')} jemanden, der passt? ${s(c, 'Teile', 'Teilen Sie')} den Beitrag gern!`,
	(c) => `${s(c, 'Schreib', 'Schreiben Sie')} ${w(c, 'uns', 'mir')} eine Nachricht – ${w(c, 'wir melden uns', 'ich melde mich')} rasch.`,
	(c) => `${s(c, 'Bewirb dich', 'Bewerben Sie sich')} gern direkt per Nachricht.`,
	(c) => `${s(c, 'Interessiert? Melde dich', 'Interessiert? Melden Sie sich')} – ${w(c, 'wir freuen uns', 'ich freue mich')} auf ${s(c, 'dich', 'Sie')}!`,
	(c) => `${s(c, 'Hilf', 'Helfen Sie')} ${w(c, 'uns', 'mir')} beim Suchen und ${s(c, 'teile', 'teilen Sie')} den Beitrag.`,
]

function hiringParts(c: Context, o: Hiring, shape: Shape): Parts {
	const hook = withEmojis(c, choose(c, o, HIRING_HOOKS)!, ['🙌', '💼', '🚀'])
	const lead = o.details.length >= 2 ? 'Die Eckdaten:' : null
	const intro = [choose(c, o, HIRING_INTROS), shape === 'authentic' ? null : choose(c, o, HIRING_BENEFITS)].filter(Boolean).join(' ')
	return listParts(c, shape, hook, intro, lead, o.details, choose(c, o, HIRING_CTAS))
}

// ---------------------------------------------------------------------------------------------

function parts(hook: string, intro: Array<string>, lead: string | null, items: Array<string>, cta: string | null): Parts {
	return { hook, intro, lead, items, cta, tags: [], minTags: 0 }
}

/** The hook with the agent's own emojis first, else the occasion's ones, as many as the agent and platform allow. */
function withEmojis(c: Context, hook: string, own: ReadonlyArray<string>) {
	const count = Math.min(c.emojis, 3)
	if (count <= 0) return hook
	const pool = [...c.favouriteEmojis, ...shuffle(c.rng, own.filter((emoji) => !c.favouriteEmojis.includes(emoji))), ...emojis(c, count)]
	return `${hook} ${pool.slice(0, count).join(' ')}`
}

/** A list that lists: the lead only with two or more details; a short post lists them in one sentence. */
function listParts(c: Context, shape: Shape, hook: string, intro: string | null, lead: string | null, details: ReadonlyArray<string>, cta: string | null): Parts {
	if (!lead) return parts(hook, [], null, intro ? [intro] : [], cta)
	if (shape === 'authentic') return parts(hook, [], null, [`${lead} ${details.join(', ')}.`], cta)
	const marker = shape === 'snappy' ? (c.emojis >= 3 ? '✅ ' : '– ') : '→ '
	return parts(hook, intro ? [intro] : [], lead, details.map((detail) => `${marker}${detail}`), cta)
}

/** The parts of a post for an occasion, in the shape of the platform. */
export function occasionParts(c: Context, occasion: Occasion, shape: Shape): Parts {
	switch (occasion.kind) {
		case 'birthday':
			return birthdayParts(c, occasion, shape)
		case 'event':
			return eventParts(c, occasion, shape)
		case 'launch':
			return launchParts(c, occasion, shape)
		case 'hiring':
			return hiringParts(c, occasion, shape)
	}
}

/** Hashtags that say what the occasion is, before the idea's own nouns. */
export function occasionTags(occasion: Occasion): Array<string> {
	switch (occasion.kind) {
		case 'birthday':
			return ['Geburtstag', ...(occasion.role ? ['Team'] : [])]
		case 'event':
			return [occasion.event]
		case 'launch':
			return [occasion.product.split(/\s+/)[0]!, 'Neuheit']
		case 'hiring':
			return ['Jobs', 'Stellenangebot']
	}
}
