import type { Trx } from '#modules/core/db.server.ts'
import { PlanRefused, postForDelivery, postsForDelivery, type DeliveryPlanner, type PlanInput } from '#modules/content/index.ts'
import { requiresAltText } from '#modules/accounts/index.ts'
import { processedVideos } from './processed-videos.server.ts'
import { accountChecks, accountProblems } from './account-check.server.ts'
import { postChannelsJsonSql, postGoesToChannelSql } from './post-channels.server.ts'
import { DUE_NOW_MS } from './planning-accounts.server.ts'
import { textProblems, type PlanningRules } from './planning-text.server.ts'
import { plannedChannels, planTargets, requestOf, type PlanTarget } from './plan-targets.server.ts'
import { texts } from './messages.ts'
import { enqueueDeliveries, insertDeliveries, removeJobs, RESCHEDULABLE } from './delivery-rows.server.ts'
import { retargetDeliveries } from './retarget-deliveries.server.ts'

export { enqueueDelivery, enqueueDeliveries, RESCHEDULABLE } from './delivery-rows.server.ts'

export type { PlanningRules } from './planning-text.server.ts'

/**
 * The one preflight at planning time, for every way a post gets a time (creator, Meine Posts, calendar
 * drag, automations, publish now), per channel it goes to: the network's rules on the post as it
 * would be sent (with the channel's own server limits), the grant's scopes, the channel's posting
 * quota, and for a post due now a working connection. German reasons that name the channel. An empty
 * text is the caller's question.
 */
export async function planningProblems(trx: Trx, rules: PlanningRules, input: { postId: string; targets: ReadonlyArray<PlanTarget>; scheduledAt: Date }): Promise<Array<string>> {
	if (input.targets.length === 0) return []
	const post = await postForDelivery(trx, rules.descriptors.map((d) => d.id), input.postId)
	if (!post) return []
	const check = { targets: input.targets, at: input.scheduledAt, now: input.scheduledAt.getTime() <= Date.now() + DUE_NOW_MS, postId: input.postId }
	const videos = await processedVideos(trx, post.userId, post.media)
	const findings = await textProblems(rules, post, input.targets, await requiresAltText(trx, post.userId), videos)
	const account = await accountProblems(trx, rules.descriptors, check)
	return [...findings, ...account.map((p) => p.message)]
}

/**
 * planningProblems for many new posts of one user (a CSV import) in a few queries: the posts in one
 * read, the channels' quota facts once (accountChecks), each post judged in order; a post without
 * problems counts against the quota of the ones after it.
 */
export async function planningProblemsMany(trx: Trx, rules: PlanningRules, planned: ReadonlyArray<{ input: PlanInput; targets: ReadonlyArray<PlanTarget>; scheduledAt: Date }>): Promise<Array<Array<string>>> {
	const ids = rules.descriptors.map((d) => d.id)
	const posts = await postsForDelivery(trx, ids, planned.map((p) => p.input.postId))
	if (new Set(planned.map((p) => p.input.userId)).size > 1) throw new Error('planningProblemsMany plans the posts of one user')
	const checks = planned.map((p) => ({ targets: p.targets, at: p.scheduledAt, now: p.scheduledAt.getTime() <= Date.now() + DUE_NOW_MS }))
	const account = await accountChecks(trx, rules.descriptors, checks)
	const requireAltText = planned.length > 0 && (await requiresAltText(trx, planned[0]!.input.userId))
	const reasons: Array<Array<string>> = []
	for (const [index, { input, targets }] of planned.entries()) {
		const post = posts.get(input.postId)
		if (!post || targets.length === 0) {
			reasons.push([])
			continue
		}
		const problems = [...(await textProblems(rules, post, targets, requireAltText)), ...account.problems(checks[index]!).map((p) => p.message)]
		if (problems.length === 0) account.planned(checks[index]!)
		reasons.push(problems)
	}
	return reasons
}

/** The targets of a post's deliveries still open (each its channel; one without, its network's default). */
export async function openTargets(trx: Trx, userId: string, deliveries: ReadonlyArray<{ platform: string; channel_id: string | null }>) {
	const [targets] = await planTargets(trx, [{ userId, wishes: deliveries.map((d) => ({ platform: d.platform, channelId: d.channel_id })) }])
	return targets!
}

/** A post that names channels of which some are not (or no longer) the user's. */
function lostChannels(input: PlanInput, targets: ReadonlyArray<PlanTarget>) {
	return input.channelIds?.length ? new Set(input.channelIds).size > targets.length : false
}

/**
 * The deliveries of posts (one per channel) and their jobs, always written in the transaction that
 * writes the post: a scheduled post is never without its job, a deleted one never keeps one. With
 * `rules`, a post is checked before it gets a time (planningProblems); without, it is not (tests of other
 * modules). Planning runs a fixed number of statements whatever the number of channels.
 */
export function createDeliveryPlanner(rules: PlanningRules | null): DeliveryPlanner {
	return {
		channels: plannedChannels,
		async plan(trx, input) {
			const [targets] = await planTargets(trx, [requestOf(input)])
			if (lostChannels(input, targets!)) throw new PlanRefused([texts.planning.channelUnknown])
			if (rules && input.scheduledAt) {
				const reasons = await planningProblems(trx, rules, { postId: input.postId, targets: targets!, scheduledAt: input.scheduledAt })
				if (reasons.length > 0) throw new PlanRefused(reasons)
			}
			await insertDeliveries(trx, [{ input, targets: targets! }])
		},
		async reschedule(trx, input) {
			if (rules) {
				const open = await trx.selectFrom('post_deliveries').select(['platform', 'channel_id']).where('post_id', '=', input.postId).where('user_id', '=', input.userId).where('status', 'in', RESCHEDULABLE).execute()
				const reasons = await planningProblems(trx, rules, { postId: input.postId, targets: await openTargets(trx, input.userId, open), scheduledAt: input.scheduledAt })
				if (reasons.length > 0) throw new PlanRefused(reasons)
			}
			return deliveryPlanner.reschedule(trx, input)
		},
		async planMany(trx, inputs) {
			const targets = await planTargets(trx, inputs.map(requestOf))
			const reasons: Array<Array<string>> = inputs.map((input, index) => (lostChannels(input, targets[index]!) ? [texts.planning.channelUnknown] : []))
			const timed = inputs.flatMap((input, index) => (input.scheduledAt && reasons[index]!.length === 0 ? [{ index, input, targets: targets[index]!, scheduledAt: input.scheduledAt }] : []))
			if (rules && timed.length) (await planningProblemsMany(trx, rules, timed)).forEach((found, i) => (reasons[timed[i]!.index] = found))
			await insertDeliveries(
				trx,
				inputs.flatMap((input, index) => (reasons[index]!.length === 0 ? [{ input, targets: targets[index]! }] : [])),
			)
			return reasons
		},
		retarget: (trx, input) => retargetDeliveries(trx, input, rules ? (targets, scheduledAt) => planningProblems(trx, rules, { postId: input.postId, targets, scheduledAt }) : null),
		cancel: (trx, input) => deliveryPlanner.cancel(trx, input),
		postChannelsJsonSql,
		postGoesToChannelSql,
	}
}

/** The planner without checks (see createDeliveryPlanner). */
export const deliveryPlanner: DeliveryPlanner = {
	channels: plannedChannels,

	async plan(trx, input) {
		const [targets] = await planTargets(trx, [requestOf(input)])
		await insertDeliveries(trx, [{ input, targets: targets! }])
	},

	async planMany(trx, inputs) {
		const targets = await planTargets(trx, inputs.map(requestOf))
		await insertDeliveries(
			trx,
			inputs.map((input, index) => ({ input, targets: targets[index]! })),
		)
		return inputs.map(() => [])
	},

	async reschedule(trx, { postId, userId, scheduledAt }) {
		// Deliveries already out (published, in flight, awaiting a check) keep their state.
		const rows = await trx
			.updateTable('post_deliveries')
			.set({ status: 'scheduled', scheduled_at: scheduledAt, retry_at: null, media_wait_since: null, error_code: null, error_message: null })
			.where('post_id', '=', postId)
			.where('user_id', '=', userId)
			.where('status', 'in', RESCHEDULABLE)
			.returning('id')
			.execute()
		await enqueueDeliveries(trx, rows.map((r) => r.id), scheduledAt)
	},

	retarget: (trx, input) => retargetDeliveries(trx, input, null),

	async cancel(trx, { postId, userId }) {
		const rows = await trx.selectFrom('post_deliveries').select('id').where('post_id', '=', postId).where('user_id', '=', userId).execute()
		await removeJobs(
			trx,
			rows.map((r) => r.id),
		)
	},

	postChannelsJsonSql,
	postGoesToChannelSql,
}
