import { z } from 'zod'
import { userTimeZone } from '#modules/accounts/index.ts'
import { defineJob, enqueue, handleJob } from '#modules/core/jobs.server.ts'
import { addContentIdeas, getContentSettings, type NewIdea } from '#modules/news/index.ts'
import { fromInstant } from '#modules/scheduling/index.ts'
import type { ToolboxDeps } from '../deps.ts'
import { eventsInWindow, type PlannedEvent } from '../events.ts'
import { fill, fillCounted, messages } from '../messages.ts'
import { claimToolRun } from '../runs.server.ts'
import type { ToolSettings } from '../settings-schemas.ts'
import { isToolEnabled, toolSettings, usersWithToolEnabled } from '../tools.server.ts'

// eventPlanning: every morning, for each user with the tool on, the holidays and notable days of the
// next advanceDays days become content ideas, once per event and user (run key event:<date>:<name>,
// claimed in the transaction that writes the ideas).

export const eventPlanningJob = defineJob({ id: 'toolbox_event_planning', schema: z.object({}).passthrough(), maxAttempts: 1 })
export const eventPlanningUserJob = defineJob({ id: 'toolbox_event_planning_user', schema: z.object({ userId: z.uuid() }), maxAttempts: 3 })

/** Daily at 05:10 UTC (early morning in Switzerland, Germany and Austria). */
export const eventPlanningCrontab = ['10 5 * * * toolbox_event_planning']

const germanDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`

/** The ideas for one event: one per content type, tied to the day and the user's niche. */
export function eventIdeas(event: PlannedEvent, settings: ToolSettings['eventPlanning'], niche: string): Array<NewIdea> {
	const nicheText = niche.trim() ? fill(messages.ideas.nicheText, { niche: niche.trim() }) : messages.ideas.communityText
	const types = settings.contentTypes.length ? settings.contentTypes : (['posts'] as const)
	return types.map((type) => {
		const template = messages.ideas[type]
		const values = { name: event.name, date: germanDate(event.date), niche: nicheText, about: event.about ? ` – ${event.about}` : '' }
		return {
			title: fill(template.title, values),
			description: fill(template.description, values),
			source: fill(messages.ideas.source, { name: event.name }),
			publishedDate: event.date,
			contentType: type,
			keyword: event.name,
		}
	})
}

export function createEventPlanning(deps: ToolboxDeps) {
	const { db } = deps
	const now = () => deps.now?.() ?? new Date()

	/** Plans the user's upcoming events; returns how many ideas were created (0 when all were planned before). */
	async function planForUser(userId: string): Promise<{ created: number; events: number }> {
		if (!(await isToolEnabled(db, userId, 'eventPlanning'))) return { created: 0, events: 0 }
		const [settings, timeZone, content] = await Promise.all([toolSettings(db, userId, 'eventPlanning', deps.platforms.ids), userTimeZone(db, userId), getContentSettings(db, userId)])
		const today = fromInstant(now(), timeZone).date
		const events = eventsInWindow({ today, advanceDays: settings.advanceDays, countries: settings.countries, eventTypes: settings.eventTypes })
		let created = 0
		for (const event of events) {
			const ideas = eventIdeas(event, settings, content.niche)
			created += await db.transaction().execute(async (trx) => {
				const claimed = await claimToolRun(trx, {
					userId,
					tool: 'eventPlanning',
					runKey: `event:${event.date}:${event.name}`,
					items: ideas.length,
					title: fillCounted(messages.runs, 'eventIdeas', ideas.length, { name: event.name }),
					description: fill(messages.runs.eventIdeasDescription, { name: event.name, date: germanDate(event.date) }),
					metadata: { event: event.name, date: event.date, countries: event.countries },
				})
				if (!claimed) return 0
				await addContentIdeas(trx, userId, ideas, deps.platforms.ids)
				return ideas.length
			})
		}
		return { created, events: events.length }
	}

	const tasks = [
		handleJob(eventPlanningJob, async () => {
			const day = now().toISOString().slice(0, 10)
			let after: string | null = null
			for (;;) {
				const users = await usersWithToolEnabled(db, 'eventPlanning', after)
				if (users.length === 0) break
				for (const userId of users) await enqueue(db, eventPlanningUserJob, { userId }, { jobKey: `event-planning:${userId}:${day}` })
				after = users[users.length - 1]!
			}
		}),
		handleJob(eventPlanningUserJob, async ({ userId }) => {
			await planForUser(userId)
		}),
	]
	return { tasks, crontab: eventPlanningCrontab, planForUser }
}
