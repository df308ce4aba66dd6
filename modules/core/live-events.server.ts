// Live updates: a change is a Postgres NOTIFY on one channel; each web process holds one LISTEN
// connection and fans the change out to the open event streams of that user only.
import { sql, type RawBuilder } from 'kysely'
import pg from 'pg'
import type { DbOrTrx } from './db.server.ts'
import { errorFields, type Logger } from './logger.server.ts'

export const LIVE_CHANNEL = 'postwerk_changes'

export type ChangeTopic = 'posts' | 'drafts' | 'agents' | 'profile' | 'activity' | (string & {})

/** Sent after every reconnect of the LISTEN connection: changes may have been missed, reload everything. */
export const RESYNC_TOPIC = '*'

export type LiveListener = (topic: ChangeTopic) => void

export type LiveEvents = {
	/** Calls the listener for every change of this user; returns the unsubscribe function. */
	subscribe: (userId: string, listener: LiveListener) => () => void
	/** Opens the LISTEN connection (rejects when the first attempt fails). */
	start: () => Promise<void>
	close: () => Promise<void>
}

/**
 * Announces a change of a user's data. Through a transaction handle Postgres delivers it only on
 * commit (and never after a rollback). The payload names the user and the topic (or a list of
 * topics, see notifyChangesSql), never data.
 */
export async function notifyChange(db: DbOrTrx, change: { userId: string; topic: ChangeTopic }) {
	await notifyChanges(db, [change])
}

/** Several changes in one statement, each (user, topic) once. */
export async function notifyChanges(db: DbOrTrx, changes: ReadonlyArray<{ userId: string; topic: ChangeTopic }>) {
	const payloads = [...new Set(changes.map((c) => JSON.stringify({ u: c.userId, t: c.topic })))]
	if (payloads.length === 0) return
	if (payloads.length === 1) await sql`select pg_notify(${LIVE_CHANNEL}, ${payloads[0]})`.execute(db)
	else await sql`select pg_notify(${LIVE_CHANNEL}, p) from unnest(${payloads}::text[]) as p`.execute(db)
}

/**
 * notifyChanges inside another statement (one round trip for the change and its announcement):
 * `changes` selects (user_id, topic) rows; each user gets one notification naming all their topics
 * (`t` a list when there are several: a batch of published deliveries changes posts and activity).
 * A select of one row (the count of notifications), for a scalar subquery of the statement's final select.
 */
export function notifyChangesSql(changes: RawBuilder<unknown>) {
	return sql<number>`select count(pg_notify(${LIVE_CHANNEL}, c.p))::int from (
		select case when count(distinct x.topic) = 1 then json_build_object('u', x.user_id, 't', min(x.topic))
			else json_build_object('u', x.user_id, 't', json_agg(distinct x.topic order by x.topic)) end::text as p
		from (${changes}) x group by x.user_id) c`
}

const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000]

export function createLiveEvents({ connectionString, logger }: { connectionString: string; logger: Logger }): LiveEvents {
	const listeners = new Map<string, Set<LiveListener>>()
	let client: pg.Client | null = null
	let reconnectTimer: ReturnType<typeof setTimeout> | null = null
	let failures = 0
	let closed = false

	function emit(userId: string, topic: ChangeTopic) {
		for (const listener of listeners.get(userId) ?? []) {
			try {
				listener(topic)
			} catch (error) {
				logger.warn('live_listener_failed', errorFields(error))
			}
		}
	}

	function onNotification(message: pg.Notification) {
		if (message.channel !== LIVE_CHANNEL || !message.payload) return
		let parsed: unknown
		try {
			parsed = JSON.parse(message.payload)
		} catch {
			return
		}
		if (typeof parsed !== 'object' || parsed === null) return
		const { u, t } = parsed as { u?: unknown; t?: unknown }
		if (typeof u !== 'string' || !u) return
		// One topic, or several of one statement (notifyChangesSql).
		for (const topic of Array.isArray(t) ? t : [t]) if (typeof topic === 'string' && topic) emit(u, topic)
	}

	async function connect() {
		const next = new pg.Client({ connectionString })
		// Only an established connection reconnects on a drop; a failed attempt is its caller's to handle.
		const onDrop = () => {
			if (client !== next) return
			client = null
			next.end().catch(() => {})
			scheduleReconnect()
		}
		next.on('error', (error) => {
			if (client === next) logger.warn('live_events_connection_error', errorFields(error))
			onDrop()
		})
		next.on('end', onDrop)
		next.on('notification', onNotification)
		try {
			await next.connect()
			await next.query(`listen ${LIVE_CHANNEL}`)
		} catch (error) {
			next.end().catch(() => {})
			throw error
		}
		if (closed) {
			await next.end().catch(() => {})
			return
		}
		client = next
	}

	function scheduleReconnect() {
		if (closed || reconnectTimer) return
		const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!
		failures++
		logger.warn('live_events_reconnect', { inMs: delay })
		reconnectTimer = setTimeout(() => {
			reconnectTimer = null
			connect().then(
				() => {
					if (closed) return
					failures = 0
					logger.info('live_events_reconnected')
					for (const userId of listeners.keys()) emit(userId, RESYNC_TOPIC)
				},
				(error: unknown) => {
					logger.warn('live_events_connect_failed', errorFields(error))
					scheduleReconnect()
				},
			)
		}, delay)
		reconnectTimer.unref()
	}

	return {
		subscribe(userId, listener) {
			let set = listeners.get(userId)
			if (!set) listeners.set(userId, (set = new Set()))
			set.add(listener)
			return () => {
				set.delete(listener)
				if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId)
			}
		},
		async start() {
			if (closed) throw new Error('live events are closed')
			if (client) return
			await connect()
		},
		async close() {
			closed = true
			if (reconnectTimer) clearTimeout(reconnectTimer)
			reconnectTimer = null
			listeners.clear()
			const current = client
			client = null
			await current?.end().catch(() => {})
		},
	}
}

/** For processes that only send changes (scripts, tests): subscribers never hear anything. */
export const detachedLiveEvents: LiveEvents = {
	subscribe: () => () => {},
	start: () => Promise.reject(new Error('live events need a database URL (composeServices({ databaseUrl }))')),
	close: () => Promise.resolve(),
}
