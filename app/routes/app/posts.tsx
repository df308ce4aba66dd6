import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { z } from 'zod'
import type { Route } from './+types/posts'
import { servicesContext } from '#app/context.ts'
import { LoadError } from '#app/components/load-error.tsx'
import { PostsPage } from '#app/components/posts/posts-page.tsx'
import { useRestOfCards } from '#app/components/posts/use-rest-of-cards.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { contentErrorMessage, statusOf } from '#app/server/content-messages.server.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { draftTargets, emptyConfirmed, postTargets, preflightRefusal, publishRefused } from '#app/server/preflight.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { boardCards, pageParams } from '#app/server/posts-board.server.ts'
import { currentBrandId } from '#app/server/brand-choice.server.ts'
import { editorData } from '#app/server/posts-editor.server.ts'
import { DeleteSchema, draftEditSchema, editedFirstComment, postEditOf, postEditSchema } from '#modules/content/schema.ts'
import '#locales/ns/posts.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const services = context.get(servicesContext)
	const params = pageParams(new URL(request.url))
	// A document without ?show carries only the cards the server draws; the rest of the first page comes
	// from /posts/cards (useRestOfCards, ADR 0034). 'Weitere anzeigen' raises ?show (20, 30, ...).
	const { first } = params
	// The editor's pages and regeneration cost only for the editor opened on load (?edit=); otherwise the
	// dialog asks /posts/editor-data when it first opens (ADR 0034, addendum 'editor data on demand').
	const [cards, editor] = await Promise.all([
		currentBrandId(context, request, user).then((brandId) => boardCards(services, user.id, params, first, brandId)),
		params.edit ? editorData(services, user.id) : null,
	])
	return {
		title: getInstance(context).t('posts:meta.title'),
		...cards,
		show: params.show,
		/** Only the first cards of each column: the others are still to come. */
		partial: first,
		editor,
		q: params.q,
		editId: params.edit,
		timeZone: user.timeZone,
		// The balance as the session read it (one query less).
		balance: user.creditsRemaining,
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const IntentSchema = z.object({ intent: z.enum(['save-draft', 'save-post', 'delete-post', 'delete-draft', 'schedule', 'publish-now']) })
// A draft becomes a post when it is published or planned: once per request id from the browser.
const PublishNowSchema = z.object({ intent: z.literal('publish-now'), kind: z.enum(['draft', 'post']), id: z.uuid(), requestId: z.uuid() })
const ScheduleActionSchema = z.object({
	intent: z.literal('schedule'),
	kind: z.enum(['draft', 'post']),
	id: z.uuid(),
	requestId: z.uuid(),
	date: z.string().max(20),
	time: z.string().max(10),
})

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const { content, publishing } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'posts')
	const { formData, submission: intentCheck } = await parseForm(request, IntentSchema)
	if (intentCheck.status !== 'success') return data({ ok: false, message: t('errors.invalid') }, { status: 400 })
	const intent = intentCheck.value.intent

	function fail(status: number, title: string, message: string) {
		return data({ ok: false, message, notice: { type: 'error' as const, title, description: message } }, { status })
	}
	function succeed(title: string, description?: string, extra: { ids?: Array<string> } = {}) {
		return data({ ok: true, message: title, notice: { type: 'success' as const, title, description }, ...extra })
	}
	/** The networks' rules for the stored draft or post about to be planned or published now (a missing one is the service's "not found"). */
	async function refusalFor(kind: 'draft' | 'post', id: string) {
		const targets = kind === 'draft' ? await content.getDraft(user.id, id).then((d) => d && draftTargets(d)) : await content.getPost(user.id, id).then((p) => p && postTargets(p))
		if (!targets) return null
		const refusal = await preflightRefusal(context, publishing, targets, emptyConfirmed(formData))
		if (!refusal) return null
		if (intent === 'publish-now' && !refusal.confirmEmpty) return publishRefused(refusal.reasons)
		return data({ ok: false, message: refusal.message, confirmEmpty: refusal.confirmEmpty, notice: refusal.confirmEmpty ? undefined : { type: 'error' as const, title: refusal.title, description: refusal.message } }, { status: refusal.status })
	}

	if (intent === 'save-draft') {
		const submission = parseWithZod(formData, { schema: draftEditSchema(publishing.platforms.ids) })
		if (submission.status !== 'success') return fail(400, t('toasts.updateFailed'), t('toasts.draftUpdateFailed'))
		const { id, platforms, texts, images, pageIds, channelIds, channelsChosen, channelTexts } = submission.value
		if (channelsChosen && channelIds.length === 0) return fail(400, t('toasts.updateFailed'), t('editor.channelsNone'))
		const base = texts[platforms[0]!] ?? ''
		const result = await content.updateDraft(user.id, id, { platforms, content: { base, platforms: texts, channels: channelTexts, ...editedFirstComment(submission.value) }, images, pageIds, channelIds })
		if (!result.ok) return fail(statusOf(result.error), t('toasts.updateFailed'), contentErrorMessage(context, result.error, t('toasts.draftUpdateFailed'), result.reasons))
		return succeed(t('toasts.draftSaved'), t('toasts.draftSavedText'))
	}

	if (intent === 'save-post') {
		const submission = parseWithZod(formData, { schema: postEditSchema(publishing.platforms.ids) })
		if (submission.status !== 'success') return fail(400, t('toasts.updateFailed'), t('toasts.postUpdateFailed'))
		const { id, channelIds, channelsChosen, media } = submission.value
		if (channelsChosen && channelIds.length === 0) return fail(400, t('toasts.updateFailed'), t('editor.channelsNone'))
		// The media strip's list first: a refused list leaves the post as it was.
		const listed = media ? await content.setPostMedia(user.id, id, media) : null
		if (listed && !listed.ok) return fail(statusOf(listed.error), t('toasts.updateFailed'), contentErrorMessage(context, listed.error, t('toasts.postUpdateFailed'), listed.reasons))
		const result = await content.updatePost(user.id, id, postEditOf(submission.value))
		if (!result.ok) return fail(statusOf(result.error), t('toasts.updateFailed'), contentErrorMessage(context, result.error, t('toasts.postUpdateFailed'), result.reasons))
		return succeed(t('toasts.postUpdated'))
	}

	if (intent === 'delete-post' || intent === 'delete-draft') {
		const submission = parseWithZod(formData, { schema: DeleteSchema })
		const isDraft = intent === 'delete-draft'
		const failed = isDraft ? t('toasts.draftDeleteFailed') : t('toasts.postDeleteFailed')
		if (submission.status !== 'success') return fail(400, t('toasts.deleteFailed'), failed)
		const result = isDraft ? await content.deleteDraft(user.id, submission.value.id) : await content.deletePost(user.id, submission.value.id)
		if (!result.ok) return fail(404, t('toasts.deleteFailed'), contentErrorMessage(context, result.error, failed, result.reasons))
		return succeed(t('toasts.deleted'))
	}

	if (intent === 'publish-now') {
		const parsed = PublishNowSchema.safeParse(Object.fromEntries(formData))
		const failed = () => fail(400, t('publish.failed'), t('publish.failedText'))
		if (!parsed.success) return failed()
		const { kind, id, requestId } = parsed.data
		const refusal = await refusalFor(kind, id)
		if (refusal) return refusal
		if (kind === 'draft') {
			const converted = await content.publishDraft(user.id, id, user.timeZone, requestId)
			if (!converted.ok && converted.error === 'preflight' && converted.reasons?.length) return publishRefused(converted.reasons)
			if (!converted.ok) return fail(statusOf(converted.error), t('publish.failed'), contentErrorMessage(context, converted.error, t('publish.failedText'), converted.reasons))
			if (converted.post.platforms.length === 0) return fail(400, t('publish.failed'), t('publish.nothingToPublish'))
			return data({ ok: true, postId: converted.post.id, message: t('publish.publishing') })
		}
		const postId = id
		const queued = await publishing.publishNow(user.id, postId)
		if (queued === null) return fail(404, t('publish.failed'), t('toasts.notFound'))
		if (typeof queued === 'object') return publishRefused(queued.refused)
		if (queued === 'published') return fail(409, t('publish.failed'), t('publish.alreadyPublished'))
		if (queued === 0) return fail(400, t('publish.failed'), t('publish.nothingToPublish'))
		return data({ ok: true, postId, message: t('publish.publishing') })
	}

	const submission = ScheduleActionSchema.safeParse(Object.fromEntries(formData))
	if (!submission.success) return fail(400, t('toasts.scheduleFailed'), t('toasts.scheduleFailedText'))
	const { kind, id, date, time, requestId } = submission.data
	const refusal = await refusalFor(kind, id)
	if (refusal) return refusal
	const request_ = { date, time, timeZone: user.timeZone }
	const result = kind === 'draft' ? await content.scheduleDraft(user.id, id, request_, requestId) : await content.schedulePost(user.id, id, request_)
	if (!result.ok) return fail(statusOf(result.error), t('toasts.scheduleFailed'), contentErrorMessage(context, result.error, t('toasts.scheduleFailedText'), result.reasons))
	return succeed(t('toasts.scheduled'), undefined, { ids: [result.post.id] })
}

export default function PostsRoute({ loaderData }: Route.ComponentProps) {
	const page = useRestOfCards(loaderData)
	return <PostsPage {...page} />
}

export function ErrorBoundary() {
	const { t } = useTranslation('posts')
	return <LoadError title={t('toasts.loadFailed')} text={t('toasts.postsLoadFailed')} />
}
