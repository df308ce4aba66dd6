import { sql } from 'kysely'
import { enqueue } from '#modules/core/jobs.server.ts'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { newsDailyJobKey, newsDailyUserJob } from './jobs.ts'

/**
 * The fan-out of the hourly cron: one job per user whose local day has no generation log row yet
 * (users with keywords only; never saved settings means the default keywords). The job key per
 * user and day makes a second fan-out in the same hour replace, not add, the job.
 */
export async function enqueueDailyNews(db: DbOrTrx, limit = 5000): Promise<number> {
	const due = await sql<{ id: string; today: string }>`
		select u.id, (now() at time zone u.time_zone)::date::text as today
		from users u
		left join content_settings cs on cs.user_id = u.id
		where u.disabled_at is null
			and u.email_verified_at is not null
			and (cs.user_id is null or cardinality(cs.keywords) > 0 or cardinality(cs.news_keywords) > 0)
			and not exists (
				select 1 from user_news_generation_log l
				where l.user_id = u.id and l.last_generated_date = (now() at time zone u.time_zone)::date
			)
		order by u.id
		limit ${limit}`.execute(db)
	for (const user of due.rows) {
		await enqueue(db, newsDailyUserJob, { userId: user.id, date: user.today }, { jobKey: newsDailyJobKey(user.id, user.today) })
	}
	return due.rows.length
}
