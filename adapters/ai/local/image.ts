import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { renderAsync } from '@resvg/resvg-js'
import sharp from 'sharp'
import type { ImageBrief } from '#modules/ai/ports.ts'
import { hash, random } from './seeded.ts'

// The offline image: a branded SVG card (gradient, abstract shapes, headline, keyword pills,
// brand footer with logo) rendered with resvg and the bundled DejaVu fonts, then encoded as JPEG.
// The palettes, colour and text helpers are exported for the local video (video.ts).

export type LogoInput = { bytes: Uint8Array; contentType: string }

export type Rgb = { r: number; g: number; b: number }
export type Palette = { from: string; to: string; accent: string }

const resolvePackage = createRequire(import.meta.url).resolve
export const FONT_REGULAR = resolvePackage('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')
export const FONT_BOLD = resolvePackage('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')
export const FONT_FAMILY = 'DejaVu Sans'

export const PALETTES: Array<Palette> = [
	{ from: '#1e1b4b', to: '#4338ca', accent: '#f59e0b' },
	{ from: '#0f172a', to: '#0e7490', accent: '#22d3ee' },
	{ from: '#064e3b', to: '#0f766e', accent: '#fbbf24' },
	{ from: '#7c2d12', to: '#c2410c', accent: '#fde68a' },
	{ from: '#312e81', to: '#7c3aed', accent: '#f472b6' },
	{ from: '#111827', to: '#374151', accent: '#10b981' },
	{ from: '#fdf2f8', to: '#fbcfe8', accent: '#db2777' },
	{ from: '#f8fafc', to: '#e2e8f0', accent: '#6366f1' },
	{ from: '#134e4a', to: '#115e59', accent: '#f97316' },
	{ from: '#1e3a8a', to: '#2563eb', accent: '#facc15' },
]

export async function renderBrandedImage(brief: ImageBrief, prompt: string, logo?: LogoInput | null): Promise<Uint8Array> {
	const svg = await brandedSvg(brief, prompt, logo ?? null)
	const rendered = await renderAsync(svg, {
		font: { fontFiles: [FONT_REGULAR, FONT_BOLD], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
	})
	// Raw pixels straight into sharp: no PNG encode and decode in between.
	const jpeg = await sharp(rendered.pixels, { raw: { width: rendered.width, height: rendered.height, channels: 4 } })
		.flatten({ background: '#ffffff' })
		.jpeg({ quality: 88 })
		.toBuffer()
	return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength)
}

async function brandedSvg(brief: ImageBrief, prompt: string, logo: LogoInput | null): Promise<string> {
	const [width, height] = brief.aspect === '16:9' ? [1600, 900] : [1080, 1080]
	const wide = brief.aspect === '16:9'
	const headline = plain(brief.headline) || plain(prompt.split(/(?<=[.!?])\s/)[0] ?? '').slice(0, 120) || 'Neuer Beitrag'
	const rng = random(hash(`${headline}\u0000${brief.aspect}`))

	const brand = brief.persona?.brand
	const branded = Boolean(brand?.useBranding)
	const palette = (branded && brand ? brandPalette(brand.colors, brand.accentColor) : null) ?? PALETTES[hash(headline) % PALETTES.length]!
	const from = parseHex(palette.from)!
	const to = parseHex(palette.to)!
	const accent = parseHex(palette.accent)!
	const backgroundLight = darkInkReadsBetter((luminance(from) + luminance(to)) / 2)
	const ink = backgroundLight ? '#111827' : '#ffffff'
	const accentInk = darkInkReadsBetter(luminance(accent)) ? '#111827' : '#ffffff'

	const logoImage = await logoOf(logo, branded ? (brand?.logoUrl ?? null) : null)
	const brandName = branded ? (brand?.name.trim() ?? '') : ''
	const footerHeight = brandName || logoImage ? (wide ? 104 : 120) : 0

	const margin = wide ? 110 : 96
	const textWidth = wide ? Math.round(width * 0.66) : width - 2 * margin
	const layout = wrapHeadline(headline, textWidth, wide ? 88 : 92, 44)
	const lineHeight = Math.round(layout.size * 1.18)

	const pills = pillRow(
		brief.keywords.map(plain).filter(Boolean).slice(0, 6),
		textWidth,
		wide ? 26 : 28,
	)
	const pillHeight = pills.length ? pills[0]!.height : 0
	const blockHeight = 36 + layout.lines.length * lineHeight + (pills.length ? 44 + pillHeight : 0)
	const areaTop = wide ? 120 : 150
	const areaBottom = height - footerHeight - (wide ? 70 : 90)
	const top = Math.max(areaTop, Math.round(areaTop + (areaBottom - areaTop - blockHeight) / 2))

	const parts: Array<string> = []
	parts.push(
		`<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`,
		`<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
		shapes(width, height, palette.accent, backgroundLight, rng),
		`<rect x="${margin}" y="${top}" width="${wide ? 120 : 110}" height="10" rx="5" fill="${palette.accent}"/>`,
	)
	layout.lines.forEach((line, index) => {
		const baseline = top + 36 + Math.round(layout.size * 0.95) + index * lineHeight
		parts.push(
			`<text x="${margin}" y="${baseline}" font-family="${FONT_FAMILY}" font-weight="bold" font-size="${layout.size}" fill="${ink}">${escapeXml(line)}</text>`,
		)
	})
	if (pills.length) {
		const y = top + 36 + layout.lines.length * lineHeight + 44
		for (const pill of pills) {
			parts.push(
				`<rect x="${margin + pill.x}" y="${y}" width="${pill.width}" height="${pill.height}" rx="${pill.height / 2}" fill="${palette.accent}"/>`,
				`<text x="${margin + pill.x + pill.width / 2}" y="${y + pill.height / 2 + pill.size * 0.36}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${pill.size}" fill="${accentInk}">${escapeXml(pill.text)}</text>`,
			)
		}
	}
	if (footerHeight) {
		const y = height - footerHeight
		parts.push(`<rect x="0" y="${y}" width="${width}" height="${footerHeight}" fill="${backgroundLight ? '#ffffff' : '#000000'}" fill-opacity="${backgroundLight ? 0.6 : 0.28}"/>`)
		let x = margin
		if (logoImage) {
			const logoHeight = footerHeight - 40
			const logoWidth = Math.min(240, Math.round(logoHeight * logoImage.aspect))
			parts.push(
				`<image x="${x}" y="${y + 20}" width="${logoWidth}" height="${logoHeight}" preserveAspectRatio="xMinYMid meet" href="${logoImage.dataUrl}"/>`,
			)
			x += logoWidth + 28
		}
		if (brandName) {
			const size = wide ? 34 : 36
			const name = fitText(brandName, width - x - margin, size, 'bold')
			parts.push(
				`<text x="${x}" y="${y + footerHeight / 2 + size * 0.36}" font-family="${FONT_FAMILY}" font-weight="bold" font-size="${size}" fill="${ink}">${escapeXml(name)}</text>`,
			)
		}
	}
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`
}

// ---------------------------------------------------------------------------------------------
// Colours

export { hash, random } from './seeded.ts'

export function parseHex(value: string | undefined | null): Rgb | null {
	const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(value?.trim() ?? '')
	if (!match) return null
	const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!
	return { r: parseInt(hex.slice(0, 2), 16), g: parseInt(hex.slice(2, 4), 16), b: parseInt(hex.slice(4, 6), 16) }
}

export function toHex({ r, g, b }: Rgb) {
	return `#${[r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`
}

export function mix(a: Rgb, b: Rgb, amount: number): Rgb {
	return { r: a.r + (b.r - a.r) * amount, g: a.g + (b.g - a.g) * amount, b: a.b + (b.b - a.b) * amount }
}

export function luminance({ r, g, b }: Rgb) {
	const channel = (v: number) => {
		const s = v / 255
		return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
	}
	return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** WCAG contrast of dark ink (#111827) against white ink on a background of this luminance. */
export function darkInkReadsBetter(background: number) {
	return (background + 0.05) / 0.062 > 1.05 / (background + 0.05)
}

function brandPalette(colors: Array<string>, accentColor: string): Palette | null {
	const valid = colors.map(parseHex).filter((c): c is Rgb => c !== null)
	const first = valid[0]
	if (!first) return null
	let second = valid[1] ?? mix(first, luminance(first) > 0.5 ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 }, 0.22)
	// Black to white (the default brand colours) would leave no readable text colour: stay near the first.
	if (Math.abs(luminance(first) - luminance(second)) > 0.45) second = mix(first, second, 0.3)
	const accent = parseHex(accentColor) ?? valid[2] ?? { r: 0xf5, g: 0x9e, b: 0x0b }
	return { from: toHex(first), to: toHex(second), accent: toHex(accent) }
}

function shapes(width: number, height: number, accent: string, light: boolean, rng: () => number) {
	const short = Math.min(width, height)
	const r1 = Math.round(short * (0.26 + rng() * 0.12))
	const cx1 = Math.round(width * (0.84 + rng() * 0.12))
	const cy1 = Math.round(height * (0.06 + rng() * 0.18))
	const r2 = Math.round(short * (0.12 + rng() * 0.08))
	const cx2 = Math.round(width * (0.62 + rng() * 0.3))
	const cy2 = Math.round(height * (0.72 + rng() * 0.2))
	const band = Math.round(short * (0.12 + rng() * 0.08))
	const bandStart = Math.round(width * (0.45 + rng() * 0.2))
	const ink = light ? '#111827' : '#ffffff'
	// The dots sit above the text area (the headline starts lower), right of the top-left corner.
	const dots: Array<string> = []
	const dotX = Math.round(width * (0.66 + rng() * 0.08))
	const dotY = Math.round(height * 0.04)
	for (let row = 0; row < 4; row++) {
		for (let column = 0; column < 6; column++) dots.push(`<circle cx="${dotX + column * 26}" cy="${dotY + row * 26}" r="4"/>`)
	}
	return [
		`<polygon points="${bandStart},${height} ${bandStart + band},${height} ${width},${Math.round(height * 0.3)} ${width},${Math.round(height * 0.3) - band}" fill="${accent}" fill-opacity="0.14"/>`,
		`<circle cx="${cx1}" cy="${cy1}" r="${r1}" fill="${ink}" fill-opacity="0.07"/>`,
		`<circle cx="${cx1}" cy="${cy1}" r="${Math.round(r1 * 0.62)}" fill="none" stroke="${accent}" stroke-opacity="0.6" stroke-width="${Math.round(short * 0.02)}"/>`,
		`<circle cx="${cx2}" cy="${cy2}" r="${r2}" fill="${accent}" fill-opacity="0.22"/>`,
		`<circle cx="${cx2}" cy="${cy2}" r="${r2}" fill="none" stroke="${accent}" stroke-opacity="0.55" stroke-width="${Math.round(short * 0.012)}"/>`,
		`<g fill="${ink}" fill-opacity="0.25">${dots.join('')}</g>`,
	].join('')
}

// ---------------------------------------------------------------------------------------------
// Text: measured with the advance widths of the bundled fonts, so wrapping matches the render

type Metrics = { advance: (codePoint: number) => number }

const metricsCache = new Map<string, Metrics>()

function metrics(weight: 'regular' | 'bold'): Metrics {
	let cached = metricsCache.get(weight)
	if (!cached) {
		cached = readMetrics(readFileSync(weight === 'bold' ? FONT_BOLD : FONT_REGULAR))
		metricsCache.set(weight, cached)
	}
	return cached
}

/** Advance widths (in em) from the TrueType tables head, hhea, hmtx and cmap (format 4). */
function readMetrics(font: Buffer): Metrics {
	const tables = new Map<string, number>()
	for (let i = 0; i < font.readUInt16BE(4); i++) {
		const record = 12 + i * 16
		tables.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8))
	}
	const head = tables.get('head')!
	const hhea = tables.get('hhea')!
	const hmtx = tables.get('hmtx')!
	const cmap = tables.get('cmap')!
	const unitsPerEm = font.readUInt16BE(head + 18)
	const hMetrics = font.readUInt16BE(hhea + 34)
	let format4 = -1
	for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
		const platform = font.readUInt16BE(cmap + 4 + i * 8)
		const encoding = font.readUInt16BE(cmap + 6 + i * 8)
		const offset = cmap + font.readUInt32BE(cmap + 8 + i * 8)
		if (font.readUInt16BE(offset) === 4 && ((platform === 3 && encoding === 1) || platform === 0)) {
			format4 = offset
			break
		}
	}
	const segments = format4 < 0 ? 0 : font.readUInt16BE(format4 + 6) / 2
	const ends = format4 + 14
	const starts = ends + segments * 2 + 2
	const deltas = starts + segments * 2
	const rangeOffsets = deltas + segments * 2
	const glyphOf = (codePoint: number) => {
		if (codePoint > 0xffff) return 0
		for (let i = 0; i < segments; i++) {
			if (codePoint > font.readUInt16BE(ends + i * 2)) continue
			const start = font.readUInt16BE(starts + i * 2)
			if (codePoint < start) return 0
			const delta = font.readInt16BE(deltas + i * 2)
			const rangeOffset = font.readUInt16BE(rangeOffsets + i * 2)
			if (rangeOffset === 0) return (codePoint + delta) & 0xffff
			const glyph = font.readUInt16BE(rangeOffsets + i * 2 + rangeOffset + (codePoint - start) * 2)
			return glyph === 0 ? 0 : (glyph + delta) & 0xffff
		}
		return 0
	}
	const widths = new Map<number, number>()
	return {
		advance(codePoint) {
			let width = widths.get(codePoint)
			if (width === undefined) {
				const glyph = Math.min(glyphOf(codePoint), hMetrics - 1)
				width = font.readUInt16BE(hmtx + glyph * 4) / unitsPerEm
				widths.set(codePoint, width)
			}
			return width
		},
	}
}

export function measure(text: string, size: number, weight: 'regular' | 'bold') {
	const font = metrics(weight)
	let width = 0
	for (const char of text) width += font.advance(char.codePointAt(0)!)
	return width * size
}

/** Text the fonts can draw: no emojis or control characters, single spaces. */
export function plain(text: string) {
	return text
		.replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}\p{Cc}]/gu, ' ')
		.replace(/\s+/g, ' ')
		.trim()
}

export function fitText(text: string, maxWidth: number, size: number, weight: 'regular' | 'bold') {
	if (measure(text, size, weight) <= maxWidth) return text
	let cut = text
	while (cut.length > 1 && measure(`${cut}…`, size, weight) > maxWidth) cut = cut.slice(0, -1)
	return `${cut.trimEnd()}…`
}

/** The largest font size at which the headline fits on four lines; at the smallest size the rest is cut. */
export function wrapHeadline(headline: string, maxWidth: number, maxSize: number, minSize: number): { size: number; lines: Array<string> } {
	const words = headline.split(' ')
	for (let size = maxSize; size >= minSize; size -= 4) {
		const lines = wrap(words, maxWidth, size)
		if (lines.length <= 4) return { size, lines }
	}
	const lines = wrap(words, maxWidth, minSize)
	const kept = lines.slice(0, 4)
	kept[3] = fitText(`${kept[3]} ${lines.slice(4).join(' ')}`, maxWidth, minSize, 'bold')
	if (!kept[3]!.endsWith('…')) kept[3] = fitText(`${kept[3]}…`, maxWidth, minSize, 'bold')
	return { size: minSize, lines: kept }
}

function wrap(words: Array<string>, maxWidth: number, size: number) {
	const lines: Array<string> = []
	let line = ''
	for (const word of words) {
		const candidate = line ? `${line} ${word}` : word
		if (measure(candidate, size, 'bold') <= maxWidth) {
			line = candidate
			continue
		}
		if (line) lines.push(line)
		line = word
		// A single word wider than the line is broken by characters.
		while (measure(line, size, 'bold') > maxWidth && line.length > 1) {
			let split = line.length - 1
			while (split > 1 && measure(`${line.slice(0, split)}-`, size, 'bold') > maxWidth) split--
			lines.push(`${line.slice(0, split)}-`)
			line = line.slice(split)
		}
	}
	if (line) lines.push(line)
	return lines
}

function pillRow(keywords: Array<string>, maxWidth: number, size: number) {
	const pills: Array<{ text: string; x: number; width: number; height: number; size: number }> = []
	const height = Math.round(size * 1.9)
	const padding = Math.round(size * 0.85)
	let x = 0
	for (const keyword of keywords.slice(0, 4)) {
		const text = fitText(keyword, maxWidth * 0.5, size, 'regular')
		const width = Math.round(measure(text, size, 'regular') + 2 * padding)
		if (x + width > maxWidth) break
		pills.push({ text, x, width, height, size })
		x += width + Math.round(size * 0.6)
	}
	return pills
}

export function escapeXml(text: string) {
	return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
}

// ---------------------------------------------------------------------------------------------
// Logo: the bytes given, or a data: URL of the persona; normalised to a small PNG

async function logoOf(logo: LogoInput | null, logoUrl: string | null): Promise<{ dataUrl: string; aspect: number } | null> {
	const bytes = logo?.bytes ?? (logoUrl ? decodeDataUrl(logoUrl) : null)
	if (!bytes || bytes.byteLength === 0) return null
	try {
		const { data, info } = await sharp(bytes, { limitInputPixels: 40_000_000 })
			.resize(480, 160, { fit: 'inside', withoutEnlargement: true })
			.png()
			.toBuffer({ resolveWithObject: true })
		return { dataUrl: `data:image/png;base64,${data.toString('base64')}`, aspect: info.width / Math.max(1, info.height) }
	} catch {
		// An unreadable logo must not cost the user the image.
		return null
	}
}

function decodeDataUrl(url: string): Uint8Array | null {
	const match = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(url)
	if (!match) return null
	try {
		return match[2] ? Buffer.from(match[3]!, 'base64') : Buffer.from(decodeURIComponent(match[3]!), 'utf8')
	} catch {
		return null
	}
}
