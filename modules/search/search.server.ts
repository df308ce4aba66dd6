import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'
import { germanTsQuery } from '#modules/core/text-search.server.ts'
import { searchContent } from '#modules/content/index.ts'
import { searchNews } from '#modules/news/index.ts'

export type SearchKind = 'post' | 'draft' | 'idea' | 'news'

/**
 * One hit. `title` and `snippet` are plain text in which `<mark>` and `</mark>` surround the
 * matched words (Postgres ts_headline); render them by splitting, never as HTML.
 */
export type SearchResult = { kind: SearchKind; id: string; title: string; snippet: string; rank: number; updatedAt: string }

export const MAX_QUERY_LENGTH = 200
/** Long texts are cut before highlighting: ts_headline works on the whole text it is given. */
const MAX_HEADLINE_INPUT = 20_000

const titleOptions = 'StartSel=<mark>, StopSel=</mark>, HighlightAll=true'
const snippetOptions = 'StartSel=<mark>, StopSel=</mark>, MaxWords=28, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'

/** The query as searched: without control characters (NUL is not valid in Postgres text), trimmed, at most 200 characters. */
export function normaliseQuery(raw: string) {
	// eslint-disable-next-line no-control-regex -- removing control characters is the point
	return raw.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH)
}

/**
 * The user's posts, drafts, content ideas and news items matching `raw`, best first (ts_rank),
 * at most `limit`, highlighted. Every source filters by the user; any input is safe, and a query
 * without searchable words (stop words, punctuation) answers an empty list.
 */
export async function search(db: Db, userId: string, raw: string, limit: number): Promise<Array<SearchResult>> {
	const query = normaliseQuery(raw)
	if (!query || limit < 1) return []
	const [content, news] = await Promise.all([searchContent(db, userId, query, limit), searchNews(db, userId, query, limit)])
	const hits = [...content, ...news].sort((a, b) => b.rank - a.rank || b.updatedAt.localeCompare(a.updatedAt)).slice(0, limit)
	if (hits.length === 0) return []
	const titles = hits.map((hit) => hit.title)
	const texts = hits.map((hit) => hit.text.slice(0, MAX_HEADLINE_INPUT))
	const { rows } = await sql<{ i: number; title: string; snippet: string }>`
		select x.i::int as i,
			ts_headline('german', x.title, q.q, ${titleOptions}) as title,
			case when x.body = '' then '' else ts_headline('german', x.body, q.q, ${snippetOptions}) end as snippet
		from unnest(${titles}::text[], ${texts}::text[]) with ordinality as x(title, body, i),
			(select ${germanTsQuery(query)} as q) as q
	`.execute(db)
	const marked = new Map(rows.map((row) => [Number(row.i), row]))
	return hits.map((hit, index) => {
		const title = marked.get(index + 1)?.title ?? hit.title
		const snippet = marked.get(index + 1)?.snippet ?? hit.text.slice(0, 200)
		return { kind: hit.kind, id: hit.id, title, snippet: repeatsTitle(title, snippet) ? '' : snippet, rank: hit.rank, updatedAt: hit.updatedAt }
	})
}

/** A snippet that only repeats the title (titles are often the text's first 50 characters) is left out. */
function repeatsTitle(title: string, snippet: string) {
	const plain = (text: string) => text.replace(/<\/?mark>/g, '').replace(/…$/, '').replace(/\s+/g, ' ').trim()
	const shown = plain(snippet)
	return shown === '' || plain(title).startsWith(shown)
}
