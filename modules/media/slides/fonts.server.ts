import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import fontkit, { type Font } from '@pdf-lib/fontkit'
import type { PDFDocument, PDFFont } from 'pdf-lib'

// The slides' typeface: DejaVu Sans (regular and bold) from the npm package the logo and the offline
// images already use, under the Bitstream Vera licence (free to embed and redistribute). It covers
// German with its umlauts and ß, typographic quotes and dashes, arrows and check marks; colour emoji
// it does not have, so characters without a glyph are left out rather than drawn as empty boxes.

const resolvePackage = createRequire(import.meta.url).resolve
const FILES = {
	regular: resolvePackage('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
	bold: resolvePackage('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const

export type Weight = keyof typeof FILES

// pdf-lib shapes every drawn line with the font's OpenType features; German in NFC needs none of them
// (no ligatures, no marks to place), and turning them off takes most of the drawing time away and keeps
// each line exactly as wide as `width` measures it.
const NO_SHAPING = Object.fromEntries(['ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs', 'kern'].map((tag) => [tag, false]))

type LoadedFont = { bytes: Uint8Array; hasGlyph: (codePoint: number) => boolean; advance: (codePoint: number) => number }

const loaded = new Map<Weight, Promise<LoadedFont>>()
const parsedFonts = new Map<Uint8Array, Font>()

// pdf-lib parses a font again for every document unless its fontkit hands out the parsed one. A subset
// is still made per document, so documents share no state.
const sharedFontkit = { create: (bytes: Uint8Array) => parsedFonts.get(bytes) ?? fontkit.create(bytes) }

/** The font read and parsed once per process; its glyph checks and advance widths cached per character. */
function loadFont(weight: Weight): Promise<LoadedFont> {
	let font = loaded.get(weight)
	if (!font) {
		font = readFile(FILES[weight]).then((buffer) => {
			const bytes = new Uint8Array(buffer)
			const parsed = fontkit.create(bytes)
			parsedFonts.set(bytes, parsed)
			return { bytes, hasGlyph: cached((codePoint) => parsed.hasGlyphForCodePoint(codePoint)), advance: cached((codePoint) => parsed.glyphForCodePoint(codePoint).advanceWidth / parsed.unitsPerEm) }
		})
		loaded.set(weight, font)
	}
	return font
}

function cached<T>(compute: (codePoint: number) => T): (codePoint: number) => T {
	const known = new Map<number, T>()
	return (codePoint) => {
		if (!known.has(codePoint)) known.set(codePoint, compute(codePoint))
		return known.get(codePoint)!
	}
}

/** A font embedded in one document: only the glyphs used are written (subset). */
export type SlideFont = {
	pdfFont: PDFFont
	/** The text without the characters this font cannot draw (emoji and their joiners), spaces tidied. */
	drawable: (text: string) => string
	/** Width of a text at `size` points, as drawn (advance widths; pdf-lib writes no kerning). */
	width: (text: string, size: number) => number
}

export async function embedSlideFont(pdf: PDFDocument, weight: Weight): Promise<SlideFont> {
	const font = await loadFont(weight)
	pdf.registerFontkit(sharedFontkit)
	const pdfFont = await pdf.embedFont(font.bytes, { subset: true, features: NO_SHAPING })
	return {
		pdfFont,
		drawable: (text) => drawableText(text, font.hasGlyph),
		width: (text, size) => {
			let em = 0
			for (const char of text) em += font.advance(char.codePointAt(0)!)
			return em * size
		},
	}
}

/**
 * The text without the characters the font has no glyph for (emoji, with their joiners, variation
 * selectors and keycaps), and without the space a removed character leaves: 'Toll 🚀!' becomes 'Toll!'.
 */
export function drawableText(text: string, hasGlyph: (codePoint: number) => boolean) {
	// A noncharacter marks what goes: it never occurs in text.
	const GONE = '\uFFFF'
	const marked = [...text]
		.map((char) => {
			const codePoint = char.codePointAt(0)!
			const emojiPart = codePoint === 0x200d || (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || codePoint === 0x20e3
			return char === ' ' || (!emojiPart && hasGlyph(codePoint)) ? char : GONE
		})
		.join('')
	return marked
		.replace(/( ?)\uFFFF+( ?)(?=(.?))/gsu, (_match, before: string, after: string, next: string) => (!next || /[,.;:!?…)]/u.test(next) ? '' : before || after))
		.trim()
}
