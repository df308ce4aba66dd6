import { sql } from 'kysely'
import { brandDirectory } from '#modules/brands/index.ts'
import { enqueue } from '#modules/core/jobs.server.ts'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { newsDailyJobKey, newsDailyUserJob } from './jobs.ts'

/**
 * The fan-out of the hourly cron: one job per brand whose owner's local day has no generation log row
 * of that brand yet (brands with keywords only; never saved settings means the default keywords). A
 * user without a brand yet gets one job (its run makes the first brand). The job key per brand and day
 * makes a second fan-out in the same hour replace, not add, the job.
 */
export async function enqueueDailyNews(db: DbOrTrx, limit = 5000): Promise<number> {
	const due = await sql<{ id: string; brand_id: string | null; today: string }>`
		select u.id, b.id as brand_id, (now() at time zone u.time_zone)::date::text as today
		from users u
		left join lateral ${brandDirectory.brandsOfUserSql(sql.ref('u.id'))} b on true
		left join content_settings cs on cs.brand_id = b.id
		where u.disabled_at is null
			and u.email_verified_at is not null
			and (cs.brand_id is null or cardinality(cs.keywords) > 0 or cardinality(cs.news_keywords) > 0)
			and not exists (
				select 1 from user_news_generation_log l
				where l.user_id = u.id and l.last_generated_date = (now() at time zone u.time_zone)::date
					and (b.id is null or l.brand_id = b.id)
			)
		order by u.id, b.created_at, b.id
		limit ${limit}`.execute(db)
	for (const row of due.rows) {
		await enqueue(db, newsDailyUserJob, { userId: row.id, brandId: row.brand_id, date: row.today }, { jobKey: newsDailyJobKey(row.brand_id ?? row.id, row.today) })
	}
	return due.rows.length
}
