import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { AiError, type ImageBrief, type Persona } from '#modules/ai/ports.ts'
import { renderBrandedImage } from './image.ts'
import { createLocalVision } from './vision.ts'

const persona: Persona = {
	name: 'Anna',
	personality: 'friendly',
	tone: 'inspiring',
	targetAudience: 'KMU in der Schweiz',
	description: '',
	industry: 'consulting',
	specialties: ['Digitalisierung'],
	knowledgeBase: '',
	formality: 60,
	creativity: 70,
	humor: 30,
	empathy: 60,
	enthusiasm: 60,
	brand: { name: 'Nordlicht Consulting', colors: ['#b91c1c', '#7f1d1d'], accentColor: '#fbbf24', useBranding: true, logoUrl: null },
}

function brief(overrides: Partial<ImageBrief> = {}): ImageBrief {
	return { aspect: '1:1', headline: 'Künstliche Intelligenz im Mittelstand', keywords: ['Digitalisierung', 'KI', 'Führung'], persona, ...overrides }
}

async function pixel(jpeg: Uint8Array, x: number, y: number) {
	const { data } = await sharp(jpeg).extract({ left: x, top: y, width: 6, height: 6 }).raw().toBuffer({ resolveWithObject: true })
	const sum = [0, 0, 0]
	for (let i = 0; i < data.length; i += 3) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!
	return sum.map((v) => v / (data.length / 3)) as [number, number, number]
}

function isJpeg(bytes: Uint8Array) {
	return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
}

const logoSvg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80"><rect width="200" height="80" rx="16" fill="#fbbf24"/></svg>'

describe('renderBrandedImage', () => {
	it('renders a 1080×1080 JPEG for 1:1 and a 1600×900 JPEG for 16:9', async () => {
		const square = await renderBrandedImage(brief({ aspect: '1:1' }), 'prompt')
		expect(isJpeg(square)).toBe(true)
		expect(await sharp(square).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1080 })

		const wide = await renderBrandedImage(brief({ aspect: '16:9' }), 'prompt')
		expect(isJpeg(wide)).toBe(true)
		expect(await sharp(wide).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 900 })
	})

	it('paints the background in the brand colour when branding is on', async () => {
		for (const aspect of ['1:1', '16:9'] as const) {
			const [r, g, b] = await pixel(await renderBrandedImage(brief({ aspect }), ''), 4, 4)
			// #b91c1c
			expect(Math.abs(r - 0xb9)).toBeLessThan(16)
			expect(Math.abs(g - 0x1c)).toBeLessThan(16)
			expect(Math.abs(b - 0x1c)).toBeLessThan(16)
		}
	})

	it('uses its own palette without branding', async () => {
		const unbranded = { ...persona, brand: { ...persona.brand, useBranding: false } }
		const [r, g, b] = await pixel(await renderBrandedImage(brief({ persona: unbranded }), ''), 4, 4)
		expect(Math.abs(r - 0xb9) + Math.abs(g - 0x1c) + Math.abs(b - 0x1c)).toBeGreaterThan(60)
		const none = await renderBrandedImage(brief({ persona: null }), '')
		expect(isJpeg(none)).toBe(true)
	})

	it('renders umlauts, special characters, emojis, long words and an empty headline', async () => {
		const headlines = [
			'Größere Äpfel, öfter Übung – Spaß & <Sonderzeichen> "zitiert" \'einfach\' 🚀',
			'Donaudampfschifffahrtsgesellschaftskapitänsmützenhalterverordnungsänderung im Überblick',
			'Ein sehr langer Titel mit vielen Wörtern, der auf keinen Fall in vier Zeilen passt, weil er einfach immer weiter und weiter und weiter geht, bis wirklich niemand mehr weiterlesen mag',
			'',
		]
		for (const headline of headlines) {
			const jpeg = await renderBrandedImage(brief({ headline, keywords: ['Öko & Co', '<b>', 'Straße'] }), 'Bild über Nachhaltigkeit.')
			expect(isJpeg(jpeg)).toBe(true)
		}
	})

	it('embeds a logo from bytes or from a data: URL without failing on broken logos', async () => {
		const withBytes = await renderBrandedImage(brief({ aspect: '16:9' }), '', { bytes: new TextEncoder().encode(logoSvg), contentType: 'image/svg+xml' })
		expect(isJpeg(withBytes)).toBe(true)
		// The logo sits in the footer at the left margin.
		const [r, g, b] = await pixel(withBytes, 140, 900 - 60)
		expect(Math.abs(r - 0xfb) + Math.abs(g - 0xbf) + Math.abs(b - 0x24)).toBeLessThan(60)

		const dataUrl = `data:image/svg+xml;base64,${Buffer.from(logoSvg).toString('base64')}`
		const withUrl = await renderBrandedImage(brief({ persona: { ...persona, brand: { ...persona.brand, logoUrl: dataUrl } } }), '')
		expect(isJpeg(withUrl)).toBe(true)

		const broken = await renderBrandedImage(brief(), '', { bytes: new Uint8Array([1, 2, 3]), contentType: 'image/png' })
		expect(isJpeg(broken)).toBe(true)
	})
})

describe('local vision', () => {
	it('describes orientation, size, colours and brightness in German, without a note that would end up in the post', async () => {
		const vision = createLocalVision()
		const wide = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#ffffff' } })
			.composite([{ input: await sharp({ create: { width: 800, height: 900, channels: 3, background: '#1d4ed8' } }).png().toBuffer(), left: 0, top: 0 }])
			.jpeg()
			.toBuffer()
		const { description } = await vision.describe({ image: wide, contentType: 'image/jpeg' })
		expect(description).toContain('Querformat')
		expect(description).toContain('1600 × 900 Pixel')
		expect(description).toMatch(/Blau- und Weisstönen|Weiss- und Blautönen/)
		expect(description).not.toContain('KI-Schlüssel')

		const tall = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#111111' } }).png().toBuffer()
		const dark = await vision.describe({ image: tall, contentType: 'image/png' })
		expect(dark.description).toMatch(/^Ein dunkles Hochformat-Bild in Schwarztönen \(600 × 900 Pixel\)\./)

		const square = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#fde047' } }).png().toBuffer()
		expect((await vision.describe({ image: square, contentType: 'image/png' })).description).toMatch(/^Ein helles quadratisches Bild in Gelbtönen/)
	})

	it('answers an unreadable image with an AiError', async () => {
		const error = await createLocalVision()
			.describe({ image: new Uint8Array([1, 2, 3]), contentType: 'image/png' })
			.catch((e: unknown) => e)
		expect(error).toBeInstanceOf(AiError)
		expect(error).toMatchObject({ code: 'image_unreadable' })
	})
})
