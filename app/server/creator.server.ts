import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { servicesContext } from '#app/context.ts'
import { parseContentFields, CREATOR_INTENTS, type CreatorContent } from '#app/components/creator/fields.ts'
import type { OpenedContent } from '#app/components/creator/start.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import type { CurrentUser } from '#modules/accounts/index.ts'
import type { ContentService } from '#modules/content/index.ts'
import type { Platform } from '#modules/content/platforms.ts'
import { imageFor, ownImages, textFor, type PostContent } from '#modules/content/post-content.ts'
import { MAX_TEXT } from '#modules/content/text-limit.ts'
import { chosenBrandCookie } from './brand-choice.server.ts'
import { contentErrorMessage, statusOf } from './content-messages.server.ts'
import { parseForm } from './forms.server.ts'
import { emptyConfirmed, preflightRefusal, type PreflightRefusal } from './preflight.server.ts'

// The post creator's route: the draft or post it opens, and its three actions.

const id = z.uuid()

/** ?draft=<id> or ?post=<id>: the user's own draft or post, else "not found" (another user's id included). */
export async function loadOpened(content: ContentService, userId: string, search: URLSearchParams): Promise<{ opened: OpenedContent | null; notFound: boolean }> {
	const draftId = search.get('draft')
	const postId = search.get('post')
	if (draftId !== null) {
		const draft = id.safeParse(draftId).success ? await content.getDraft(userId, draftId) : null
		if (!draft) return { opened: null, notFound: true }
		return {
			opened: { editing: { kind: 'draft', id: draft.id }, platforms: draft.platforms, texts: textsOf(draft.content, draft.platforms), images: draft.images },
			notFound: false,
		}
	}
	if (postId !== null) {
		const post = id.safeParse(postId).success ? await content.getPost(userId, postId) : null
		if (!post) return { opened: null, notFound: true }
		return {
			opened: {
				editing: { kind: 'post', id: post.id, scheduledAt: post.status === 'scheduled' ? post.scheduledAt : null },
				platforms: post.platforms,
				texts: textsOf(post.content, post.platforms),
				images: Object.fromEntries(post.platforms.flatMap((p) => { const url = imageFor(post, p); return url ? [[p, url]] : [] })),
			},
			notFound: false,
		}
	}
	return { opened: null, notFound: false }
}

function textsOf(raw: string, platforms: Array<Platform>) {
	return Object.fromEntries(platforms.map((p) => [p, textFor(raw, p)])) as Partial<Record<Platform, string>>
}

/** One post for all chosen platforms: the first platform's text as base, each platform's own text named. */
function postContent(c: CreatorContent): PostContent {
	const base = c.texts[c.platforms[0]!] ?? ''
	return { base, platforms: c.platforms.length > 1 ? Object.fromEntries(c.platforms.map((p) => [p, c.texts[p] ?? ''])) : {} }
}

function draftContent(c: CreatorContent): PostContent {
	return { base: c.texts[c.platforms[0]!] ?? '', platforms: Object.fromEntries(c.platforms.map((p) => [p, c.texts[p] ?? ''])) }
}

/** Each chosen platform's own image, '' for one without (it gets none, not another platform's). */
const chosenImages = (c: CreatorContent) => ownImages(c.platforms, c.images)

/** The first chosen platform's image (the platforms come in the registry's order). */
const firstImage = (c: CreatorContent) => c.platforms.map((p) => c.images[p]).find(Boolean)

/** Each chosen platform as the post would send it: its text and its own image (or none). */
const creatorTargets = (c: CreatorContent) => c.platforms.map((platform) => ({ platform, text: c.texts[platform] ?? '', imageUrl: c.images[platform] ?? null }))

/** Saves the edits of an opened draft (its page choices stay) or post; false when it is not the user's. */
async function saveOpened(content: ContentService, userId: string, fields: CreatorContent): Promise<boolean> {
	const editing = fields.editing
	if (!editing) return true
	if (editing.kind === 'draft') {
		const draft = await content.getDraft(userId, editing.id)
		if (!draft) return false
		const result = await content.updateDraft(userId, editing.id, { platforms: fields.platforms, content: draftContent(fields), images: fields.images, pageIds: draft.pageIds })
		return result.ok
	}
	const result = await content.updatePost(userId, editing.id, { content: postContent(fields), imageUrl: firstImage(fields), images: chosenImages(fields) })
	return result.ok
}

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

	const fields = submission.status === 'success' ? parseContentFields(formData, publishing.platforms.ids) : null
	if (submission.status !== 'success' || !fields) return fail(400, t('toasts.createFailed'), overCap(formData) ? t('errors.textTooLong', { max: MAX_TEXT.toLocaleString('de-CH') }) : t('errors.invalid'))
	const { intent, requestId } = submission.value
	const editing = fields.editing
	// New posts and drafts go to the brand the switcher chose ('Alle Marken': the user's first, ADR 0047).
	const brandId = editing ? undefined : (await brands.forNewContent(user.id, await chosenBrandCookie(context, request)))?.id
	const platform = fields.platforms.length === 1 ? fields.platforms[0]! : 'multiple'
	const image = firstImage(fields)
	// The networks' rules before anything is planned or sent (the job checks them again).
	const refusal = intent === 'save-draft' ? null : await preflightRefusal(context, publishing, creatorTargets(fields), emptyConfirmed(formData))
	if (refusal) return refuse(refusal)

	if (intent === 'save-draft') {
		if (editing) {
			if (!(await saveOpened(content, user.id, fields))) return fail(404, t('toasts.updateFailed'), t('toasts.notFound'))
			return editing.kind === 'post' ? succeed(t('toasts.postUpdated')) : succeed(t('toasts.draftSaved'), t('toasts.draftSavedText'))
		}
		// Spec: 'Entwurf speichern' creates one draft per chosen platform, each with its own text and image.
		const drafts = fields.platforms.map((p) => {
			const own = fields.images[p]
			return { platforms: [p], content: { base: fields.texts[p] ?? '', platforms: {} }, images: own ? { [p]: own } : {}, brandId }
		})
		const created = await content.createDrafts(user.id, requestId, drafts)
		if (!created.ok) return fail(409, t('toasts.createFailed'), contentErrorMessage(context, created.error, t('errors.invalid'), created.reasons))
		return succeed(t('toasts.draftSaved'), t('toasts.draftSavedText'), { ids: created.drafts.map((d) => d.id) })
	}

	if (intent === 'schedule') {
		const when = WhenSchema.safeParse(Object.fromEntries(formData))
		if (!when.success) return fail(400, t('toasts.scheduleFailed'), t('toasts.scheduleFailedText'))
		const schedule = { date: when.data.date, time: when.data.time, timeZone: user.timeZone }
		// A draft that is gone may have become a post under this request id: scheduleDraft answers that.
		if (editing && !(await saveOpened(content, user.id, fields)) && editing.kind === 'post') return fail(404, t('toasts.scheduleFailed'), t('toasts.notFound'))
		const result = !editing
			? await content.createScheduledPost(user.id, requestId, { platform, content: postContent(fields), imageUrl: image ?? null, images: chosenImages(fields), aiPrompt: fields.prompt || null, brandId }, schedule)
			: editing.kind === 'draft'
				? await content.scheduleDraft(user.id, editing.id, schedule, requestId)
				: await content.schedulePost(user.id, editing.id, schedule)
		if (!result.ok) return fail(statusOf(result.error), t('toasts.scheduleFailed'), contentErrorMessage(context, result.error, t('toasts.scheduleFailedText'), result.reasons))
		return succeed(t('toasts.scheduled'), undefined, { ids: [result.post.id] })
	}

	// 'Jetzt posten': one post for the chosen platforms whose deliveries are all due now. A new post
	// and a draft become that post once per request id; an opened post is published again.
	const saved = !editing || (await saveOpened(content, user.id, fields))
	if (!saved && editing?.kind === 'post') return fail(404, t('publish.failed'), t('toasts.notFound'))
	if (editing?.kind !== 'post') {
		const created = editing
			? await content.publishDraft(user.id, editing.id, user.timeZone, requestId)
			: await content.publishNewPost(user.id, requestId, { platform, content: postContent(fields), imageUrl: image ?? null, images: chosenImages(fields), aiPrompt: fields.prompt || null, brandId }, user.timeZone)
		if (!created.ok) return fail(statusOf(created.error), t('publish.failed'), contentErrorMessage(context, created.error, t('publish.failedText'), created.reasons))
		if (created.post.platforms.length === 0) return fail(400, t('publish.failed'), t('publish.nothingToPublish'))
		return data({ ok: true, postId: created.post.id, message: t('publish.publishing') })
	}
	const queued = await publishing.publishNow(user.id, editing.id)
	if (queued === null) return fail(404, t('publish.failed'), t('toasts.notFound'))
	if (typeof queued === 'object') return fail(400, t('publish.failed'), queued.refused.join(' '))
	if (queued === 'published') return fail(409, t('publish.failed'), t('publish.alreadyPublished'))
	if (queued === 0) return fail(400, t('publish.failed'), t('publish.nothingToPublish'))
	return data({ ok: true, postId: editing.id, message: t('publish.publishing') })
}
