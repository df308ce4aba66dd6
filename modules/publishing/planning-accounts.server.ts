import type { DbOrTrx } from '#modules/core/db.server.ts'
import { accountChecks } from './account-check.server.ts'
import type { PlatformDescriptor } from './descriptor.ts'
import { planTargets, requestOf } from './plan-targets.server.ts'

/** A post due within this much counts as 'Jetzt posten': its connection must work at once. */
export const DUE_NOW_MS = 60_000

/** A post about to get its time: its networks (each to the default channel of `brandId`, or the user's first) or its channels. */
export type PlannedTarget = { platforms: ReadonlyArray<string>; channelIds?: ReadonlyArray<string>; brandId?: string; at: Date }

/**
 * The account half of the planning preflight for several posts of one user, in the order given (a CSV
 * file's preview): no connected account, a missing scope, a network's posting quota, where each post
 * counts against the quota of the ones after it, as the planner counts them at import. German reasons per post.
 */
export async function planningAccountProblems(db: DbOrTrx, descriptors: ReadonlyArray<PlatformDescriptor>, userId: string, targets: ReadonlyArray<PlannedTarget>): Promise<Array<Array<string>>> {
	const wanted = await planTargets(
		db,
		targets.map((target) => requestOf({ postId: '', userId, platforms: [...target.platforms], pageIds: {}, channelIds: target.channelIds, brandId: target.brandId, scheduledAt: target.at })),
	)
	const inputs = targets.map((target, index) => ({ targets: wanted[index]!, at: target.at, now: target.at.getTime() <= Date.now() + DUE_NOW_MS }))
	const account = await accountChecks(db, descriptors, inputs)
	return inputs.map((input) => {
		const problems = account.problems(input)
		if (problems.length === 0) account.planned(input)
		return problems.map((problem) => problem.message)
	})
}
