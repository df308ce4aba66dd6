import { data, type RouterContextProvider } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'
import { imageFor, mediaFor, textFor } from '#modules/content/post-content.ts'
import type { DraftView, PostView } from '#modules/content/index.ts'
import type { PreflightTarget, PublishingService } from '#modules/publishing/index.ts'
import '#locales/ns/publishing.ts'

// The networks' rules when a post is planned or published now: an 'error' refuses it with the
// German reasons; an empty text goes out only with the form's confirmEmpty=1.

/** The form's yes to a post without text ('Ja, ohne Text veröffentlichen'). */
export const CONFIRM_EMPTY_FIELD = 'confirmEmpty'
export const emptyConfirmed = (formData: FormData) => formData.get(CONFIRM_EMPTY_FIELD) === '1'

/** `reasons`: the German findings one by one (the message joins them). */
export type PreflightRefusal = { title: string; message: string; reasons: Array<string>; status: number; confirmEmpty: boolean }

export async function preflightRefusal(context: Readonly<RouterContextProvider>, publishing: PublishingService, targets: ReadonlyArray<PreflightTarget>, confirmed: boolean): Promise<PreflightRefusal | null> {
	const t = getInstance(context).getFixedT('de', 'publishing')
	const findings = await publishing.preflight(targets)
	const errors = findings.filter((f) => f.severity === 'error')
	if (errors.length > 0) {
		const reasons = errors.map((f) => f.message)
		return { title: t('preflight.refused'), message: reasons.join(' '), reasons, status: 400, confirmEmpty: false }
	}
	const asks = findings.filter((f) => f.severity === 'confirm')
	if (asks.length > 0 && !confirmed) {
		const reasons = [...asks.map((f) => f.message), t('preflight.confirmEmpty')]
		return { title: t('preflight.confirmTitle'), message: reasons.join(' '), reasons, status: 409, confirmEmpty: true }
	}
	return null
}

/**
 * The answer to a 'Jetzt posten' the networks' rules refuse, whichever check found it (the preflight
 * before, or the planning's with the processed videos' figures): the German reasons for the refusal
 * dialog (PublishRefusalDialog), no toast, nothing queued.
 */
export function publishRefused(reasons: ReadonlyArray<string>) {
	return data({ ok: false as const, message: reasons.join(' '), refused: [...reasons] }, { status: 400 })
}

/**
 * A stored post's platforms as they would be sent (imageFor: the platform's own image or none, else the
 * post's one image); with items in its media list, those are judged (a video alone is a Reel, not a text post).
 */
export function postTargets(post: PostView): Array<PreflightTarget> {
	return post.platforms.map((platform) => {
		const media = mediaFor(post, platform)
		return { platform, text: textFor(post.content, platform), imageUrl: imageFor(post, platform), ...(media.length > 0 ? { media } : {}) }
	})
}

/** A draft's platforms as the post it becomes would send them (draftToPost: each platform keeps its own image or none). */
export function draftTargets(draft: DraftView): Array<PreflightTarget> {
	return draft.platforms.map((platform) => ({ platform, text: textFor(draft.content, platform), imageUrl: draft.images[platform] || null }))
}
