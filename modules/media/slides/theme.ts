// Pure and shared with the browser (the slide preview uses the same colours): a deck's look from the
// brand of the agent preset ('Branding verwenden', the brand colours, the accent colour, the logo), or
// Postwerk's own when the preset does not use its branding.

export type SlideTheme = {
	/** #rrggbb of every slide's background. */
	background: string
	/** #rrggbb of the text, chosen to read on the background. */
	text: string
	/** #rrggbb of the bar, the bullets, the page numbers and the closing slide's background. */
	accent: string
	/** The brand's name, shown in the footer when there is no logo; '' for none. */
	name: string
	/** The logo's bytes (PNG or JPEG; other rasters are converted when rendering), or null. */
	logo: Uint8Array | null
}

/** What the theme needs of an agent preset's brand (the persona's `brand`). */
export type BrandLook = { name: string; colors: ReadonlyArray<string>; accentColor: string; useBranding: boolean }

export const defaultSlideTheme: SlideTheme = { background: '#ffffff', text: '#1e1b4b', accent: '#6366f1', name: '', logo: null }

const DARK_INK = '#111827'
const LIGHT_INK = '#ffffff'
/** WCAG AA for large text is 3, for body text 4.5; slides carry both. */
const READABLE = 4.5
/** Below this the accent bar and bullets would disappear into the background. */
const VISIBLE = 1.6

/** The brand's look when the preset uses its branding; otherwise the default. The logo is given by the caller (it lives in the file store). */
export function slideThemeOf(brand: BrandLook | null, logo: Uint8Array | null = null): SlideTheme {
	if (!brand?.useBranding) return { ...defaultSlideTheme, logo }
	const colors = brand.colors.filter(isHex).map((c) => c.toLowerCase())
	const background = colors[0] ?? defaultSlideTheme.background
	const text = colors.slice(1).find((c) => contrast(c, background) >= READABLE) ?? readableInk(background)
	const accentCandidates = [brand.accentColor, ...colors.slice(1)].filter(isHex).map((c) => c.toLowerCase())
	const accent = accentCandidates.find((c) => contrast(c, background) >= VISIBLE) ?? text
	return { background, text, accent, name: brand.name.trim(), logo }
}

/** Dark or white ink, whichever reads better on `background`. */
export function readableInk(background: string) {
	return contrast(DARK_INK, background) >= contrast(LIGHT_INK, background) ? DARK_INK : LIGHT_INK
}

export const isHex = (value: string) => /^#[0-9a-f]{6}$/i.test(value)

/** #rrggbb as 0..1 channels (pdf-lib's rgb()). */
export function channels(hex: string): { r: number; g: number; b: number } {
	const n = Number.parseInt(hex.slice(1), 16)
	return { r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255 }
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string) {
	const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
	return (light + 0.05) / (dark + 0.05)
}

function luminance(hex: string) {
	const { r, g, b } = channels(hex)
	const linear = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
	return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}
