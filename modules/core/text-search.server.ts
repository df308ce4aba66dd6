import { sql } from 'kysely'

// The tsquery of the app's full-text search (header search box, /suche), shared by the modules
// that search their own tables. German stemming alone does not join every word form (Snowball
// stems 'Firma' to 'firma' but 'Firmen' to 'firm'), and a search as you type meets half words; so
// a plain query (no quotes, no 'or', no '-') also matches each word's stem as a prefix, and a stem
// with a foreign singular ending (-a, -o, -i, -um, -us, -on: Firma/Firmen, Konto/Konten,
// Museum/Museen) also without that ending. websearch_to_tsquery parses any input safely.

/** At most this many words get the prefix forms. */
const MAX_PREFIX_WORDS = 8

/** The words of a plain query (letters and digits only, so they are safe in tsquery syntax); none when it uses search operators. */
export function prefixWords(query: string) {
	if (/["]|(^|\s)-|(^|\s)or(\s|$)/i.test(query)) return []
	return (query.match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length >= 2).slice(0, MAX_PREFIX_WORDS)
}

/** A tsquery expression for `query` ('german' configuration); use the same one for matching, ranking and highlighting. */
export function germanTsQuery(query: string) {
	const words = prefixWords(query)
	const web = sql`websearch_to_tsquery('german', ${query})`
	if (words.length === 0) return web
	return sql`(${web} || coalesce((
		select to_tsquery('simple', string_agg(
			case when length(regexp_replace(l, '(a|o|i|um|us|on)$', '')) >= 4 and l ~ '(a|o|i|um|us|on)$'
				then '(' || l || ':* | ' || regexp_replace(l, '(a|o|i|um|us|on)$', '') || ':*)'
				else l || ':*' end,
			' & ' order by i))
		from (select i, (tsvector_to_array(to_tsvector('german', w)))[1] as l from unnest(${words}::text[]) with ordinality as x(w, i)) as lexemes
		where l is not null
	), ''::tsquery))`
}

/** An `ilike` pattern that finds `text` anywhere; `%`, `_` and `\` in it match literally. */
export function likePattern(text: string) {
	return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
