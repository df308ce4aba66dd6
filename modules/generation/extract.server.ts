import { AiError, type AiProviders, type SourceMaterial } from '#modules/ai/index.ts'
import { WebReadError, type WebReader } from '#modules/media/index.ts'
import { SOURCE_TEXT_MAX, youtubeVideoId, isWebUrl } from '#modules/media/kinds.ts'
import type { GenerationErrorCode, GenerationWarning } from './outcome.ts'
import { InputError, readDocument, readAudio, readImage, type AudioFormat } from '#modules/media/index.ts'
import type { GenerationInput, UploadedFile } from './input.ts'

/** A failure while reading the input: nothing was generated, the reservation is refunded. */
export class ExtractionError extends Error {
	readonly code: GenerationErrorCode
	readonly detail: string | null
	constructor(code: GenerationErrorCode, detail: string | null = null) {
		super(code)
		this.name = 'ExtractionError'
		this.code = code
		this.detail = detail
	}
}

export type Extracted = {
	source: SourceMaterial
	/** The user's own image (JPEG), used as the post image instead of generating one. */
	image: Uint8Array | null
	/** The recording, kept even when it cannot be transcribed. */
	audio: UploadedFile | null
	warnings: Array<GenerationWarning>
}

function cut(text: string) {
	const clean = text.replace(/\r\n?/g, '\n').replace(/[ \t]+/g, ' ').replace(/\n{3,}/g, '\n\n').trim()
	return clean.length > SOURCE_TEXT_MAX ? clean.slice(0, SOURCE_TEXT_MAX) : clean
}

function webError(error: unknown): never {
	if (error instanceof WebReadError) {
		if (error.code === 'blocked_address' || error.code === 'invalid_url') throw new ExtractionError('article_blocked')
		if (error.code === 'no_content' || error.code === 'not_html') throw new ExtractionError('article_empty')
		throw new ExtractionError('article_unreachable')
	}
	throw error
}

function inputError(error: unknown): never {
	if (error instanceof InputError) throw new ExtractionError(error.code)
	throw error
}

/**
 * Checks what the browser sent before anything is charged: the required fields of each kind with
 * the spec's messages, and the YouTube and web URL forms. Content checks (magic bytes) follow in extract().
 */
export function validateInput(input: GenerationInput): GenerationErrorCode | null {
	if (input.platforms.length === 0) return 'no_platform'
	switch (input.kind) {
		case 'smart-post':
			return input.prompt.trim() ? null : 'prompt_required'
		case 'youtube':
			if (input.pasted?.trim()) return null
			if (!input.url.trim()) return 'url_required'
			return youtubeVideoId(input.url) ? null : 'youtube_invalid'
		case 'web-article':
			if (input.pasted?.trim()) return null
			if (!input.url.trim() && !input.article) return 'web_url_required'
			if (input.url.trim() && !isWebUrl(input.url)) return 'web_url_invalid'
			return null
		case 'pdf-notes':
			return input.notes.trim() || input.document ? null : 'notes_or_file_required'
		case 'audio-image':
			return input.audio || input.image ? null : 'audio_or_image_required'
		case 'image-prompt':
			return input.prompt.trim() || input.image ? null : 'image_or_prompt_required'
	}
}

/** Reads the input into source material: fetches, parses, transcribes or describes as the kind needs. */
export async function extract(input: GenerationInput, deps: { web: WebReader; ai: AiProviders; signal?: AbortSignal }): Promise<Extracted> {
	const warnings: Array<GenerationWarning> = []
	// The video or article could not be read and the user pasted its text: that is the source.
	if ((input.kind === 'youtube' || input.kind === 'web-article') && input.pasted?.trim()) {
		return { source: { kind: input.kind, title: null, text: cut(input.pasted), origin: input.url.trim() || null }, image: null, audio: null, warnings }
	}
	switch (input.kind) {
		case 'smart-post':
			return { source: { kind: input.kind, title: null, text: cut(input.prompt), origin: null }, image: null, audio: null, warnings }

		case 'youtube': {
			const id = youtubeVideoId(input.url)!
			const video = await deps.web.youtube(id, deps.signal).catch((error: unknown) => {
				if (error instanceof WebReadError) throw new ExtractionError('youtube_unavailable')
				throw error
			})
			const text = [video.title, video.description, video.transcript].filter(Boolean).join('\n\n')
			return { source: { kind: input.kind, title: video.title, text: cut(text), origin: `https://www.youtube.com/watch?v=${id}` }, image: null, audio: null, warnings }
		}

		case 'web-article': {
			const url = input.url.trim() || input.article?.url || ''
			const supplied = input.article && input.article.text.trim() ? input.article : null
			if (url) {
				try {
					const article = await deps.web.article(url, deps.signal)
					return { source: { kind: input.kind, title: article.title, text: cut(article.text), origin: article.url }, image: null, audio: null, warnings }
				} catch (error) {
					// A news card brings its own summary: better that than nothing when the site refuses us.
					if (!supplied || (error instanceof WebReadError && error.code === 'blocked_address')) webError(error)
				}
			}
			if (!supplied) throw new ExtractionError('web_url_required')
			return { source: { kind: input.kind, title: supplied.title || null, text: cut(`${supplied.title}\n\n${supplied.text}`), origin: supplied.url || null }, image: null, audio: null, warnings }
		}

		case 'pdf-notes': {
			const parts: Array<string> = []
			let title: string | null = null
			if (input.document) {
				const document = await readDocument(input.document).catch(inputError)
				title = document.title
				parts.push(document.text)
			}
			if (input.notes.trim()) parts.push(input.notes)
			return { source: { kind: input.kind, title, text: cut(parts.join('\n\n')), origin: input.document?.name ?? null }, image: null, audio: null, warnings }
		}

		case 'audio-image':
		case 'image-prompt': {
			const parts: Array<string> = []
			if (input.kind === 'image-prompt' && input.prompt.trim()) parts.push(input.prompt)
			let image: Uint8Array | null = null
			if (input.image) {
				const read = await readImage(input.image).catch(inputError)
				image = read.jpeg
			}
			const audio = input.kind === 'audio-image' ? input.audio : null
			const format = audio ? readAudio(audio) : null
			const [transcript, description] = await Promise.all([
				audio && format ? transcribe(deps.ai, audio, format, deps.signal) : null,
				image ? deps.ai.vision.describe({ image, contentType: 'image/jpeg', signal: deps.signal }).then((r) => r.description) : null,
			])
			if (transcript === 'unavailable') {
				if (!image) throw new ExtractionError('transcription_unavailable')
				warnings.push('transcription_unavailable')
			} else if (transcript) parts.push(transcript)
			if (description) parts.push(description)
			return { source: { kind: input.kind, title: null, text: cut(parts.join('\n\n')), origin: input.image?.name ?? audio?.name ?? null }, image, audio, warnings }
		}
	}
}

async function transcribe(ai: AiProviders, audio: UploadedFile, format: AudioFormat, signal?: AbortSignal) {
	try {
		const result = await ai.transcriber.transcribe({ audio: audio.bytes, contentType: format.contentType, fileName: `aufnahme.${format.ext}`, signal })
		return result.text
	} catch (error) {
		if (error instanceof AiError && error.kind === 'unavailable') return 'unavailable' as const
		throw error
	}
}

/** readAudio throws InputError synchronously; callers of extract() see it as an ExtractionError. */
export function toExtractionError(error: unknown): ExtractionError | null {
	if (error instanceof ExtractionError) return error
	if (error instanceof InputError) return new ExtractionError(error.code)
	if (error instanceof WebReadError) {
		try {
			webError(error)
		} catch (mapped) {
			return mapped as ExtractionError
		}
	}
	if (error instanceof AiError) return new ExtractionError('provider_error', error.message)
	return null
}
