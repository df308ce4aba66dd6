import { createHash } from 'node:crypto'
import { z } from 'zod'
import { defineJob, enqueue, handleJob } from '#modules/core/jobs.server.ts'
import type { PlatformComment, ReplyResult } from '#modules/publishing/index.ts'
import type { ToolboxDeps } from '../deps.ts'
import { fill, messages } from '../messages.ts'
import { claimToolRun } from '../runs.server.ts'
import { isToolEnabled, toolSettings, usersWithToolEnabled } from '../tools.server.ts'

// autoReply: every 10 minutes the users with the tool on are visited. For their posts published on
// the configured platforms within the last 30 days, new comments (not their own, not our replies)
// that contain one of the keywords get a reply from the templates — exactly once per comment: the
// publishing module claims each reply (a committed 'sending' row, unique per delivery and comment)
// before it leaves, and reconciles a reply a crash left behind instead of sending it again. Each
// settled reply is recorded as a tool run 'reply:<deliveryId>:<commentId>' in the same transaction.

export const autoReplyJob = defineJob({ id: 'toolbox_auto_reply', schema: z.object({}).passthrough(), maxAttempts: 1 })
export const autoReplyUserJob = defineJob({ id: 'toolbox_auto_reply_user', schema: z.object({ userId: z.uuid() }), maxAttempts: 3 })

export const autoReplyCrontab = ['*/10 * * * * toolbox_auto_reply']

/** Comments on posts published within this many days are answered. */
export const AUTO_REPLY_WINDOW_DAYS = 30

/** i18n key (toolbox namespace) the tool card shows while keywords or templates are missing. */
export const AUTO_REPLY_SETUP_HINT = 'card.autoReplyNeedsSetup'


/** Whether the comment contains one of the (lower-cased) keywords, case-insensitively. */
export function matchesKeywords(text: string, keywords: Array<string>) {
	const haystack = text.toLocaleLowerCase('de')
	return keywords.some((keyword) => keyword.trim() !== '' && haystack.includes(keyword.trim().toLocaleLowerCase('de')))
}

/** The same comment always gets the same template (a hash of its id picks it). */
export function pickTemplate(commentId: string, templates: Array<string>) {
	const index = createHash('sha256').update(commentId).digest().readUInt32BE(0) % templates.length
	return templates[index]!
}

/** `{name}` becomes the commenter's name; without a name the placeholder goes and the spacing stays tidy. */
export function renderReply(template: string, name: string) {
	const clean = name.replace(/\s+/g, ' ').trim()
	const text = template.replace(/\{name\}/g, clean)
	return clean ? text.trim() : text.replace(/ +([,.!?])/g, '$1').replace(/ {2,}/g, ' ').trim()
}

/** Whether the tool can answer anything with these settings (the card shows AUTO_REPLY_SETUP_HINT otherwise). */
export function autoReplyConfigured(settings: { keywords: Array<string>; responseTemplates: Array<string> }) {
	return settings.keywords.length > 0 && settings.responseTemplates.length > 0
}

export type AutoReplyResult = { replied: number; failed: number; skipped: 'disabled' | 'not_configured' | 'unavailable' | null }

export function createAutoReply(deps: ToolboxDeps) {
	const { db, logger } = deps

	async function replyForUser(userId: string): Promise<AutoReplyResult> {
		const comments = deps.comments
		if (!comments) {
			logger.warn('toolbox_auto_reply_no_comments_port', { userId })
			return { replied: 0, failed: 0, skipped: 'unavailable' }
		}
		if (!(await isToolEnabled(db, userId, 'autoReply'))) return { replied: 0, failed: 0, skipped: 'disabled' }
		const settings = await toolSettings(db, userId, 'autoReply', deps.platforms.ids)
		if (!autoReplyConfigured(settings)) return { replied: 0, failed: 0, skipped: 'not_configured' }
		const deliveries = await comments.recentPublishedDeliveries(userId, settings.platforms, AUTO_REPLY_WINDOW_DAYS)
		let replied = 0
		let failed = 0
		for (const delivery of deliveries) {
			const listed = await comments.listComments(userId, delivery.id)
			if (!listed.ok) {
				logger.warn('toolbox_auto_reply_list_failed', { userId, deliveryId: delivery.id, error: listed.error })
				continue
			}
			const done = await comments.repliedComments(userId, delivery.id)
			for (const comment of listed.comments) {
				if (done.has(comment.id) || !matchesKeywords(comment.text, settings.keywords)) continue
				const result = await answer(userId, delivery, comment, settings.responseTemplates)
				if (result.status === 'sent') replied += 1
				if (result.status === 'failed' || result.status === 'unknown') failed += 1
			}
		}
		return { replied, failed, skipped: null }
	}

	function answer(userId: string, delivery: { id: string; platform: string }, comment: PlatformComment, templates: Array<string>): Promise<ReplyResult> {
		const template = pickTemplate(comment.id, templates)
		const text = renderReply(template, comment.authorName)
		const values = { name: comment.authorName || '—', platform: deps.platforms.get(delivery.platform)?.name ?? delivery.platform, comment: comment.text.slice(0, 200), reply: text.slice(0, 200) }
		return deps.comments!.replyToComment({
			userId,
			deliveryId: delivery.id,
			comment,
			template,
			text,
			record: async (trx, outcome, detail) => {
				await claimToolRun(trx, {
					userId,
					tool: 'autoReply',
					runKey: `reply:${delivery.id}:${comment.id}`,
					status: outcome === 'sent' ? 'success' : 'error',
					items: outcome === 'sent' ? 1 : 0,
					title: fill(outcome === 'sent' ? messages.runs.autoReplySent : outcome === 'unknown' ? messages.runs.autoReplyUnknown : messages.runs.autoReplyFailed, values),
					description: outcome === 'unknown' ? fill(messages.runs.autoReplyUnknownDescription, values) : fill(messages.runs.autoReplyDescription, values),
					metadata: { deliveryId: delivery.id, platform: delivery.platform, commentId: comment.id, replyId: detail.replyId, errorCode: detail.errorCode },
				})
			},
		})
	}

	const tasks = [
		handleJob(autoReplyJob, async () => {
			let after: string | null = null
			for (;;) {
				const users = await usersWithToolEnabled(db, 'autoReply', after)
				if (users.length === 0) break
				// One queued job per user: a user still waiting from the last round is not queued twice.
				for (const userId of users) await enqueue(db, autoReplyUserJob, { userId }, { jobKey: `auto-reply:${userId}` })
				after = users[users.length - 1]!
			}
		}),
		handleJob(autoReplyUserJob, async ({ userId }) => {
			await replyForUser(userId)
		}),
	]
	return { tasks, crontab: autoReplyCrontab, replyForUser }
}
