import { sql } from 'kysely'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { KNOWLEDGE_BUDGET, fitPassages, searchWords, splitKnowledge, type KnowledgeUse } from './knowledge.ts'

// The knowledge base's passages in Postgres (knowledge_chunks, German full-text index): written with the
// knowledge base, read per generation by how well they match the post's input (ts_rank).

const SEPARATOR = '\n[…]\n'
/** The ranked passages read per generation (a budget holds about four of them). */
const CANDIDATES = 24

/** Replaces the agent's passages with those of `text` (in the transaction that saves the knowledge base). */
export async function storeKnowledge(trx: DbOrTrx, agentId: string, text: string) {
	await trx.deleteFrom('knowledge_chunks').where('agent_configuration_id', '=', agentId).execute()
	const rows = splitKnowledge(text).map((p) => ({ agent_configuration_id: agentId, position: p.position, start_offset: p.start, content: p.content }))
	if (rows.length) await trx.insertInto('knowledge_chunks').values(rows).execute()
}

/**
 * The part of the agent's knowledge base a post about `input` uses: all of it when it fits the budget,
 * else the passages that match the input best (German full-text rank), else its beginning. Another
 * user's agent gives nothing.
 */
export async function selectKnowledge(db: Db, userId: string, agentId: string, input: string, budget = KNOWLEDGE_BUDGET): Promise<{ text: string; use: KnowledgeUse } | null> {
	const owned = db.selectFrom('agent_configurations').select('id').where('id', '=', agentId).where('user_id', '=', userId)
	const totals = await db
		.selectFrom('knowledge_chunks')
		.select((eb) => [eb.fn.countAll<string>().as('passages'), eb.fn.coalesce(eb.fn.sum<string>(sql`length(content)`), sql<string>`0`).as('chars')])
		.where('agent_configuration_id', 'in', owned)
		.executeTakeFirstOrThrow()
	const totalPassages = Number(totals.passages)
	if (totalPassages === 0) return null
	const words = searchWords(input)
	const query = words.length ? sql`to_tsquery('german', ${words.join(' | ')})` : null
	const ranked = query
		? await db
				.selectFrom('knowledge_chunks')
				.select(['position', 'start_offset', 'content'])
				.where('agent_configuration_id', 'in', owned)
				.where(sql<boolean>`search @@ ${query}`)
				.orderBy(sql`ts_rank(search, ${query})`, 'desc')
				.orderBy('position')
				.limit(CANDIDATES)
				.execute()
		: []
	const matched = ranked.length > 0
	// Too few matching passages to fill the budget: the beginning fills the rest, as before.
	const rankedChars = ranked.reduce((sum, p) => sum + p.content.length, 0)
	const beginning =
		rankedChars >= budget
			? []
			: await db
					.selectFrom('knowledge_chunks')
					.select(['position', 'start_offset', 'content'])
					.where('agent_configuration_id', 'in', owned)
					.orderBy('position')
					.limit(CANDIDATES)
					.execute()
	const seen = new Set(ranked.map((p) => p.position))
	const chosen = fitPassages([...ranked, ...beginning.filter((p) => !seen.has(p.position))], budget, SEPARATOR)
	const text = chosen.map((p) => p.content).join(SEPARATOR)
	return {
		text,
		use: {
			passages: chosen.map((p) => ({ position: p.position, start: p.start_offset, length: p.content.length })),
			totalPassages,
			usedChars: chosen.reduce((sum, p) => sum + p.content.length, 0),
			totalChars: Number(totals.chars),
			matched,
		},
	}
}
