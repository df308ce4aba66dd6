import { sql } from 'kysely'
import { executePrepared, type Db } from '#modules/core/db.server.ts'
import { figureRows, figureSum } from './figures.server.ts'
import { BOARD_MAX_LIMIT, BOARD_PAGE_SIZE } from './board-limits.ts'
import { draftColumns, postColumns, toDraftView, toPostView } from './mappers.server.ts'
import type { RegisteredPlatforms } from './platforms.ts'
import type { DraftView, PostView } from './views.ts'

export type BoardColumn = 'drafts' | 'scheduled' | 'published'

export type Board = {
	/** Drafts (drafts table) and posts of the first `limit` cards of each column. */
	drafts: Array<DraftView>
	posts: Array<PostView>
	/** How many cards each column has in all (with the search applied). */
	counts: Record<BoardColumn, number>
	limit: number
}

/** `title` or `content` contains `query` (case-insensitive; % and _ match themselves). */
function matching(query: string) {
	const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
	return sql<boolean>`(title ilike ${pattern} or content ilike ${pattern})`
}

/**
 * The 'Meine Posts' board: per column (Entwürfe = drafts and posts in draft or review, newest first;
 * Geplant = soonest first; Veröffentlicht = newest first) the first `limit` cards and the column's
 * total, in three statements whatever the number of posts.
 */
export async function boardPage(db: Db, registered: RegisteredPlatforms, userId: string, options: { query?: string; limit?: number; brandId?: string | null } = {}): Promise<Board> {
	const query = (options.query ?? '').trim()
	// One brand's cards (the switcher), or all of the user's (null).
	const brandId = options.brandId ?? null
	const brand = brandId ?? ''
	const limit = Math.min(BOARD_MAX_LIMIT, Math.max(1, Math.floor(options.limit ?? BOARD_PAGE_SIZE)))
	const posts = () =>
		db
			.selectFrom('posts')
			.select(postColumns)
			.where('user_id', '=', userId)
			.$if(brandId !== null, (qb) => qb.where('brand_id', '=', brand))
			.$if(query !== '', (qb) => qb.where(matching(query)))
	// Three statements: the drafts table's first cards, the three columns' first posts in one union, and
	// the totals (without a search from the rollup rows, ADR 0026; with one, a count per status).
	const column = (status: 'drafts' | 'scheduled' | 'published') =>
		status === 'drafts'
			? posts().where('status', 'in', ['draft', 'review']).orderBy('updated_at', 'desc').limit(limit)
			: status === 'scheduled'
				? posts().where('status', '=', 'scheduled').orderBy('scheduled_at', 'asc').orderBy('id').limit(limit)
				: posts().where('status', '=', 'published').orderBy('published_at', 'desc').orderBy('id').limit(limit)
	const firstDrafts = db
		.selectFrom('drafts')
		.select(draftColumns)
		.where('user_id', '=', userId)
		.$if(brandId !== null, (qb) => qb.where('brand_id', '=', brand))
		.$if(query !== '', (qb) => qb.where(matching(query)))
		.orderBy('updated_at', 'desc')
		.limit(limit)
	const firstPosts = db
		.selectFrom(column('drafts').as('d'))
		.selectAll()
		.unionAll(db.selectFrom(column('scheduled').as('s')).selectAll())
		.unionAll(db.selectFrom(column('published').as('p')).selectAll())
	// Without a search the three texts never change (the user, the brand and the limit are parameters):
	// prepared once per connection (executePrepared), so Postgres does not parse and plan them again on every
	// page. A brand's board has texts of its own, prepared under their own names.
	const prepared = query === ''
	const suffix = brandId === null ? '' : '_brand'
	const rows = <R>(name: string, builder: { execute(): Promise<Array<R>> }) => (prepared ? executePrepared(db, name + suffix, sql<R>`${builder}`).then((r) => r.rows) : builder.execute())
	const draftRows = () =>
		db
			.selectFrom('drafts')
			.select((e) => e.fn.countAll<string>().as('n'))
			.where('drafts.user_id', '=', userId)
			.$if(brandId !== null, (qb) => qb.where('drafts.brand_id', '=', brand))
			.$if(query !== '', (qb) => qb.where(matching(query)))
			.as('draft_rows')
	const [draftCards, postRows, [counts]] = await Promise.all([
		rows('content_board_drafts', firstDrafts),
		rows('content_board_posts', firstPosts),
		prepared
			? rows(
					'content_board_totals',
					// The rollup rows of the brand or of all brands (ADR 0026, 0047).
					figureRows(db, userId, brandId).select([
						figureSum('posts', ['draft', 'review']).as('drafts'),
						figureSum('posts', ['scheduled']).as('scheduled'),
						figureSum('posts', ['published']).as('published'),
						draftRows(),
					]),
				)
			: rows(
					'content_board_counts',
					// A search's totals: the matching posts counted by status in one pass over them.
					posts()
						.clearSelect()
						.select((eb) => [
							eb.fn.countAll<string>().filterWhere('status', 'in', ['draft', 'review']).as('drafts'),
							eb.fn.countAll<string>().filterWhere('status', '=', 'scheduled').as('scheduled'),
							eb.fn.countAll<string>().filterWhere('status', '=', 'published').as('published'),
							draftRows(),
						])
						.where('status', 'in', ['draft', 'review', 'scheduled', 'published']),
				),
	])
	if (!counts) throw new Error(`board: no totals for user ${userId}`)
	// The union's order is not guaranteed: each column is sorted again on the page, so only the split matters.
	const draftPosts = postRows.filter((r) => r.status === 'draft' || r.status === 'review')
	const scheduled = postRows.filter((r) => r.status === 'scheduled')
	const published = postRows.filter((r) => r.status === 'published')
	// The drafts column mixes both tables: the newest `limit` of the two lists together.
	const cutoff = [...draftCards, ...draftPosts]
		.map((r) => r.updated_at.getTime())
		.sort((a, b) => b - a)
		.slice(0, limit)
		.at(-1)
	const kept = <T extends { updated_at: Date }>(rows: Array<T>) => rows.filter((r) => cutoff !== undefined && r.updated_at.getTime() >= cutoff)
	return {
		drafts: kept(draftCards).map((row) => toDraftView(registered, row)),
		posts: [...kept(draftPosts), ...scheduled, ...published].map((row) => toPostView(registered, row)),
		counts: {
			drafts: Number(counts.drafts) + Number(counts.draft_rows ?? 0),
			scheduled: Number(counts.scheduled),
			published: Number(counts.published),
		},
		limit,
	}
}
