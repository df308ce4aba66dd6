import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { Db, Trx } from './db.server.ts'

// Creating actions run once per request id from the browser (docs/decisions/0001-idempotent-writes.md).

/** A request id, the action it creates with, and the input it sent (a retry must send the same). */
export type RequestKey = { userId: string; requestId: string; action: string; input: unknown }

/**
 * 'done': the result of this request, or (replayed) the stored result of the first request with the
 * same id. 'conflict': the id was already used for another action or other input.
 */
export type OnceOutcome<T> = { kind: 'done'; result: T; replayed: boolean } | { kind: 'conflict' }

class Discarded {
	readonly result: unknown
	constructor(result: unknown) {
		this.result = result
	}
}

function fingerprintOf(action: string, input: unknown) {
	return createHash('sha256').update(JSON.stringify([action, input ?? null])).digest('hex')
}

/**
 * Runs `create` once per (user, request id). The key row, what `create` writes and its result (JSON)
 * commit in one transaction, so a crash leaves both or neither. A second request with the same id
 * waits on the key (the primary key) until the first commits, then answers with the stored result;
 * when the first rolled back, it runs itself. A result that `keep` refuses (a failure: not found,
 * invalid) is not stored and its transaction rolls back, so a retry runs again.
 */
export async function once<T>(db: Db, key: RequestKey, create: (trx: Trx) => Promise<T>, keep: (result: T) => boolean = () => true): Promise<OnceOutcome<T>> {
	const fingerprint = fingerprintOf(key.action, key.input)
	const user = key.userId
	const request = key.requestId
	try {
		return await db.transaction().execute(async (trx): Promise<OnceOutcome<T>> => {
			const claimed = await trx
				.insertInto('request_keys')
				.values({ user_id: user, request_id: request, action: key.action, fingerprint })
				.onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
				.returning('request_id')
				.executeTakeFirst()
			if (!claimed) {
				const first = await trx.selectFrom('request_keys').select(['action', 'fingerprint', 'result']).where('user_id', '=', user).where('request_id', '=', request).executeTakeFirstOrThrow()
				if (first.action !== key.action || first.fingerprint !== fingerprint || first.result === null) return { kind: 'conflict' }
				return { kind: 'done', result: first.result as T, replayed: true }
			}
			const result = await create(trx)
			if (!keep(result)) throw new Discarded(result)
			await trx.updateTable('request_keys').set({ result: JSON.stringify(result) }).where('user_id', '=', user).where('request_id', '=', request).execute()
			return { kind: 'done', result, replayed: false }
		})
	} catch (error) {
		if (error instanceof Discarded) return { kind: 'done', result: error.result as T, replayed: false }
		throw error
	}
}

/**
 * A save that creates (with a request id: `once`) or updates (without one: an update is idempotent
 * by itself, so one plain transaction). The admin dialogs use one action for both.
 */
export async function onceWhenKeyed<T>(db: Db, key: RequestKey | null, run: (trx: Trx) => Promise<T>, keep: (result: T) => boolean = () => true): Promise<OnceOutcome<T>> {
	if (key) return once(db, key, run, keep)
	return { kind: 'done', result: await db.transaction().execute(run), replayed: false }
}

/** How long a request id is remembered: a browser repeats a request within seconds, Stripe keeps keys 24 h. */
export const REQUEST_KEY_DAYS = 7

/** Forgets request ids older than `days` (the daily core job); answers how many. */
export async function pruneRequestKeys(db: Db, days = REQUEST_KEY_DAYS) {
	const result = await db
		.deleteFrom('request_keys')
		.where('created_at', '<', sql<Date>`now() - ${`${days} days`}::interval`)
		.executeTakeFirst()
	return Number(result.numDeletedRows)
}
