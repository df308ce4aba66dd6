import { pieces, sentences } from './sentences.ts'

// Pure and shared with the browser (the slide editor shows the same split): a post's text as a deck of
// slides, one idea per slide. The first line (the hook) is the title slide; paragraphs, list items
// and sentences follow, grouped so each slide stays short enough to read at a glance; a closing call to
// action gets its own last slide. Lines of hashtags are left out. A word is never cut.

export type Slide = {
	kind: 'title' | 'content' | 'closing'
	/** The big line: the hook, a list's lead-in, a short line before its explanation; '' for none. */
	heading: string
	/** The smaller lines below the heading, in order: list items (without their marker) or sentences. */
	body: Array<string>
	/** How `body` is drawn: as bullet points, as a numbered list (the items keep their '1.'), or as text. */
	list: 'bullet' | 'number' | null
}

export type SplitOptions = { maxSlides?: number }

/** Characters of the title slide's hook and of a heading; longer ones are cut at words and go on below. */
export const HEADING_MAX = 140
/** Characters of a content slide's body: a few sentences at a size read on a phone. */
export const BODY_MAX = 300
/** A merged slide (only when the deck is over `maxSlides`) holds up to this much; the renderer still fits it. */
export const MERGED_MAX = 2 * BODY_MAX
const ITEMS_MAX = 5
/** A short line on its own that introduces the paragraph after it ('Das Ergebnis?') becomes that slide's heading. */
const LEAD_MAX = 80
const SUBTITLE_MAX = 100
const CLOSING_MAX = 280
export const DEFAULT_MAX_SLIDES = 20

// '- ', '• ', '* ', '→ ', '1. ', '2) ', 'a) ', an emoji (with its variation selector or keycap) and a space.
const BULLET = /^(?:[-–—•*·▪▸►▶→➔➜✓✔☐☑✗✘]|\p{Extended_Pictographic}(?:\u{FE0F}|\u{200D}\p{Extended_Pictographic})*|\d\u{FE0F}?\u{20E3})\s+/u
const NUMBER = /^(?:\d{1,2}|[a-z])[.)]\s+/u
const HASHTAG_LINE = /^(?:#[\p{L}\p{N}_]+[\s,.]*)+$/u
const CALL_TO_ACTION = new RegExp(
	[
		'\\?\\s*\\S{0,3}$', // ends in a question to the readers (an emoji may follow)
		'^\\s*(?:👉|➡️|👇|→)',
		'\\b(?:kommentier|abonnier|kontaktier|like|klick|dm\\b)',
		'\\b(?:schreib|schick|teil|folg|meld|hol|sicher|buch|lass|vernetz)(?:e|t|en sie)? (?:mir|uns|dich|euch|sich|es|den|diesen|das|gern|ihn|sie)\\b',
		'\\b(?:link|mehr) (?:in|im|unter|dazu|erfahren)\\b',
		'\\berfahren? (?:sie )?mehr\\b',
		'\\bjetzt (?:anmelden|lesen|testen|buchen|entdecken|herunterladen|kostenlos|sichern|bewerben)\\b',
		'\\b(?:eure|ihre|deine) (?:meinung|erfahrung)',
	].join('|'),
	'iu',
)

type Block = { lines: Array<string> }

/** The slides of a text; [] for an empty one. At most `maxSlides` (default 20): neighbours are merged, and only past `MERGED_MAX` is the rest left out. */
export function splitIntoSlides(text: string, options: SplitOptions = {}): Array<Slide> {
	const maxSlides = Math.max(1, options.maxSlides ?? DEFAULT_MAX_SLIDES)
	const blocks = toBlocks(text)
	const first = blocks.shift()
	if (!first) return []
	const { slide: title, rest } = titleSlide(first)
	if (rest) blocks.unshift(rest)
	const last = blocks.at(-1)
	const closing = last && isCallToAction(last) ? (blocks.pop(), closingSlides(last)) : []
	const content = contentSlides(blocks)
	return fit([title], content, closing, maxSlides)
}

/** Paragraphs (split at empty lines) of trimmed lines, without lines of hashtags. */
function toBlocks(text: string): Array<Block> {
	const lines = text
		.normalize('NFC')
		.replace(/\r\n?/g, '\n')
		.replace(/[\t\u00A0\u202F]/g, ' ')
		.split('\n')
		.map((line) => line.replace(/ {2,}/g, ' ').trim())
		.filter((line) => !HASHTAG_LINE.test(line))
	const blocks: Array<Block> = []
	let current: Array<string> = []
	for (const line of [...lines, '']) {
		if (line) current.push(line)
		else if (current.length) {
			blocks.push({ lines: current })
			current = []
		}
	}
	return blocks
}

/** The hook (the first line, or its first sentences up to HEADING_MAX) and what remains of the first paragraph. */
function titleSlide(block: Block): { slide: Slide; rest: Block | null } {
	const [hook = '', ...others] = block.lines
	const [heading = '', ...overflow] = fitHeading(hook)
	const remaining = [...(overflow.length ? [overflow.join(' ')] : []), ...others]
	const subtitle = overflow.length === 0 && others.length === 1 && others[0]!.length <= SUBTITLE_MAX && !isItem(others[0]!) ? others[0]! : null
	return {
		slide: { kind: 'title', heading, body: subtitle ? [subtitle] : [], list: null },
		rest: subtitle || remaining.length === 0 ? null : { lines: remaining },
	}
}

/** Sentences of a heading up to HEADING_MAX; the first element is the heading, the rest overflow. */
function fitHeading(line: string): Array<string> {
	if (line.length <= HEADING_MAX) return [line]
	const units = sentences(line).flatMap((sentence) => pieces(sentence, HEADING_MAX))
	const [head = '', ...rest] = pack(units, HEADING_MAX)
	return [head, ...rest]
}

function isCallToAction(block: Block) {
	const text = block.lines.join(' ')
	return text.length <= CLOSING_MAX && listStart(block.lines) < 0 && CALL_TO_ACTION.test(text)
}

function closingSlides(block: Block): Array<Slide> {
	const [heading = '', ...body] = block.lines
	return [{ kind: 'closing', heading, body, list: null }]
}

function contentSlides(blocks: Array<Block>): Array<Slide> {
	const slides: Array<Slide> = []
	let lead: string | null = null
	for (const [index, block] of blocks.entries()) {
		const next = blocks[index + 1]
		const single = block.lines.length === 1 ? block.lines[0]! : null
		if (lead === null && single !== null && isLead(single) && next && !startsWithLead(next)) {
			lead = single
			continue
		}
		slides.push(...blockSlides(block, lead))
		lead = null
	}
	return slides
}

/**
 * A line that introduces the block after it: a short question or headline ('Das Ergebnis?', 'Mein
 * Learning'), or one that announces what follows ('… sehe ich immer wieder dieselben Muster:'). A short
 * statement ('Das war's.') is an idea of its own.
 */
const isLead = (line: string) =>
	!isItem(line) && ((line.length <= LEAD_MAX && !/[.!…]["'»«“”‘’)]*$/u.test(line)) || (line.endsWith(':') && line.length <= HEADING_MAX))

/** A list block that has its own lead-in line keeps it; another lead would stack two headings. */
function startsWithLead(block: Block) {
	return listStart(block.lines) > 0
}

/** One block: a list (two or more items) or a paragraph. */
function blockSlides(block: Block, lead: string | null): Array<Slide> {
	const start = listStart(block.lines)
	if (start >= 0) {
		const intro = block.lines.slice(0, start)
		const { items, after, style } = listItems(block.lines.slice(start))
		const heading = [lead, ...intro].filter(Boolean).join(' ')
		// A lead-in too long for a heading is a paragraph of its own before the list.
		const slides =
			heading.length <= HEADING_MAX ? listSlides(heading, items, style) : [...paragraphSlides(intro, lead), ...listSlides('', items, style)]
		return after.length ? [...slides, ...paragraphSlides(after, null)] : slides
	}
	return paragraphSlides(block.lines, lead)
}

const isItem = (line: string) => BULLET.test(line) || NUMBER.test(line)
/** A bullet's marker goes (the slide draws its own); a number stays, it is part of the order. */
const itemText = (line: string) => (NUMBER.test(line) ? line : line.replace(BULLET, ''))

/** Where a list starts in a block (two or more item lines), or -1. */
function listStart(lines: Array<string>): number {
	const first = lines.findIndex(isItem)
	if (first < 0 || lines.filter(isItem).length < 2) return -1
	return first
}

/** The items (a line that is not an item continues the one before) and the lines after the list. */
function listItems(lines: Array<string>): { items: Array<string>; after: Array<string>; style: 'bullet' | 'number' } {
	const lastItem = lines.findLastIndex(isItem)
	// Non-item lines between items continue the item above; those after the last item are a paragraph.
	const merged: Array<string> = []
	for (const line of lines.slice(0, lastItem + 1)) {
		if (isItem(line)) merged.push(itemText(line))
		else if (merged.length) merged[merged.length - 1] += ` ${line}`
	}
	const numbered = lines.filter(isItem).every((line) => NUMBER.test(line))
	return { items: merged, after: lines.slice(lastItem + 1), style: numbered ? 'number' : 'bullet' }
}

function listSlides(heading: string, items: Array<string>, style: 'bullet' | 'number'): Array<Slide> {
	const units = items.flatMap((item) => pieces(item, BODY_MAX))
	const slides: Array<Slide> = []
	let body: Array<string> = []
	let size = 0
	for (const unit of units) {
		if (body.length && (body.length >= ITEMS_MAX || size + unit.length > BODY_MAX)) {
			slides.push({ kind: 'content', heading, body, list: style })
			body = []
			size = 0
		}
		body.push(unit)
		size += unit.length
	}
	if (body.length) slides.push({ kind: 'content', heading, body, list: style })
	return slides
}

/**
 * A paragraph: its lines (a post's line breaks are deliberate) as they are when the whole fits one
 * slide, else its sentences packed into slides. A slide's first short line is its heading when more follows.
 */
function paragraphSlides(lines: Array<string>, lead: string | null): Array<Slide> {
	const whole = lines.join(' ')
	const units = whole.length <= BODY_MAX ? lines : lines.flatMap(sentences).flatMap((sentence) => pieces(sentence, BODY_MAX))
	const groups = whole.length <= BODY_MAX ? [units] : packLines(units, BODY_MAX)
	return groups.map((group, index) => {
		if (index === 0 && lead) return { kind: 'content', heading: lead, body: group, list: null }
		const [first = '', ...more] = group
		if (more.length && first.length <= LEAD_MAX) return { kind: 'content', heading: first, body: more, list: null }
		// A single statement reads best big, as the heading; a long text stays body text.
		if (!more.length && first.length <= HEADING_MAX) return { kind: 'content', heading: first, body: [], list: null }
		return { kind: 'content', heading: '', body: group, list: null }
	})
}

/** Units joined with spaces into strings of at most `max` characters. */
function pack(units: Array<string>, max: number): Array<string> {
	return packLines(units, max).map((group) => group.join(' '))
}

/** Units grouped in order so each group has at most `max` characters (a longer unit is alone). */
function packLines(units: Array<string>, max: number): Array<Array<string>> {
	const groups: Array<Array<string>> = []
	let group: Array<string> = []
	let size = 0
	for (const unit of units) {
		if (group.length && size + 1 + unit.length > max) {
			groups.push(group)
			group = []
			size = 0
		}
		group.push(unit)
		size += (size ? 1 : 0) + unit.length
	}
	if (group.length) groups.push(group)
	return groups
}

const slideSize = (slide: Slide) => slide.heading.length + slide.body.reduce((sum, line) => sum + line.length, 0)

/**
 * The deck within `maxSlides`: the two neighbouring content slides of the same kind with the fewest
 * characters together are merged until it fits; past MERGED_MAX per slide the last content slides are left out.
 */
function fit(title: Array<Slide>, content: Array<Slide>, closing: Array<Slide>, maxSlides: number): Array<Slide> {
	const room = () => maxSlides - title.length - closing.length
	while (content.length > Math.max(0, room())) {
		let best = -1
		for (let i = 0; i + 1 < content.length; i += 1) {
			const [a, b] = [content[i]!, content[i + 1]!]
			if (a.list !== b.list || (a.list && a.heading !== b.heading) || slideSize(a) + slideSize(b) > MERGED_MAX) continue
			if (best < 0 || slideSize(a) + slideSize(b) < slideSize(content[best]!) + slideSize(content[best + 1]!)) best = i
		}
		if (best < 0) break
		content.splice(best, 2, merge(content[best]!, content[best + 1]!))
	}
	if (room() <= 0) closing = []
	return [...title, ...content.slice(0, Math.max(0, room())), ...closing].slice(0, maxSlides)
}

function merge(a: Slide, b: Slide): Slide {
	if (a.list) return { ...a, body: [...a.body, ...b.body] }
	return { kind: 'content', heading: a.heading, body: [...a.body, ...(b.heading ? [b.heading] : []), ...b.body], list: null }
}
