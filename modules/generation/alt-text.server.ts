import type { AiProviders, AltTextRequest } from '#modules/ai/index.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import type { PlatformView } from '#modules/publishing/descriptor.ts'

// Alt text for every generated image (issue 39 item 6, ADR 0060): German, descriptive, made with the
// image and stored with it. Included in the image's credits (the spec prices no alt text).

/** At most this long, whatever a network would take (the shortest limit the networks state is 1 000). */
export const ALT_TEXT_MAX = 1000

/** The length an alt text is made within: ALT_TEXT_MAX, or the smallest `media.altText.maxLength` of the networks. */
export function altTextLimit(descriptors: ReadonlyArray<Pick<PlatformView, 'media'>>) {
	return Math.min(ALT_TEXT_MAX, ...descriptors.flatMap((d) => (d.media.altText ? [d.media.altText.maxLength] : [])))
}

const SYSTEM = `Sie schreiben Alternativtexte (Alt-Texte) für Bilder in sozialen Netzwerken, auf Deutsch.
Beschreiben Sie sachlich, was zu sehen ist: Motiv, Personen und Handlung, Umgebung, Farben und Stimmung; lesbaren Text im Bild geben Sie wörtlich wieder.
Beginnen Sie direkt mit dem Inhalt, nie mit „Bild von“, „Foto von“ oder „Das Bild zeigt“. Keine Wertung, keine Hashtags, keine Emojis, keine Anrede.
Höchstens {max} Zeichen, meist ein bis drei Sätze. Antworten Sie nur mit dem Alt-Text.`

/** The instruction and the request for a language or vision model. */
export function altTextPrompts(input: { imagePrompt: string | null; postText: string; maxLength: number; withImage: boolean }) {
	const parts = [
		input.withImage ? 'Schreiben Sie den Alt-Text für das beigefügte Bild.' : 'Schreiben Sie den Alt-Text für ein Bild, das nach dieser Vorgabe erstellt wurde.',
		input.imagePrompt ? `Vorgabe für das Bild:\n${input.imagePrompt.slice(0, 2000)}` : null,
		input.postText.trim() ? `Der Beitrag, zu dem das Bild gehört (nur zum Verständnis, nicht beschreiben):\n${input.postText.trim().slice(0, 2000)}` : null,
	]
	return { system: SYSTEM.replace('{max}', String(input.maxLength)), prompt: parts.filter(Boolean).join('\n\n') }
}

// Openers a model may still write despite the instruction ("Das Bild zeigt eine Bäckerei" -> "Eine Bäckerei").
const OPENERS = /^(?:(?:das|dieses|ein|auf dem)\s+(?:bild|foto|grafik)\s+(?:zeigt|ist zu sehen|sieht man)|(?:bild|foto|grafik|abbildung)\s+(?:von|eines|einer|zeigt)|zu sehen (?:ist|sind))[:\s,]+/iu

/** The alt text as stored: one paragraph, without a "Bild von" opener or quotes around it, within `max` code points (cut at a word). */
export function cleanAltText(text: string, max: number) {
	let clean = text.replace(/\s+/g, ' ').trim().replace(/^["„“»]+|["“”«]+$/gu, '').trim()
	const opener = OPENERS.exec(clean)
	if (opener && clean.length > opener[0].length) {
		const rest = clean.slice(opener[0].length)
		clean = rest.charAt(0).toUpperCase() + rest.slice(1)
	}
	const points = [...clean]
	if (points.length <= max) return clean
	const head = points.slice(0, max - 1).join('')
	const space = head.lastIndexOf(' ')
	return `${(space > head.length * 0.6 ? head.slice(0, space) : head).replace(/[\s,;:–-]+$/u, '')}…`
}

export type AltTextInput = Omit<AltTextRequest, 'system' | 'prompt' | 'maxLength'>

/**
 * Writes the alt text with the generation's text provider (a vision model where it has one and the
 * image is given), else the first configured writer; a failure falls back to the offline writer, so a
 * generated image always has one. `provider` is the text model's catalogue provider.
 */
export async function writeAltText(deps: { ai: AiProviders; logger: Logger; maxLength: number }, provider: string, input: AltTextInput): Promise<string> {
	const { system, prompt } = altTextPrompts({ imagePrompt: input.imagePrompt, postText: input.postText, maxLength: deps.maxLength, withImage: input.image !== null })
	const request: AltTextRequest = { ...input, system, prompt, maxLength: deps.maxLength }
	const writer = deps.ai.forProvider(provider).altText ?? deps.ai.altText
	try {
		return cleanAltText((await writer.write(request)).text, deps.maxLength)
	} catch (error) {
		if (input.signal?.aborted || writer === deps.ai.offline.altText) throw error
		deps.logger.warn('alt_text_failed', { provider, error: error instanceof Error ? error.message : String(error) })
		return cleanAltText((await deps.ai.offline.altText!.write(request)).text, deps.maxLength)
	}
}
