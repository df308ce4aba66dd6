import sharp from 'sharp'
import { AiError, type Vision } from '#modules/ai/ports.ts'

// What can be said about an image without a model: format, size, colours and brightness.

type Rgb = [number, number, number]

/** Name (for 'in Blautönen') and a representative sRGB value. */
const COLOURS: Array<{ name: string; rgb: Rgb }> = [
	{ name: 'Schwarz', rgb: [20, 20, 20] },
	{ name: 'Weiss', rgb: [245, 245, 245] },
	{ name: 'Grau', rgb: [128, 128, 128] },
	{ name: 'Rot', rgb: [200, 30, 40] },
	{ name: 'Orange', rgb: [240, 140, 30] },
	{ name: 'Gelb', rgb: [245, 215, 40] },
	{ name: 'Grün', rgb: [50, 150, 60] },
	{ name: 'Türkis', rgb: [40, 180, 180] },
	{ name: 'Blau', rgb: [40, 90, 200] },
	{ name: 'Violett', rgb: [130, 60, 170] },
	{ name: 'Rosa', rgb: [240, 150, 190] },
	{ name: 'Braun', rgb: [120, 75, 40] },
	{ name: 'Beige', rgb: [220, 200, 160] },
]

const COLOUR_LAB = COLOURS.map((colour) => ({ ...colour, lab: lab(colour.rgb) }))

// Only what can be computed here (no note about the missing key: the description becomes post
// text; the creator shows 'Testmodus' itself).
export function createLocalVision(): Vision {
	return {
		async describe({ image }) {
			return { description: await describeImage(image) }
		},
	}
}

export async function describeImage(image: Uint8Array): Promise<string> {
	const facts = await imageFacts(image)
	const shape = { Querformat: 'Querformat-Bild', Hochformat: 'Hochformat-Bild', quadratisch: 'quadratisches Bild' }[facts.shape]
	const opening = ['Ein', facts.tone, shape].filter(Boolean).join(' ')
	return `${opening} in ${facts.colours} (${facts.width} × ${facts.height} Pixel).`
}

/** What can be measured of an image: its visible size, shape, main colours ('Blau- und Grautönen') and brightness ('helles', 'dunkles' or ''). */
export async function imageFacts(image: Uint8Array) {
	let width: number
	let height: number
	let dominant: Rgb
	let shares: Array<{ name: string; share: number }>
	let brightness: number
	try {
		const input = sharp(image, { limitInputPixels: 100_000_000 }).rotate()
		const metadata = await input.metadata()
		// EXIF orientations 5-8 are rotated by 90°: the visible image is turned.
		const turned = (metadata.orientation ?? 1) >= 5
		width = (turned ? metadata.height : metadata.width) ?? 0
		height = (turned ? metadata.width : metadata.height) ?? 0
		const small = await input
			.clone()
			.flatten({ background: '#ffffff' })
			.resize(64, 64, { fit: 'inside' })
			.removeAlpha()
			.raw()
			.toBuffer({ resolveWithObject: true })
		const stats = await sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: 3 } }).stats()
		dominant = [stats.dominant.r, stats.dominant.g, stats.dominant.b]
		const counts = new Map<string, number>()
		let total = 0
		let light = 0
		for (let i = 0; i + 2 < small.data.length; i += 3) {
			const pixel: Rgb = [small.data[i]!, small.data[i + 1]!, small.data[i + 2]!]
			const name = nearestColour(pixel)
			counts.set(name, (counts.get(name) ?? 0) + 1)
			light += 0.2126 * pixel[0] + 0.7152 * pixel[1] + 0.0722 * pixel[2]
			total++
		}
		shares = [...counts.entries()].map(([name, count]) => ({ name, share: count / Math.max(1, total) })).sort((a, b) => b.share - a.share)
		brightness = light / Math.max(1, total)
	} catch (error) {
		throw new AiError({ kind: 'invalid_request', code: 'image_unreadable', message: 'Das Bild konnte nicht gelesen werden. Bitte ein PNG-, JPEG-, WebP- oder GIF-Bild verwenden.', cause: error })
	}

	const first = nearestColour(dominant)
	const second = shares.find((entry) => entry.name !== first && entry.share >= 0.12)?.name ?? null
	const colours = second ? `${first}- und ${second}tönen` : `${first}tönen`
	const tone = brightness >= 150 ? 'helles' : brightness < 90 ? 'dunkles' : ''
	const ratio = width / Math.max(1, height)
	const shape = ratio > 1.05 ? 'Querformat' : ratio < 0.95 ? 'Hochformat' : 'quadratisch'
	return { width, height, shape, colours, tone } as const
}

function nearestColour(rgb: Rgb) {
	const target = lab(rgb)
	let best = COLOUR_LAB[0]!
	let bestDistance = Infinity
	for (const colour of COLOUR_LAB) {
		const distance = (colour.lab[0] - target[0]) ** 2 + (colour.lab[1] - target[1]) ** 2 + (colour.lab[2] - target[2]) ** 2
		if (distance < bestDistance) {
			best = colour
			bestDistance = distance
		}
	}
	return best.name
}

/** sRGB (D65) to CIELAB, where distances roughly match how different colours look. */
function lab([r, g, b]: Rgb): Rgb {
	const linear = (v: number) => {
		const s = v / 255
		return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
	}
	const [lr, lg, lb] = [linear(r), linear(g), linear(b)]
	const x = (lr * 0.4124 + lg * 0.3576 + lb * 0.1805) / 0.95047
	const y = lr * 0.2126 + lg * 0.7152 + lb * 0.0722
	const z = (lr * 0.0193 + lg * 0.1192 + lb * 0.9505) / 1.08883
	const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116)
	return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]
}
