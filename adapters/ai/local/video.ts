import { createRequire } from 'node:module'
import { renderAsync } from '@resvg/resvg-js'
import type { H264MP4Encoder } from 'h264-mp4-encoder'
import { AiError, type VideoModel, type VideoRequest } from '#modules/ai/ports.ts'
import {
	darkInkReadsBetter,
	escapeXml,
	FONT_BOLD,
	FONT_FAMILY,
	FONT_REGULAR,
	hash,
	luminance,
	measure,
	mix,
	PALETTES,
	parseHex,
	plain,
	random,
	type Rgb,
	toHex,
	wrapHeadline,
} from './image.ts'

// The offline video ('Testmodus'): an animated title card (moving gradient, drifting shapes, the
// prompt's first words sliding in, a 'Testmodus' label, a progress bar) encoded as H.264 MP4 with
// the WASM encoder h264-mp4-encoder, so the video flow works without any AI key.
//
// Fast by construction: the background is plain pixel math per frame; everything with edges or text
// (shapes, headline, label) is rendered once by resvg into premultiplied RGBA layers that are
// composited per frame at their animated position and opacity. Local clips are rendered at most
// 480 px on the short side (854 px on the long side) whatever resolution is requested: the
// requested aspect ratio is honoured, the requested resolution only as an upper bound.
// The reference image of image-to-video requests (imageUrl) is not used offline.

export type LocalVideoOptions = {
	/** Frames per second, 1-30 (default 12). */
	fps?: number
	/** The longest clip rendered, in seconds (default 10); longer requests are cut to it. */
	maxSeconds?: number
}

/** The short side of local clips never exceeds this, whatever resolution is requested. */
const MAX_SHORT_SIDE = 480
const MAX_LONG_SIDE = 854
const DEFAULT_FPS = 12
const DEFAULT_MAX_SECONDS = 10
const DEFAULT_SECONDS = 5

export function createLocalVideo(options: LocalVideoOptions = {}): VideoModel {
	const fps = Math.min(30, Math.max(1, Math.round(options.fps ?? DEFAULT_FPS)))
	const maxSeconds = Math.max(1 / fps, options.maxSeconds ?? DEFAULT_MAX_SECONDS)
	return {
		async generate(request) {
			const requested = Number.isFinite(request.durationSeconds) && request.durationSeconds > 0 ? request.durationSeconds : DEFAULT_SECONDS
			const seconds = Math.min(Math.max(1, requested), maxSeconds)
			const frames = Math.max(1, Math.round(seconds * fps))
			const bytes = await renderClip(request, localVideoSize(request.aspectRatio, request.resolution), fps, frames)
			return { bytes, contentType: 'video/mp4' }
		},
	}
}

/** The frame size of a local clip: the requested aspect ratio, capped at 480 px on the short side; even numbers for H.264. */
export function localVideoSize(aspectRatio: string, resolution: string): { width: number; height: number } {
	const ratio = parseAspectRatio(aspectRatio) ?? 16 / 9
	let short = Math.min(MAX_SHORT_SIDE, requestedShortSide(resolution))
	let long = short * Math.max(ratio, 1 / ratio)
	if (long > MAX_LONG_SIDE) {
		short *= MAX_LONG_SIDE / long
		long = MAX_LONG_SIDE
	}
	const even = (value: number) => Math.max(2, Math.round(value / 2) * 2)
	return ratio >= 1 ? { width: even(long), height: even(short) } : { width: even(short), height: even(long) }
}

/** '16:9', '9:16', '4:3', '21:9', '1.85:1', '16x9' → width / height, within 1:4 … 4:1. */
function parseAspectRatio(value: string): number | null {
	const match = /^\s*(\d+(?:\.\d+)?)\s*[:x×/]\s*(\d+(?:\.\d+)?)\s*$/i.exec(value ?? '')
	if (!match) return null
	const ratio = Number(match[1]) / Number(match[2])
	return Number.isFinite(ratio) && ratio > 0 ? Math.min(4, Math.max(0.25, ratio)) : null
}

/** '480p', '720p', '1080p', '4k', '1280x720' → the short side in pixels (720 when unreadable). */
function requestedShortSide(value: string): number {
	const text = (value ?? '').trim().toLowerCase()
	const size = /^(\d{2,5})\s*[x×]\s*(\d{2,5})$/.exec(text)
	if (size) return Math.max(144, Math.min(Number(size[1]), Number(size[2])))
	if (/^(4k|uhd)$/.test(text)) return 2160
	const lines = /^(\d{2,5})\s*p?$/.exec(text)
	return lines ? Math.max(144, Number(lines[1])) : 720
}

// ---------------------------------------------------------------------------------------------
// The clip

async function renderClip(request: VideoRequest, size: { width: number; height: number }, fps: number, frames: number): Promise<Uint8Array> {
	const signal = request.signal
	throwIfAborted(signal)
	const scene = await buildScene(request.prompt, size.width, size.height, fps, frames)
	throwIfAborted(signal)

	const encoder = await loadEncoder().createH264MP4Encoder()
	// The Emscripten file system is shared by all encoders: every clip writes its own file.
	const file = `local-video-${++clipCounter}.mp4`
	let open = false
	try {
		encoder.outputFilename = file
		encoder.width = size.width
		encoder.height = size.height
		encoder.frameRate = fps
		encoder.quantizationParameter = 30
		// 0 is the most thorough and slowest; the quantizer fixes the quality, and at 10 a 10 s clip
		// encodes about three times as fast for a file only ~5 % larger (measured: 3.7 s vs 1.2 s).
		encoder.speed = 10
		encoder.groupOfPictures = fps * 2
		encoder.initialize()
		open = true
		const frame = new Uint8ClampedArray(size.width * size.height * 4)
		for (let index = 0; index < frames; index++) {
			// Let the event loop run between frames, so an abort (or other requests) get through.
			await new Promise<void>((resolve) => setImmediate(resolve))
			throwIfAborted(signal)
			drawFrame(scene, frame, index)
			encoder.addFrameRgba(frame)
		}
		encoder.finalize()
		open = false
		const bytes = encoder.FS.readFile(file)
		// A copy outside the WASM heap (the heap's buffer may be replaced when it grows).
		return new Uint8Array(bytes)
	} finally {
		// Deleting an initialised encoder before finalize() aborts the whole WASM runtime (every later
		// clip would fail): an aborted clip is finalised first, its file then thrown away.
		if (open) {
			try {
				encoder.finalize()
			} catch {
				// Nothing to keep.
			}
		}
		try {
			encoder.FS.unlink(file)
		} catch {
			// Never written.
		}
		encoder.delete()
	}
}

function throwIfAborted(signal: AbortSignal | undefined) {
	if (signal?.aborted) {
		throw new AiError({ kind: 'transient', code: 'aborted', message: 'Die Erstellung des Videos wurde abgebrochen.', cause: signal.reason })
	}
}

let clipCounter = 0

type EncoderModule = { createH264MP4Encoder(): Promise<H264MP4Encoder> }

let encoderModule: EncoderModule | null = null

/**
 * The encoder's Emscripten build installs process-wide handlers when it loads: one rethrows every
 * uncaught exception, the other aborts the WASM runtime (and then the process) on any unhandled
 * rejection — which would override the server's own handler. It is loaded lazily and synchronously
 * (nothing else can register a handler in between) and the handlers it added are removed again.
 */
function loadEncoder(): EncoderModule {
	if (encoderModule) return encoderModule
	const uncaught = new Set(process.listeners('uncaughtException'))
	const unhandled = new Set(process.listeners('unhandledRejection'))
	try {
		encoderModule = createRequire(import.meta.url)('h264-mp4-encoder') as EncoderModule
	} finally {
		for (const listener of process.listeners('uncaughtException')) {
			if (!uncaught.has(listener)) process.removeListener('uncaughtException', listener)
		}
		for (const listener of process.listeners('unhandledRejection')) {
			if (!unhandled.has(listener)) process.removeListener('unhandledRejection', listener)
		}
	}
	return encoderModule
}

// ---------------------------------------------------------------------------------------------
// The scene: layers rendered once, positions and opacities computed per frame

/** Premultiplied RGBA pixels, as resvg renders them. */
type Layer = { width: number; height: number; pixels: Uint8Array }

type Sprite = {
	layer: Layer
	/** Centre at t = 0 and the drift in px/s. */
	x: number
	y: number
	vx: number
	vy: number
	/** A slow sway on top of the drift: amplitude in px, period in s, phase. */
	sway: number
	period: number
	phase: number
}

type Scene = {
	width: number
	height: number
	fps: number
	frames: number
	/** 256 gradient colours as RGBA words (byte order as written, so endianness does not matter). */
	gradient: Uint32Array
	gradientAngle: number
	sprites: Array<Sprite>
	headline: Layer
	headlineX: number
	headlineY: number
	label: Layer
	labelX: number
	labelY: number
	accent: Rgb
	ink: Rgb
	margin: number
	short: number
}

async function buildScene(prompt: string, width: number, height: number, fps: number, frames: number): Promise<Scene> {
	const short = Math.min(width, height)
	const wide = width / height >= 1.2
	const headline = headlineOf(prompt)
	const rng = random(hash(`${headline}\u0000${width}x${height}`))
	const palette = PALETTES[hash(headline) % PALETTES.length]!
	const from = parseHex(palette.from)!
	const to = parseHex(palette.to)!
	const accent = parseHex(palette.accent)!
	const light = darkInkReadsBetter((luminance(from) + luminance(to)) / 2)
	const ink: Rgb = light ? { r: 0x11, g: 0x18, b: 0x27 } : { r: 255, g: 255, b: 255 }
	const inkHex = toHex(ink)
	const accentInk = darkInkReadsBetter(luminance(accent)) ? '#111827' : '#ffffff'

	const gradientBytes = new Uint8Array(256 * 4)
	for (let k = 0; k < 256; k++) {
		const color = mix(from, to, k / 255)
		gradientBytes.set([Math.round(color.r), Math.round(color.g), Math.round(color.b), 255], k * 4)
	}

	const margin = Math.round(short * 0.08)
	const textWidth = wide ? Math.round(width * 0.68) : width - 2 * margin
	const layout = wrapHeadline(headline, textWidth, Math.round(short * 0.1), Math.round(short * 0.056))
	const lineHeight = Math.round(layout.size * 1.18)
	const pad = Math.round(short * 0.02)
	const headlineHeight = layout.lines.length * lineHeight + Math.round(layout.size * 0.3)
	const shadow = light ? '' : ` filter="url(#shadow)"`
	const headlineSvg = svg(
		textWidth + 2 * pad,
		headlineHeight + 2 * pad,
		`<defs><filter id="shadow" x="-10%" y="-10%" width="120%" height="130%"><feDropShadow dx="0" dy="${Math.max(1, Math.round(short * 0.004))}" stdDeviation="${Math.max(1, Math.round(short * 0.006))}" flood-color="#000000" flood-opacity="0.35"/></filter></defs>` +
			`<g${shadow}>` +
			layout.lines
				.map(
					(line, index) =>
						`<text x="${pad}" y="${pad + Math.round(layout.size * 0.95) + index * lineHeight}" font-family="${FONT_FAMILY}" font-weight="bold" font-size="${layout.size}" fill="${inkHex}">${escapeXml(line)}</text>`,
				)
				.join('') +
			'</g>',
	)

	const labelSize = Math.max(11, Math.round(short * 0.034))
	const labelText = 'Testmodus'
	const labelWidth = Math.round(measure(labelText, labelSize, 'bold') + labelSize * 1.6)
	const labelHeight = Math.round(labelSize * 1.8)
	const labelSvg = svg(
		labelWidth,
		labelHeight,
		`<rect width="${labelWidth}" height="${labelHeight}" rx="${labelHeight / 2}" fill="${palette.accent}" fill-opacity="0.92"/>` +
			`<text x="${labelWidth / 2}" y="${labelHeight / 2 + labelSize * 0.36}" text-anchor="middle" font-family="${FONT_FAMILY}" font-weight="bold" font-size="${labelSize}" fill="${accentInk}">${labelText}</text>`,
	)

	// Drifting shapes, as in the branded image: a large soft disc with a ring, a smaller accent disc,
	// a dot grid and a diagonal band.
	const ringRadius = Math.round(short * (0.26 + rng() * 0.1))
	const ringSize = 2 * ringRadius + 4
	const ringSvg = svg(
		ringSize,
		ringSize,
		`<circle cx="${ringSize / 2}" cy="${ringSize / 2}" r="${ringRadius}" fill="${inkHex}" fill-opacity="0.07"/>` +
			`<circle cx="${ringSize / 2}" cy="${ringSize / 2}" r="${Math.round(ringRadius * 0.62)}" fill="none" stroke="${palette.accent}" stroke-opacity="0.6" stroke-width="${Math.max(2, Math.round(short * 0.02))}"/>`,
	)
	const discRadius = Math.round(short * (0.11 + rng() * 0.06))
	const discStroke = Math.max(2, Math.round(short * 0.012))
	const discSize = 2 * discRadius + discStroke + 4
	const discSvg = svg(
		discSize,
		discSize,
		`<circle cx="${discSize / 2}" cy="${discSize / 2}" r="${discRadius}" fill="${palette.accent}" fill-opacity="0.22" stroke="${palette.accent}" stroke-opacity="0.55" stroke-width="${discStroke}"/>`,
	)
	const dotGap = Math.max(8, Math.round(short * 0.04))
	const dotRadius = Math.max(1.5, short * 0.006)
	const dots: Array<string> = []
	for (let row = 0; row < 4; row++) {
		for (let column = 0; column < 6; column++) dots.push(`<circle cx="${dotGap / 2 + column * dotGap}" cy="${dotGap / 2 + row * dotGap}" r="${dotRadius}"/>`)
	}
	const dotsSvg = svg(6 * dotGap, 4 * dotGap, `<g fill="${inkHex}" fill-opacity="0.25">${dots.join('')}</g>`)
	const bandLength = Math.round(Math.max(width, height) * 0.6)
	const bandThickness = Math.round(short * (0.1 + rng() * 0.06))
	const bandBox = Math.round((bandLength + bandThickness) * 0.8)
	const bandSvg = svg(
		bandBox,
		bandBox,
		`<rect x="${(bandBox - bandLength) / 2}" y="${(bandBox - bandThickness) / 2}" width="${bandLength}" height="${bandThickness}" rx="${bandThickness / 2}" fill="${palette.accent}" fill-opacity="0.14" transform="rotate(-35 ${bandBox / 2} ${bandBox / 2})"/>`,
	)

	const fonts = { fontFiles: [FONT_REGULAR, FONT_BOLD], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY }
	const [headlineLayer, label, ring, disc, dotGrid, band] = await Promise.all([
		renderLayer(headlineSvg, fonts),
		renderLayer(labelSvg, fonts),
		renderLayer(ringSvg),
		renderLayer(discSvg),
		renderLayer(dotsSvg),
		renderLayer(bandSvg),
	])

	const drift = short * 0.035
	const sprites: Array<Sprite> = [
		{ layer: band, x: width * (0.72 + rng() * 0.1), y: height * (0.7 + rng() * 0.1), vx: -drift * 0.6, vy: -drift * 0.4, sway: short * 0.02, period: 7, phase: rng() * 6 },
		{ layer: ring, x: width * (0.86 + rng() * 0.1), y: height * (0.1 + rng() * 0.15), vx: -drift, vy: drift * 0.5, sway: short * 0.03, period: 6, phase: rng() * 6 },
		{ layer: disc, x: width * (0.64 + rng() * 0.24), y: height * (0.78 + rng() * 0.14), vx: drift * 0.8, vy: -drift * 0.6, sway: short * 0.04, period: 5, phase: rng() * 6 },
		{ layer: dotGrid, x: width * (0.7 + rng() * 0.08), y: height * 0.04 + dotGrid.height / 2 + labelHeight, vx: -drift * 0.5, vy: 0, sway: short * 0.015, period: 4, phase: rng() * 6 },
	]

	const blockTop = Math.round((height - headlineLayer.height) / 2 - short * 0.02)
	return {
		width,
		height,
		fps,
		frames,
		gradient: new Uint32Array(gradientBytes.buffer),
		gradientAngle: 0.6 + rng() * 0.5,
		sprites,
		headline: headlineLayer,
		headlineX: margin - pad,
		headlineY: blockTop,
		label,
		labelX: width - margin / 2 - label.width,
		labelY: Math.round(margin / 2),
		accent,
		ink,
		margin,
		short,
	}
}

/** The prompt's first words: its first clause of three words or more, at most eight words. */
function headlineOf(prompt: string) {
	const sentence = plain(plain(prompt).split(/(?<=[.!?])\s/)[0] ?? '')
	const words = sentence.split(' ').filter(Boolean)
	if (!words.length) return 'Neues Video'
	const kept: Array<string> = []
	for (const word of words.slice(0, 8)) {
		kept.push(word)
		if (kept.length >= 3 && /[,;:–—]$/.test(word)) return kept.join(' ').replace(/[,;:–—]+$/, '').trim()
	}
	const text = kept.join(' ')
	return words.length > kept.length ? `${text.replace(/[,;:.!?–—-]+$/, '')}…` : text
}

function svg(width: number, height: number, body: string) {
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.max(1, Math.round(width))}" height="${Math.max(1, Math.round(height))}">${body}</svg>`
}

async function renderLayer(source: string, font?: { fontFiles: Array<string>; loadSystemFonts: boolean; defaultFontFamily: string }): Promise<Layer> {
	const rendered = await renderAsync(source, { font: font ?? { loadSystemFonts: false } })
	return { width: rendered.width, height: rendered.height, pixels: rendered.pixels }
}

// ---------------------------------------------------------------------------------------------
// One frame

function drawFrame(scene: Scene, frame: Uint8ClampedArray, index: number) {
	const { width, height, short } = scene
	const t = index / scene.fps
	const duration = scene.frames / scene.fps

	// Background: a diagonal two-colour gradient whose direction turns and whose centre shifts.
	const angle = scene.gradientAngle + 0.35 * Math.sin((2 * Math.PI * t) / 8)
	const shift = 0.14 * Math.sin((2 * Math.PI * t) / 5)
	const cos = Math.cos(angle)
	const sin = Math.sin(angle)
	const span = width * Math.abs(cos) + height * Math.abs(sin)
	const step = (255 * cos) / span
	const pixels = new Uint32Array(frame.buffer, frame.byteOffset, width * height)
	const gradient = scene.gradient
	for (let y = 0; y < height; y++) {
		let value = 255 * (0.5 + shift + (-(width / 2) * cos + (y - height / 2) * sin) / span)
		const row = y * width
		for (let x = 0; x < width; x++, value += step) pixels[row + x] = gradient[value <= 0 ? 0 : value >= 255 ? 255 : value | 0]!
	}

	for (const sprite of scene.sprites) {
		const sway = sprite.sway * Math.sin((2 * Math.PI * t) / sprite.period + sprite.phase)
		const x = sprite.x + sprite.vx * t + sway
		const y = sprite.y + sprite.vy * t + sway * 0.6
		blit(frame, width, height, sprite.layer, Math.round(x - sprite.layer.width / 2), Math.round(y - sprite.layer.height / 2), 1)
	}

	// Headline: fades in and slides up; the accent bar above it grows first.
	const intro = Math.min(1.2, duration * 0.4)
	const barProgress = easeOut(clamp01(t / (intro * 0.7)))
	const textProgress = easeOut(clamp01((t - intro * 0.2) / (intro * 0.8)))
	const barHeight = Math.max(3, Math.round(short * 0.016))
	const barTop = scene.headlineY - Math.round(short * 0.035)
	fillRect(frame, width, height, scene.margin, barTop, Math.round(short * 0.2 * barProgress), barHeight, scene.accent, 1)
	const slide = Math.round((1 - textProgress) * short * 0.06)
	blit(frame, width, height, scene.headline, scene.headlineX, scene.headlineY + slide, textProgress)

	blit(frame, width, height, scene.label, scene.labelX, scene.labelY, 1)

	// Progress bar along the bottom edge.
	const progressHeight = Math.max(3, Math.round(short * 0.012))
	const progressTop = height - progressHeight
	fillRect(frame, width, height, 0, progressTop, width, progressHeight, scene.ink, 0.18)
	fillRect(frame, width, height, 0, progressTop, Math.round((width * (index + 1)) / scene.frames), progressHeight, scene.accent, 1)
}

/** Source-over of a premultiplied layer at an integer position, with an extra opacity. */
function blit(frame: Uint8ClampedArray, width: number, height: number, layer: Layer, left: number, top: number, opacity: number) {
	if (opacity <= 0) return
	const x0 = Math.max(0, left)
	const y0 = Math.max(0, top)
	const x1 = Math.min(width, left + layer.width)
	const y1 = Math.min(height, top + layer.height)
	const source = layer.pixels
	const fade = opacity / 255
	for (let y = y0; y < y1; y++) {
		let s = ((y - top) * layer.width + (x0 - left)) * 4
		let d = (y * width + x0) * 4
		for (let x = x0; x < x1; x++, s += 4, d += 4) {
			const alpha = source[s + 3]!
			if (alpha === 0) continue
			const keep = 1 - alpha * fade
			frame[d] = source[s]! * opacity + frame[d]! * keep
			frame[d + 1] = source[s + 1]! * opacity + frame[d + 1]! * keep
			frame[d + 2] = source[s + 2]! * opacity + frame[d + 2]! * keep
		}
	}
}

function fillRect(frame: Uint8ClampedArray, width: number, height: number, left: number, top: number, w: number, h: number, color: Rgb, opacity: number) {
	const x0 = Math.max(0, left)
	const y0 = Math.max(0, top)
	const x1 = Math.min(width, left + w)
	const y1 = Math.min(height, top + h)
	const keep = 1 - opacity
	const r = color.r * opacity
	const g = color.g * opacity
	const b = color.b * opacity
	for (let y = y0; y < y1; y++) {
		for (let d = (y * width + x0) * 4, end = (y * width + x1) * 4; d < end; d += 4) {
			frame[d] = r + frame[d]! * keep
			frame[d + 1] = g + frame[d + 1]! * keep
			frame[d + 2] = b + frame[d + 2]! * keep
		}
	}
}

function clamp01(value: number) {
	return value <= 0 ? 0 : value >= 1 ? 1 : value
}

function easeOut(value: number) {
	return 1 - (1 - value) ** 3
}
