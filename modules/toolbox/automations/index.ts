import type { AnyTask } from '#modules/core/jobs.server.ts'
import type { ToolboxDeps } from '../deps.ts'
import { createAutoReply } from './auto-reply.ts'
import { createAutoRepost } from './auto-repost.ts'
import { createBirthdayWishes } from './birthday-wishes.ts'
import { createEventPlanning } from './event-planning.ts'

// The automations of the toolbox as graphile-worker work. Each tool's file exports a factory that
// returns its tasks and its crontab lines (job names: letters, digits, underscores). A cron job fans
// out per user (usersWithToolEnabled) with a job key per user and unit of work; each unit claims its
// run (claimToolRun) in the transaction that writes its effect, so running twice changes nothing.

export type Automation = { tasks: Array<AnyTask>; crontab: Array<string> }

export function createToolboxAutomations(deps: ToolboxDeps): Automation {
	const automations: Array<Automation> = [
		// each tool's factory is added here, e.g. createEventPlanning(deps)
		createEventPlanning(deps),
		createBirthdayWishes(deps),
		createAutoRepost(deps),
		createAutoReply(deps),
	]
	return {
		tasks: automations.flatMap((a) => a.tasks),
		crontab: automations.flatMap((a) => a.crontab),
	}
}
