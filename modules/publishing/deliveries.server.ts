import { sql } from 'kysely'
import type { Trx } from '#modules/core/db.server.ts'
import { enqueueMany } from '#modules/core/jobs.server.ts'
import { imageFor, PlanRefused, postForDelivery, postsForDelivery, textFor, type DeliveryPlanner, type PlanInput } from '#modules/content/index.ts'
import type { FileStore } from '#modules/core/files.server.ts'
import { accountChecks, accountProblems } from './account-check.server.ts'
import { chooseDeliveryPages } from './delivery-pages.server.ts'
import { DUE_NOW_MS } from './planning-accounts.server.ts'
import type { PlatformDescriptor } from './descriptor.ts'
import { preflightTargets } from './preflight.server.ts'
import { precheckDeliveryJob, precheckJobKey, publishDeliveryJob, publishJobKey } from './jobs.ts'

const HOUR = 3600 * 1000

/** Enqueues the publish job (and the one-hour-before check) of a delivery, in the caller's transaction. */
export async function enqueueDelivery(trx: Trx, deliveryId: string, at: Date) {
	await enqueueDeliveries(trx, [deliveryId], at)
}

/** The jobs of several deliveries due at the same time, in one statement (a post for six networks). */
export async function enqueueDeliveries(trx: Trx, deliveryIds: ReadonlyArray<string>, at: Date) {
	await enqueueMany(trx, deliveryIds.flatMap((deliveryId) => deliveryJobs(deliveryId, at)))
}

/** A delivery's publish job and, when that is still ahead, its one-hour-before check. */
function deliveryJobs(deliveryId: string, at: Date) {
	const precheckAt = new Date(at.getTime() - HOUR)
	return [
		{ task: publishDeliveryJob, payload: { deliveryId }, options: { runAt: at, jobKey: publishJobKey(deliveryId) } },
		...(precheckAt.getTime() > Date.now() ? [{ task: precheckDeliveryJob, payload: { deliveryId }, options: { runAt: precheckAt, jobKey: precheckJobKey(deliveryId) } }] : []),
	]
}

async function removeJobs(trx: Trx, deliveryIds: Array<string>) {
	if (deliveryIds.length === 0) return
	const keys = deliveryIds.flatMap((id) => [publishJobKey(id), precheckJobKey(id)])
	await sql`select graphile_worker.remove_job(key) from unnest(${keys}::text[]) as key`.execute(trx)
}

/** What planning checks a post against: the registered networks' rules and the stored images. */
export type PlanningRules = { descriptors: ReadonlyArray<PlatformDescriptor>; files: FileStore | null }


/**
 * The one preflight at planning time, for every way a post gets a time (creator, Meine Posts, calendar
 * drag, automations, publish now): the networks' rules on the post as it would be sent, the grant's
 * scopes and the posting quota, and for a post due now a working connection. Throws PlanRefused with
 * the German reasons (the caller's transaction rolls back). An empty text is the caller's question.
 */
export async function planningProblems(trx: Trx, rules: PlanningRules, input: { postId: string; userId: string; platforms: ReadonlyArray<string>; pageIds?: Partial<Record<string, string | null>>; scheduledAt: Date }): Promise<Array<string>> {
	if (input.platforms.length === 0) return []
	const post = await postForDelivery(trx, rules.descriptors.map((d) => d.id), input.postId)
	if (!post) return []
	const targets = input.platforms.map((platform) => ({ platform, text: textFor(post.content, platform), imageUrl: imageFor(post, platform) }))
	const findings = (await preflightTargets(rules.descriptors, rules.files, targets)).filter((f) => f.severity === 'error')
	const account = await accountProblems(trx, rules.descriptors, {
		userId: input.userId,
		platforms: input.platforms,
		pageIds: input.pageIds,
		at: input.scheduledAt,
		now: input.scheduledAt.getTime() <= Date.now() + DUE_NOW_MS,
		postId: input.postId,
	})
	return [...findings.map((f) => f.message), ...account.map((p) => p.message)]
}

/**
 * planningProblems for many new posts of one user (a CSV import) in a few queries: the posts in one
 * read, the account facts once (accountChecks), each post judged in order; a post without problems
 * counts against the quota of the ones after it.
 */
export async function planningProblemsMany(trx: Trx, rules: PlanningRules, inputs: ReadonlyArray<PlanInput & { scheduledAt: Date }>): Promise<Array<Array<string>>> {
	const ids = rules.descriptors.map((d) => d.id)
	const posts = await postsForDelivery(trx, ids, inputs.map((i) => i.postId))
	const checks = inputs.map((input) => ({ userId: input.userId, platforms: input.platforms, pageIds: input.pageIds, at: input.scheduledAt, now: input.scheduledAt.getTime() <= Date.now() + DUE_NOW_MS }))
	const userIds = [...new Set(inputs.map((i) => i.userId))]
	if (userIds.length > 1) throw new Error('planningProblemsMany plans the posts of one user')
	const account = await accountChecks(trx, rules.descriptors, userIds[0] ?? '', checks)
	const reasons: Array<Array<string>> = []
	for (const [index, input] of inputs.entries()) {
		const post = posts.get(input.postId)
		if (!post || input.platforms.length === 0) {
			reasons.push([])
			continue
		}
		const targets = input.platforms.map((platform) => ({ platform, text: textFor(post.content, platform), imageUrl: imageFor(post, platform) }))
		const findings = (await preflightTargets(rules.descriptors, rules.files, targets)).filter((f) => f.severity === 'error')
		const problems = [...findings.map((f) => f.message), ...account.problems(checks[index]!).map((p) => p.message)]
		if (problems.length === 0) account.planned(checks[index]!)
		reasons.push(problems)
	}
	return reasons
}

async function refuseIfBlocked(trx: Trx, rules: PlanningRules, input: Parameters<typeof planningProblems>[2]) {
	const reasons = await planningProblems(trx, rules, input)
	if (reasons.length > 0) throw new PlanRefused(reasons)
}

/**
 * The deliveries of posts (one per platform) and their jobs, always written in the transaction that
 * writes the post: a scheduled post is never without its job, a deleted one never keeps one. With
 * `rules`, a post is checked before it gets a time (see refuseIfBlocked); without, it is not (tests of other modules).
 */
export function createDeliveryPlanner(rules: PlanningRules | null): DeliveryPlanner {
	return {
		async plan(trx, input) {
			if (rules && input.scheduledAt) await refuseIfBlocked(trx, rules, { ...input, scheduledAt: input.scheduledAt })
			return deliveryPlanner.plan(trx, input)
		},
		async reschedule(trx, input) {
			if (rules) {
				const open = await trx.selectFrom('post_deliveries').select(['platform', 'channel_id']).where('post_id', '=', input.postId).where('user_id', '=', input.userId).where('status', 'in', RESCHEDULABLE).execute()
				const pageIds = Object.fromEntries(open.map((d) => [d.platform, d.channel_id]))
				await refuseIfBlocked(trx, rules, { ...input, platforms: open.map((d) => d.platform), pageIds })
			}
			return deliveryPlanner.reschedule(trx, input)
		},
		async planMany(trx, inputs) {
			const timed = inputs.flatMap((input, index) => (input.scheduledAt ? [{ index, input: { ...input, scheduledAt: input.scheduledAt } }] : []))
			const reasons: Array<Array<string>> = inputs.map(() => [])
			if (rules && timed.length) (await planningProblemsMany(trx, rules, timed.map((t) => t.input))).forEach((found, i) => (reasons[timed[i]!.index] = found))
			await deliveryPlanner.planMany(
				trx,
				inputs.filter((_, index) => reasons[index]!.length === 0),
			)
			return reasons
		},
		cancel: (trx, input) => deliveryPlanner.cancel(trx, input),
		choosePages: (trx, input) => deliveryPlanner.choosePages(trx, input),
	}
}

export const RESCHEDULABLE = ['pending', 'scheduled', 'failed', 'cancelled']

/** The planner without checks (see createDeliveryPlanner). */
export const deliveryPlanner: DeliveryPlanner = {
	async plan(trx, { postId, userId, platforms, pageIds, scheduledAt }) {
		if (platforms.length === 0) return
		// A page chosen in a draft may be gone since (disconnected, or replaced by another account): the default then.
		const chosen = Object.values(pageIds).filter((id): id is string => Boolean(id))
		const existing = new Set(
			chosen.length ? (await trx.selectFrom('channels').select('id').where('user_id', '=', userId).where('id', 'in', chosen).execute()).map((p) => p.id) : [],
		)
		const rows = await trx
			.insertInto('post_deliveries')
			.values(
				platforms.map((platform) => ({
					post_id: postId,
					user_id: userId,
					platform,
					status: scheduledAt ? 'scheduled' : 'pending',
					scheduled_at: scheduledAt,
					channel_id: existing.has(pageIds[platform] ?? '') ? pageIds[platform]! : null,
				})),
			)
			.returning('id')
			.execute()
		if (scheduledAt) await enqueueDeliveries(trx, rows.map((r) => r.id), scheduledAt)
	},

	async planMany(trx, inputs) {
		const wanted = inputs.filter((input) => input.platforms.length > 0)
		if (wanted.length === 0) return inputs.map(() => [])
		const chosen = [...new Set(wanted.flatMap((input) => Object.values(input.pageIds).filter((id): id is string => Boolean(id))))]
		const userIds = [...new Set(wanted.map((input) => input.userId))]
		const existing = new Set(chosen.length ? (await trx.selectFrom('channels').select('id').where('user_id', 'in', userIds).where('id', 'in', chosen).execute()).map((p) => p.id) : [])
		const rows = await trx
			.insertInto('post_deliveries')
			.values(
				wanted.flatMap(({ postId, userId, platforms, pageIds, scheduledAt }) =>
					platforms.map((platform) => ({
						post_id: postId,
						user_id: userId,
						platform,
						status: scheduledAt ? 'scheduled' : 'pending',
						scheduled_at: scheduledAt,
						channel_id: existing.has(pageIds[platform] ?? '') ? pageIds[platform]! : null,
					})),
				),
			)
			.returning(['id', 'scheduled_at'])
			.execute()
		await enqueueMany(trx, rows.flatMap((row) => (row.scheduled_at ? deliveryJobs(row.id, new Date(row.scheduled_at)) : [])))
		return inputs.map(() => [])
	},

	async reschedule(trx, { postId, userId, scheduledAt }) {
		// Deliveries already out (published, in flight, awaiting a check) keep their state.
		const rows = await trx
			.updateTable('post_deliveries')
			.set({ status: 'scheduled', scheduled_at: scheduledAt, retry_at: null, error_code: null, error_message: null })
			.where('post_id', '=', postId)
			.where('user_id', '=', userId)
			.where('status', 'in', RESCHEDULABLE)
			.returning('id')
			.execute()
		await enqueueDeliveries(trx, rows.map((r) => r.id), scheduledAt)
	},

	async cancel(trx, { postId, userId }) {
		const rows = await trx.selectFrom('post_deliveries').select('id').where('post_id', '=', postId).where('user_id', '=', userId).execute()
		await removeJobs(
			trx,
			rows.map((r) => r.id),
		)
	},

	choosePages: chooseDeliveryPages,
}
