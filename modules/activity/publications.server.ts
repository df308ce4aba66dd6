import { sql } from 'kysely'
import { commitWithoutWaitingForDisk, executePrepared } from '#modules/core/db.server.ts'
import { notifyChangesSql } from '#modules/core/live-events.server.ts'
import type { PublicationConsumer } from '#modules/core/publications.server.ts'

/**
 * Publishing's publications in the activity log: the entry the publisher worded for each claimed
 * publication (its texts already bounded by boundedEntry), with one announcement per user, in the
 * statement that claims them.
 */
export const activityPublications: PublicationConsumer = {
	name: 'activity',
	async consume(db, claimed) {
		await executePrepared(db, 'activity_publications', sql`
			with c as (${claimed}),
			a as (
				insert into activity_logs (user_id, log_type, title, description, status, metadata)
				select c.user_id, 'post_publication', coalesce(c.activity->>'title', ''), coalesce(c.activity->>'description', ''),
					c.activity->>'status', coalesce(c.activity->'metadata', '{}'::jsonb)
				from c
				returning user_id
			)
			select (${notifyChangesSql(sql`select user_id, 'activity'::text as topic from a`)}) as notified, ${commitWithoutWaitingForDisk} as no_flush`)
	},
}
