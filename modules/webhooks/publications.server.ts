import { sql } from 'kysely'
import { commitWithoutWaitingForDisk, executePrepared } from '#modules/core/db.server.ts'
import type { PublicationConsumer } from '#modules/core/publications.server.ts'
import { webhookJobsSql, webhookMessagesSql } from './emit.server.ts'

/**
 * Publishing's publications (post.published, post.failed, post.unconfirmed) as webhook messages: one per
 * enabled endpoint that subscribed, with its delivery job, in the statement that claims them. The body
 * is the event's `webhook` (a json column) as the publisher wrote it, byte for byte.
 */
export const webhookPublications: PublicationConsumer = {
	name: 'webhooks',
	async consume(db, claimed) {
		await executePrepared(db, 'webhooks_publications', sql`
			with c as (${claimed}),
			m as (${webhookMessagesSql(sql`select user_id, webhook->>'type' as type, webhook::text as body from c`)})
			select (${webhookJobsSql(sql`select id from m`)}) as jobs, ${commitWithoutWaitingForDisk} as no_flush`)
	},
}
