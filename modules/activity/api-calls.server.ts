import { sql } from 'kysely'
import texts from '#locales/de/activity.json' with { type: 'json' }
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { notifyChangesSql } from '#modules/core/live-events.server.ts'
import { clipAtWord, DESCRIPTION_MAX, TITLE_MAX } from './clip.ts'

// A program's calls with a personal token (REST or MCP) as ONE activity entry per token, minute and
// kind of call (ADR 0073): 'API: 7 Aufrufe (GET /api/v1/posts, …)' instead of seven entries. One
// upsert on the unique summary_key counts them, atomically under parallel requests.

export type ApiCallEntry = { userId: string; tokenId: string; tokenName: string; via: 'api' | 'mcp'; method: string; path: string }

/** How many distinct 'METHOD /path' an entry keeps (the count goes on beyond). */
export const MAX_LISTED_CALLS = 10
/** How many of them its title names before '…'. */
const TITLE_CALLS = 3
const MAX_CALL_LENGTH = 150

type Summary = { count: number; calls: Array<string> }

/** The entry's title: '{API|MCP}: <n> Aufruf/Aufrufe (<the first calls>[, …])'. */
export function apiCallsTitle(via: 'api' | 'mcp', summary: Summary) {
	const named = summary.calls.slice(0, TITLE_CALLS)
	const calls = summary.calls.length > TITLE_CALLS ? [...named, texts.apiCalls.more].join(', ') : named.join(', ')
	const template = summary.count === 1 ? texts.apiCalls.title_one : texts.apiCalls.title_other
	const title = template.replace('{{via}}', via === 'mcp' ? 'MCP' : 'API').replace('{{count}}', String(summary.count)).replace('{{calls}}', calls)
	return clipAtWord(title, TITLE_MAX)
}

/**
 * Counts one call in its minute's entry (creating it with the first call). Run it inside the caller's
 * transaction: the upsert locks the row, so the title written after it matches the final count.
 */
export async function countApiCall(trx: DbOrTrx, entry: ApiCallEntry) {
	const call = `${entry.method} ${entry.path}`.slice(0, MAX_CALL_LENGTH)
	const first: Summary = { count: 1, calls: [call] }
	const metadata = { tokenId: entry.tokenId, via: entry.via, ...first }
	const key = sql<string>`${`api:${entry.tokenId}:${entry.via}:`} || to_char(date_trunc('minute', now() at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:MI')`
	const counted = await sql<{ id: string; count: number; calls: Array<string> }>`
		insert into activity_logs as l (user_id, log_type, title, description, status, metadata, summary_key)
		values (${entry.userId}, 'api', ${apiCallsTitle(entry.via, first)}, ${clipAtWord(entry.tokenName, DESCRIPTION_MAX)}, 'info', ${JSON.stringify(metadata)}::jsonb, ${key})
		on conflict (summary_key) do update set metadata = l.metadata || jsonb_build_object(
			'count', coalesce((l.metadata->>'count')::int, 0) + 1,
			'calls', case
				when coalesce(l.metadata->'calls', '[]'::jsonb) ? ${call} or jsonb_array_length(coalesce(l.metadata->'calls', '[]'::jsonb)) >= ${MAX_LISTED_CALLS}
				then coalesce(l.metadata->'calls', '[]'::jsonb)
				else coalesce(l.metadata->'calls', '[]'::jsonb) || to_jsonb(${call}::text)
			end)
		returning id, (metadata->>'count')::int as count, metadata->'calls' as calls`.execute(trx)
	const row = counted.rows[0]!
	const title = apiCallsTitle(entry.via, { count: row.count, calls: row.calls })
	await sql`with a as (
			update activity_logs set title = ${title} where id = ${row.id}
			returning user_id, 'activity'::text as topic)
		select (${notifyChangesSql(sql`select user_id, topic from a`)})`.execute(trx)
}
