import type { Slide } from './split.ts'
import { wrap } from './wrap.ts'

// Pure: where each line of a slide goes, at the largest size at which the whole slide fits its text box.
// The heading and the body shrink together, so a slide keeps its proportions; below MIN_SCALE a slide
// holds too much text and is refused (the editor shows which one) instead of being cut.

export type Fonts = {
	/** Width of `text` at `size` points in the regular or the bold weight. */
	width: (text: string, size: number, bold: boolean) => number
}

export type Box = { x: number; top: number; width: number; height: number }

export type TextLine = { text: string; x: number; y: number; size: number; bold: boolean; accent: boolean }
export type Bullet = { x: number; y: number; radius: number }
export type SlideLayout = { lines: Array<TextLine>; bullets: Array<Bullet>; scale: number }

const HEADING_SIZE = { title: 92, content: 68, closing: 76 } as const
const BODY_SIZE = { title: 46, content: 42, closing: 42 } as const
export const MIN_SCALE = 0.5
const SCALE_STEP = 0.04
const LINE_HEIGHT = 1.22
const NUMBER = /^((?:\d{1,2}|[a-z])[.)])\s+/u

/** The slide laid out in `box` (vertically centred), or null when it does not fit even at MIN_SCALE. */
export function layoutSlide(slide: Slide, box: Box, fonts: Fonts): SlideLayout | null {
	for (let scale = 1; scale >= MIN_SCALE - 1e-9; scale -= SCALE_STEP) {
		const laid = layoutAt(slide, box, fonts, scale)
		if (laid.height <= box.height) return centre(laid, box, scale)
	}
	return null
}

type Laid = { lines: Array<TextLine>; bullets: Array<Bullet>; height: number }

/** Lines from y = 0 downwards (y is each line's baseline, measured down from the box's top). */
function layoutAt(slide: Slide, box: Box, fonts: Fonts, scale: number): Laid {
	const headingSize = HEADING_SIZE[slide.kind] * scale
	const bodySize = BODY_SIZE[slide.kind] * scale
	const lines: Array<TextLine> = []
	const bullets: Array<Bullet> = []
	let y = 0
	/** Lines below the ones so far; returns them (the caller may put a label in front of the first). */
	const placeLines = (texts: Array<string>, x: number, size: number, bold: boolean) =>
		texts.map((text) => {
			y += size * (y > 0 ? LINE_HEIGHT : 0.95)
			return { text, x, y, size, bold, accent: false }
		})
	if (slide.heading) lines.push(...placeLines(wrap(slide.heading, box.width, (t) => fonts.width(t, headingSize, true)), box.x, headingSize, true))
	const labels = slide.body.map((item) => (slide.list === 'number' ? (NUMBER.exec(item)?.[1] ?? null) : null))
	const indent = slide.list === 'bullet' ? bodySize * 1.1 : Math.max(0, ...labels.map((label) => (label ? fonts.width(`${label} `, bodySize, true) : 0)))
	for (const [index, item] of slide.body.entries()) {
		y += bodySize * (index === 0 ? (slide.heading ? 0.7 : 0) : 0.45)
		const label = labels[index]
		const itemLines = placeLines(wrap(label ? item.replace(NUMBER, '') : item, box.width - indent, (t) => fonts.width(t, bodySize, false)), box.x + indent, bodySize, false)
		const first = itemLines[0]
		if (!first) continue
		// The label first, so a reader (and text extraction) meets '1.' before its item.
		if (label) lines.push({ text: label, x: box.x, y: first.y, size: bodySize, bold: true, accent: true })
		if (slide.list === 'bullet') bullets.push({ x: box.x + bodySize * 0.3, y: first.y - bodySize * 0.34, radius: bodySize * 0.17 })
		lines.push(...itemLines)
	}
	// The last line's descenders.
	return { lines, bullets, height: y + bodySize * 0.3 }
}

function centre(laid: Laid, box: Box, scale: number): SlideLayout {
	const offset = box.top + Math.max(0, (box.height - laid.height) / 2)
	return {
		lines: laid.lines.map((line) => ({ ...line, y: offset + line.y })),
		bullets: laid.bullets.map((bullet) => ({ ...bullet, y: offset + bullet.y })),
		scale,
	}
}
