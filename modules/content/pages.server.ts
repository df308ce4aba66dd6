import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'
import { draftColumns, postColumns, toDraftView, toPostView } from './mappers.server.ts'
import type { Platform, PostOrigin, PostStatus, RegisteredPlatforms } from './platforms.ts'
import type { DraftView, PostView } from './views.ts'

// Keyset pages (newest first) for the REST API: a position is (created_at, id), created_at in
// microseconds since the epoch so it compares exactly with the stored value.

export type PagePosition = { at: string; id: string }
export type Page<T> = { items: Array<T>; next: PagePosition | null }

export type PostFilter = {
	status?: PostStatus
	network?: Platform
	origin?: PostOrigin
	/** Planned (scheduled_at) at or after / before this instant. */
	from?: Date
	to?: Date
}

const MAX_PAGE = 100
const micros = sql<string>`(extract(epoch from created_at) * 1000000)::bigint::text`
const instantOf = (position: PagePosition) => sql<Date>`(timestamptz 'epoch' + ${position.at}::bigint * interval '1 microsecond')`

/** The user's posts matching `filter`, `limit` per page, after `after`. */
export async function postsPage(db: Db, registered: RegisteredPlatforms, userId: string, filter: PostFilter, limit: number, after: PagePosition | null): Promise<Page<PostView>> {
	const size = Math.max(1, Math.min(MAX_PAGE, Math.floor(limit)))
	const items: Array<PostView> = []
	let position = after
	// A 'multiple' post names its networks in its content: the network filter reads them like the
	// mapper does, so a batch may hold fewer matches than rows.
	for (;;) {
		const batch = size + 1
		const rows = await db
			.selectFrom('posts')
			.select(postColumns)
			.select(micros.as('position'))
			.where('user_id', '=', userId)
			.$if(filter.status !== undefined, (qb) => qb.where('status', '=', filter.status!))
			.$if(filter.origin !== undefined, (qb) => qb.where('origin', '=', filter.origin!))
			.$if(filter.network !== undefined, (qb) => qb.where('platform', 'in', [filter.network!, 'multiple']))
			.$if(filter.from !== undefined, (qb) => qb.where('scheduled_at', '>=', filter.from!))
			.$if(filter.to !== undefined, (qb) => qb.where('scheduled_at', '<', filter.to!))
			.$if(position !== null, (qb) => qb.where(sql<boolean>`(created_at, id) < (${instantOf(position!)}, ${position!.id}::uuid)`))
			.orderBy('created_at', 'desc')
			.orderBy('id', 'desc')
			.limit(batch)
			.execute()
		for (const row of rows) {
			const view = toPostView(registered, row)
			if (filter.network && !view.platforms.includes(filter.network)) {
				position = { at: row.position, id: row.id }
				continue
			}
			if (items.length === size) return { items, next: position }
			items.push(view)
			position = { at: row.position, id: row.id }
		}
		if (rows.length < batch) return { items, next: null }
	}
}

/** The user's drafts, newest first, `limit` per page, after `after`. */
export async function draftsPage(db: Db, registered: RegisteredPlatforms, userId: string, limit: number, after: PagePosition | null): Promise<Page<DraftView>> {
	const size = Math.max(1, Math.min(MAX_PAGE, Math.floor(limit)))
	const rows = await db
		.selectFrom('drafts')
		.select(draftColumns)
		.select(micros.as('position'))
		.where('user_id', '=', userId)
		.$if(after !== null, (qb) => qb.where(sql<boolean>`(created_at, id) < (${instantOf(after!)}, ${after!.id}::uuid)`))
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(size + 1)
		.execute()
	const page = rows.slice(0, size)
	const last = page.at(-1)
	return { items: page.map((row) => toDraftView(registered, row)), next: rows.length > size && last ? { at: last.position, id: last.id } : null }
}
