import type { RouterContextProvider } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'
import type { UploadOutcome, UploadRefusal } from '#modules/media/index.ts'

// The answers to a refused upload of a post's media (/api/media and the REST API's POST /media).

type Refused = Extract<UploadOutcome, { ok: false }>

const MB = 1024 * 1024
const GB = 1024 * MB

/** A limit as the user reads it: "1 GB", "100 MB". */
export function fileSize(bytes: number) {
	const [value, unit] = bytes >= GB ? [bytes / GB, 'GB'] : [bytes / MB, 'MB']
	return `${value.toLocaleString('de-CH', { maximumFractionDigits: 1 })} ${unit}`
}

/** The German message of a refused upload. */
export function uploadRefusal(context: Readonly<RouterContextProvider>, refused: Refused) {
	const t = getInstance(context).t
	if (refused.code === 'request_conflict') return t('common:errors.requestConflict')
	if (refused.code === 'video_too_large' || refused.code === 'pdf_too_large') return t(`generation:errors.${refused.code}.message`, { limit: fileSize(refused.maxBytes ?? 0) })
	return t(`generation:errors.${refused.code}.message`)
}

/** Too large: 413; the request id reused for other bytes: 409; a file of another kind: 415; an empty or cut-off one: 400; an unreadable video: 422. */
export function uploadStatus(code: UploadRefusal) {
	if (code === 'upload_empty' || code === 'upload_aborted') return 400
	if (code === 'image_too_large' || code === 'video_too_large' || code === 'pdf_too_large') return 413
	if (code === 'request_conflict') return 409
	if (code === 'media_type' || code === 'image_type') return 415
	return 422
}
