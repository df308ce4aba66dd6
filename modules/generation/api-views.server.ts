import type { Db } from '#modules/core/db.server.ts'
import type { GenerationResult } from './outcome.ts'

// What the REST API reads of a generation while a client polls it.

export type GenerationView = {
	id: string
	status: 'running' | 'succeeded' | 'failed'
	kind: string | null
	platforms: Array<string>
	costCredits: number
	createdAt: string
	completedAt: string | null
	result: GenerationResult | null
	error: { code: string; detail: string | null } | null
	/** What the request was started with (kind, platforms and this): a retry must send the same. */
	inputSummary: string
}

const columns = ['id', 'status', 'source_type', 'platforms', 'cost_credits', 'created_at', 'completed_at', 'result', 'error_code', 'error_message', 'input_summary'] as const

/** One of the user's creator generations (kind 'content') by its id or by the request id it was started with; null when not theirs. */
export async function findGeneration(db: Db, userId: string, by: { id: string } | { requestId: string }): Promise<GenerationView | null> {
	const row = await db
		.selectFrom('generations')
		.select(columns)
		.where('user_id', '=', userId)
		.where('kind', '=', 'content')
		.$if('id' in by, (qb) => qb.where('id', '=', (by as { id: string }).id))
		.$if('requestId' in by, (qb) => qb.where('idempotency_key', '=', (by as { requestId: string }).requestId))
		.executeTakeFirst()
	if (!row) return null
	const status = row.status === 'succeeded' || row.status === 'failed' ? row.status : 'running'
	return {
		id: row.id,
		status,
		kind: row.source_type,
		platforms: row.platforms,
		costCredits: row.cost_credits,
		createdAt: row.created_at.toISOString(),
		completedAt: row.completed_at?.toISOString() ?? null,
		result: status === 'succeeded' && row.result ? (row.result as unknown as GenerationResult) : null,
		error: status === 'failed' ? { code: row.error_code ?? 'failed', detail: row.error_message } : null,
		inputSummary: row.input_summary,
	}
}
