import type { RouterContextProvider } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'
import type { ContentError } from '#modules/content/index.ts'

/** The German text for a refused content operation (`fallback`: the spec's message of the operation). */
export function contentErrorMessage(context: Readonly<RouterContextProvider>, error: ContentError, fallback: string, reasons?: ReadonlyArray<string>) {
	const i18n = getInstance(context)
	// A network would refuse the post (modules/publishing's preflight), or the media list breaks a rule: their German reasons.
	if ((error === 'preflight' || error === 'invalid_media') && reasons?.length) return reasons.join(' ')
	if (error === 'not_found') return i18n.t('posts:toasts.notFound')
	if (error === 'published_locked') return i18n.t('posts:toasts.publishedLocked')
	if (error === 'request_conflict') return i18n.t('common:errors.requestConflict')
	if (error.startsWith('schedule:')) return i18n.t(`scheduling:${error.slice('schedule:'.length)}` as 'scheduling:errors.inPast')
	return fallback
}

/** A refused content operation's status: gone (404), the request id reused for other input (409), else invalid (400). */
export function statusOf(error: ContentError) {
	return error === 'not_found' ? 404 : error === 'request_conflict' ? 409 : 400
}
