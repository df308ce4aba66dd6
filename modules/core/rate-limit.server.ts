import { sql } from 'kysely'
import type { DbOrTrx } from './db.server.ts'

export type RateLimitResult = {
	allowed: boolean
	hits: number
	retryAfterSeconds: number
	/** Hits still allowed in this window (never below zero). */
	remaining: number
	/** Seconds until this window ends and the count starts afresh (0: no window is open). */
	resetSeconds: number
}

/**
 * Counts one hit for `key` in a fixed window, atomically in Postgres (no read-then-write race),
 * and tells whether the limit is still respected.
 */
export async function hitRateLimit(db: DbOrTrx, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
	const window = `${windowSeconds} seconds`
	const row = await sql<{ hits: number; window_start: Date }>`
		insert into rate_limits (key, hits, window_start) values (${key}, 1, now())
		on conflict (key) do update set
			hits = case when rate_limits.window_start < now() - ${window}::interval then 1 else rate_limits.hits + 1 end,
			window_start = case when rate_limits.window_start < now() - ${window}::interval then now() else rate_limits.window_start end
		returning hits, window_start`.execute(db)
	const { hits, window_start } = row.rows[0]!
	const reset = retryAfter(window_start, windowSeconds)
	return { allowed: hits <= limit, hits, retryAfterSeconds: reset, remaining: Math.max(0, limit - hits), resetSeconds: reset }
}

/** Reads the current count without adding to it. */
export async function peekRateLimit(db: DbOrTrx, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
	const row = await sql<{ hits: number; window_start: Date }>`
		select hits, window_start from rate_limits
		where key = ${key} and window_start >= now() - ${`${windowSeconds} seconds`}::interval`.execute(db)
	const found = row.rows[0]
	if (!found) return { allowed: true, hits: 0, retryAfterSeconds: 0, remaining: limit, resetSeconds: 0 }
	const reset = retryAfter(found.window_start, windowSeconds)
	return { allowed: found.hits < limit, hits: found.hits, retryAfterSeconds: reset, remaining: Math.max(0, limit - found.hits), resetSeconds: reset }
}

/**
 * Gives one hit back (an attempt that turned out fine, e.g. a successful sign-in counted before the
 * password check), atomically and only within the window it was counted in; never below zero.
 */
export async function giveBackRateLimit(db: DbOrTrx, key: string, windowSeconds: number) {
	await sql`update rate_limits set hits = hits - 1
		where key = ${key} and hits > 0 and window_start >= now() - ${`${windowSeconds} seconds`}::interval`.execute(db)
}

export async function resetRateLimit(db: DbOrTrx, key: string) {
	await sql`delete from rate_limits where key = ${key}`.execute(db)
}

function retryAfter(windowStart: Date, windowSeconds: number) {
	return Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - Date.now()) / 1000))
}
