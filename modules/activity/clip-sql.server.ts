import { sql, type RawBuilder } from 'kysely'

/**
 * clipAtWord (clip.ts) as an SQL expression of `text` (evaluated several times: pass a column), for
 * entries written in one statement with their claim. Whitespace is Postgres' [[:space:]].
 */
export function clipAtWordSql(text: RawBuilder<string>, max: number) {
	const trimmed = sql<string>`regexp_replace(${text}, '^\\s+|\\s+$', '', 'g')`
	const head = sql<string>`left(${trimmed}, ${sql.lit(max - 1)})`
	// Up to the last whitespace before the last word of head (greedy), null without whitespace.
	const beforeLastWord = sql<string>`substring(${head} from '^(.*)\\s\\S*$')`
	return sql<string>`case when length(${trimmed}) <= ${sql.lit(max)} then ${trimmed}
		else regexp_replace(case
			when substr(${trimmed}, ${sql.lit(max)}, 1) ~ '^\\s$' then ${head}
			when length(${beforeLastWord}) > ${sql.lit(max * 0.6)} then ${beforeLastWord}
			else ${head} end, '[\\s,;:–—-]+$', '') || '…' end`
}
