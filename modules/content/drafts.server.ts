import type { Db, DbOrTrx, Trx } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import posts from '#locales/de/posts.json' with { type: 'json' }
import { logDraftSaved } from './activity.server.ts'
import { draftColumns, toDraftView, type DraftRow } from './mappers.server.ts'
import type { MediaItemInput } from './media-items.ts'
import { postImageRows } from './post-media.ts'
import { writeDraftImages } from './post-media.server.ts'
import { writeDraftMedia, type SetPostMediaDeps } from './set-post-media.server.ts'
import type { Platform, PostOrigin, RegisteredPlatforms } from './platforms.ts'
import type { BrandDirectory, MediaOrigins } from './ports.ts'
import { editedTextOrigin, newTextOrigin, type TextOriginInput } from './text-origin.server.ts'
import { keepChannelTexts, serializeContent, titleFromText, type PostContent } from './post-content.ts'
import type { ContentResult, DraftView } from './views.ts'
import { isUuid } from '#modules/core/uuid.ts'

export type DraftInput = TextOriginInput & {
	platforms: Array<Platform>
	content: PostContent
	/** Each network's own image ('' for none): rows of post_media (ADR 0069). */
	images?: Partial<Record<Platform, string>>
	/** The draft's media list in order (REST, MCP; ADR 0061/0069): replaces `images`. Needs the writer's `mediaDeps`. */
	media?: ReadonlyArray<MediaItemInput>
	pageIds?: Partial<Record<Platform, string>>
	/** The channels chosen for the draft (see PostInput.channelIds) and its brand. */
	channelIds?: ReadonlyArray<string>
	brandId?: string
	postType?: string
	/** Where the draft was made (default 'web'); the post it becomes keeps it. */
	origin?: PostOrigin
}

/** Keeps only page choices that are the user's own pages of that platform. */
async function ownPageIds(db: DbOrTrx, userId: string, pageIds: Partial<Record<Platform, string>> = {}) {
	const wanted = Object.entries(pageIds).filter(([, id]) => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id))
	if (wanted.length === 0) return {}
	const pages = await db
		.selectFrom('channels')
		.select(['id', 'platform'])
		.where('user_id', '=', userId)
		.where('id', 'in', wanted.map(([, id]) => id!))
		.execute()
	return Object.fromEntries(wanted.filter(([platform, id]) => pages.some((p) => p.id === id && p.platform === platform)))
}


/**
 * The draft's channels (the user's own among those chosen, in order) and their networks, and its brand
 * when it is the user's: one read. A choice that is not the user's is left out, as a page choice is;
 * the post the draft becomes checks its channels again.
 */
async function ownTargets(db: DbOrTrx, brands: BrandDirectory, userId: string, input: DraftInput) {
	const wanted = [...new Set((input.channelIds ?? []).filter((id) => isUuid(id)))]
	const channels = wanted.length ? await db.selectFrom('channels').select(['id', 'platform', 'brand_id']).where('user_id', '=', userId).where('id', 'in', wanted).execute() : []
	const own = wanted.flatMap((id) => channels.filter((c) => c.id === id))
	const brand = input.brandId && isUuid(input.brandId) && (await brands.ownsBrand(db, userId, input.brandId)) ? input.brandId : undefined
	// Without a brand asked for, the draft moves to its channels' brand (the editor's channel picker).
	const channelBrands = [...new Set(own.map((c) => c.brand_id))]
	return { channelIds: own.map((c) => c.id), platforms: own.length ? [...new Set(own.map((c) => c.platform as Platform))] : input.platforms, brandId: brand ?? (channelBrands.length === 1 ? channelBrands[0] : undefined) }
}

/** The drafts bell: the user's drafts (drafts table plus posts still in status draft). */
export async function countDrafts(db: Db, userId: string) {
	const row = await db
		.selectNoFrom((eb) => [
			eb.selectFrom('drafts').select((e) => e.fn.countAll<number>().as('n')).where('user_id', '=', userId).as('drafts'),
			eb.selectFrom('posts').select((e) => e.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('status', '=', 'draft').as('posts'),
		])
		.executeTakeFirstOrThrow()
	return Number(row.drafts ?? 0) + Number(row.posts ?? 0)
}

export async function listDrafts(db: Db, registered: RegisteredPlatforms, userId: string): Promise<Array<DraftView>> {
	const rows = await db.selectFrom('drafts').select(draftColumns).where('user_id', '=', userId).orderBy('updated_at', 'desc').execute()
	return rows.map((row) => toDraftView(registered, row))
}

export async function getDraft(db: DbOrTrx, registered: RegisteredPlatforms, userId: string, id: string): Promise<DraftView | null> {
	const row = await db.selectFrom('drafts').select(draftColumns).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()
	return row ? toDraftView(registered, row) : null
}

function draftTitle(content: PostContent) {
	return titleFromText(content.base || Object.values(content.platforms)[0] || '') ?? posts.untitledDraft
}

export async function createDraft(db: Db, registered: RegisteredPlatforms, brands: BrandDirectory, origins: MediaOrigins, userId: string, input: DraftInput, mediaDeps?: SetPostMediaDeps): Promise<DraftView> {
	return db.transaction().execute((trx) => insertDraft(trx, registered, brands, origins, userId, input, mediaDeps))
}

/** The networks a draft's images leave without one ('' in `images`); a media list leaves none. */
const withoutMedia = (input: DraftInput) => (input.media ? [] : postImageRows(null, input.images ?? {}).networksWithoutMedia)

/** Writes a draft's media (a list, else its images) and gives its row the rows written. */
async function writeMedia(trx: Trx, origins: MediaOrigins, userId: string, row: DraftRow, input: DraftInput, mediaDeps: SetPostMediaDeps | undefined, replace: boolean) {
	if (input.media) {
		if (!mediaDeps) throw new Error('drafts: a media list needs mediaDeps')
		row.media = await writeDraftMedia(trx, mediaDeps, userId, row.id, input.media)
	} else {
		const written = await writeDraftImages(trx, origins, [{ draftId: row.id, images: input.images ?? {}, origin: input.origin }], { replace })
		row.media = written.get(row.id) ?? []
	}
}

/** Whether an edit's images are those the draft shows now ('' and none are the same for a draft's own images). */
function sameImages(current: Partial<Record<string, string>>, edited: Partial<Record<string, string>>) {
	const given = (images: Partial<Record<string, string>>) => JSON.stringify(Object.entries(images).filter(([, url]) => url).sort(([a], [b]) => a.localeCompare(b)))
	return given(current) === given(edited)
}

/** Inserts a draft inside the caller's transaction (automations that claim their run in the same one). */
export async function insertDraft(trx: Trx, registered: RegisteredPlatforms, brands: BrandDirectory, origins: MediaOrigins, userId: string, input: DraftInput, mediaDeps?: SetPostMediaDeps): Promise<DraftView> {
	const targets = await ownTargets(trx, brands, userId, input)
	const row = await trx
		.insertInto('drafts')
		.values({
			user_id: userId,
			...(targets.brandId ? { brand_id: targets.brandId } : {}),
			title: draftTitle(input.content),
			content: serializeContent(keepChannelTexts(input.content, targets.channelIds)),
			platforms: targets.platforms,
			channel_ids: targets.channelIds,
			networks_without_media: withoutMedia(input),
			page_ids: JSON.stringify(await ownPageIds(trx, userId, input.pageIds)),
			post_type: input.postType ?? 'ai-generated',
			origin: input.origin ?? 'web',
			...newTextOrigin(origins, userId, input),
		})
		.returning(draftColumns)
		.executeTakeFirstOrThrow()
	await writeMedia(trx, origins, userId, row, input, mediaDeps, false)
	await notifyChange(trx, { userId, topic: 'drafts' })
	return toDraftView(registered, row)
}

/**
 * Saves a draft's edits. Its media rows are written again only when the edit changes them (a media list,
 * or images other than those shown): an unchanged draft keeps its items' ids, alt texts and order.
 */
export async function updateDraft(db: Db, registered: RegisteredPlatforms, brands: BrandDirectory, origins: MediaOrigins, userId: string, id: string, input: DraftInput, mediaDeps?: SetPostMediaDeps): Promise<ContentResult<{ draft: DraftView }>> {
	return db.transaction().execute(async (trx) => {
		const targets = await ownTargets(trx, brands, userId, input)
		const row = await trx
			.updateTable('drafts')
			.set({
				...(targets.brandId ? { brand_id: targets.brandId } : {}),
				title: draftTitle(input.content),
				content: serializeContent(keepChannelTexts(input.content, targets.channelIds)),
				platforms: targets.platforms,
				channel_ids: targets.channelIds,
				...(input.media || input.images ? { networks_without_media: withoutMedia(input) } : {}),
				page_ids: JSON.stringify(await ownPageIds(trx, userId, input.pageIds)),
				...editedTextOrigin(origins, userId, input.generationId),
			})
			.where('user_id', '=', userId)
			.where('id', '=', id)
			.returning(draftColumns)
			.executeTakeFirst()
		if (!row) return { ok: false as const, error: 'not_found' as const }
		// RETURNING's media subquery reads the rows as they were before the statement: the draft's current ones.
		const changed = input.media || (input.images && !sameImages(toDraftView(registered, row).images, input.images))
		if (changed) await writeMedia(trx, origins, userId, row, input, mediaDeps, true)
		await notifyChange(trx, { userId, topic: 'drafts' })
		const draft = toDraftView(registered, row)
		await logDraftSaved(trx, userId, draft, false)
		return { ok: true as const, draft }
	})
}

export async function deleteDraft(db: Db, userId: string, id: string): Promise<ContentResult> {
	return db.transaction().execute(async (trx) => {
		const deleted = await trx.deleteFrom('drafts').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()
		if (!deleted.numDeletedRows) return { ok: false as const, error: 'not_found' as const }
		await notifyChange(trx, { userId, topic: 'drafts' })
		return { ok: true as const }
	})
}
