import type { Db } from '#modules/core/db.server.ts'
import { rowsWithoutUserId } from '#modules/core/export.server.ts'

/** The webhooks' part of the user's data export: endpoints (never their secret), messages and attempts. */
export async function exportWebhooksData(db: Db, userId: string) {
	const [endpoints, messages, attempts] = await Promise.all([
		db
			.selectFrom('webhook_endpoints')
			.select(['id', 'user_id', 'url', 'description', 'events', 'enabled', 'disabled_reason', 'failing_since', 'failed_messages', 'created_at', 'updated_at'])
			.where('user_id', '=', userId)
			.orderBy('created_at')
			.orderBy('id')
			.execute(),
		db.selectFrom('webhook_messages').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db
			.selectFrom('webhook_attempts as a')
			.innerJoin('webhook_endpoints as e', 'e.id', 'a.endpoint_id')
			.select(['a.id', 'a.message_id', 'a.endpoint_id', 'a.attempt', 'a.manual', 'a.status_code', 'a.error', 'a.duration_ms', 'a.created_at'])
			.where('e.user_id', '=', userId)
			.orderBy('a.created_at')
			.orderBy('a.id')
			.execute(),
	])
	return { webhookEndpoints: rowsWithoutUserId(endpoints), webhookMessages: rowsWithoutUserId(messages), webhookAttempts: attempts.map((a) => ({ ...a, id: String(a.id) })) }
}
