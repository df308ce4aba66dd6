import { z } from 'zod'
import { defineJob } from '#modules/core/jobs.server.ts'

// The daily news jobs (task names: letters, digits, underscores; graphile-worker's crontab wants that).

/** Hourly: enqueues a job for every brand whose owner's local day has no news run of it yet. */
export const newsDailyFanoutJob = defineJob({ id: 'news_daily_fanout', schema: z.object({}).passthrough(), maxAttempts: 1 })

/**
 * One brand's news of one day (job key per brand and day). Without `date`: today in the user's time
 * zone; without `brandId` (a user without brands, jobs from before brands): the user's first brand.
 */
export const newsDailyUserJob = defineJob({
	id: 'news_daily_user',
	schema: z.object({ userId: z.uuid(), brandId: z.uuid().nullish(), date: z.iso.date().optional() }),
	maxAttempts: 3,
})

/** `owner`: the brand's id (a user's id while the user has no brand). */
export const newsDailyJobKey = (owner: string, date: string) => `news_daily:${owner}:${date}`

/** graphile-worker crontab (UTC): minute 7 of every hour (users' midnights fall on different hours). */
export const newsCrontab = '7 * * * * news_daily_fanout'
