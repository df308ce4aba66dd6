import { createRequire } from 'node:module'
import { Resvg, renderAsync } from '@resvg/resvg-js'
import { Parser } from 'htmlparser2'
import sharp from 'sharp'
import { sniff } from '#modules/media/sniff.ts'
import { LOGO_MAX_BYTES } from './schema.ts'

// Brand logos: PNG, JPEG or SVG, judged by content. Rasters are re-encoded (no metadata, nothing
// appended survives); an SVG is sanitised and then rasterised to PNG, so what is stored and
// served is never markup a browser could run.

export type LogoFile = { bytes: Uint8Array; contentType: 'image/png' | 'image/jpeg'; ext: 'png' | 'jpg' }
export type LogoError = 'logo_type' | 'logo_too_large'

const MAX_INPUT_PIXELS = 40_000_000
const LONG_SIDE_MAX = 1024
const SVG_LONG_SIDE_MIN = 512

const resolvePackage = createRequire(import.meta.url).resolve
const fonts = {
	fontFiles: [resolvePackage('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), resolvePackage('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')],
	loadSystemFonts: false,
	defaultFontFamily: 'DejaVu Sans',
}

export async function prepareLogo(bytes: Uint8Array): Promise<LogoFile | LogoError> {
	if (bytes.byteLength > LOGO_MAX_BYTES) return 'logo_too_large'
	const type = sniff(bytes)
	try {
		if (type === 'png' || type === 'jpeg') return await reencode(bytes, type)
		if (type === 'svg') return await rasteriseSvg(sanitiseSvg(new TextDecoder().decode(bytes)))
	} catch {
		return 'logo_type'
	}
	return 'logo_type'
}

async function reencode(bytes: Uint8Array, type: 'png' | 'jpeg'): Promise<LogoFile> {
	const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true, pages: 1 })
	const { format } = await image.metadata()
	if (format !== type) throw new Error(`content is ${format}, not ${type}`)
	const resized = image.resize({ width: LONG_SIDE_MAX, height: LONG_SIDE_MAX, fit: 'inside', withoutEnlargement: true })
	const out = type === 'png' ? await resized.png().toBuffer() : await resized.jpeg({ quality: 90 }).toBuffer()
	return type === 'png' ? { bytes: new Uint8Array(out), contentType: 'image/png', ext: 'png' } : { bytes: new Uint8Array(out), contentType: 'image/jpeg', ext: 'jpg' }
}

async function rasteriseSvg(svg: string): Promise<LogoFile> {
	const options = { font: fonts, logLevel: 'off' as const }
	// Parsed once to learn the size: tiny icons are drawn larger, huge canvases smaller.
	const probe = new Resvg(svg, options)
	const longSide = Math.max(probe.width, probe.height, 1)
	const target = Math.min(LONG_SIDE_MAX, Math.max(SVG_LONG_SIDE_MIN, longSide))
	const fitTo = probe.width >= probe.height ? { mode: 'width' as const, value: Math.round(target) } : { mode: 'height' as const, value: Math.round(target) }
	const rendered = await renderAsync(svg, { ...options, fitTo })
	const png = await sharp(rendered.pixels, { raw: { width: rendered.width, height: rendered.height, channels: 4 } }).png().toBuffer()
	return { bytes: new Uint8Array(png), contentType: 'image/png', ext: 'png' }
}

// Dropped with everything inside: scripting, embedded HTML and animation (which could set links).
const DROPPED = new Set(['script', 'foreignobject', 'iframe', 'object', 'embed', 'handler', 'listener', 'audio', 'video', 'canvas', 'set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor', 'discard'])
const SAFE_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i

function escapeXml(text: string) {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** CSS without @import and with only fragment references (url(#gradient)). */
function cleanCss(css: string) {
	return css
		.replace(/@import[^;]*;?/gi, '')
		.replace(/expression\s*\(/gi, 'none(')
		.replace(/url\(\s*(['"]?)(.*?)\1\s*\)/gi, (match, _quote: string, target: string) => (target.trim().startsWith('#') ? match : 'none'))
}

function cleanAttribute(name: string, value: string): string | null {
	const lower = name.toLowerCase()
	if (lower.startsWith('on')) return null
	// Browsers ignore whitespace and control characters inside 'java\tscript:'.
	const squeezed = [...value].filter((char) => char.charCodeAt(0) > 0x20).join('').toLowerCase()
	if (/(javascript|vbscript|livescript):/.test(squeezed)) return null
	if (lower === 'href' || lower.endsWith(':href')) {
		const target = value.trim()
		return target.startsWith('#') || SAFE_DATA_IMAGE.test(target) ? target : null
	}
	if (lower === 'style' || value.includes('url(') || value.includes('@import')) return cleanCss(value)
	return value
}

/**
 * The SVG without scripts, foreignObject, event handler attributes, javascript: values and
 * external references (links, images, CSS url() and @import); comments, the doctype (and so any
 * entity definitions) and processing instructions are left out.
 */
export function sanitiseSvg(source: string): string {
	let out = ''
	let skipping = 0
	const inStyle: Array<boolean> = []
	const parser = new Parser(
		{
			onopentag(name, attributes) {
				if (skipping > 0 || DROPPED.has(name.toLowerCase())) {
					skipping++
					return
				}
				inStyle.push(name.toLowerCase() === 'style')
				const kept = Object.entries(attributes)
					.map(([key, value]) => [key, cleanAttribute(key, value)] as const)
					.filter((entry): entry is readonly [string, string] => entry[1] !== null)
				out += `<${name}${kept.map(([key, value]) => ` ${key}="${escapeXml(value)}"`).join('')}>`
			},
			ontext(text) {
				// Outside the root element there is only the prolog, e.g. the rest of a doctype's entity definitions.
				if (skipping > 0 || inStyle.length === 0) return
				out += escapeXml(inStyle.at(-1) ? cleanCss(text) : text)
			},
			onclosetag(name) {
				if (skipping > 0) {
					skipping--
					return
				}
				inStyle.pop()
				out += `</${name}>`
			},
		},
		{ xmlMode: true, decodeEntities: true, recognizeCDATA: true },
	)
	parser.write(source)
	parser.end()
	return out
}
