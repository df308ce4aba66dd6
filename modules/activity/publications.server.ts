import { sql } from 'kysely'
import { executePrepared } from '#modules/core/db.server.ts'
import { notifyChangesSql } from '#modules/core/live-events.server.ts'
import type { PublicationConsumer } from '#modules/core/publications.server.ts'
import { clipAtWordSql } from './clip-sql.server.ts'
import { DESCRIPTION_MAX, TITLE_MAX } from './log.server.ts'

/**
 * Publishing's publications in the activity log: the entry the publisher worded for each claimed
 * publication (texts bounded like logActivity's), with one announcement per user, in the statement
 * that claims them.
 */
export const activityPublications: PublicationConsumer = {
	name: 'activity',
	async consume(db, claimed) {
		await executePrepared(db, 'activity_publications', sql`
			with c as (${claimed}),
			a as (
				insert into activity_logs (user_id, log_type, title, description, status, metadata)
				select c.user_id, 'post_publication', ${clipAtWordSql(sql.ref<string>('t.title'), TITLE_MAX)}, ${clipAtWordSql(sql.ref<string>('t.description'), DESCRIPTION_MAX)},
					c.activity->>'status', coalesce(c.activity->'metadata', '{}'::jsonb)
				from c cross join lateral (select coalesce(c.activity->>'title', '') as title, coalesce(c.activity->>'description', '') as description) t
				returning user_id
			)
			select (${notifyChangesSql(sql`select user_id, 'activity'::text as topic from a`)}) as notified`)
	},
}
