import { z } from 'zod'
import { userTimeZone } from '#modules/accounts/index.ts'
import { isPlanRefused } from '#modules/content/index.ts'
import { defineJob, enqueue, handleJob } from '#modules/core/jobs.server.ts'
import { fromInstant } from '#modules/scheduling/index.ts'
import { contactsBornOn } from '../birthday-contacts.server.ts'
import { birthdayDue, greetingInstant, greetingText, isLeapYear } from '../birthdays.ts'
import type { ToolboxDeps } from '../deps.ts'
import { fill, messages } from '../messages.ts'
import { claimToolRun } from '../runs.server.ts'
import { isToolEnabled, toolSettings, usersWithToolEnabled } from '../tools.server.ts'

// birthdayWishes: every 15 minutes the users with the tool on are visited; a contact whose birthday
// it is in the user's time zone, once scheduleTime has come, gets a greeting prepared as a draft (or a
// post planned at scheduleTime with mode 'schedule') — once per contact and year: the run key
// birthday:<contactId>:<year> is claimed in the transaction that writes the draft or post.

export const birthdayWishesJob = defineJob({ id: 'toolbox_birthday_wishes', schema: z.object({}).passthrough(), maxAttempts: 1 })
export const birthdayWishesUserJob = defineJob({ id: 'toolbox_birthday_wishes_user', schema: z.object({ userId: z.uuid() }), maxAttempts: 3 })

export const birthdayWishesCrontab = ['*/15 * * * * toolbox_birthday_wishes']


export function createBirthdayWishes(deps: ToolboxDeps) {
	const { db } = deps
	const now = () => deps.now?.() ?? new Date()

	/** Prepares the greetings that are due for the user now; returns how many were made. */
	async function greetForUser(userId: string): Promise<{ prepared: number }> {
		const writer = deps.contentWriter
		if (!writer) {
			deps.logger.warn('toolbox_birthday_no_writer', { userId })
			return { prepared: 0 }
		}
		if (!(await isToolEnabled(db, userId, 'birthdayWishes'))) return { prepared: 0 }
		const [settings, timeZone] = await Promise.all([toolSettings(db, userId, 'birthdayWishes', deps.platforms.ids), userTimeZone(db, userId)])
		const at = now()
		const local = fromInstant(at, timeZone)
		const year = Number(local.date.slice(0, 4))
		const month = Number(local.date.slice(5, 7))
		const day = Number(local.date.slice(8, 10))
		const days = [{ month, day }]
		if (month === 2 && day === 28 && !isLeapYear(year)) days.push({ month: 2, day: 29 })
		const contacts = await contactsBornOn(db, userId, days)
		let prepared = 0
		for (const contact of contacts) {
			const due = birthdayDue(contact, at, timeZone, settings.scheduleTime)
			if (!due.due) continue
			const text = greetingText(contact, due.year, settings.personalMessage)
			const prepare = (scheduled: boolean) => db.transaction().execute(async (trx) => {
				const claimed = await claimToolRun(trx, {
					userId,
					tool: 'birthdayWishes',
					runKey: `birthday:${contact.id}:${due.year}`,
					items: 1,
					title: fill(scheduled ? messages.runs.birthdayScheduled : messages.runs.birthdayDraft, { name: contact.name }),
					description: fill(messages.runs.birthdayDescription, { platform: deps.platforms.get(contact.platform)?.name ?? contact.platform }),
					metadata: { contactId: contact.id, year: due.year, platform: contact.platform, mode: settings.mode },
				})
				if (!claimed) return false
				const content = { base: text, platforms: {} }
				if (scheduled) {
					await writer.insertPost(trx, userId, {
						platform: contact.platform,
						content,
						status: 'scheduled',
						scheduledAt: greetingInstant(due.date, settings.scheduleTime, timeZone, at),
						timeZone,
						postType: 'birthday',
					})
				} else {
					await writer.insertDraft(trx, userId, { platforms: [contact.platform], content, postType: 'birthday' })
				}
				return true
			})
			let done: boolean
			try {
				done = await prepare(settings.mode === 'schedule')
			} catch (error) {
				// A network would refuse the greeting as it is (e.g. no image): a draft for the user to finish instead.
				if (!isPlanRefused(error)) throw error
				deps.logger.info('toolbox_birthday_refused', { userId, reasons: error.reasons })
				done = await prepare(false)
			}
			if (done) prepared += 1
		}
		return { prepared }
	}

	const tasks = [
		handleJob(birthdayWishesJob, async () => {
			const slot = Math.floor(now().getTime() / (15 * 60_000))
			let after: string | null = null
			for (;;) {
				const users = await usersWithToolEnabled(db, 'birthdayWishes', after)
				if (users.length === 0) break
				for (const userId of users) await enqueue(db, birthdayWishesUserJob, { userId }, { jobKey: `birthday-wishes:${userId}:${slot}` })
				after = users[users.length - 1]!
			}
		}),
		handleJob(birthdayWishesUserJob, async ({ userId }) => {
			await greetForUser(userId)
		}),
	]
	return { tasks, crontab: birthdayWishesCrontab, greetForUser }
}
