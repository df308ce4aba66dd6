import { z } from 'zod'
import { repostCandidates } from '#modules/content/index.ts'
import { defineJob, enqueue, handleJob } from '#modules/core/jobs.server.ts'
import type { ToolboxDeps } from '../deps.ts'
import { fill, fillCounted, messages } from '../messages.ts'
import { claimToolRun, hasToolRun } from '../runs.server.ts'
import { isToolEnabled, toolSettings, usersWithToolEnabled } from '../tools.server.ts'

// autoRepost: once a day the users with the tool on are visited. A published post on one of the
// configured platforms whose engagement (likes + comments + shares) reaches minEngagement, published
// at least repostAfterDays ago, is proposed again: a copy in status 'review' ('Überprüfung') that the
// user approves (plans or publishes) or discards on /posts. Once per post: the run key
// 'repost:<postId>' is claimed in the transaction that writes the copy, so a discarded proposal
// does not come back.

export const autoRepostJob = defineJob({ id: 'toolbox_auto_repost', schema: z.object({}).passthrough(), maxAttempts: 1 })
export const autoRepostUserJob = defineJob({ id: 'toolbox_auto_repost_user', schema: z.object({ userId: z.uuid() }), maxAttempts: 3 })

export const autoRepostCrontab = ['30 4 * * * toolbox_auto_repost']

const DAY_MS = 24 * 3600 * 1000

class SourceGone extends Error {}

export function createAutoRepost(deps: ToolboxDeps) {
	const { db, logger } = deps
	const now = () => deps.now?.() ?? new Date()

	/** Proposes the user's posts that are due; returns how many proposals were made. */
	async function repostForUser(userId: string): Promise<{ proposed: number }> {
		const create = deps.createReviewPost
		if (!create) {
			logger.warn('toolbox_auto_repost_no_writer', { userId })
			return { proposed: 0 }
		}
		if (!(await isToolEnabled(db, userId, 'autoRepost'))) return { proposed: 0 }
		const settings = await toolSettings(db, userId, 'autoRepost', deps.platforms.ids)
		const candidates = await repostCandidates(db, deps.platforms.ids, userId, {
			platforms: settings.platforms,
			minEngagement: settings.minEngagement,
			publishedBefore: new Date(now().getTime() - settings.repostAfterDays * DAY_MS),
		})
		let proposed = 0
		for (const candidate of candidates) {
			const runKey = `repost:${candidate.id}`
			if (await hasToolRun(db, userId, 'autoRepost', runKey)) continue
			try {
				const done = await db.transaction().execute(async (trx) => {
					const claimed = await claimToolRun(trx, {
						userId,
						tool: 'autoRepost',
						runKey,
						items: 1,
						title: fill(messages.runs.autoRepostProposed, { title: candidate.title }),
						description: fillCounted(messages.runs, 'autoRepostDescription', candidate.engagement, { date: candidate.publishedAt.toISOString().slice(0, 10).split('-').reverse().join('.') }),
						metadata: { sourcePostId: candidate.id, engagement: candidate.engagement },
					})
					if (!claimed) return false
					// The source went away in the meantime: roll the claim back with it.
					if (!(await create(trx, userId, candidate.id))) throw new SourceGone()
					return true
				})
				if (done) proposed += 1
			} catch (error) {
				if (!(error instanceof SourceGone)) throw error
			}
		}
		return { proposed }
	}

	const tasks = [
		handleJob(autoRepostJob, async () => {
			const day = now().toISOString().slice(0, 10)
			let after: string | null = null
			for (;;) {
				const users = await usersWithToolEnabled(db, 'autoRepost', after)
				if (users.length === 0) break
				for (const userId of users) await enqueue(db, autoRepostUserJob, { userId }, { jobKey: `auto-repost:${userId}:${day}` })
				after = users[users.length - 1]!
			}
		}),
		handleJob(autoRepostUserJob, async ({ userId }) => {
			await repostForUser(userId)
		}),
	]
	return { tasks, crontab: autoRepostCrontab, repostForUser }
}
