import type { Trx } from '#modules/core/db.server.ts'
import { channelTextOf, firstCommentFor, imageFor, mediaFor, PlanRefused, postForDelivery, postsForDelivery, textFor, type DeliveryPlanner, type PlanInput } from '#modules/content/index.ts'
import { requiresAltText } from '#modules/accounts/index.ts'
import type { FileStore } from '#modules/core/files.server.ts'
import type { ProcessedMedia } from '#modules/media/index.ts'
import { processedVideos, withVariant } from './processed-videos.server.ts'
import { accountChecks, accountProblems, targetLabel } from './account-check.server.ts'
import { postChannelsJsonSql, postGoesToChannelSql } from './post-channels.server.ts'
import { DUE_NOW_MS } from './planning-accounts.server.ts'
import type { PlatformDescriptor } from './descriptor.ts'
import { preflightTargets, type PreflightTarget } from './preflight.server.ts'
import { plannedChannels, planTargets, requestOf, type PlanTarget } from './plan-targets.server.ts'
import { texts } from './messages.ts'
import { enqueueDeliveries, insertDeliveries, removeJobs, RESCHEDULABLE } from './delivery-rows.server.ts'
import { retargetDeliveries } from './retarget-deliveries.server.ts'

export { enqueueDelivery, enqueueDeliveries, RESCHEDULABLE } from './delivery-rows.server.ts'

/** What planning checks a post against: the registered networks' rules and the stored images. */
export type PlanningRules = { descriptors: ReadonlyArray<PlatformDescriptor>; files: FileStore | null }


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
 * The networks' rules on the post as each channel would get it: the network's text and image, judged
 * once per network and server limits (a Mastodon instance may allow more or less than the network).
 * Where a post goes to several channels of a network, or a channel's server sets its own limits, the
 * reasons name the channels ("Mastodon (Bäckerei): ..."). A channel with a text of its own is judged
 * on its own, under its name. A first comment is judged with the text, per comment and page type (LinkedIn
 * takes one on organization pages only).
 */
async function textProblems(rules: PlanningRules, post: DeliveryPost, targets: ReadonlyArray<PlanTarget>, requireAltText: boolean, videos: ReadonlyMap<string, ProcessedMedia> = new Map()): Promise<Array<string>> {
	const groups = new Map<string, Array<PlanTarget>>()
	const ownText = (target: PlanTarget) => Boolean(target.channel && channelTextOf(post.content, target.channel.id) !== undefined)
	const commentOf = (target: PlanTarget) => firstCommentFor(post.content, target.platform, target.channel?.id)
	const pageTypeOf = (target: PlanTarget) => (target.channel?.page_type === 'personal' || target.channel?.page_type === 'business' ? target.channel.page_type : null)
	for (const target of targets) {
		const limits = target.channel?.limits ?? null
		const key = ownText(target)
			? `${target.platform} channel ${target.channel!.id}`
			: limits && Object.values(limits).some((v) => v !== null)
				? `${target.platform} ${JSON.stringify(limits)}`
				: target.platform
		const comment = commentOf(target)
		const commentKey = comment === null ? '' : ` comment ${pageTypeOf(target)} ${comment}`
		groups.set(key + commentKey, [...(groups.get(key + commentKey) ?? []), target])
	}
	const perNetwork = (platform: string) => targets.filter((t) => t.platform === platform).length
	const judged: Array<PreflightTarget> = [...groups.values()].map((group) => {
		const { platform, channel } = group[0]!
		const named = group.length < perNetwork(platform) || (perNetwork(platform) > 1 && channel !== null) || ownText(group[0]!)
		return {
			platform,
			text: textFor(post.content, platform, channel?.id),
			imageUrl: imageFor(post, platform),
			// A video is judged as it will go out: the processed variant's figures, once made.
			media: mediaFor(post, platform).map((item) => withVariant(item, videos)),
			requireAltText,
			limits: channel?.limits ?? null,
			firstComment: commentOf(group[0]!),
			pageType: pageTypeOf(group[0]!),
			...(named ? { label: groupLabel(group) } : {}),
		}
	})
	const findings = await preflightTargets(rules.descriptors, rules.files, judged)
	return findings.filter((f) => f.severity === 'error').map((f) => f.message)
}

/** "Mastodon (Bäckerei, Privat)": the network and its channels' names. */
function groupLabel(group: ReadonlyArray<PlanTarget>) {
	const names = group.flatMap((t) => (t.channel?.name ? [t.channel.name] : []))
	return names.length ? `${targetLabel({ platform: group[0]!.platform, channel: null })} (${names.join(', ')})` : targetLabel(group[0]!)
}

type DeliveryPost = NonNullable<Awaited<ReturnType<typeof postForDelivery>>>

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
