import sharp from 'sharp'
import { expect, test } from 'vitest'
import type { AltTextRequest } from '#modules/ai/ports.ts'
import { composeAltText } from './alt-text.ts'

const request = (overrides: Partial<AltTextRequest> = {}): AltTextRequest => ({
	model: 'gpt-4o-mini',
	system: '',
	prompt: '',
	imagePrompt: 'Ein hochwertiges, modernes Social-Media-Bild (Seitenverhältnis 16:9) zum Thema: Frische Zöpfe aus der Backstube. Stichworte: bäckerei, sonntag.',
	subject: 'Frische Zöpfe aus der Backstube.',
	keywords: ['Bäckerei', 'Sonntag', 'Handwerk'],
	postText: 'Frische Zöpfe aus der Backstube. Ab 6 Uhr im Laden. #Zopf',
	titleCard: true,
	brandName: 'Bäckerei Sonne',
	image: null,
	maxLength: 1000,
	...overrides,
})

const noPlaceholder = (text: string) => expect(text).not.toMatch(/lorem|ipsum|platzhalter|bild von|foto von|\{|\}/i)

test('the offline title card is described as it is drawn: headline, keywords, brand name, in German', async () => {
	const text = await composeAltText(request())
	expect(text).toBe('Grafik mit der Überschrift „Frische Zöpfe aus der Backstube“ in fetter Schrift auf einem farbigen Verlauf. Darunter die Stichworte Bäckerei, Sonntag und Handwerk. Unten der Name Bäckerei Sonne.')
	noPlaceholder(text)
})

test('the same request gives the same text (deterministic)', async () => {
	expect(await composeAltText(request())).toBe(await composeAltText(request()))
})

test("a model's picture is described from its prompt's subject and keywords", async () => {
	const text = await composeAltText(request({ titleCard: false, keywords: ['Bäckerei'] }))
	expect(text).toBe('Illustration zum Thema „Frische Zöpfe aus der Backstube“. Zu sehen sind Motive zu Bäckerei.')
	noPlaceholder(text)
})

test('an upload (no prompt) is described by its shape and colours and the post it belongs to', async () => {
	const bytes = new Uint8Array(await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#2850c8' } }).png().toBuffer())
	const text = await composeAltText(request({ titleCard: false, imagePrompt: null, subject: '', keywords: [], image: { bytes, contentType: 'image/png' } }))
	expect(text).toBe('Motiv im Querformat in Blautönen zum Beitrag „Frische Zöpfe aus der Backstube“.')
})

test('within the limit in code points: whole sentences, a first one too long cut at a word', async () => {
	const short = await composeAltText(request({ maxLength: 140 }))
	expect(short).toBe('Grafik mit der Überschrift „Frische Zöpfe aus der Backstube“ in fetter Schrift auf einem farbigen Verlauf.')
	const long = 'Wort '.repeat(400)
	const cut = await composeAltText(request({ subject: long, maxLength: 200 }))
	expect([...cut].length).toBeLessThanOrEqual(200)
	expect(cut.endsWith('…')).toBe(true)
	const emoji = await composeAltText(request({ subject: '🥐'.repeat(300), maxLength: 120 }))
	expect([...emoji].length).toBeLessThanOrEqual(120)
})
