import { z } from 'zod'
import { defineJob } from '#modules/core/jobs.server.ts'

// The daily news jobs (task names: letters, digits, underscores; graphile-worker's crontab wants that).

/** Hourly: enqueues a per-user job for every user whose local day has no news run yet. */
export const newsDailyFanoutJob = defineJob({ id: 'news_daily_fanout', schema: z.object({}).passthrough(), maxAttempts: 1 })

/** One user's news of one day (job key per user and day). Without `date`: today in the user's time zone. */
export const newsDailyUserJob = defineJob({
	id: 'news_daily_user',
	schema: z.object({ userId: z.uuid(), date: z.iso.date().optional() }),
	maxAttempts: 3,
})

export const newsDailyJobKey = (userId: string, date: string) => `news_daily:${userId}:${date}`

/** graphile-worker crontab (UTC): minute 7 of every hour (users' midnights fall on different hours). */
export const newsCrontab = '7 * * * * news_daily_fanout'
