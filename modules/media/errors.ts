export type InputErrorCode =
	| 'image_too_large'
	| 'image_type'
	| 'document_too_large'
	| 'document_type'
	| 'document_unreadable'
	| 'word_unreadable'
	| 'pdf_unreadable'
	| 'document_empty'
	| 'audio_type'
	| 'audio_too_large'
	| 'audio_empty'
	| 'video_unreadable'

/** A refused upload. The web layer maps `code` to the spec's German message. */
export class InputError extends Error {
	readonly code: InputErrorCode
	constructor(code: InputErrorCode, options?: { cause?: unknown }) {
		super(code, options)
		this.name = 'InputError'
		this.code = code
	}
}
