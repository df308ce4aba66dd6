import { AUDIO_MAX_BYTES, DOCUMENT_MAX_BYTES, IMAGE_MAX_BYTES, isWebUrl, youtubeVideoId, type MediaKind } from '#modules/media/kinds.ts'
import type { GenerationErrorCode } from '#modules/generation/outcome.ts'
import type { ArticleData, CreatorFiles, CreatorInputs } from './types.ts'

// The browser's checks of spec section 5, before anything is sent; the server checks again.
// Codes are those of generation:errors, so the messages are the server's too.

const DOCUMENT_EXTENSIONS = ['.pdf', '.txt', '.doc', '.docx']
const DOCUMENT_TYPES = ['application/pdf', 'text/plain', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif']

/** A courtesy check of the name and type; the server reads the content. */
export function checkDocument(file: File): GenerationErrorCode | null {
	const name = file.name.toLowerCase()
	if (!DOCUMENT_EXTENSIONS.some((ext) => name.endsWith(ext)) && !DOCUMENT_TYPES.includes(file.type)) return 'document_type'
	if (file.size > DOCUMENT_MAX_BYTES) return 'document_too_large'
	return null
}

const AUDIO_EXTENSIONS = ['.wav', '.mp3', '.m4a']
const AUDIO_TYPES = ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/mpeg', 'audio/mp3', 'audio/mp4', 'audio/x-m4a', 'audio/m4a']

/** A courtesy check of an uploaded audio file's name, type and size; the server reads the content. */
export function checkAudio(file: File): GenerationErrorCode | null {
	const name = file.name.toLowerCase()
	if (!AUDIO_EXTENSIONS.some((ext) => name.endsWith(ext)) && !AUDIO_TYPES.includes(file.type)) return 'audio_type'
	if (file.size > AUDIO_MAX_BYTES) return 'audio_too_large'
	return null
}

export function checkImage(file: File): GenerationErrorCode | null {
	if (file.type && !IMAGE_TYPES.includes(file.type)) return 'image_type'
	if (file.size > IMAGE_MAX_BYTES) return 'image_too_large'
	return null
}

export function validateContent(kind: MediaKind, inputs: CreatorInputs, files: CreatorFiles, article: ArticleData | null): GenerationErrorCode | null {
	switch (kind) {
		case 'smart-post':
			return inputs.prompt.trim() ? null : 'prompt_required'
		case 'youtube':
			if (inputs.pasted.trim()) return null
			if (!inputs.url.trim()) return 'url_required'
			return youtubeVideoId(inputs.url) ? null : 'youtube_invalid'
		case 'web-article':
			if (inputs.pasted.trim()) return null
			if (!inputs.url.trim()) return article ? null : 'web_url_required'
			return isWebUrl(inputs.url) ? null : 'web_url_invalid'
		case 'pdf-notes':
			if (files.document) return checkDocument(files.document)
			return inputs.notes.trim() ? null : 'notes_or_file_required'
		case 'audio-image':
			if (files.image) return checkImage(files.image)
			return files.audio ? null : 'audio_or_image_required'
		case 'image-prompt':
			if (files.image) return checkImage(files.image)
			return inputs.prompt.trim() ? null : 'image_or_prompt_required'
	}
}

/** The user's own image is the post image: then no image is generated or charged. */
export function usesOwnImage(kind: MediaKind | null, files: CreatorFiles) {
	return (kind === 'image-prompt' || kind === 'audio-image') && files.image !== null
}
