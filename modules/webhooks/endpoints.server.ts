import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import texts from '#locales/de/webhooks.json' with { type: 'json' }
import type { SecretBox } from '#modules/core/crypto.server.ts'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { once } from '#modules/core/request-keys.server.ts'
import { isWebhookEvent, MAX_ENDPOINTS_PER_USER, WEBHOOK_EVENTS, type WebhookAttemptView, type WebhookEndpointView, type WebhookEvent } from './events.ts'
import type { UrlRules } from './ports.ts'
import { checkEndpointUrl } from './url.server.ts'

export type NewEndpoint = { url: string; description: string; events: Array<string> }

export type CreateEndpointResult =
	| { ok: true; endpoint: WebhookEndpointView; secret: string | null }
	| { ok: false; error: 'invalid' | 'limit' | 'conflict'; message: string; field?: 'url' | 'events' | 'description' }

/** A Standard Webhooks secret: 'whsec_' and the base64 of 32 random bytes. */
export function newWebhookSecret() {
	return `whsec_${randomBytes(32).toString('base64')}`
}

type EndpointRow = {
	id: string
	url: string
	description: string
	events: Array<string>
	enabled: boolean
	disabled_reason: string | null
	created_at: Date
	last_at: Date | null
	last_status: number | null
}

function toView(row: EndpointRow): WebhookEndpointView {
	return {
		id: row.id,
		url: row.url,
		description: row.description,
		events: row.events.filter(isWebhookEvent),
		enabled: row.enabled,
		disabledReason: row.disabled_reason === 'user' || row.disabled_reason === 'failures' ? row.disabled_reason : null,
		createdAt: row.created_at.toISOString(),
		lastDelivery: row.last_at ? { at: row.last_at.toISOString(), statusCode: row.last_status, ok: row.last_status !== null && row.last_status >= 200 && row.last_status < 300 } : null,
	}
}

function selectEndpoints(db: DbOrTrx, userId: string) {
	return db
		.selectFrom('webhook_endpoints as e')
		.leftJoinLateral(
			(eb) => eb.selectFrom('webhook_attempts as a').select(['a.created_at as last_at', 'a.status_code as last_status']).whereRef('a.endpoint_id', '=', 'e.id').orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(1).as('last'),
			(join) => join.onTrue(),
		)
		.select(['e.id', 'e.url', 'e.description', 'e.events', 'e.enabled', 'e.disabled_reason', 'e.created_at', 'last.last_at', 'last.last_status'])
		.where('e.user_id', '=', userId)
}

/** The user's endpoints, oldest first, each with its last attempt. */
export async function listEndpoints(db: DbOrTrx, userId: string): Promise<Array<WebhookEndpointView>> {
	const rows = await selectEndpoints(db, userId).orderBy('e.created_at').orderBy('e.id').limit(MAX_ENDPOINTS_PER_USER * 2).execute()
	return rows.map(toView)
}

export async function getEndpoint(db: DbOrTrx, userId: string, endpointId: string): Promise<WebhookEndpointView | null> {
	const row = await selectEndpoints(db, userId).where('e.id', '=', endpointId).executeTakeFirst()
	return row ? toView(row) : null
}

/**
 * Adds an endpoint (at most MAX_ENDPOINTS_PER_USER), once per request id. The secret is in the
 * first answer only (a replayed request answers without it: it is never stored in the clear).
 */
export async function createEndpoint(db: Db, deps: { box: SecretBox; rules: UrlRules }, userId: string, requestId: string, input: NewEndpoint): Promise<CreateEndpointResult> {
	const m = texts.message
	const events = [...new Set(input.events)].filter(isWebhookEvent)
	if (events.length === 0 || events.length !== new Set(input.events).size) return { ok: false, error: 'invalid', message: m.noEvents, field: 'events' }
	const description = input.description.trim()
	if (description.length > 200) return { ok: false, error: 'invalid', message: m.descriptionTooLong, field: 'description' }
	const checked = await checkEndpointUrl(input.url, deps.rules)
	if (!checked.ok) return { ok: false, error: 'invalid', message: checked.error, field: 'url' }
	const ordered = WEBHOOK_EVENTS.filter((e) => events.includes(e))
	let secret: string | null = null
	const outcome = await once(
		db,
		{ userId, requestId, action: 'webhooks.create', input: { url: checked.url, description, events: ordered } },
		async (trx): Promise<{ ok: true; id: string } | { ok: false; error: 'limit' }> => {
			// Serialises a user's creations so the limit holds under parallel requests.
			await sql`select pg_advisory_xact_lock(hashtext(${`webhook_endpoints:${userId}`}))`.execute(trx)
			const { count } = await trx.selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll<string>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow()
			if (Number(count) >= MAX_ENDPOINTS_PER_USER) return { ok: false, error: 'limit' }
			secret = newWebhookSecret()
			const row = await trx
				.insertInto('webhook_endpoints')
				.values({ user_id: userId, url: checked.url, description, events: ordered as Array<WebhookEvent>, secret_sealed: deps.box.seal(secret) })
				.returning('id')
				.executeTakeFirstOrThrow()
			return { ok: true, id: row.id }
		},
		(result) => result.ok,
	)
	if (outcome.kind === 'conflict') return { ok: false, error: 'conflict', message: texts.message.notFound }
	if (!outcome.result.ok) return { ok: false, error: 'limit', message: m.limit.replace('{{max}}', String(MAX_ENDPOINTS_PER_USER)) }
	const endpoint = await getEndpoint(db, userId, outcome.result.id)
	if (!endpoint) return { ok: false, error: 'invalid', message: m.notFound }
	return { ok: true, endpoint, secret: outcome.replayed ? null : secret }
}

/** 'Aktivieren' starts with a clean failure count; false when the endpoint is not the user's. */
export async function setEndpointEnabled(db: DbOrTrx, userId: string, endpointId: string, enabled: boolean) {
	const row = await db
		.updateTable('webhook_endpoints')
		.set(enabled ? { enabled: true, disabled_reason: null, failing_since: null, failed_messages: 0, updated_at: sql`now()` } : { enabled: false, disabled_reason: 'user', updated_at: sql`now()` })
		.where('id', '=', endpointId)
		.where('user_id', '=', userId)
		.returning('id')
		.executeTakeFirst()
	return Boolean(row)
}

export async function deleteEndpoint(db: DbOrTrx, userId: string, endpointId: string) {
	const result = await db.deleteFrom('webhook_endpoints').where('id', '=', endpointId).where('user_id', '=', userId).executeTakeFirst()
	return Number(result.numDeletedRows) > 0
}

/** The endpoint's newest attempts (the delivery log), or null when the endpoint is not the user's. */
export async function endpointLog(db: DbOrTrx, userId: string, endpointId: string, limit = 50): Promise<Array<WebhookAttemptView> | null> {
	const owned = await db.selectFrom('webhook_endpoints').select('id').where('id', '=', endpointId).where('user_id', '=', userId).executeTakeFirst()
	if (!owned) return null
	const rows = await db
		.selectFrom('webhook_attempts as a')
		.innerJoin('webhook_messages as m', 'm.id', 'a.message_id')
		.select(['a.id', 'a.message_id', 'm.event_type', 'a.attempt', 'a.manual', 'a.status_code', 'a.error', 'a.duration_ms', 'a.created_at'])
		.where('a.endpoint_id', '=', endpointId)
		.orderBy('a.created_at', 'desc')
		.orderBy('a.id', 'desc')
		.limit(Math.max(1, Math.min(200, limit)))
		.execute()
	return rows.map((r) => ({
		id: String(r.id),
		messageId: r.message_id,
		event: r.event_type,
		attempt: r.attempt,
		manual: r.manual,
		statusCode: r.status_code,
		error: r.error,
		durationMs: r.duration_ms,
		at: r.created_at.toISOString(),
		ok: r.status_code !== null && r.status_code >= 200 && r.status_code < 300,
	}))
}
