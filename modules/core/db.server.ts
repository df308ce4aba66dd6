import { Kysely, PostgresDialect, sql, type QueryResult, type RawBuilder, type Transaction } from 'kysely'
import pg from 'pg'
import type { DB } from './db-types.ts'

export type { DB }
export type Db = Kysely<DB>
export type Trx = Transaction<DB>
/** A handle that is either the pool-backed db or an open transaction. */
export type DbOrTrx = Kysely<DB>

// int8 (counts, sums) as numbers: our counts and credit sums stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10))
// date (calendar days) stays 'YYYY-MM-DD': a Date at local midnight could shift the day.
pg.types.setTypeParser(1082, (v) => v)
// numeric (CHF amounts) as numbers with two decimals.
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v))

/**
 * A select-list item that lets the statement's transaction commit without waiting for its WAL to
 * reach the disk (`synchronous_commit = off` for this transaction only; ADR 0056). Postgres never
 * loses part of it: a crash may lose the last commits whole, in commit order. Only for statements
 * whose loss is found and redone, and whose effects leave the machine only after a later
 * synchronous commit (which flushes every earlier commit): the publisher's claim and published record
 * (reconciled from the durable sent marker) and the outbox consumers (their pending rows come back).
 */
export const commitWithoutWaitingForDisk = sql<string>`(select set_config('synchronous_commit', 'off', true))`

/** How long a request waits for a connection (a free one of the pool, or a new one) before it fails. */
export const CONNECT_TIMEOUT_MS = 10_000

/** `connectTimeoutMs`: tests wait longer (their pools are small and their machine may be loaded). */
export function createPool(connectionString: string, max = 20, connectTimeoutMs = CONNECT_TIMEOUT_MS) {
	// A database that does not answer fails the request after CONNECT_TIMEOUT_MS instead of holding it.
	const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: connectTimeoutMs })
	// An idle client error (e.g. the server restarted) must not crash the process.
	pool.on('error', () => {})
	pool.on('connect', (client) => {
		client.on('error', () => {})
		sendPreparedByName(client)
	})
	return pool
}

export function createDb(pool: pg.Pool): Db {
	return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
}

/** Statements that run as named prepared statements (executePrepared): name by text, text by name. */
const preparedByText = new Map<string, string>()
const preparedByName = new Map<string, string>()

/**
 * Runs a statement whose text never changes (its values are parameters) as a named prepared statement:
 * each connection parses and analyses it once instead of on every call (Postgres may then also keep a
 * generic plan). Kysely passes no statement name to pg; the pools of createPool add it for these texts.
 */
export function executePrepared<R>(db: DbOrTrx, name: string, query: RawBuilder<R>): Promise<QueryResult<R>> {
	const compiled = query.compile(db)
	const known = preparedByName.get(name)
	if (known === undefined) {
		preparedByName.set(name, compiled.sql)
		preparedByText.set(compiled.sql, name)
	} else if (known !== compiled.sql) throw new Error(`prepared statement ${name}: its text changed (its values must be parameters)`)
	return db.executeQuery(compiled)
}

/** A client of the pool sends the texts of executePrepared under their name (pg prepares a named statement once per connection). */
function sendPreparedByName(client: pg.PoolClient) {
	const query = client.query.bind(client) as (...args: Array<unknown>) => unknown
	client.query = ((config: unknown, ...rest: Array<unknown>) => {
		const name = typeof config === 'string' ? preparedByText.get(config) : undefined
		return query(name ? { name, text: config } : config, ...rest)
	}) as typeof client.query
}

/** A Postgres unique_violation (23505): the row another request just inserted; of the named constraint, when given. */
export function isUniqueViolation(error: unknown, constraint?: string) {
	if (typeof error !== 'object' || error === null || (error as { code?: unknown }).code !== '23505') return false
	return constraint === undefined || (error as { constraint?: unknown }).constraint === constraint
}
