import { requiresAltText } from '#modules/accounts/index.ts'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { accountChecks } from './account-check.server.ts'
import { planTargets, requestOf } from './plan-targets.server.ts'
import { textProblems, type JudgedPost, type PlanningRules } from './planning-text.server.ts'

/** A post due within this much counts as 'Jetzt posten': its connection must work at once. */
export const DUE_NOW_MS = 60_000

/**
 * A post about to get its time: its networks (each to the default channel of `brandId`, or the user's
 * first) or its channels; with `post`, what it would hold (its text, first comment and image).
 */
export type PlannedTarget = { platforms: ReadonlyArray<string>; channelIds?: ReadonlyArray<string>; brandId?: string; at: Date; post?: JudgedPost }

/**
 * The planning preflight for several posts of one user not stored yet, in the order given (a CSV
 * file's check), as the planner runs it at import: per channel the network's rules on the post
 * (textProblems: a first comment where the channel takes none, a server's own limits), then no
 * connected account, a missing scope, a network's posting quota, where each post counts against the
 * quota of the ones after it. German reasons per post.
 */
export async function planningRowProblems(db: DbOrTrx, rules: PlanningRules, userId: string, targets: ReadonlyArray<PlannedTarget>): Promise<Array<Array<string>>> {
	const wanted = await planTargets(
		db,
		targets.map((target) => requestOf({ postId: '', userId, platforms: [...target.platforms], pageIds: {}, channelIds: target.channelIds, brandId: target.brandId, scheduledAt: target.at })),
	)
	const requireAltText = targets.some((target) => target.post) && (await requiresAltText(db, userId))
	const inputs = targets.map((target, index) => ({ targets: wanted[index]!, at: target.at, now: target.at.getTime() <= Date.now() + DUE_NOW_MS }))
	const account = await accountChecks(db, rules.descriptors, inputs)
	const reasons: Array<Array<string>> = []
	for (const [index, input] of inputs.entries()) {
		const post = targets[index]!.post
		const problems = [...(post ? await textProblems(rules, post, input.targets, requireAltText) : []), ...account.problems(input).map((problem) => problem.message)]
		if (problems.length === 0) account.planned(input)
		reasons.push(problems)
	}
	return reasons
}
