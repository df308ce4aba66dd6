import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { servicesContext } from '#app/context.ts'
import { parseContentFields, CREATOR_INTENTS } from '#app/components/creator/fields.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import type { CurrentUser } from '#modules/accounts/index.ts'
import { MAX_TEXT } from '#modules/content/text-limit.ts'
import { chosenBrandCookie } from './brand-choice.server.ts'
import { chooseCreatorChannels, creatorTargets, publishCreatorPost, saveCreatorDraft, scheduleCreatorPost } from '#modules/posting/index.ts'
import { contentErrorMessage, statusOf } from './content-messages.server.ts'
import { parseForm } from './forms.server.ts'
import { emptyConfirmed, preflightRefusal, publishRefused, type PreflightRefusal } from './preflight.server.ts'

// The post creator's route: its three actions, translated to the creator's use cases in
// modules/posting (ADR 0048) and answered with toasts.

/** A text over the stored cap (far above every network's limit): named too long, not invalid. */
const overCap = (formData: FormData) => [...formData.entries()].some(([name, value]) => name.startsWith('text.') && typeof value === 'string' && value.length > MAX_TEXT)

// Every creator form carries a request id from the browser: a retry or a double click creates once.
const IntentSchema = z.object({ intent: z.enum(CREATOR_INTENTS), requestId: z.uuid() })
const WhenSchema = z.object({ date: z.string().max(20), time: z.string().max(10) })

export async function creatorAction(request: Request, context: Readonly<RouterContextProvider>, user: CurrentUser) {
	const { content, publishing, brands } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'posts')
	const { formData, submission } = await parseForm(request, IntentSchema)

	function fail(status: number, title: string, message: string) {
		return data({ ok: false, message, notice: { type: 'error' as const, title, description: message } }, { status })
	}
	function refuse(refusal: PreflightRefusal) {
		return data({ ok: false, message: refusal.message, confirmEmpty: refusal.confirmEmpty, notice: refusal.confirmEmpty ? undefined : { type: 'error' as const, title: refusal.title, description: refusal.message } }, { status: refusal.status })
	}
	function succeed(title: string, description?: string, extra: { ids?: Array<string> } = {}) {
		return data({ ok: true, message: title, notice: { type: 'success' as const, title, description }, ...extra })
	}

	const parsed = submission.status === 'success' ? parseContentFields(formData, publishing.platforms.ids) : null
	if (submission.status !== 'success' || !parsed) return fail(400, t('toasts.createFailed'), overCap(formData) ? t('errors.textTooLong', { max: MAX_TEXT.toLocaleString('de-CH') }) : t('errors.invalid'))
	const { intent, requestId } = submission.value
	// The chosen channels: the user's, of one brand; their networks are the post's.
	const chosen = await chooseCreatorChannels(publishing, user.id, parsed)
	if (!chosen.ok) return fail(400, t(intent === 'schedule' ? 'toasts.scheduleFailed' : intent === 'publish' ? 'publish.failed' : 'toasts.createFailed'), chosen.reasons.join(' '))
	// New posts and drafts go to their channels' brand, else to the one the switcher chose ('Alle Marken': the user's first, ADR 0047).
	const brandId = chosen.post.brandId ?? (parsed.editing ? undefined : (await brands.forNewContent(user.id, await chosenBrandCookie(context, request)))?.id)
	const fields = { ...chosen.post, brandId }
	// The networks' rules before anything is planned or sent (the job checks them again).
	const refusal = intent === 'save-draft' ? null : await preflightRefusal(context, publishing, creatorTargets(fields), emptyConfirmed(formData))
	if (refusal && intent === 'publish' && !refusal.confirmEmpty) return publishRefused(refusal.reasons)
	if (refusal) return refuse(refusal)

	if (intent === 'save-draft') {
		const saved = await saveCreatorDraft(content, user.id, requestId, fields)
		if (!saved.ok && saved.error === 'not_found' && fields.editing) return fail(404, t('toasts.updateFailed'), t('toasts.notFound'))
		if (!saved.ok) return fail(409, t('toasts.createFailed'), contentErrorMessage(context, saved.error, t('errors.invalid'), saved.reasons))
		if (saved.saved === 'post') return succeed(t('toasts.postUpdated'))
		return succeed(t('toasts.draftSaved'), t('toasts.draftSavedText'), saved.saved === 'drafts' ? { ids: saved.ids } : {})
	}

	if (intent === 'schedule') {
		const when = WhenSchema.safeParse(Object.fromEntries(formData))
		if (!when.success) return fail(400, t('toasts.scheduleFailed'), t('toasts.scheduleFailedText'))
		const result = await scheduleCreatorPost(content, user, requestId, fields, when.data)
		if (!result.ok) return fail(statusOf(result.error), t('toasts.scheduleFailed'), contentErrorMessage(context, result.error, t('toasts.scheduleFailedText'), result.reasons))
		return succeed(t('toasts.scheduled'), undefined, { ids: [result.post.id] })
	}

	const published = await publishCreatorPost({ content, publishing }, user, requestId, fields)
	if (published.ok) return data({ ok: true, postId: published.postId, message: t('publish.publishing') })
	if (published.error === 'nothing_to_publish') return fail(400, t('publish.failed'), t('publish.nothingToPublish'))
	if (published.error === 'already_published') return fail(409, t('publish.failed'), t('publish.alreadyPublished'))
	// Refused by the networks' rules before anything was written or queued (a new post's planning, or the stored post's).
	if (published.error === 'refused') return publishRefused(published.reasons)
	if (published.error === 'preflight' && 'reasons' in published && published.reasons?.length) return publishRefused(published.reasons)
	if (published.error === 'not_found' && fields.editing?.kind === 'post') return fail(404, t('publish.failed'), t('toasts.notFound'))
	return fail(statusOf(published.error), t('publish.failed'), contentErrorMessage(context, published.error, t('publish.failedText'), 'reasons' in published ? published.reasons : undefined))
}
