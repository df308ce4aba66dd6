// Pure and shared with the browser: the creator's six kinds of input and their limits (spec 5 and 9).

export const MEDIA_KINDS = ['smart-post', 'youtube', 'web-article', 'pdf-notes', 'audio-image', 'image-prompt'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

export function isMediaKind(value: unknown): value is MediaKind {
	return typeof value === 'string' && (MEDIA_KINDS as ReadonlyArray<string>).includes(value)
}

export const MB = 1024 * 1024
export const IMAGE_MAX_BYTES = 10 * MB
export const DOCUMENT_MAX_BYTES = 20 * MB
export const LOGO_MAX_BYTES = 5 * MB
/** A recording of about ten minutes of 16 kHz mono wav; longer ones are refused before upload. */
export const AUDIO_MAX_BYTES = 25 * MB
/** Characters of extracted input that go into a prompt. */
export const SOURCE_TEXT_MAX = 12_000
/** A pasted video transcript or article (when it cannot be read): longer than the source text, cut to it. */
export const PASTED_MAX = 50_000
export const PROMPT_MAX = 5_000
export const NOTES_MAX = 20_000

/** Accepted by the document input (the server checks the content, not these names). */
export const DOCUMENT_ACCEPT = '.pdf,.txt,.doc,.docx,application/pdf,text/plain,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document'
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif'
/** An uploaded audio file besides the recording (the server checks the content). */
export const AUDIO_ACCEPT = '.wav,.mp3,.m4a,audio/wav,audio/x-wav,audio/mpeg,audio/mp4,audio/x-m4a'

/**
 * The video id of a YouTube URL in the forms the spec allows: watch?v=, youtu.be/ and embed/,
 * http or https, optional www. Anything else is null.
 */
export function youtubeVideoId(input: string): string | null {
	const value = input.trim()
	const match =
		/^https?:\/\/(?:www\.)?youtube\.com\/watch\?(?:[^#]*&)?v=([A-Za-z0-9_-]{11})(?:[&#].*)?$/.exec(value) ??
		/^https?:\/\/(?:www\.)?youtu\.be\/([A-Za-z0-9_-]{11})(?:[?#].*)?$/.exec(value) ??
		/^https?:\/\/(?:www\.)?youtube\.com\/embed\/([A-Za-z0-9_-]{11})(?:[?#].*)?$/.exec(value)
	return match ? match[1]! : null
}

/** The browser-side check of a web URL (the server checks again, and the fetcher checks addresses). */
export function isWebUrl(input: string) {
	try {
		const url = new URL(input.trim())
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0
	} catch {
		return false
	}
}
