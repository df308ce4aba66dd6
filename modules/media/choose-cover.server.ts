import { sql } from 'kysely'
import type { Db, Trx } from '#modules/core/db.server.ts'
import { enqueue } from '#modules/core/jobs.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { hitRateLimit } from '#modules/core/rate-limit.server.ts'
import { once } from '#modules/core/request-keys.server.ts'
import { mediaProcessJob, mediaProcessJobKey } from './media-jobs.ts'
import { MEDIA_TOPIC, VARIANT_DONE } from './media-process.server.ts'

// 'Titelbild wählen' (ADR 0063): the user's cover time for an uploaded video, checked against the
// variant's duration, once per request id, counted against a per-user limit like the other media
// actions. The job then takes cover and thumbnail again (ADR 0059).

/** Cover choices per user and window: the job re-encodes two small JPEGs per choice. */
export const COVER_LIMIT = { limit: 30, windowSeconds: 10 * 60 } as const

export type CoverChoice = { requestId: string; key: string; atMs: number | null }

export type CoverRefusal = 'not_found' | 'not_ready' | 'beyond_duration' | 'rate_limited' | 'request_conflict'

export type CoverOutcome =
	| { ok: true; atMs: number | null }
	| { ok: false; code: 'beyond_duration'; durationMs: number }
	| { ok: false; code: 'rate_limited'; retryAfterSeconds: number }
	| { ok: false; code: Exclude<CoverRefusal, 'beyond_duration' | 'rate_limited'> }

/**
 * Records the user's cover time (null: the first second) and queues the job. Refused: not the user's
 * video or its processing failed ('not_found'), its variant not made yet so its length is unknown
 * ('not_ready'), a time past its end ('beyond_duration'). A repeated request id answers the first
 * outcome without queuing again; the same id with another time is 'request_conflict'.
 */
export async function chooseCover(db: Db, userId: string, choice: CoverChoice): Promise<CoverOutcome> {
	const admitted = await hitRateLimit(db, `mediaCover:${userId}`, COVER_LIMIT.limit, COVER_LIMIT.windowSeconds)
	if (!admitted.allowed) return { ok: false, code: 'rate_limited', retryAfterSeconds: admitted.retryAfterSeconds }
	const key = { userId, requestId: choice.requestId, action: 'media.choose-cover', input: { key: choice.key, atMs: choice.atMs } }
	const outcome = await once<CoverOutcome>(db, key, (trx) => recordCover(trx, userId, choice), (result) => result.ok)
	return outcome.kind === 'conflict' ? { ok: false, code: 'request_conflict' } : outcome.result
}

async function recordCover(trx: Trx, userId: string, { key, atMs }: CoverChoice): Promise<CoverOutcome> {
	const row = await trx
		.selectFrom('media_variants')
		.select(['upload_id', 'state', 'duration_ms'])
		.where('user_id', '=', userId)
		.where('source_key', '=', key)
		.forUpdate()
		.executeTakeFirst()
	if (!row || row.state === 'failed') return { ok: false, code: 'not_found' }
	if (row.duration_ms === null) return { ok: false, code: 'not_ready' }
	if (atMs !== null && atMs > row.duration_ms) return { ok: false, code: 'beyond_duration', durationMs: row.duration_ms }
	await trx
		.updateTable('media_variants')
		.set({ cover_at_ms: atMs, cover_key: null, thumbnail_key: null, state: 'processing', progress: sql<number>`least(progress, ${VARIANT_DONE})`, updated_at: new Date() })
		.where('upload_id', '=', row.upload_id)
		.execute()
	await enqueue(trx, mediaProcessJob, { uploadId: row.upload_id }, { jobKey: mediaProcessJobKey(row.upload_id) })
	await notifyChange(trx, { userId, topic: MEDIA_TOPIC })
	return { ok: true, atMs }
}
