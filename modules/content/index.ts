import type { Clock } from '#modules/core/clock.server.ts'
import type { Db, Trx } from '#modules/core/db.server.ts'
import { once } from '#modules/core/request-keys.server.ts'
import { validateReschedule, validateSchedule } from '#modules/scheduling/index.ts'
import { logDraftSaved, logPostScheduled } from './activity.server.ts'
import { boardPage } from './board.server.ts'
import { calendarPreview } from './calendar-preview.server.ts'
import { calendarView, type CalendarRange } from './calendar.server.ts'
import { findMatchingPosts, type PostCandidate } from './find-matching-posts.server.ts'
import { freeSlots } from './free-slots.server.ts'
import { importProgress, noteImportProgress, type ImportProgress } from './import-progress.server.ts'
import { insertImportedPosts, type ImportItem, type ImportOptions, type ImportOutcome } from './import.server.ts'
import { draftsPage, postsPage, type PagePosition, type PostFilter } from './pages.server.ts'
import { exportContentData } from './export.server.ts'
import { countDrafts, createDraft, deleteDraft, getDraft, insertDraft, listDrafts, updateDraft, type DraftInput } from './drafts.server.ts'
import {
	createPost,
	deletePost,
	insertPost,
	getPost,
	listPosts,
	schedulePost,
	setAiLabel,
	setCarouselFit,
	draftToPost,
	updatePostContent,
	type PostEdit,
	type PostInput,
} from './posts.server.ts'
import type { AiLabel, CarouselFit, RegisteredPlatforms } from './platforms.ts'
import { isPlanRefused, type BrandDirectory, type DeliveryPlanner, type MediaOrigins } from './ports.ts'
import type { ContentResult, DraftView, PostView } from './views.ts'
import { isUuid } from '#modules/core/uuid.ts'
import { retargetDraft, retargetPost } from './retarget-post.server.ts'
import { mediaForAltText } from './media-alt-text.server.ts'
import { isMediaRefused, setPostMedia } from './set-post-media.server.ts'
import type { MediaItemInput } from './media-items.ts'
import { makePostDocument, type MakePostDocumentInput } from './make-post-document.server.ts'
import { attachUploadedDocument, type AttachUploadedDocumentInput } from './attach-uploaded-document.server.ts'
import { readPostDocument, type PostDocumentDeps } from './post-document.server.ts'
import { postDocumentEditor } from './post-document-editor.server.ts'

export type { Board, BoardColumn } from './board.server.ts'
export type { FreeSlot } from './free-slots.server.ts'
export type { ImportItem, ImportOutcome } from './import.server.ts'
export type { Page, PagePosition, PostFilter } from './pages.server.ts'
export { BOARD_MAX_LIMIT, BOARD_PAGE_SIZE } from './board-limits.ts'
export type { DraftInput } from './drafts.server.ts'
export type { ContentDashboard, DashboardDay, DashboardRecentItem } from './dashboard.server.ts'
export { contentDashboardPart, postTotals, publishedPerDay } from './dashboard.server.ts'
export { moveContentOfBrand } from './move-brand.server.ts'
export { isPlanRefused, PlanRefused, type BrandDirectory, type DeliveryPlanner, type MediaOrigins, type PlanInput, type PlannedChannel, type RetargetInput } from './ports.ts'
export type { ImportProgress } from './import-progress.server.ts'
export type { CalendarPerDay, WeekStats } from './calendar.server.ts'
export type { PostInput } from './posts.server.ts'
export type { CalendarEntry, CalendarPreview, ContentError, ContentResult, DraftView, PostMediaView, PostView } from './views.ts'
export { postBrandSql } from './posts.server.ts'
export { postsWithFileSql } from './post-media.server.ts'
export { contentPublications } from './publications.server.ts'
export { createReviewPost, markPostPublished, markPostsPublished, postForDelivery, postsForDelivery, postsForDeliverySql, deliveryPostOf, type DeliveryPostRow, repostCandidates, setPostEngagement, type RepostCandidate } from './posts.server.ts'
export { channelTextOf, channelTextsOf, firstCommentFor, imageFor, mediaFor, ownImages, textFor, truncate } from './post-content.ts'
export type { FirstComment } from './first-comment.ts'
export { mediaItemSchema, mediaListSchema, MAX_MEDIA_ITEMS, type MediaItemInput } from './media-items.ts'
export { AI_LABELS, CAROUSEL_FITS, carouselFitOf, type CarouselFit, POST_ORIGINS, POST_STATUSES, type AiLabel, type PostOrigin, type Platform, type PostPlatform, type PostStatus, type RegisteredPlatforms } from './platforms.ts'
export { aiLabelled, type AiLabelFacts } from './ai-label.ts'
export type { MediaForAltText } from './media-alt-text.server.ts'
export { searchContent, type ContentSearchHit } from './search.server.ts'

/**
 * Drafts and posts written inside the caller's transaction, for automations that claim their run in
 * the same transaction as the draft or post they make (the composition root binds the planner, brands'
 * reads and the registered platforms).
 */
export function createContentWriter(planner: DeliveryPlanner, brands: BrandDirectory, origins: MediaOrigins, platforms: RegisteredPlatforms) {
	return {
		insertDraft: (trx: Trx, userId: string, input: DraftInput) => insertDraft(trx, platforms, brands, origins, userId, input),
		insertPost: (trx: Trx, userId: string, input: PostInput) => insertPost(trx, planner, brands, origins, platforms, userId, input),
	}
}

export type ContentWriter = ReturnType<typeof createContentWriter>


/** post_media.alt_text's check: the limit when no descriptor names a smaller one. */
const ALT_TEXT_COLUMN_MAX = 5000

export type ScheduleRequest = { date: string; time: string; timeZone: string }

/** A post the creator makes: what it chose, without the plan (status, time, zone). */
export type NewPostInput = Omit<PostInput, 'status' | 'scheduledAt' | 'timeZone' | 'dueNow'>

/**
 * Posts and drafts, always scoped to the signed-in user: another user's id answers "not found".
 * `platforms`: the registered ids (publishing.platforms.ids): rows, images and contents count only
 * these, and a 'multiple' post whose content names none goes to all of them. `origins` tells generated images
 * (their media rows' ai_generated) and the user's own uploads. `altTextMaxLength`: the longest alt text every
 * network takes (the descriptors' smallest `media.altText.maxLength`; left out, the column's 5000).
 */
export function createContentService({
	db,
	clock,
	planner,
	brands,
	origins,
	platforms,
	altTextMaxLength = ALT_TEXT_COLUMN_MAX,
}: {
	db: Db
	clock: Clock
	planner: DeliveryPlanner
	brands: BrandDirectory
	origins: MediaOrigins
	platforms: RegisteredPlatforms
	altTextMaxLength?: number
}) {
	const mediaDeps = { origins, platforms, altTextMaxLength }
	/**
	 * A creating operation once per request id: a retry (or a parallel double submit) with the same
	 * id gets the first result; the id used for another operation or other input is refused.
	 */
	async function keyed<T extends object>(userId: string, requestId: string, action: string, input: unknown, create: (trx: Trx) => Promise<ContentResult<T>>): Promise<ContentResult<T>> {
		const outcome = await once(db, { userId, requestId, action, input }, create, (result) => result.ok)
		return outcome.kind === 'conflict' ? { ok: false, error: 'request_conflict' } : outcome.result
	}

	/** A planner's refusal (a network would refuse the post) as a result with its German reasons; nothing was written. */
	async function refusable<T>(run: () => Promise<ContentResult<T>>): Promise<ContentResult<T>> {
		try {
			return await run()
		} catch (error) {
			if (isPlanRefused(error)) return { ok: false, error: 'preflight', reasons: error.reasons }
			if (isMediaRefused(error)) return { ok: false, error: 'invalid_media', reasons: error.reasons }
			throw error
		}
	}

	async function planned<T>(check: { ok: true; instant: Date } | { ok: false; error: string }, run: (instant: Date) => Promise<ContentResult<T>>): Promise<ContentResult<T>> {
		if (!check.ok) return { ok: false, error: `schedule:${check.error}` }
		return run(check.instant)
	}

	return {
		countDrafts: (userId: string) => countDrafts(db, userId),

		/** The next suggested posting times without a planned post of the user (API, MCP, CSV import). */
		freeSlots: (userId: string, timeZone: string, count: number, taken?: ReadonlyArray<Date>) => freeSlots(db, userId, { timeZone, now: clock.now(), count, taken }),
		/** A CSV import's progress, noted outside its transaction and read by the dialog's poll (any web process). */
		noteImportProgress: (userId: string, requestId: string, progress: ImportProgress) => noteImportProgress(db, userId, requestId, progress),
		importProgress: (userId: string, requestId: string) => importProgress(db, userId, requestId),
		/** Which of the posts about to be made the user already has (same text, networks and time): a CSV file uploaded again. */
		findMatchingPosts: (userId: string, candidates: ReadonlyArray<PostCandidate>) => findMatchingPosts(db, userId, candidates),

		/** The content part of 'Daten exportieren': every post and draft of the user. */
		exportData: (userId: string) => exportContentData(db, userId),

		/**
		 * The 'Meine Posts' board: the first `limit` cards of each column and the column totals, in a fixed
		 * number of queries whatever the number of posts; `include` (the card the editor opens) is added
		 * when it is the user's and not among them.
		 */
		async board(userId: string, options: { query?: string; limit?: number; include?: string | null; brandId?: string | null } = {}) {
			const board = await boardPage(db, platforms, userId, options)
			const id = options.include
			if (id && isUuid(id) && !board.drafts.some((d) => d.id === id) && !board.posts.some((p) => p.id === id)) {
				const [post, draft] = await Promise.all([getPost(db, platforms, userId, id), getDraft(db, platforms, userId, id)])
				if (post) board.posts.push(post)
				if (draft) board.drafts.push(draft)
			}
			return board
		},

		listDrafts: (userId: string) => listDrafts(db, platforms, userId),
		getDraft: (userId: string, id: string) => getDraft(db, platforms, userId, id),
		createDraft: (userId: string, input: DraftInput) => createDraft(db, platforms, brands, origins, userId, input, mediaDeps),
		/** A draft's edits; a refused media list answers 'invalid_media' with German reasons. */
		updateDraft: (userId: string, id: string, input: DraftInput) => refusable(() => updateDraft(db, platforms, brands, origins, userId, id, input, mediaDeps)),
		deleteDraft: (userId: string, id: string) => deleteDraft(db, userId, id),

		listPosts: (userId: string) => listPosts(db, platforms, userId),
		/** The user's posts by filter, newest first, page by page (REST API). */
		postsPage: (userId: string, filter: PostFilter, limit: number, after: PagePosition | null) => postsPage(db, platforms, userId, filter, limit, after),
		/** The user's drafts, newest first, page by page (REST API). */
		draftsPage: (userId: string, limit: number, after: PagePosition | null) => draftsPage(db, platforms, userId, limit, after),
		getPost: (userId: string, id: string) => getPost(db, platforms, userId, id),
		/** An item of the user's posts with its post's text ('Alt-Text vorschlagen'); null when not theirs or no id. */
		mediaForAltText: (userId: string, mediaId: string) => (isUuid(mediaId) ? mediaForAltText(db, userId, mediaId) : Promise.resolve(null)),
		createPost: (userId: string, input: PostInput) => createPost(db, planner, brands, origins, platforms, userId, input),
		/** Text and image of a post (with `channelIds` also its channels, in the same transaction); a refused channel choice answers 'preflight' with German reasons. */
		updatePost: (userId: string, id: string, input: PostEdit) => refusable(() => updatePostContent(db, planner, origins, platforms, userId, id, input)),
		/**
		 * A stored post (a draft or planned one, not yet published) goes to these channels from now on: one
		 * transaction, a fixed number of statements; refusals ('preflight') carry German reasons.
		 */
		changeChannels: (userId: string, id: string, channelIds: ReadonlyArray<string>) => refusable(() => db.transaction().execute((trx) => retargetPost(trx, planner, platforms, userId, id, channelIds))),
		/** A draft's channels (its networks follow them, it moves to their brand), checked as a post's. */
		changeDraftChannels: (userId: string, id: string, channelIds: ReadonlyArray<string>) => refusable(() => db.transaction().execute((trx) => retargetDraft(trx, planner, platforms, userId, id, channelIds))),
		deletePost: (userId: string, id: string) => deletePost(db, planner, userId, id),
		/**
		 * The post's media list from now on, in order (the editor's strip, REST, MCP; ADR 0061): items by
		 * `id` keep their rows, new ones are the user's uploads (`fileKey`) or image URLs. A published post's
		 * list stays ('published_locked'); refusals ('invalid_media') carry German reasons. Once per `requestId`.
		 */
		setPostMedia: (userId: string, postId: string, items: ReadonlyArray<MediaItemInput>, requestId?: string) => setPostMedia(db, mediaDeps, userId, postId, items, requestId),
		/** The post's AI label ('auto', 'on', 'off'), also on a published post (it is the post's record). */
		setAiLabel: (userId: string, id: string, label: AiLabel) => setAiLabel(db, platforms, userId, id, label),
		/** How the post's carousel is made one aspect where a network needs it ('crop' or 'pad', ADR 0065). */
		setCarouselFit: (userId: string, id: string, fit: CarouselFit) => setCarouselFit(db, platforms, userId, id, fit),

		/** 'Entwurf speichern' in the creator: one draft per input, once per request id. */
		createDrafts: (userId: string, requestId: string, inputs: Array<DraftInput>) =>
			refusable(() =>
				keyed<{ drafts: Array<DraftView> }>(userId, requestId, 'content.create-drafts', inputs, async (trx) => {
					const drafts: Array<DraftView> = []
					for (const input of inputs) drafts.push(await insertDraft(trx, platforms, brands, origins, userId, input, mediaDeps))
					for (const draft of drafts) await logDraftSaved(trx, userId, draft, true)
					return { ok: true as const, drafts }
				}),
			),

		/** 'Post planen' for a draft: date and a 06:00-23:00 slot, not in the past; once per request id. */
		scheduleDraft: (userId: string, draftId: string, request: ScheduleRequest, requestId: string) =>
			refusable(() =>
				keyed<{ post: PostView }>(userId, requestId, 'content.schedule-draft', { draftId, request }, (trx) =>
					planned(validateSchedule(request, clock.now()), async (instant) => {
						const result = await draftToPost(trx, planner, brands, origins, platforms, userId, draftId, { status: 'scheduled', scheduledAt: instant, timeZone: request.timeZone })
						if (result.ok) await logPostScheduled(trx, userId, result.post)
						return result
					}),
				),
			),

		/** The creator's 'Planen': one new post for the chosen platforms, planned by the same rules; once per request id. */
		createScheduledPost: (userId: string, requestId: string, input: NewPostInput, request: ScheduleRequest) =>
			refusable(() =>
				keyed<{ post: PostView }>(userId, requestId, 'content.create-scheduled-post', { input, request }, (trx) =>
					planned(validateSchedule(request, clock.now()), async (instant) => {
						const post = await insertPost(trx, planner, brands, origins, platforms, userId, { ...input, status: 'scheduled', scheduledAt: instant, timeZone: request.timeZone }, mediaDeps)
						await logPostScheduled(trx, userId, post)
						return { ok: true, post }
					}),
				),
			),

		/**
		 * A new post at the next suggested time without a planned post (API, MCP): the slot is found
		 * inside the once-per-request transaction, so a retry answers the first post instead of a new slot.
		 */
		createPostAtNextSlot: (userId: string, requestId: string, input: NewPostInput, timeZone: string) =>
			refusable(() =>
				keyed<{ post: PostView }>(userId, requestId, 'content.create-post-next-slot', { input, timeZone }, async (trx) => {
					const [slot] = await freeSlots(trx, userId, { timeZone, now: clock.now(), count: 1 })
					if (!slot) return { ok: false, error: 'schedule:errors.inPast' }
					const post = await insertPost(trx, planner, brands, origins, platforms, userId, { ...input, status: 'scheduled', scheduledAt: new Date(slot.at), timeZone }, mediaDeps)
					await logPostScheduled(trx, userId, post)
					return { ok: true, post }
				}),
			),

		/**
		 * 'CSV importieren': many posts (planned, or drafts without a time) with origin 'csv' in ONE
		 * transaction, once per request id; `request` is what the user sent (the rows as read from the
		 * file), so a retry is recognised even when the items name freshly stored images.
		 */
		importPosts: (userId: string, requestId: string, request: unknown, items: ReadonlyArray<ImportItem>, options: ImportOptions = {}) =>
			keyed<ImportOutcome>(userId, requestId, 'content.import-posts', request, async (trx) => ({ ok: true as const, ...(await insertImportedPosts(trx, planner, origins, platforms, userId, items, options)) })),

		/** The creator's 'Jetzt posten': one new post whose deliveries are due now; once per request id. */
		publishNewPost: (userId: string, requestId: string, input: NewPostInput, timeZone: string) =>
			refusable(() =>
				keyed<{ post: PostView }>(userId, requestId, 'content.publish-new-post', input, async (trx) => ({
					ok: true,
					post: await insertPost(trx, planner, brands, origins, platforms, userId, { ...input, status: 'draft', dueNow: true, timeZone }, mediaDeps),
				})),
			),

		/** 'Sofort posten' on a draft: it becomes a post whose deliveries are due now; once per request id. */
		publishDraft: (userId: string, draftId: string, timeZone: string, requestId: string) =>
			refusable(() => keyed<{ post: PostView }>(userId, requestId, 'content.publish-draft', { draftId }, (trx) => draftToPost(trx, planner, brands, origins, platforms, userId, draftId, { status: 'draft', dueNow: true, timeZone }))),

		/** 'Post planen' for an existing post (same rules as for drafts). */
		schedulePost: (userId: string, postId: string, request: ScheduleRequest): Promise<ContentResult<{ post: PostView }>> =>
			planned(validateSchedule(request, clock.now()), (instant) => refusable(() => schedulePost(db, planner, platforms, userId, postId, instant, request.timeZone))),

		/**
		 * Calendar drag and drop: a new date and (week view) time for a scheduled post; without a
		 * time (month view) the post keeps its time of day. Published posts stay where they are.
		 */
		async reschedulePost(userId: string, postId: string, request: { date: string; time?: string; timeZone: string }): Promise<ContentResult<{ post: PostView }>> {
			const post = await getPost(db, platforms, userId, postId)
			if (!post) return { ok: false, error: 'not_found' }
			if (post.status === 'published') return { ok: false, error: 'published_locked' }
			const current = post.scheduledAt ? new Date(post.scheduledAt) : null
			return planned(validateReschedule({ ...request, current }, clock.now()), (instant) => refusable(() => schedulePost(db, planner, platforms, userId, postId, instant, request.timeZone)))
		},

		/**
		 * The calendar: posts of the range (with `perDay` the first posts of each day and the days'
		 * totals) and the week's stat cards, in one statement.
		 */
		calendar(userId: string, range: CalendarRange) {
			return calendarView(db, planner, userId, range)
		},

		/** A calendar chip's hover card: the start of one of the user's posts and its image; null for another user's post. */
		calendarPreview(userId: string, postId: string) {
			return calendarPreview(db, userId, postId)
		},
	}
}

export type ContentService = ReturnType<typeof createContentService>
// The CSV file's reading and the post fields' rules, for the use cases in modules/posting (issue 38).
export { CSV_MAX_ROWS, readCsvRow, type CsvNetwork, type CsvRow, type CsvRowReading, type PreviewCounts, type PreviewRow, type RowKind } from './csv-import.ts'
export { aiLabelSchema, carouselFitSchema, imageUrl, MAX_TEXT } from './schema.ts'

export { SlidesSchema, DOCUMENT_SLIDES_MAX, type EditedSlide } from './document-schema.ts'
export type { PostDocumentEditor, SlideLook } from './post-document-editor.server.ts'
export type { DocumentError, DocumentRefusal, DocumentResult, DocumentRule, PostDocumentDeps, PostDocumentView } from './post-document.server.ts'

/**
 * A post's document for networks that take one (LinkedIn's PDF carousel, ADR 0055): made from the
 * post's slides, or an uploaded PDF attached; the composition root gives the file store, the networks'
 * document rules and the brands' slide look.
 */
export function createPostDocuments(deps: PostDocumentDeps) {
	return {
		make: (userId: string, input: MakePostDocumentInput) => makePostDocument(deps, userId, input),
		attachUploaded: (userId: string, input: AttachUploadedDocumentInput) => attachUploadedDocument(deps, userId, input),
		/** The post's document and its slides (null: none yet, or not the user's post). */
		read: (userId: string, postId: string) => readPostDocument(deps.db, userId, postId),
		/** What the document dialog opens with: the slides (saved, else split from the post), the brand's look, the networks. */
		editor: (userId: string, postId: string) => postDocumentEditor(deps, userId, postId),
	}
}

export type PostDocuments = ReturnType<typeof createPostDocuments>
